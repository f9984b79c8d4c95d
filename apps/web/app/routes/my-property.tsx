import type { OwnedProperty } from '@estate/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { Route } from './+types/my-property';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { Description, DetailSection } from '../components/DetailSection.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { FormAlert } from '../components/Form.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { FeaturedBadge } from '../components/PropertyCard.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { DASHBOARD_PATH } from '../features/owner/dashboard-url.ts';
import { useOwnedProperty } from '../features/owner/get-added-properties.ts';
import { InterestedUsers } from '../features/owner/InterestedUsers.tsx';
import { PropertyActions } from '../features/owner/ListingActions.tsx';
import { isPropertyPublic, propertyState } from '../features/owner/listing-state.ts';
import { PriceHistory } from '../features/owner/PriceHistory.tsx';
import { RejectReason, StatusBadge, stateExplanation } from '../features/owner/StatusBadge.tsx';
import { placeLine, priceLabel } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('myListing', 'My listing'), site) }, { name: 'robots', content: 'noindex' }];
}

/** One count of the listing, large. */
function Stat({ value, label, testId }: { value: number; label: string; testId: string }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-3 py-4 text-center">
      <dd className="text-2xl font-bold text-slate-900" data-testid={testId}>
        {new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(value)}
      </dd>
      <dt className="mt-1 text-sm text-slate-600">{label}</dt>
    </div>
  );
}

function OwnListing({ property: p }: { property: OwnedProperty }) {
  const t = useT();
  const site = useSite();
  const navigate = useNavigate();
  const state = propertyState(p);
  const images = [p.title_image, ...p.gallery.map((g) => g.image_url)].filter((src, i, all): src is string => !!src && all.indexOf(src) === i);
  const kind = p.property_type === 'rent' || p.property_type === 'rented' ? t('rent', 'Rent') : t('sell', 'Sell');
  const address = placeLine([p.client_address, p.address, p.city, p.state, p.country]);
  return (
    <article>
      <Breadcrumb trail={[{ to: DASHBOARD_PATH, label: t('myListings', 'My listings') }]} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 break-words">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">{[p.category?.category, kind].filter(Boolean).join(' · ')}</p>
          <h1 className="mt-1 text-2xl font-bold leading-tight sm:text-3xl">{p.title}</h1>
          {address ? (
            <p className="mt-2 text-slate-600">
              <bdi>{address}</bdi>
            </p>
          ) : null}
        </div>
        {site ? <p className="text-2xl font-bold text-brand-dark sm:text-3xl">{priceLabel(p.price, p.property_type, p.rentduration, site.currency, t)}</p> : null}
      </header>

      <section aria-labelledby="listing-state" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="listing-state" className="sr-only">
          {t('listingState', 'State')}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge state={state} className="text-sm" />
          {p.promoted ? <FeaturedBadge className="text-sm" /> : null}
          <p className="min-w-0 flex-1 text-sm text-slate-700">{stateExplanation(state, t)}</p>
        </div>
        {state === 'rejected' ? <RejectReason reason={p.reject_reason} className="mt-3" /> : null}
        <PropertyActions property={p} className="mt-4" onDeleted={() => navigate(DASHBOARD_PATH, { replace: true })} />
        {isPropertyPublic(p) ? (
          <Link to={`/properties-details/${p.slug_id}`} className="mt-4 inline-block font-medium text-brand-dark underline underline-offset-2">
            {t('seePublicPage', 'See it as visitors do')}
          </Link>
        ) : null}
      </section>

      <section aria-labelledby="listing-stats" className="mt-8">
        <h2 id="listing-stats" className="text-xl font-bold">
          {t('statistics', 'Statistics')}
        </h2>
        <dl className="mt-3 grid grid-cols-3 gap-3">
          <Stat value={p.total_view} label={t('statViews', 'Views')} testId="stat-views" />
          <Stat value={p.total_favourite_users} label={t('statFavourites', 'Favourites')} testId="stat-favourites" />
          <Stat value={p.total_interested_users} label={t('statInterested', 'Interested')} testId="stat-interested" />
        </dl>
      </section>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-8 lg:col-span-2">
          <DetailSection id="interested" title={t('interestedUsers', 'Interested people')}>
            <InterestedUsers propertyId={p.id} total={p.total_interested_users} />
          </DetailSection>
          <DetailSection id="price-history" title={t('priceHistory', 'Price history')}>
            <PriceHistory property={p} />
          </DetailSection>
          {p.description ? (
            <DetailSection id="about" title={t('aboutProperty', 'About this property')}>
              <Description text={p.description} />
            </DetailSection>
          ) : null}
        </div>
        <div className="min-w-0">{images.length ? <Gallery key={p.slug_id} images={images} title={p.title} /> : null}</div>
      </div>
    </article>
  );
}

function MyProperty() {
  const t = useT();
  const { slug = '' } = useParams();
  const property = useOwnedProperty(slug);
  if (property.error) return <FormAlert message={property.error.message} />;
  if (property.data === undefined) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {t('loading', 'Loading…')}
      </p>
    );
  }
  if (property.data === null) {
    return (
      <EmptyState>
        <span className="block font-semibold text-slate-900">{t('ownListingNotFound', 'This is not one of your listings, or it has been deleted.')}</span>
        <Link to={DASHBOARD_PATH} className="mt-3 inline-block font-semibold text-brand-dark underline">
          {t('backToMyListings', 'Back to my listings')}
        </Link>
      </EmptyState>
    );
  }
  return <OwnListing property={property.data} />;
}

export default function MyPropertyPage() {
  return <RequireUser>{() => <MyProperty />}</RequireUser>;
}
