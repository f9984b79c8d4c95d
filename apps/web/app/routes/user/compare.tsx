import type { PropertyDetail } from '@estate/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/compare';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { areaOf, compareHref, compareIds, parameterRows, pricePerArea, valueText } from '../../features/favourites/compare.ts';
import { useFavouritesByIds } from '../../features/favourites/get-favourites.ts';
import { priceLabel, srcSetFor } from '../../lib/format.ts';
import { type SiteData, useSite, useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('compareFavourites', 'Compare favourites'), site) }, { name: 'robots', content: 'noindex' }];
}

const cell = 'min-w-44 border-b border-slate-200 px-3 py-2 align-top text-sm sm:min-w-56';
// The labels stay in view while a phone scrolls the listings sideways.
const label = 'sticky start-0 z-10 w-28 min-w-28 border-b border-e border-slate-200 bg-slate-50 px-3 py-2 text-start align-top text-sm font-medium text-slate-700 sm:w-44';

function Row({ name, listings, render }: { name: ReactNode; listings: PropertyDetail[]; render: (listing: PropertyDetail) => ReactNode }) {
  return (
    <tr>
      <th scope="row" className={label}>
        {name}
      </th>
      {listings.map((listing) => (
        <td key={listing.id} className={cell}>
          {render(listing)}
        </td>
      ))}
    </tr>
  );
}

const dash = <span className="text-slate-500">—</span>;

function CompareTable({ listings, site, ids }: { listings: PropertyDetail[]; site: SiteData | undefined; ids: number[] }) {
  const t = useT();
  return (
    <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className="w-full border-separate border-spacing-0" data-testid="compare-table">
        <caption id="compare-caption" className="sr-only">
          {t('compareCaption', 'Your favourites side by side')}
        </caption>
        {/* Listings share the width equally, whatever their titles' lengths. */}
        <colgroup>
          <col className="w-28 sm:w-44" />
          {listings.map((listing) => (
            <col key={listing.id} style={{ width: `${(100 / listings.length).toFixed(2)}%` }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className={`${label} bg-white`} />
            {listings.map((listing) => {
              const rest = ids.filter((id) => id !== listing.id);
              return (
                <th key={listing.id} scope="col" className={`${cell} text-start font-normal`}>
                  <div className="aspect-[3/2] overflow-hidden rounded-lg bg-slate-200">
                    {listing.title_image ? (
                      <img src={listing.title_image} srcSet={srcSetFor(listing.title_image)} sizes="224px" alt="" width={224} height={150} loading="lazy" className="h-full w-full object-cover" />
                    ) : null}
                  </div>
                  <Link to={`/properties-details/${listing.slug_id}`} className="mt-2 block font-semibold text-slate-900 wrap-anywhere hover:underline">
                    {listing.title}
                  </Link>
                  {rest.length >= 1 ? (
                    <Link to={rest.length >= 2 ? compareHref(rest) : `/user/favourites?compare=${rest.join(',')}`} replace className="mt-1 inline-block text-sm text-red-700 hover:underline">
                      {t('removeFromCompare', 'Take out')} <span className="sr-only">{listing.title}</span>
                    </Link>
                  ) : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          <Row name={t('price', 'Price')} listings={listings} render={(l) => <strong className="text-base text-brand-dark">{site ? priceLabel(l.price, l.property_type, l.rentduration, site.currency, t) : l.price}</strong>} />
          <Row
            name={t('pricePerArea', 'Price per unit area')}
            listings={listings}
            render={(l) => {
              const perArea = pricePerArea(l);
              if (perArea === null) return dash;
              // A rent's price is per period, so is its price per area: "₹6/day per sq ft".
              const price = site ? priceLabel(perArea, l.property_type, l.rentduration, site.currency, t) : String(perArea);
              const unit = areaOf(l)?.unit;
              return <bdi>{unit ? t('pricePerUnit', '{price} per {unit}').replace('{price}', price).replace('{unit}', unit) : price}</bdi>;
            }}
          />
          <Row name={t('type', 'Type')} listings={listings} render={(l) => (l.property_type === 'rent' ? t('rent', 'Rent') : l.property_type === 'sell' ? t('sell', 'Sell') : l.property_type)} />
          <Row name={t('category', 'Category')} listings={listings} render={(l) => <bdi>{l.category?.category ?? '—'}</bdi>} />
          <Row name={t('location', 'Location')} listings={listings} render={(l) => <bdi>{[l.city, l.state].filter(Boolean).join(', ') || '—'}</bdi>} />
          {parameterRows(listings).map((param) => (
            <Row
              key={param.id}
              name={<bdi>{param.name}</bdi>}
              listings={listings}
              render={(l) => {
                const own = l.parameters.find((p) => p.id === param.id);
                return own ? <bdi>{valueText(own.value)}</bdi> : dash;
              }}
            />
          ))}
          <Row
            name={t('nearbyPlaces', 'Nearby places')}
            listings={listings}
            render={(l) =>
              l.assign_facilities.length ? (
                <ul className="space-y-1">
                  {l.assign_facilities.map((f) => (
                    <li key={f.id}>
                      <bdi>{f.name}</bdi> · <bdi>{f.distance}</bdi> {site?.distanceUnit === 'mi' ? t('mi', 'mi') : t('km', 'km')}
                    </li>
                  ))}
                </ul>
              ) : (
                dash
              )
            }
          />
        </tbody>
      </table>
    </div>
  );
}

function Compare() {
  const t = useT();
  const site = useSite();
  const [params] = useSearchParams();
  const ids = compareIds(params.get('ids'));
  const found = useFavouritesByIds(ids);
  const listings = found.data ?? [];
  return (
    <>
      <Breadcrumb trail={[{ to: `/user/favourites${ids.length ? `?compare=${ids.join(',')}` : ''}`, label: t('myFavourites', 'My favourites') }]} />
      <h1 className="text-3xl font-bold tracking-tight">{t('compareFavourites', 'Compare favourites')}</h1>
      {found.error ? <FormAlert message={found.error.message} /> : null}
      {ids.length && found.isPending ? (
        <p role="status" className="py-16 text-center text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : null}
      {!ids.length || (found.data && listings.length < 2) ? (
        <EmptyState>
          <span className="block text-slate-800">{t('compareNeedsTwo', 'Choose at least two of your favourites to compare them side by side.')}</span>
          <Link to="/user/favourites" className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('myFavourites', 'My favourites')}
          </Link>
        </EmptyState>
      ) : null}
      {listings.length >= 2 ? <CompareTable listings={listings} site={site} ids={ids} /> : null}
      {found.data && listings.length >= 2 && listings.length < ids.length ? (
        <p className="mt-3 text-sm text-slate-600">{t('compareSomeGone', 'Some of the chosen properties are no longer in your favourites or no longer listed.')}</p>
      ) : null}
    </>
  );
}

export default function ComparePage() {
  return <RequireUser>{() => <Compare />}</RequireUser>;
}
