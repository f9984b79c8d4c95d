import { Link } from 'react-router';
import type { Route } from './+types/cities';
import { Pagination } from '../components/Pagination.tsx';
import { api } from '../lib/api.ts';
import { CITY_WIDTHS, srcSetFor } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { listMeta, siteFromMatches } from '../lib/meta.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';

const PAGE_SIZE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageNumber(new URL(request.url));
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
              <Link to={`/properties?city=${encodeURIComponent(c.City)}`} className="group relative block overflow-hidden rounded-xl bg-slate-800">
                {c.image ? (
                  <img
                    src={c.image}
                    srcSet={srcSetFor(c.image, CITY_WIDTHS)}
                    sizes="(min-width: 1024px) 270px, (min-width: 480px) 50vw, 100vw"
                    alt=""
                    loading={i < 4 ? 'eager' : 'lazy'}
                    width={480}
                    height={320}
                    className="aspect-[3/2] w-full object-cover opacity-90 transition group-hover:opacity-100"
                  />
                ) : (
                  <span className="block aspect-[3/2] w-full" />
                )}
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/90 via-slate-950/60 to-transparent p-4 pt-10 text-white">
                  <span className="block text-lg font-semibold">{c.City}</span>
                  <span className="block text-sm">
                    {c.Count} {c.Count === 1 ? t('propertyFound', 'property') : t('propertiesFound', 'properties')}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">{t('noCities', 'No cities yet.')}</p>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} href={(n) => pageHref('/cities', n)} />
    </>
  );
}
