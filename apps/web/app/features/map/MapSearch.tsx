import type { PropertyMapPoint } from '@estate/core';
import { formatPrice } from '@estate/core/rules/price';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { priceLabel } from '../../lib/format.ts';
import { useSite, useT } from '../../lib/i18n.ts';
import { type LngLat, boundsOf, formatBbox, formatPolygon, parseBbox, parsePolygon } from './area.ts';
import { LazyMap } from './LazyMap.tsx';
import type { MapPoint, MapView } from './ListingsMap.tsx';
import { fetchMapPoints } from './map-points.ts';

const button = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
const primary = 'rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50';

type Load = { state: 'loading' } | { state: 'done'; listings: PropertyMapPoint[]; truncated: boolean } | { state: 'failed' };

/**
 * The map view of the result page: every listing matching the filters as clustered markers,
 * "Search this area" after the map moves, and an area drawn point by point. Areas go into the URL
 * (`bbox`, `polygon`) so the page's own loader narrows the result list too.
 */
export function MapSearch({ filters }: { filters: Record<string, string> }) {
  const t = useT();
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [view, setView] = useState<MapView | null>(null);
  const [moved, setMoved] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [draft, setDraft] = useState<LngLat[]>([]);

  const filterKey = new URLSearchParams(filters).toString();
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    setMoved(false);
    fetchMapPoints(new URLSearchParams(filterKey), controller.signal).then(
      ({ points, truncated }) => setLoad({ state: 'done', listings: points, truncated }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [filterKey]);

  const points = useMemo<MapPoint[]>(() => {
    // Markers follow the site's suffix setting like every other price (short "₹1.2Cr" when it is on).
    if (load.state !== 'done' || !site) return [];
    const format = { currencySymbol: site.currency.symbol, currencyCode: site.currency.code, withSuffix: site.currency.withSuffix };
    return load.listings.map((l) => ({
      id: l.id,
      lng: l.longitude,
      lat: l.latitude,
      title: l.title,
      price: formatPrice(l.price, format).replace(/\.00(?=\D*$)/, ''),
      priceFull: priceLabel(l.price, l.property_type, l.rentduration, site.currency, t),
      href: `/properties-details/${l.slug_id}`,
      image: l.title_image,
    }));
  }, [load, site, t]);

  const area = useMemo(() => parsePolygon(filters.polygon), [filters.polygon]);
  const bbox = useMemo(() => parseBbox(filters.bbox), [filters.bbox]);
  const [initialBounds] = useState(() => bbox ?? (area ? boundsOf(area) : null));

  const go = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(location.search);
    params.delete('page');
    params.set('view', 'map');
    change(params);
    navigate(`/properties?${params}`, { preventScrollReset: true });
  };
  const searchThisArea = () => {
    if (!view) return;
    go((p) => {
      p.set('bbox', formatBbox(view.bounds));
      p.delete('polygon');
    });
    setMoved(false);
  };
  const finish = () => {
    if (draft.length < 3) return;
    go((p) => {
      p.set('polygon', formatPolygon(draft));
      p.delete('bbox');
    });
    setDrawing(false);
    setDraft([]);
  };
  const clearAreaHref = (() => {
    const params = new URLSearchParams(location.search);
    params.delete('bbox');
    params.delete('polygon');
    params.delete('page');
    return `/properties?${params}`;
  })();

  const count = load.state === 'done' ? load.listings.length : 0;
  return (
    <section aria-labelledby="map-heading" className="mt-6">
      <h2 id="map-heading" className="sr-only">
        {t('mapOfResults', 'Map of the results')}
      </h2>
      <div className="mb-3 flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('mapTools', 'Map tools')}>
        {moved && !drawing ? (
          <button type="button" className={primary} onClick={searchThisArea} data-testid="map-search-area">
            {t('searchThisArea', 'Search this area')}
          </button>
        ) : null}
        <button
          type="button"
          className={button}
          aria-pressed={drawing}
          onClick={() => {
            setDrawing(!drawing);
            setDraft([]);
          }}
          data-testid="map-draw-toggle"
        >
          {drawing ? t('stopDrawing', 'Stop drawing') : t('drawArea', 'Draw an area')}
        </button>
        {drawing ? (
          <>
            <button
              type="button"
              className={button}
              disabled={!view}
              onClick={() => view && setDraft([...draft, view.center])}
              data-testid="map-draw-add-centre"
            >
              {t('addMapCentre', 'Add the map centre as a point')}
            </button>
            <button type="button" className={primary} disabled={draft.length < 3} onClick={finish} data-testid="map-draw-finish">
              {t('finish', 'Finish')}
            </button>
            <button type="button" className={button} disabled={!draft.length} onClick={() => setDraft([])} data-testid="map-draw-clear">
              {t('clear', 'Clear')}
            </button>
          </>
        ) : null}
        {(bbox || area) && !drawing ? (
          <Link to={clearAreaHref} preventScrollReset className={button} data-testid="map-clear-area">
            {t('clearArea', 'Clear the map area')}
          </Link>
        ) : null}
      </div>
      {drawing ? (
        <p className="mb-2 text-sm text-slate-700" id="draw-help">
          {t('drawHelp', 'Click on the map to place the corners of the area (or move the map and add its centre), then click the first point or Finish.')}{' '}
          <span>
            {t.count(draft.length, 'pointsPlaced', '{count} point placed', '{count} points placed')}
          </span>
        </p>
      ) : null}
      <LazyMap
        className="h-[28rem] sm:h-[32rem]"
        testId="properties-map"
        label={t('propertiesMap', 'Map of properties')}
        tiles={site?.mapTiles ?? null}
        points={points}
        initialBounds={initialBounds}
        area={area}
        drawing={drawing}
        draft={draft}
        onDraftPoint={(p) => setDraft((d) => [...d, p])}
        onFinishDraft={finish}
        onViewChange={(v) => {
          setView(v);
          if (v.byUser) setMoved(true);
        }}
      />
      <p className="mt-2 text-sm text-slate-600" role="status" aria-live="polite" data-testid="map-status">
        {load.state === 'loading'
          ? t('loadingMapResults', 'Loading the results on the map…')
          : load.state === 'failed'
            ? t('mapResultsFailed', 'The results could not be loaded on the map. They are listed below.')
            : load.truncated
              ? t.count(count, 'mapShowsFirst', 'The map shows the first {count} property', 'The map shows the first {count} properties')
              : t.count(count, 'onTheMap', '{count} property on the map', '{count} properties on the map')}
      </p>
    </section>
  );
}
