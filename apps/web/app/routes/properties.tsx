import { EMPTY_SEARCH_MESSAGE, hasAnySearchCriterion } from '@estate/core/rules/search-criteria';
import { MAX_COUNTED_RESULTS } from '@estate/core/rules/constants';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Form, Link, data } from 'react-router';
import type { Route } from './+types/properties';
import { CardGrid, slimCard } from '../components/PropertyCard.tsx';
import { MapSearch } from '../features/map/MapSearch.tsx';
import { ApiError, api, type PropertyListFilters } from '../lib/api.ts';
import { localizeMessage, useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';

const PAGE_SIZE = 12;
const ROOM_KEYS = ['bedrooms', 'bathrooms', 'living_rooms', 'floors'] as const;
const FILTER_KEYS = ['property_type', 'category_id', 'city', 'min_price', 'max_price', 'search', 'sort_by', 'bbox', 'polygon', ...ROOM_KEYS, 'facility_ids'] as const;
/** Room and floor counts offered in the panel (the API matches them exactly). */
const COUNTS = [1, 2, 3, 4, 5, 6] as const;
const SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed'] as const;
const VIEWS = ['grid', 'list', 'map'] as const;
type View = (typeof VIEWS)[number];

/** The search form as the spec's criteria: did the visitor ask for anything at all? */
function formHasCriterion(form: FormData): boolean {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return (
    hasAnySearchCriterion({
      propType: text('property_type'),
      category: text('category_id'),
      minPrice: text('min_price'),
      maxPrice: text('max_price'),
      selectedLocation: { city: text('city') },
    }) ||
    ['search', 'bbox', 'polygon', ...ROOM_KEYS].some((name) => text(name) !== '') ||
    form.getAll('facility').length > 0
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  // The panel's facility checkboxes (`facility=1&facility=4`) are the API's `facility_ids=1,4`.
  const ticked = params.getAll('facility').filter((id) => /^\d+$/.test(id));
  if (ticked.length) filters.facility_ids = [...new Set([...(filters.facility_ids?.split(',') ?? []), ...ticked])].join(',');
  const page = Math.max(1, Math.min(1000, Math.floor(Number(params.get('page'))) || 1));
  const view: View = VIEWS.find((v) => v === params.get('view')) ?? 'grid';
  const query: PropertyListFilters = { ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const [categories, facilities, cityList] = await Promise.all([
    api.categories({ request, context }),
    api.facilities({ request, context }),
    // Suggestions for the city field: the cities that have listings (a failure only loses the hints).
    api.cities({ request, context }, { limit: 100, offset: 0 }).catch(() => ({ items: [] })),
  ]);
  const cities = cityList.items.map((c) => c.City);
  try {
    const { items: cards, total } = await api.properties({ request, context }, query);
    const items = cards.map(slimCard);
    return data({ filters, view, page, categories, facilities, cities, items, total, problem: null });
  } catch (error) {
    // A filter the API refuses (say, a max price below the min price) is shown next to the form.
    if (error instanceof ApiError && error.status === 400) {
      return data({ filters, view, page, categories, facilities, cities, items: [], total: 0, problem: error.detail ?? error.message }, { status: 400 });
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

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { filters, view, page, categories, facilities, cities, items, total, problem } = loaderData;
  const t = useT();
  const [emptySearch, setEmptySearch] = useState(false);
  const href = (n: number, v: View, drop: readonly string[] = []) => {
    const params = new URLSearchParams(filters);
    for (const key of drop) params.delete(key);
    if (v !== 'grid') params.set('view', v);
    if (n > 1) params.set('page', String(n));
    const qs = params.toString();
    return qs ? `/properties?${qs}` : '/properties';
  };
  const pageHref = (n: number) => href(n, view);
  // Without JavaScript an empty form shows every listing; with it, the spec asks for a criterion first.
  const checkCriteria = (event: FormEvent<HTMLFormElement>) => {
    const missing = !formHasCriterion(new FormData(event.currentTarget));
    setEmptySearch(missing);
    if (missing) event.preventDefault();
  };
  const viewLabels: Record<View, string> = {
    grid: t('gridView', 'Grid'),
    list: t('listView', 'List'),
    map: t('mapView', 'Map'),
  };
  const hasNext = page * PAGE_SIZE < total;
  const roomLabels: Record<(typeof ROOM_KEYS)[number], string> = {
    bedrooms: t('bedrooms', 'Bedrooms'),
    bathrooms: t('bathrooms', 'Bathrooms'),
    living_rooms: t('livingRooms', 'Living rooms'),
    floors: t('floors', 'Floors'),
  };
  const selectedFacilities = new Set(filters.facility_ids?.split(',') ?? []);
  const sortLabels: Record<(typeof SORTS)[number], string> = {
    newest: t('sortNewest', 'Newest first'),
    price_asc: t('sortPriceAsc', 'Price: low to high'),
    price_desc: t('sortPriceDesc', 'Price: high to low'),
    most_viewed: t('mostViewed', 'Most viewed'),
  };
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{t('properties', 'Properties')}</h1>
      <Form
        key={JSON.stringify(filters)}
        method="get"
        action="/properties"
        role="search"
        aria-label={t('filters', 'Filters')}
        onSubmit={checkCriteria}
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        {view !== 'grid' ? <input type="hidden" name="view" value={view} /> : null}
        {filters.bbox ? <input type="hidden" name="bbox" value={filters.bbox} /> : null}
        {filters.polygon ? <input type="hidden" name="polygon" value={filters.polygon} /> : null}
        <FilterField id="f-search" label={t('search', 'Search')}>
          <input id="f-search" name="search" type="search" defaultValue={filters.search ?? ''} maxLength={100} className={field} />
        </FilterField>
        <FilterField id="f-type" label={t('propertyType', 'Property type')}>
          <select id="f-type" name="property_type" defaultValue={filters.property_type ?? ''} className={field}>
            <option value="">{t('any', 'Any')}</option>
            <option value="0">{t('sell', 'Sell')}</option>
            <option value="1">{t('rent', 'Rent')}</option>
          </select>
        </FilterField>
        <FilterField id="f-category" label={t('category', 'Category')}>
          <select id="f-category" name="category_id" defaultValue={filters.category_id ?? ''} className={field}>
            <option value="">{t('any', 'Any')}</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.category}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="f-city" label={t('city', 'City')}>
          <input id="f-city" name="city" type="text" list="f-city-suggestions" defaultValue={filters.city ?? ''} maxLength={100} autoComplete="off" className={field} />
          <datalist id="f-city-suggestions">
            {cities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        </FilterField>
        <FilterField id="f-min" label={t('minPrice', 'Min price')}>
          <input id="f-min" name="min_price" type="number" min={0} step="any" inputMode="numeric" defaultValue={filters.min_price ?? ''} className={field} />
        </FilterField>
        <FilterField id="f-max" label={t('maxPrice', 'Max price')}>
          <input id="f-max" name="max_price" type="number" min={0} step="any" inputMode="numeric" defaultValue={filters.max_price ?? ''} className={field} />
        </FilterField>
        <FilterField id="f-sort" label={t('sortBy', 'Sort by')}>
          <select id="f-sort" name="sort_by" defaultValue={filters.sort_by ?? 'newest'} className={field}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </FilterField>
        <details open={ROOM_KEYS.some((k) => filters[k]) || !!filters.facility_ids} className="group sm:col-span-2 lg:col-span-4">
          <summary className="cursor-pointer text-sm font-semibold text-brand-dark">{t('moreFilters', 'More filters: rooms, floors, facilities')}</summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {ROOM_KEYS.map((key) => (
              <FilterField key={key} id={`f-${key}`} label={roomLabels[key]}>
                <select id={`f-${key}`} name={key} defaultValue={filters[key] ?? ''} className={field}>
                  <option value="">{t('any', 'Any')}</option>
                  {COUNTS.map((n) => (
                    <option key={n} value={String(n)}>
                      {n}
                    </option>
                  ))}
                </select>
              </FilterField>
            ))}
          </div>
          {facilities.length ? (
            <fieldset className="mt-4">
              <legend className={labelClass}>{t('nearbyFacilities', 'Nearby facilities')}</legend>
              <ul className="flex flex-wrap gap-2">
                {facilities.map((f) => (
                  <li key={f.id}>
                    <label className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-light">
                      <input type="checkbox" name="facility" value={f.id} defaultChecked={selectedFacilities.has(String(f.id))} className="accent-brand" />
                      {f.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
        </details>
        <div className="flex items-end gap-2">
          <button type="submit" className="flex-1 rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('search', 'Search')}
          </button>
          <Link to="/properties" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
            {t('clear', 'Clear')}
          </Link>
        </div>
      </Form>
      {emptySearch ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900" data-testid="empty-search">
          {t('emptySearch', EMPTY_SEARCH_MESSAGE)}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t('resultsView', 'How to show the results')}>
          <ul className="flex overflow-hidden rounded-lg border border-slate-300 bg-white text-sm font-medium">
            {VIEWS.map((v) => (
              <li key={v} className="border-s border-slate-300 first:border-s-0">
                <Link
                  to={href(1, v)}
                  preventScrollReset
                  aria-current={v === view ? 'page' : undefined}
                  data-testid={`view-${v}`}
                  className={`block px-4 py-2 ${v === view ? 'bg-brand text-white' : 'hover:bg-slate-50'}`}
                >
                  {viewLabels[v]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {(filters.bbox || filters.polygon) && view !== 'map' ? (
          <p className="text-sm text-slate-700">
            {t('limitedToArea', 'Results are limited to an area of the map.')}{' '}
            <Link to={href(1, view, ['bbox', 'polygon'])} className="font-medium text-brand-dark underline">
              {t('clearArea', 'Clear the map area')}
            </Link>
          </p>
        ) : null}
      </div>

      {view === 'map' ? <MapSearch filters={filters} /> : null}

      {problem ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {localizeMessage(problem, t)}
        </p>
      ) : (
        <>
          <p className="mt-6 font-medium text-slate-700" aria-live="polite" data-testid="result-count">
            {total >= MAX_COUNTED_RESULTS
              ? t('manyPropertiesFound', 'More than 1,000 properties found')
              : t.count(total, 'propertiesFound', '{count} property found', '{count} properties found')}
          </p>
          {items.length ? (
            <div className="mt-4">
              <CardGrid cards={items} layout={view === 'list' ? 'list' : 'grid'} />
            </div>
          ) : (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="font-semibold">{t('noResults', 'No properties match your search.')}</p>
              <p className="mt-1 text-slate-600">{t('noResultsHint', 'Try another city, a wider price range or fewer filters.')}</p>
            </div>
          )}
          {page > 1 || hasNext ? (
            <nav aria-label={t('pagination', 'Pagination')} className="mt-8 flex items-center justify-between gap-4">
              {page > 1 ? (
                <Link to={pageHref(page - 1)} rel="prev" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50">
                  ← {t('previous', 'Previous')}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-slate-600">
                {t('page', 'Page')} {page} / {Math.max(1, Math.ceil(total / PAGE_SIZE))}
              </span>
              {hasNext ? (
                <Link to={pageHref(page + 1)} rel="next" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50">
                  {t('next', 'Next')} →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}
