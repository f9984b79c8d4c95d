import type { Advertisement } from '@estate/core';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/advertisements';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { ADVERTISEMENT_PATH } from '../../features/advertisements/FeatureListingButton.tsx';
import { advertisementState, daysLeft, type AdvertisementState } from '../../features/advertisements/advertisement-state.ts';
import { ADVERTISEMENTS_PAGE_SIZE, useAdvertisements } from '../../features/advertisements/get-featured-data.ts';
import { srcSetFor } from '../../lib/format.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import { pageHref } from '../../lib/paging.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('myAdvertisements', 'My featured listings'), site) }, { name: 'robots', content: 'noindex' }];
}

const pageOf = (value: string | null) => Math.max(1, Math.min(1000, Math.floor(Number(value)) || 1));

function stateLabel(state: AdvertisementState, t: Translate): string {
  const labels: Record<AdvertisementState, string> = {
    active: t('adActive', 'Active'),
    pending: t('adPending', 'Waiting for approval'),
    rejected: t('adRejected', 'Rejected'),
    expired: t('adExpired', 'Expired'),
  };
  return labels[state];
}

const TONES: Record<AdvertisementState, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-800',
  expired: 'bg-slate-200 text-slate-800',
};

const dateLabel = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' });

function AdvertisementCard({ ad, now }: { ad: Advertisement; now: number }) {
  const t = useT();
  const state = advertisementState(ad, now);
  const listing = ad.property
    ? { title: ad.property.title, image: ad.property.title_image, href: `/properties-details/${ad.property.slug_id}`, kind: t('adProperty', 'Property') }
    : ad.project
      ? { title: ad.project.title, image: ad.project.image, href: `/project-details/${ad.project.slug_id}`, kind: t('adProject', 'Project') }
      : null;
  const left = daysLeft(ad, now);
  return (
    <article className="relative flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4" data-testid="advertisement" data-state={state}>
      <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-lg bg-slate-200 sm:w-36">
        {listing?.image ? <img src={listing.image} srcSet={srcSetFor(listing.image)} sizes="(min-width: 640px) 144px, 96px" alt="" loading="lazy" width={144} height={108} className="h-full w-full object-cover" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[state]}`} data-testid="ad-state">
            {stateLabel(state, t)}
          </span>
          {listing ? <span className="text-xs font-medium text-slate-600">{listing.kind}</span> : null}
        </p>
        <h2 className="font-semibold leading-snug wrap-anywhere">
          {listing ? (
            <Link to={listing.href} className="hover:underline">
              {listing.title}
            </Link>
          ) : (
            t('adListingGone', 'This listing is no longer available')
          )}
        </h2>
        <p className="text-sm text-slate-700">
          {t('adPeriod', '{start} – {end}').replace('{start}', dateLabel(ad.start_date, t.lang)).replace('{end}', dateLabel(ad.end_date, t.lang))}
        </p>
        {state === 'active' ? <p className="text-sm font-medium text-emerald-800">{t.count(left, 'adDaysLeft', '{count} day left', '{count} days left')}</p> : null}
      </div>
    </article>
  );
}

function Advertisements() {
  const t = useT();
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const ads = useAdvertisements(page);
  const items = ads.data?.items ?? [];
  const now = Date.now();
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('myAdvertisements', 'My featured listings')}</h1>
          <p className="mt-1 text-slate-700">{t('myAdvertisementsLead', 'Featured listings show first in matching searches and on the home page until their end date.')}</p>
        </div>
        <Link to="/user/dashboard" className="inline-flex min-h-11 items-center rounded-lg border border-brand px-4 font-semibold text-brand-dark hover:bg-brand-light">
          {t('myListings', 'My listings')}
        </Link>
      </div>
      {ads.error ? (
        <div className="mt-6">
          <FormAlert message={ads.error.message} />
        </div>
      ) : null}
      {!ads.data && !ads.error ? (
        <p role="status" className="py-16 text-center text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : null}
      {ads.data && !items.length ? (
        <EmptyState>
          <span className="block font-semibold text-slate-900">{t('noAdvertisements', 'You have not featured a listing yet.')}</span>
          <span className="mt-1 block text-slate-700">{t('noAdvertisementsHint', 'Choose “Feature this listing” on one of your approved listings.')}</span>
          <Link to="/user/dashboard" className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('myListings', 'My listings')}
          </Link>
        </EmptyState>
      ) : null}
      {items.length ? (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2" data-testid="advertisements">
          {items.map((ad) => (
            <li key={ad.id} className="min-w-0">
              <AdvertisementCard ad={ad} now={now} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pagination page={page} total={ads.data?.total ?? 0} pageSize={ADVERTISEMENTS_PAGE_SIZE} href={(n) => pageHref(ADVERTISEMENT_PATH, n)} />
    </>
  );
}

/** Spec §2 `/user/advertisement`: the user's advertisements (`get-featured-data`), reached after a successful feature request. */
export default function AdvertisementsPage() {
  return <RequireUser>{() => <Advertisements />}</RequireUser>;
}
