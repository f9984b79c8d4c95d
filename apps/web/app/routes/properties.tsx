import { MAX_COUNTED_RESULTS, STORAGE_KEYS } from '@estate/core/rules/constants';
import { useEffect } from 'react';
import { Link, data, useNavigate } from 'react-router';
import type { Route } from './+types/properties';
import { AppLink } from '../components/AppLink.tsx';
import { CardGrid, slimCard } from '../components/PropertyCard.tsx';
import { SaveSearchAlert } from '../features/alerts/SaveSearchAlert.tsx';
import { MapSearch } from '../features/map/MapSearch.tsx';
import { ActiveFilters, activeChips } from '../features/search/ActiveFilters.tsx';
import { FilterForm } from '../features/search/FilterForm.tsx';
import { pagerFor } from '../features/search/pager.ts';
import { parseAmount } from '../features/search/price.ts';
import { narrowing, readFilters, readView, searchHref, withFilters } from '../features/search/search-url.ts';
import { SearchToolbar } from '../features/search/SearchToolbar.tsx';
import { SaveSearchButton, SearchLockPanel } from '../features/search-lock/SearchLockPanel.tsx';
import { useFreeSearchLimit } from '../features/search-lock/use-free-searches.ts';
import { useSearchLock } from '../features/search-lock/use-search-lock.ts';
import { ApiError, api, type PropertyListFilters } from '../lib/api.ts';
import { localizeMessage, useSite, useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';
import { sameFor } from '../lib/same-for.ts';
import { useSession } from '../lib/session.ts';

const PAGE_SIZE = 12;

/** Featured listings shown above a search's first page. */
const FEATURED_SLOTS = 3;

/** The page's answer, by the kept answers it is made of and the search (its address's query). */
const resultsData = sameFor();
const NO_CITIES = { items: [] as { City: string }[] };
const NO_CARDS: never[] = [];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const filters = readFilters(params);
  // Without scripts the price fields send what was typed ("50L", "1.5Cr"): the API takes numbers.
  for (const key of ['min_price', 'max_price'] as const) {
    const amount = filters[key] ? parseAmount(filters[key]) : undefined;
    if (amount !== undefined && !Number.isNaN(amount)) filters[key] = String(amount);
  }
  const page = Math.max(1, Math.min(1000, Math.floor(Number(params.get('page'))) || 1));
  const view = readView(params);
  const query: PropertyListFilters = { ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  // The filters name categories and facilities only: their parameters, pictures and meta texts
  // (18 KB for the demo's nine categories) would travel in every results page's HTML.
  const [allCategories, allFacilities, cityList] = await Promise.all([
    api.categories({ request, context }),
    api.facilities({ request, context }),
    // Suggestions for the city field: the cities that have listings (a failure only loses the hints).
    api.cities({ request, context }, { limit: 100, offset: 0 }).catch(() => NO_CITIES),
  ]);
  const catalogue = () => ({
    categories: allCategories.map(({ id, category }) => ({ id, category })),
    facilities: allFacilities.map(({ id, name }) => ({ id, name })),
    cities: cityList.items.map((c) => c.City),
  });
  try {
    // Featured listings of this search open its first page (issue 14); their failure only loses them.
    // Not when the visitor chose an order: then the results are exactly in that order.
    const withFeatured = page === 1 && !filters.sort_by;
    const [{ items: cards, total }, featuredCards] = await Promise.all([
      api.properties({ request, context }, query),
      withFeatured ? api.properties({ request, context }, { ...filters, promoted: '1', limit: FEATURED_SLOTS, offset: 0 }).then((r) => r.items, () => NO_CARDS) : NO_CARDS,
    ]);
    // One object for the same kept answers and the same search, so that its hand-over to the browser is encoded once (lib/same-for.ts).
    const shownPage = resultsData([allCategories, allFacilities, cityList.items, cards, featuredCards, total, url.search], () => {
      const featured = featuredCards.map(slimCard);
      const shown = new Set(featured.map((c) => c.id));
      const items = cards.filter((c) => !shown.has(c.id)).map(slimCard);
      // The pages are counted on the whole page the API answered, featured ones included.
      return { filters, view, page, ...catalogue(), items, featured, pageCount: cards.length, total, problem: null };
    });
    return data(shownPage);
  } catch (error) {
    // A filter the API refuses (say, a max price below the min price) is shown above the results.
    if (error instanceof ApiError && error.status === 400) {
      return data({ filters, view, page, ...catalogue(), items: [], featured: [], pageCount: 0, total: 0, problem: error.detail ?? error.message }, { status: 400 });
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

/**
 * A column of the band of ways to keep a search: on a phone its button and what it says below share
 * the band's two rows with the other column (a subgrid); wider, a column of its own.
 */
const KEEP_COLUMN = 'row-span-2 grid min-w-0 grid-rows-subgrid gap-y-1 sm:flex sm:flex-col';

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { filters, view, page, categories, facilities, cities, items, featured, pageCount, total, problem } = loaderData;
  const t = useT();
  const site = useSite();
  const catalogue = { categories, facilities, cities };
  const activeCount = activeChips(filters, catalogue, t, site?.currency).length;
  const pager = pagerFor(page, pageCount, PAGE_SIZE, total);
  const pageHref = (n: number) => searchHref(filters, view, n);
  const appliedKey = JSON.stringify(filters);
  const search = narrowing(filters);
  const searchKey = JSON.stringify(search);
  const session = useSession();
  const lock = useSearchLock();
  const locked = lock.lock;
  const navigate = useNavigate();
  // A locked search is the search (spec §4): another one in the address goes back to it.
  const lockedKey = locked ? JSON.stringify(Object.entries(locked.filters).sort()) : null;
  useEffect(() => {
    if (!locked || lockedKey === JSON.stringify(Object.entries(JSON.parse(searchKey) as Record<string, string>).sort())) return;
    navigate(searchHref({ ...locked.filters, ...(filters.sort_by ? { sort_by: filters.sort_by } : {}) }, view), { replace: true, preventScrollReset: true });
  }, [lockedKey, searchKey]);
  // The filters on screen, for the premium pop-up's pending search (spec §8).
  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEYS.currentFilterData, searchKey);
    } catch {
      // Storage refused: a pending search after payment starts empty.
    }
  }, [searchKey]);
  const searcher = !session ? 'visitor' : lock.userPackageId === null ? 'no-package' : lock.userPackageId === undefined ? 'unknown' : 'subscriber';
  const freeLimitReached = useFreeSearchLimit(search, searcher);
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('properties', 'Properties')}</h1>
      <SearchToolbar key={appliedKey} filters={filters} view={view} total={total} activeCount={activeCount} catalogue={catalogue} locked={!!locked} />
      <ActiveFilters filters={filters} view={view} catalogue={catalogue} locked={!!locked} />
      <SearchLockPanel lock={lock} isLoggedIn={!!session} freeLimitReached={freeLimitReached} />

      <div className="mt-4 xl:grid xl:grid-cols-[17rem_minmax(0,1fr)] xl:items-start xl:gap-6">
        {/* Wide screens: the filters beside the results; narrower ones open them in a sheet. */}
        <div className="hidden rounded-xl border border-slate-200 bg-white xl:sticky xl:top-16 xl:flex xl:max-h-[calc(100dvh-5rem)] xl:flex-col">
          <FilterForm key={appliedKey} idPrefix="f" filters={filters} view={view} total={total} catalogue={catalogue} locked={!!locked} />
        </div>
        <div className="min-w-0">
          {(filters.bbox || filters.polygon) && view !== 'map' ? (
            <p className="mb-3 text-sm text-slate-700">
              {t('limitedToArea', 'Results are limited to an area of the map.')}{' '}
              <Link to={searchHref(withFilters(filters, { bbox: '', polygon: '' }), view)} className="font-medium text-brand-dark underline">
                {t('clearArea', 'Clear the map area')}
              </Link>
            </p>
          ) : null}

          {problem ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
              {localizeMessage(problem, t)}
            </p>
          ) : (
            // The count and the two ways to keep this search in one band, so a phone's first card
            // comes straight after them. On a phone the buttons share a row below the count, equally
            // tall (a subgrid), with what either says about itself below it.
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <p className="py-2.5 font-medium text-slate-700" aria-live="polite" data-testid="result-count">
                {total >= MAX_COUNTED_RESULTS
                  ? t('manyPropertiesFound', 'More than 1,000 properties found')
                  : t.count(total, 'propertiesFound', '{count} property found', '{count} properties found')}
              </p>
              <div className="grid w-full auto-cols-fr grid-flow-col grid-rows-[auto_auto] gap-x-2 gap-y-1 sm:flex sm:w-auto sm:max-w-xl sm:items-start">
                <SaveSearchButton search={search} lock={lock} isLoggedIn={!!session} className={KEEP_COLUMN} />
                <SaveSearchAlert key={`alert:${searchKey}`} filters={filters} categories={categories} className={KEEP_COLUMN} />
              </div>
            </div>
          )}

          {view === 'map' ? <MapSearch filters={filters} /> : null}

          {problem ? null : (
            <>
              {featured.length && view !== 'map' ? (
                <section className="mt-4" aria-labelledby="featured-heading" data-testid="featured-results">
                  <h2 id="featured-heading" className="text-lg font-semibold">
                    {t('featuredProperties', 'Featured properties')}
                  </h2>
                  <div className="mt-2">
                    <CardGrid cards={featured} layout={view === 'list' ? 'list' : 'grid'} leading />
                  </div>
                </section>
              ) : null}
              {items.length ? (
                <div className="mt-4">
                  <CardGrid cards={items} layout={view === 'list' ? 'list' : 'grid'} leading={!featured.length && view !== 'map'} />
                </div>
              ) : pager.pastTheEnd ? (
                <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="past-the-end">
                  <p className="font-semibold">{t('pastTheEnd', 'This page is past the end of the results.')}</p>
                  {/* Past the counted 1,000 the last page is not known: the way back is to the first. */}
                  <AppLink to={pageHref(pager.lastPage ?? 1)} className="mt-2 inline-block font-medium text-brand-dark underline">
                    {pager.lastPage === null ? t('backToFirstPage', 'Back to the first page') : t('backToLastPage', 'Back to the last page of results')}
                  </AppLink>
                </div>
              ) : featured.length ? null : (
                <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
                  <p className="font-semibold">{t('noResults', 'No properties match your search.')}</p>
                  <p className="mt-1 text-slate-600">{t('noResultsHint', 'Try another city, a wider price range or fewer filters.')}</p>
                </div>
              )}
              {pager.hasPrevious || pager.hasNext ? (
                <nav aria-label={t('pagination', 'Pagination')} className="mt-8 flex items-center justify-between gap-4" data-testid="pagination">
                  {pager.hasPrevious ? (
                    <AppLink to={pageHref(pager.previousPage)} rel="prev" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50">
                      <span aria-hidden="true" className="rtl:hidden">← </span>
                      <span aria-hidden="true" className="hidden rtl:inline">→ </span>
                      {t('previous', 'Previous')}
                    </AppLink>
                  ) : (
                    <span />
                  )}
                  <span className="text-center text-sm text-slate-600" data-testid="page-position">
                    {pager.pastTheEnd
                      ? null
                      : pager.lastPage === null
                        ? t('pageOfMany', 'Page {page} of more than 1,000 results').replace('{page}', String(page))
                        : t('pageOf', 'Page {page} of {pages}').replace('{page}', String(page)).replace('{pages}', String(pager.lastPage))}
                  </span>
                  {pager.hasNext ? (
                    <AppLink to={pageHref(page + 1)} rel="next" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50">
                      {t('next', 'Next')}
                      <span aria-hidden="true" className="rtl:hidden"> →</span>
                      <span aria-hidden="true" className="hidden rtl:inline"> ←</span>
                    </AppLink>
                  ) : (
                    <span />
                  )}
                </nav>
              ) : null}
            </>
          )}
        </div>
      </div>
    </>
  );
}
