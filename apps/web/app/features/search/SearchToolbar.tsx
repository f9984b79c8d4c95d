import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { type Catalogue, FilterForm } from './FilterForm.tsx';
import { type Filters, readFilters, readView, SORTS, searchHref, type View, VIEWS, withFilters } from './search-url.ts';

/**
 * The bar that stays at the top while the results scroll: on phones and tablets "Filters (n)",
 * which opens the filters in a bottom sheet; everywhere the sort and the view, which apply at once.
 */
export function SearchToolbar(props: { filters: Filters; view: View; total: number; activeCount: number; catalogue: Catalogue; locked?: boolean }) {
  const { filters, view, activeCount } = props;
  const t = useT();
  const navigate = useNavigate();
  const sheet = useRef<HTMLDialogElement>(null);
  // A new form each time the sheet opens: it starts from the filters in force, not an abandoned draft.
  const [opened, setOpened] = useState(0);
  const sortLabels: Record<(typeof SORTS)[number], string> = {
    newest: t('sortNewest', 'Newest first'),
    price_asc: t('sortPriceAsc', 'Price: low to high'),
    price_desc: t('sortPriceDesc', 'Price: high to low'),
    most_viewed: t('mostViewed', 'Most viewed'),
  };
  const viewLabels: Record<View, string> = {
    grid: t('gridView', 'Grid'),
    list: t('listView', 'List'),
    map: t('mapView', 'Map'),
  };
  const filtersLabel = activeCount ? `${t('filters', 'Filters')} (${activeCount})` : t('filters', 'Filters');
  // From the address as it is now: a search just applied is in the URL before this bar re-renders
  // with it, and a sort chosen in between must not drop its filters.
  const sortBy = (value: string) => {
    const now = new URLSearchParams(window.location.search);
    navigate(searchHref(withFilters(readFilters(now), { sort_by: value === 'newest' ? '' : value }), readView(now)));
  };
  const open = () => {
    setOpened((n) => n + 1);
    sheet.current?.showModal();
  };
  return (
    <>
      <div className="sticky top-0 z-30 -mx-4 mt-3 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur" data-testid="search-toolbar">
        <button
          type="button"
          onClick={open}
          aria-haspopup="dialog"
          className="flex shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50 xl:hidden"
          data-testid="open-filters"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M3 5h14v2H3zm3 4h8v2H6zm2 4h4v2H8z" />
          </svg>
          {filtersLabel}
        </button>
        <label htmlFor="sort-by" className="sr-only sm:not-sr-only sm:ms-auto sm:whitespace-nowrap sm:text-sm sm:font-medium sm:text-slate-700">
          {t('sortBy', 'Sort by')}
        </label>
        <select
          id="sort-by"
          // Uncontrolled: the choice shows at once while its results load (the bar is new for each search).
          defaultValue={filters.sort_by ?? 'newest'}
          onChange={(e) => sortBy(e.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm sm:flex-none"
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </select>
        {/* Phones: one switch between the map and the list. */}
        <Link
          to={searchHref(filters, view === 'map' ? 'grid' : 'map')}
          preventScrollReset
          className="flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50 sm:hidden"
          data-testid="view-toggle"
        >
          {view === 'map' ? viewLabels.list : viewLabels.map}
        </Link>
        <nav aria-label={t('resultsView', 'How to show the results')} className="hidden sm:block">
          <ul className="flex overflow-hidden rounded-lg border border-slate-300 bg-white text-sm font-medium">
            {VIEWS.map((v) => (
              <li key={v} className="border-s border-slate-300 first:border-s-0">
                <Link
                  to={searchHref(filters, v)}
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
      </div>
      <dialog
        ref={sheet}
        aria-labelledby="filters-sheet-title"
        onClick={(e) => {
          // A tap on the dimmed backdrop (the dialog element itself, outside its box) closes it.
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
        className="mx-auto mb-0 mt-auto max-h-[88dvh] w-full max-w-lg flex-col rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50 open:flex sm:mb-auto sm:rounded-2xl"
        data-testid="filters-sheet"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id="filters-sheet-title" className="text-lg font-semibold">
            {t('filters', 'Filters')}
          </h2>
          <button
            type="button"
            onClick={() => sheet.current?.close()}
            aria-label={t('close', 'Close')}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M5.3 4 10 8.6 14.7 4 16 5.3 11.4 10l4.6 4.7-1.3 1.3-4.7-4.6L5.3 16 4 14.7 8.6 10 4 5.3z" />
            </svg>
          </button>
        </div>
        {opened > 0 ? (
          <FilterForm
            key={opened}
            idPrefix="s"
            filters={filters}
            view={view}
            total={props.total}
            catalogue={props.catalogue}
            locked={props.locked}
            onApplied={() => sheet.current?.close()}
          />
        ) : null}
      </dialog>
    </>
  );
}
