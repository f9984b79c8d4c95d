import { Link } from 'react-router';
import type { Route } from './+types/cities';
import { Pagination } from '../components/Pagination.tsx';
import { api } from '../lib/api.ts';
import { CITY_WIDTHS, srcSetFor } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { listMeta, siteFromMatches } from '../lib/meta.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';
import { EmptyState } from '../components/EmptyState.tsx';

const PAGE_SIZE = 24;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageNumber(url);
  const { items, total } = await api.cities({ request, context }, pageQuery(page, PAGE_SIZE));
  return { page, items, total };
}

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return listMeta(site, t('cities', 'Cities'), t('citiesDescription', 'Browse property for sale and rent city by city.'));
}

export default function Cities({ loaderData }: Route.ComponentProps) {
  const { page, items, total } = loaderData;
  const t = useT();
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{t('cities', 'Cities')}</h1>
      <p className="mt-2 text-slate-700">{t('citiesLead', 'Choose a city to see its homes, plots and offices.')}</p>
      {items.length ? (
        <ul className="mt-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
          {items.map((c, i) => (
            <li key={c.City}>
              <Link to={`/properties?city=${encodeURIComponent(c.City)}`} className="block overflow-hidden rounded-xl border border-slate-200 bg-white transition hover:border-brand hover:shadow-md">
                {c.image ? (
                  <img
                    src={c.image}
                    srcSet={srcSetFor(c.image, CITY_WIDTHS)}
                    sizes="(min-width: 1024px) 270px, (min-width: 480px) 50vw, 100vw"
                    alt=""
                    loading={i < 4 ? 'eager' : 'lazy'}
                    width={480}
                    height={320}
                    className="aspect-[3/2] w-full bg-slate-800 object-cover"
                  />
                ) : null}
                <span className="block p-3">
                  <span className="block text-lg font-semibold text-slate-900">{c.City}</span>
                  <span className="block text-sm text-slate-600">
                    {t.count(c.Count, 'propertyCount', '{count} property', '{count} properties')}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>{t('noCities', 'No cities yet.')}</EmptyState>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} href={(n) => pageHref('/cities', n)} />
    </>
  );
}
