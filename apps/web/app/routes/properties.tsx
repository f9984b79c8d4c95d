import { Form, Link, data } from 'react-router';
import type { Route } from './+types/properties';
import { Pagination } from '../components/Pagination.tsx';
import { CardGrid } from '../components/PropertyCard.tsx';
import { ApiError, api, type PropertyListFilters } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';

const PAGE_SIZE = 12;
const FILTER_KEYS = ['property_type', 'category_id', 'city', 'min_price', 'max_price', 'search', 'sort_by'] as const;
const SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const page = pageNumber(url);
  const query: PropertyListFilters = { ...filters, ...pageQuery(page, PAGE_SIZE) };
  const categories = await api.categories({ request, context });
  try {
    const { items, total } = await api.properties({ request, context }, query);
    return data({ filters, page, categories, items, total, problem: null });
  } catch (error) {
    // A filter the API refuses (say, a max price below the min price) is shown next to the form.
    if (error instanceof ApiError && error.status === 400) {
      return data({ filters, page, categories, items: [], total: 0, problem: error.detail ?? error.message }, { status: 400 });
    }
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [
    { title: pageTitle(t('properties', 'Properties'), site) },
    { name: 'description', content: t('propertiesDescription', 'Search property for sale and rent by city, category, price and more.') },
  ];
}

const field = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand';
const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { filters, page, categories, items, total, problem } = loaderData;
  const t = useT();
  const sortLabels: Record<(typeof SORTS)[number], string> = {
    newest: t('sortNewest', 'Newest first'),
    price_asc: t('sortPriceAsc', 'Price: low to high'),
    price_desc: t('sortPriceDesc', 'Price: high to low'),
    most_viewed: t('mostViewed', 'Most viewed'),
  };
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{t('properties', 'Properties')}</h1>
      <Form key={JSON.stringify(filters)} method="get" action="/properties" role="search" aria-label={t('filters', 'Filters')} className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="f-search" className={labelClass}>
            {t('search', 'Search')}
          </label>
          <input id="f-search" name="search" type="search" defaultValue={filters.search ?? ''} maxLength={100} className={field} />
        </div>
        <div>
          <label htmlFor="f-type" className={labelClass}>
            {t('propertyType', 'Property type')}
          </label>
          <select id="f-type" name="property_type" defaultValue={filters.property_type ?? ''} className={field}>
            <option value="">{t('any', 'Any')}</option>
            <option value="0">{t('sell', 'Sell')}</option>
            <option value="1">{t('rent', 'Rent')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="f-category" className={labelClass}>
            {t('category', 'Category')}
          </label>
          <select id="f-category" name="category_id" defaultValue={filters.category_id ?? ''} className={field}>
            <option value="">{t('any', 'Any')}</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.category}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-city" className={labelClass}>
            {t('city', 'City')}
          </label>
          <input id="f-city" name="city" type="text" defaultValue={filters.city ?? ''} maxLength={100} autoComplete="address-level2" className={field} />
        </div>
        <div>
          <label htmlFor="f-min" className={labelClass}>
            {t('minPrice', 'Min price')}
          </label>
          <input id="f-min" name="min_price" type="number" min={0} step="any" inputMode="numeric" defaultValue={filters.min_price ?? ''} className={field} />
        </div>
        <div>
          <label htmlFor="f-max" className={labelClass}>
            {t('maxPrice', 'Max price')}
          </label>
          <input id="f-max" name="max_price" type="number" min={0} step="any" inputMode="numeric" defaultValue={filters.max_price ?? ''} className={field} />
        </div>
        <div>
          <label htmlFor="f-sort" className={labelClass}>
            {t('sortBy', 'Sort by')}
          </label>
          <select id="f-sort" name="sort_by" defaultValue={filters.sort_by ?? 'newest'} className={field}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="flex-1 rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('search', 'Search')}
          </button>
          <Link to="/properties" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
            {t('clear', 'Clear')}
          </Link>
        </div>
      </Form>

      {problem ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {problem}
        </p>
      ) : (
        <>
          <p className="mt-6 text-slate-700" aria-live="polite">
            <strong>{total}</strong> {total === 1 ? t('propertyFound', 'property') : t('propertiesFound', 'properties')}
          </p>
          {items.length ? (
            <div className="mt-4">
              <CardGrid cards={items} />
            </div>
          ) : (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="font-semibold">{t('noResults', 'No properties match your search.')}</p>
              <p className="mt-1 text-slate-600">{t('noResultsHint', 'Try another city, a wider price range or fewer filters.')}</p>
            </div>
          )}
          <Pagination page={page} total={total} pageSize={PAGE_SIZE} href={(n) => pageHref('/properties', n, filters)} />
        </>
      )}
    </>
  );
}
