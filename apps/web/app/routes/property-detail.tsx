import { stripHtml, truncate } from '@estate/core';
import { data, redirect } from 'react-router';
import { Description, DetailSection } from '../components/DetailSection.tsx';
import type { Route } from './+types/property-detail';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { ContactCard } from '../components/ContactCard.tsx';
import { CardGrid, PremiumBadge, slimCard } from '../components/PropertyCard.tsx';
import { LazyMap } from '../features/map/LazyMap.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { MortgageCalculator } from '../features/property/MortgageCalculator.tsx';
import { Panorama } from '../features/property/Panorama.tsx';
import { PriceHistory } from '../features/property/PriceHistory.tsx';
import { ContactBar } from '../features/property/ContactBar.tsx';
import { FavouriteButton } from '../features/favourites/FavouriteButton.tsx';
import { ChatWithOwner } from '../features/chat/ChatWithOwner.tsx';
import { InterestButton } from '../features/interest/InterestButton.tsx';
import { ReportButton } from '../features/reports/ReportButton.tsx';
import { Share } from '../features/property/Share.tsx';
import { Video } from '../features/property/Video.tsx';
import { PremiumLock, PremiumUnlockNote, useEntitledListing } from '../features/property/premium.tsx';
import { ApiError, api } from '../lib/api.ts';
import { placeLine, priceLabel, timeAgoLabel } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';
import { sameFor } from '../lib/same-for.ts';

/** The page's answer, by the kept answer's listing and similar listings. */
const listingData = sameFor();

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  try {
    const { listing, similar } = await api.property({ request, context }, params.slug);
    // A listing whose title changed is found by its old address too: send the visitor (and search engines) to the new one.
    if (listing.slug_id !== params.slug) {
      throw redirect(`/properties-details/${encodeURIComponent(listing.slug_id)}${url.search}`, 301);
    }
    // One object for the same kept answer, so that its hand-over to the browser is encoded once (lib/same-for.ts).
    return data(listingData([listing, similar], () => ({ listing, similar: similar.map(slimCard) })));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const { site } = siteFromMatches(matches);
  if (!loaderData?.listing) return [];
  const p = loaderData.listing;
  const description = truncate(stripHtml(p.meta_description || p.description), 160);
  const canonical = `${site?.origin ?? ''}/properties-details/${p.slug_id}`;
  const image = p.meta_image || p.title_image;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: p.title,
    description,
    url: canonical,
    ...(image ? { image } : {}),
    datePosted: p.created_at,
    offers: {
      '@type': 'Offer',
      price: p.price,
      priceCurrency: site?.currency.code,
      availability: 'https://schema.org/InStock',
      businessFunction: p.property_type === 'rent' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
    },
    ...(p.address
      ? { address: { '@type': 'PostalAddress', streetAddress: p.address, addressLocality: p.city, addressRegion: p.state, addressCountry: p.country } }
      : {}),
  };
  return [
    { title: pageTitle(p.meta_title || p.title, site) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical || location.pathname },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: p.meta_title || p.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { 'script:ld+json': jsonLd },
  ];
}

export default function PropertyDetail({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const t = useT();
  const { similar } = loaderData;
  const p = useEntitledListing(loaderData.listing);
  const images = [p.title_image, ...p.gallery.map((g) => g.image_url)].filter((src, i, all): src is string => !!src && all.indexOf(src) === i);
  const paramValue = (v: string | string[]) => (Array.isArray(v) ? v.join(', ') : v);
  const address = placeLine([p.client_address, p.address]);
  const place = [p.city, p.state, p.country].filter(Boolean).join(', ');
  const hasPosition = p.latitude !== null && p.longitude !== null;
  const shareUrl = `${site?.origin ?? ''}/properties-details/${p.slug_id}`;
  return (
    <article>
      <Breadcrumb trail={[{ to: '/properties', label: t('properties', 'Properties') }]} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 break-words">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">
            {p.is_premium ? <PremiumBadge className="me-2 align-middle normal-case tracking-normal" /> : null}
            {p.category?.category}
            {p.property_type === 'rent' ? ` · ${t('rent', 'Rent')}` : p.property_type === 'sell' ? ` · ${t('sell', 'Sell')}` : ''}
          </p>
          <h1 className="mt-1 text-2xl font-bold leading-tight sm:text-3xl">{p.title}</h1>
          <p className="mt-2 text-slate-600">
            <bdi>{address}</bdi>
          </p>
        </div>
        <div className="flex items-center gap-3">
          {site ? (
            <div>
              <p className="text-2xl font-bold text-brand-dark sm:text-3xl">{priceLabel(p.price, p.property_type, p.rentduration, site.currency, t)}</p>
              <PriceHistory history={p.price_history} />
            </div>
          ) : null}
          <FavouriteButton propertyId={p.id} title={p.title} size="lg" />
        </div>
      </header>

      {/* Keyed by listing: moving on to a similar listing starts its photos at the first. */}
      {images.length ? <Gallery key={p.slug_id} images={images} title={p.title} /> : null}
      {p.premium_locked ? <PremiumLock key={p.slug_id} slug={p.slug_id} accessLimited={!!p.premium_access_limited} /> : null}
      {p.is_premium && !p.premium_locked ? <PremiumUnlockNote slug={p.slug_id} /> : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <DetailSection id="about" title={t('aboutProperty', 'About this property')}>
            <Description text={p.description} />
          </DetailSection>

          {p.parameters.length ? (
            <DetailSection id="details" title={t('propertyDetails', 'Property details')}>
              <table className="mt-3 w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm">
                <tbody className="divide-y divide-slate-200">
                  {p.parameters.map((param) => (
                    <tr key={param.id}>
                      <th scope="row" className="w-1/2 px-4 py-2 text-start font-medium text-slate-600">
                        <bdi>{param.name}</bdi>
                      </th>
                      <td className="px-4 py-2 font-semibold">
                        <bdi>{paramValue(param.value)}</bdi>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </DetailSection>
          ) : null}

          {p.assign_facilities.length ? (
            <DetailSection id="nearby" title={t('nearbyPlaces', 'Nearby places')}>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {p.assign_facilities.map((f) => (
                  <li key={f.id} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
                    {f.image ? <img src={f.image} alt="" loading="lazy" width={24} height={24} className="h-6 w-6" /> : null}
                    <bdi className="flex-1">{f.name}</bdi>
                    <span className="text-sm font-semibold text-slate-700">
                      <bdi>{f.distance}</bdi> {site?.distanceUnit === 'mi' ? t('mi', 'mi') : t('km', 'km')}
                    </span>
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}

          {p.three_d_image ? (
            <DetailSection id="view-360" title={t('view360', '360° view')} spaced>
              <Panorama src={p.three_d_image} title={p.title} />
            </DetailSection>
          ) : null}

          {p.video_link ? (
            <DetailSection id="video" title={t('video', 'Video')} spaced>
              <Video link={p.video_link} title={p.title} poster={p.title_image} />
            </DetailSection>
          ) : null}

          <DetailSection id="location" title={t('location', 'Location')}>
            <address className="mt-2 not-italic text-slate-700" data-testid="listing-address">
              <bdi>{address && p.city && address.includes(p.city) ? address : [address, place].filter(Boolean).join(' · ')}</bdi>
            </address>
            {hasPosition ? (
              <LazyMap
                className="mt-3 h-72"
                testId="listing-map"
                label={`${t('mapOf', 'Map of')} ${p.title}`}
                tiles={site?.mapTiles ?? null}
                initialCenter={[p.longitude as number, p.latitude as number]}
                initialZoom={14}
                scrollZoom={false}
                points={[
                  {
                    id: p.id,
                    lng: p.longitude as number,
                    lat: p.latitude as number,
                    title: p.title,
                    price: site ? priceLabel(p.price, p.property_type, p.rentduration, site.currency, t) : '',
                    priceFull: site ? priceLabel(p.price, p.property_type, p.rentduration, site.currency, t) : '',
                    href: `/properties-details/${p.slug_id}`,
                    image: null,
                  },
                ]}
              />
            ) : null}
          </DetailSection>

          {p.documents.length ? (
            <DetailSection id="documents" title={t('documents', 'Documents')}>
              <ul className="mt-3 space-y-2" data-testid="documents">
                {p.documents.map((d) => (
                  <li key={d.id}>
                    <a
                      href={d.file}
                      download={d.file_name}
                      className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 font-medium text-brand-dark hover:bg-slate-50"
                    >
                      <span aria-hidden="true" className="rounded bg-brand-light px-1.5 py-0.5 text-xs font-bold text-brand-dark">
                        {(d.type || 'file').toUpperCase()}
                      </span>
                      <span>{d.name || d.file.split('/').pop()}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}
        </div>

        <div className="min-w-0 space-y-6">
          <ContactCard heading={t('listedBy', 'Listed by')} name={p.customer_name} profile={p.profile} isVerified={p.is_verified} mobile={p.mobile} email={p.email} subject={p.title} agentSlug={p.customer_slug_id}>
            <p className="mt-4 text-xs text-slate-600">
              {t('posted', 'Posted')} <span suppressHydrationWarning>{timeAgoLabel(p.created_at, site?.lang ?? 'en', p.post_created, t)}</span> · <bdi>{p.total_view}</bdi> {t('views', 'views')}
            </p>
          </ContactCard>
          <InterestButton propertyId={p.id} ownerId={p.added_by} className="hidden md:flex" />
          <ChatWithOwner listing={p} className="hidden md:flex" />
          <ReportButton propertyId={p.id} ownerId={p.added_by} isReported={p.is_reported} />
          <Share url={shareUrl} title={p.title} />
          {p.property_type === 'sell' ? <MortgageCalculator price={p.price} /> : null}
        </div>
      </div>

      {similar.length ? (
        <section aria-labelledby="similar" className="mt-12">
          <h2 id="similar" className="mb-5 text-2xl font-bold">
            {t('similarProperties', 'Similar properties')}
          </h2>
          <CardGrid cards={similar} />
        </section>
      ) : null}

      <ContactBar listing={p} url={shareUrl} />
    </article>
  );
}
