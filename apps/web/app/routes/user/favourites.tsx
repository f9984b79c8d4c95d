import { MAX_COMPARE } from '@estate/core';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/favourites';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { PropertyCard } from '../../components/PropertyCard.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { compareHref, compareIds } from '../../features/favourites/compare.ts';
import { FAVOURITES_PAGE_SIZE, useFavourites } from '../../features/favourites/get-favourites.ts';
import { useToggleFavourite } from '../../features/favourites/toggle-favourite.ts';
import { useUserMarks } from '../../features/favourites/user-marks.ts';
import { useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import { pageHref } from '../../lib/paging.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('myFavourites', 'My favourites'), site) }, { name: 'robots', content: 'noindex' }];
}

const pageOf = (value: string | null) => Math.max(1, Math.min(1000, Math.floor(Number(value)) || 1));

function Favourites() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const selected = compareIds(params.get('compare'));
  const favourites = useFavourites(page);
  const marks = useUserMarks();
  const toggle = useToggleFavourite();
  // A heart undone here leaves the list at once; the page is fetched again behind it.
  const items = (favourites.data?.items ?? []).filter((item) => !marks || marks.favourite_ids.includes(item.id));
  const total = favourites.data?.total ?? 0;

  /** The comparison's selection lives in the URL, so it survives a reload and can be shared. */
  const choose = (id: number, on: boolean) => {
    const next = on ? [...selected, id].slice(0, MAX_COMPARE) : selected.filter((s) => s !== id);
    const search = new URLSearchParams(params);
    if (next.length) search.set('compare', next.join(','));
    else search.delete('compare');
    setParams(search, { replace: true, preventScrollReset: true });
  };
  const keep = selected.length ? { compare: selected.join(',') } : undefined;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('myFavourites', 'My favourites')}</h1>
          {favourites.data ? <p className="mt-1 text-slate-700">{t.count(total, 'favouritesCount', '{count} saved property', '{count} saved properties')}</p> : null}
        </div>
        {selected.length ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700" aria-live="polite">
              {t.count(selected.length, 'compareChosen', '{count} chosen to compare', '{count} chosen to compare')}
            </p>
            {selected.length >= 2 ? (
              <Link to={compareHref(selected)} className="rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark" data-testid="compare-link">
                {t('compareNow', 'Compare side by side')}
              </Link>
            ) : (
              <p className="text-sm text-slate-600">{t('compareChooseMore', 'Choose one more to compare.')}</p>
            )}
          </div>
        ) : null}
      </div>
      {favourites.error ? <FormAlert message={favourites.error.message} /> : null}
      {!favourites.data && !favourites.error ? (
        <p role="status" className="py-16 text-center text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : null}
      {favourites.data && !items.length && total > 0 && page > 1 ? (
        // Removals emptied a later page: the rest are on the pages before it.
        <EmptyState>
          <Link to={pageHref('/user/favourites', 1, keep)} className="font-semibold text-brand-dark underline">
            {t('backToFirstPage', 'Back to the first page')}
          </Link>
        </EmptyState>
      ) : null}
      {favourites.data && !items.length && (total === 0 || page === 1) ? (
        <EmptyState>
          <span className="block font-semibold text-slate-900">{t('noFavourites', 'You have not saved any properties yet.')}</span>
          <span className="mt-1 block text-slate-700">{t('noFavouritesHint', 'Tap the heart on a property to keep it here and compare it with others.')}</span>
          <Link to="/properties" className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('browseProperties', 'Browse properties')}
          </Link>
        </EmptyState>
      ) : null}
      {items.length ? (
        <>
          <p className="mt-4 text-sm text-slate-600">{t('compareHint', 'Choose up to 4 properties to compare them side by side.')}</p>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="favourites">
            {items.map((item) => {
              const isChosen = selected.includes(item.id);
              return (
                <li key={item.id} className="flex min-w-0 flex-col gap-2">
                  <PropertyCard card={item} />
                  <div className="flex items-center justify-between gap-2">
                    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand"
                        checked={isChosen}
                        disabled={!isChosen && selected.length >= MAX_COMPARE}
                        onChange={(event) => choose(item.id, event.target.checked)}
                      />
                      <span>
                        {t('compare', 'Compare')} <span className="sr-only">{item.title}</span>
                      </span>
                    </label>
                    <button
                      type="button"
                      onClick={() => {
                        if (isChosen) choose(item.id, false);
                        toggle.mutate({ propertyId: item.id, favourite: false });
                      }}
                      className="min-h-11 rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50"
                    >
                      {t('remove', 'Remove')} <span className="sr-only">{item.title}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <Pagination page={page} total={total} pageSize={FAVOURITES_PAGE_SIZE} href={(n) => pageHref('/user/favourites', n, keep)} />
    </>
  );
}

export default function FavouritesPage() {
  return <RequireUser>{() => <Favourites />}</RequireUser>;
}
