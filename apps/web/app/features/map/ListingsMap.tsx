/**
 * The interactive map: MapLibre GL with HTML markers clustered on a 60 px grid. This module is
 * heavy (MapLibre and its CSS) and is only ever loaded through `LazyMap`, never imported directly.
 */
import { gridCluster, lngLatToWorldPixel, worldPixelToLngLat } from '@estate/core/rules/map-cluster';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { type Bounds, type LngLat, boundsOf } from './area.ts';
import { AREA_SOURCE, LAND_SOURCE, type MapTiles, offlineMapStyle, streetMapStyle, tileSourceIds } from './map-style.ts';
import { loadLand } from './land.ts';
import { loadStreetStyle, markStreetMapUnavailable } from './street-style.ts';

maplibregl.setWorkerUrl(workerUrl);

export type MapPoint = {
  id: number;
  lng: number;
  lat: number;
  title: string;
  /** Short price for the marker, e.g. "₹1.2Cr". */
  price: string;
  /** Full price for the pop-up. */
  priceFull: string;
  href: string;
  image: string | null;
};

export type MapView = { bounds: Bounds; center: LngLat; zoom: number; byUser: boolean };

export type ListingsMapProps = {
  points: readonly MapPoint[];
  /** Accessible name of the map. */
  label: string;
  tiles: MapTiles | null;
  /** Where to look first; else the points are fitted once they arrive. */
  initialBounds?: Bounds | null;
  initialCenter?: LngLat | null;
  initialZoom?: number;
  /** A searched area (polygon) to outline. */
  area?: readonly LngLat[] | null;
  /** While drawing: the points placed so far. */
  draft?: readonly LngLat[] | null;
  drawing?: boolean;
  onDraftPoint?: (point: LngLat) => void;
  /** The first vertex was clicked again with at least three points. */
  onFinishDraft?: () => void;
  onViewChange?: (view: MapView) => void;
  /** Scroll-wheel zoom (off for small maps inside a page, so the page still scrolls). */
  scrollZoom?: boolean;
  testId?: string;
};

/** The street map; the outline by choice (no street map configured); the outline because the street map could not be had. */
type Basemap = 'street' | 'outline' | 'fallback';

/** How long the street map's first tiles may take before the map shows the outline instead. */
const TILES_TIMEOUT_MS = 6000;

const CLUSTER_SIZES = [
  [10, 36],
  [100, 44],
  [Infinity, 52],
] as const;

function clusterDiameter(count: number): number {
  return CLUSTER_SIZES.find(([limit]) => count < limit)?.[1] ?? 52;
}

function isInsideMarker(event: { originalEvent?: Event }): boolean {
  const target = event.originalEvent?.target;
  return target instanceof Element && !!target.closest('.maplibregl-marker, .maplibregl-popup');
}

type AreaFeature = {
  type: 'Feature';
  properties: Record<string, never>;
  geometry: { type: 'LineString'; coordinates: number[][] } | { type: 'Polygon'; coordinates: number[][][] };
};

function areaData(
  area: readonly LngLat[] | null | undefined,
  draft: readonly LngLat[] | null | undefined,
): { type: 'FeatureCollection'; features: AreaFeature[] } {
  const features: AreaFeature[] = [];
  if (draft && draft.length >= 2) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: draft.map((p) => [...p]) } });
    if (draft.length >= 3)
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...draft, draft[0]].map((p) => [...p])] } });
  } else if (area && area.length >= 3) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...area, area[0]].map((p) => [...p])] } });
  }
  return { type: 'FeatureCollection', features };
}

export default function ListingsMap(props: ListingsMapProps) {
  const { points, label, tiles, initialBounds, initialCenter, initialZoom, area, draft, drawing, scrollZoom = true, testId } = props;
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const markers = useRef<maplibregl.Marker[]>([]);
  const draftMarkers = useRef<maplibregl.Marker[]>([]);
  const popup = useRef<maplibregl.Popup | null>(null);
  const fitted = useRef(!!initialBounds || !!initialCenter);
  // Callbacks and data read inside MapLibre's handlers: always the latest, without re-binding.
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  // Bumped when the map swaps to the outline, whose new area source needs the area again.
  const [styleVersion, setStyleVersion] = useState(0);

  // Create the map once: on the street map when it can be had, else on the bundled outline.
  useEffect(() => {
    let map: maplibregl.Map | null = null;
    let cancelled = false;
    let tilesTimer: ReturnType<typeof setTimeout> | undefined;

    // The outline is a same-origin file, fetched once per page and cached by the browser.
    const fillLand = (m: maplibregl.Map) =>
      loadLand()
        .then((shapes) => {
          (m.getSource(LAND_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(shapes);
          container.current?.setAttribute('data-outline', 'loaded');
        })
        .catch(() => {
          // Markers and clusters stand on the plain background.
        });

    const start = (style: maplibregl.StyleSpecification, mode: Basemap) => {
      if (cancelled || !container.current) return;
      setBasemap(mode);
      try {
        map = new maplibregl.Map({
          container: container.current,
          style,
          bounds: initialBounds ?? undefined,
          center: initialCenter ?? [78.9629, 22.5937],
          zoom: initialCenter ? (initialZoom ?? 14) : 3.5,
          fitBoundsOptions: { padding: 20 },
          attributionControl: mode === 'street' ? { compact: true } : false,
          scrollZoom,
          dragRotate: false,
          pitchWithRotate: false,
          maxPitch: 0,
          locale: {
            'Map.Title': label,
            'NavigationControl.ZoomIn': t('zoomIn', 'Zoom in'),
            'NavigationControl.ZoomOut': t('zoomOut', 'Zoom out'),
            'Popup.Close': t('close', 'Close'),
            'AttributionControl.ToggleAttribution': t('mapCredits', 'Map credits'),
          },
        });
      } catch {
        setFailed(true);
        return;
      }
      const m = map;
      m.touchZoomRotate.disableRotation();
      m.keyboard.disableRotation();
      m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      m.getCanvas().setAttribute('data-testid', `${testId ?? 'map'}-canvas`);
      mapRef.current = m;
      m.on('load', () => {
        setReady(true);
        if (mode !== 'street') void fillLand(m);
      });
      m.on('error', (e: maplibregl.ErrorEvent) => {
        // Tiles that fail to load are handled below; only a lost WebGL context is fatal.
        if (/webgl/i.test(String(e.error?.message ?? ''))) setFailed(true);
      });
      if (mode === 'street' && tiles) watchStreetTiles(m, style, tiles.url);
    };

    /**
     * The street map's tiles failing before any of them loaded (or none arriving in time) means
     * its server cannot be reached: the map swaps to the outline, keeping its view and markers.
     */
    const watchStreetTiles = (m: maplibregl.Map, style: maplibregl.StyleSpecification, url: string) => {
      const sources = new Set(tileSourceIds(style));
      if (!sources.size) return;
      // Settled by the first tile that loads, or by falling back.
      let settled = false;
      const fallBack = () => {
        if (settled || cancelled) return;
        settled = true;
        clearTimeout(tilesTimer);
        markStreetMapUnavailable(url);
        setBasemap('fallback');
        m.once('style.load', () => {
          void fillLand(m);
          setStyleVersion((v) => v + 1);
        });
        m.setStyle(offlineMapStyle(null), { diff: false });
      };
      m.on('sourcedata', (e: maplibregl.MapSourceDataEvent) => {
        if (e.tile && sources.has(e.sourceId)) {
          settled = true;
          clearTimeout(tilesTimer);
        }
      });
      m.on('error', (e: maplibregl.ErrorEvent & { sourceId?: string }) => {
        if (e.sourceId && sources.has(e.sourceId)) fallBack();
      });
      m.once('load', () => {
        tilesTimer = setTimeout(fallBack, TILES_TIMEOUT_MS);
      });
    };

    if (tiles?.kind === 'style') {
      void loadStreetStyle(tiles.url).then((style) =>
        style ? start(streetMapStyle(style, tiles.attribution), 'street') : start(offlineMapStyle(null), 'fallback'),
      );
    } else {
      start(offlineMapStyle(tiles), tiles ? 'street' : 'outline');
    }

    return () => {
      cancelled = true;
      clearTimeout(tilesTimer);
      for (const m of [...markers.current, ...draftMarkers.current]) m.remove();
      markers.current = [];
      draftMarkers.current = [];
      popup.current?.remove();
      map?.remove();
      mapRef.current = null;
    };
    // Created once: later prop changes are applied by the effects below.
  }, []);

  // Markers and clusters, redrawn whenever the view or the points change.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;

    const openPopup = (lngLat: LngLat, content: HTMLElement) => {
      popup.current?.remove();
      popup.current = new maplibregl.Popup({ closeOnClick: false, maxWidth: '260px', offset: 18, focusAfterOpen: true })
        .setLngLat(lngLat)
        .setDOMContent(content)
        .addTo(map);
    };

    const listingLink = (p: MapPoint) => {
      const a = document.createElement('a');
      a.href = p.href;
      a.textContent = p.title;
      a.className = 'font-semibold text-brand-dark underline-offset-2 hover:underline';
      return a;
    };

    const listingCard = (p: MapPoint) => {
      const card = document.createElement('div');
      card.className = 'map-popup-card';
      card.setAttribute('data-testid', 'map-popup');
      if (p.image) {
        const img = document.createElement('img');
        img.src = p.image;
        img.alt = '';
        img.width = 240;
        img.height = 160;
        img.className = 'mb-2 aspect-[3/2] w-full rounded-md bg-slate-200 object-cover';
        card.append(img);
      }
      const title = document.createElement('p');
      title.append(listingLink(p));
      const price = document.createElement('p');
      price.className = 'mt-1 font-bold text-slate-900';
      price.textContent = p.priceFull;
      card.append(title, price);
      return card;
    };

    const groupList = (members: MapPoint[]) => {
      const wrap = document.createElement('div');
      wrap.setAttribute('data-testid', 'map-popup');
      const heading = document.createElement('p');
      heading.className = 'mb-1 font-semibold';
      heading.textContent = t.count(members.length, 'propertiesHere', '{count} property at this place', '{count} properties at this place');
      const list = document.createElement('ul');
      list.className = 'max-h-48 space-y-1 overflow-auto text-sm';
      for (const p of members) {
        const li = document.createElement('li');
        li.append(listingLink(p), document.createTextNode(` · ${p.price}`));
        list.append(li);
      }
      wrap.append(heading, list);
      return wrap;
    };

    const render = () => {
      const current = latest.current.points;
      const byId = new Map(current.map((p) => [p.id, p]));
      const zoom = map.getZoom();
      const { clusters, singles } = gridCluster(current.map((p) => ({ id: p.id, ...lngLatToWorldPixel(p.lng, p.lat, zoom) })));
      const visible = map.getBounds();
      const span = [visible.getEast() - visible.getWest(), visible.getNorth() - visible.getSouth()];
      const padded = new maplibregl.LngLatBounds(
        [visible.getWest() - span[0] * 0.2, visible.getSouth() - span[1] * 0.2],
        [visible.getEast() + span[0] * 0.2, visible.getNorth() + span[1] * 0.2],
      );
      for (const m of markers.current) m.remove();
      markers.current = [];

      for (const c of clusters) {
        const centre = worldPixelToLngLat(c.x, c.y, zoom);
        if (!padded.contains([centre.lng, centre.lat])) continue;
        const members = c.ids.map((id) => byId.get(id)).filter((p): p is MapPoint => !!p);
        const button = document.createElement('button');
        button.type = 'button';
        const size = clusterDiameter(c.count);
        button.className = 'map-cluster';
        button.style.width = button.style.height = `${size}px`;
        button.textContent = String(c.count);
        button.setAttribute('aria-label', t.count(c.count, 'clusterLabel', 'Group of {count} property, zoom to it', 'Group of {count} properties, zoom to them'));
        button.setAttribute('data-testid', 'map-cluster');
        button.dataset.count = String(c.count);
        button.addEventListener('click', (event) => {
          event.stopPropagation();
          const bounds = boundsOf(members.map((p) => [p.lng, p.lat]));
          const tiny = !bounds || (bounds[2] - bounds[0] < 1e-5 && bounds[3] - bounds[1] < 1e-5);
          if (tiny || map.getZoom() >= map.getMaxZoom() - 0.5) {
            openPopup([centre.lng, centre.lat], groupList(members));
            return;
          }
          map.fitBounds(bounds, { padding: 60, maxZoom: 18, duration: 400 }, { byUser: true });
        });
        markers.current.push(new maplibregl.Marker({ element: button }).setLngLat([centre.lng, centre.lat]).addTo(map));
      }

      for (const s of singles) {
        const p = byId.get(s.id);
        if (!p || !padded.contains([p.lng, p.lat])) continue;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'map-marker';
        button.textContent = p.price;
        button.setAttribute('aria-label', `${p.title}, ${p.priceFull}`);
        button.setAttribute('data-testid', 'map-marker');
        button.dataset.id = String(p.id);
        button.addEventListener('click', (event) => {
          event.stopPropagation();
          openPopup([p.lng, p.lat], listingCard(p));
        });
        markers.current.push(new maplibregl.Marker({ element: button, anchor: 'bottom' }).setLngLat([p.lng, p.lat]).addTo(map));
      }
      container.current?.setAttribute('data-clusters', String(clusters.length));
      container.current?.setAttribute('data-markers', String(singles.length));
    };

    if (!fitted.current && points.length) {
      fitted.current = true;
      const bounds = boundsOf(points.map((p) => [p.lng, p.lat]));
      if (bounds) map.fitBounds(bounds, { padding: 40, maxZoom: 15, animate: false });
    }
    render();

    const onMoveEnd = (e: maplibregl.MapLibreEvent<MouseEvent | TouchEvent | WheelEvent | undefined> & { byUser?: boolean }) => {
      render();
      const b = map.getBounds();
      const c = map.getCenter();
      latest.current.onViewChange?.({
        bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
        center: [c.lng, c.lat],
        zoom: map.getZoom(),
        byUser: !!e.originalEvent || !!e.byUser,
      });
    };
    const onClick = (e: maplibregl.MapMouseEvent) => {
      if (isInsideMarker(e)) return;
      popup.current?.remove();
      if (latest.current.drawing) latest.current.onDraftPoint?.([e.lngLat.lng, e.lngLat.lat]);
    };
    map.on('moveend', onMoveEnd);
    map.on('click', onClick);
    return () => {
      map.off('moveend', onMoveEnd);
      map.off('click', onClick);
    };
  }, [ready, points, t]);

  // The searched or drawn area, and the vertices being drawn.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    (map.getSource(AREA_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(areaData(area, drawing ? draft : null));
    for (const m of draftMarkers.current) m.remove();
    draftMarkers.current = [];
    if (!drawing || !draft) return;
    draft.forEach((point, i) => {
      const first = i === 0 && draft.length >= 3;
      const el = document.createElement(first ? 'button' : 'span');
      el.className = first ? 'map-vertex map-vertex-first' : 'map-vertex';
      if (el instanceof HTMLButtonElement) {
        el.type = 'button';
        el.setAttribute('aria-label', t('finishArea', 'Finish the area'));
        el.setAttribute('data-testid', 'map-draw-finish-vertex');
        el.addEventListener('click', (event) => {
          event.stopPropagation();
          latest.current.onFinishDraft?.();
        });
      } else {
        el.setAttribute('aria-hidden', 'true');
      }
      draftMarkers.current.push(new maplibregl.Marker({ element: el }).setLngLat([point[0], point[1]]).addTo(map));
    });
  }, [ready, styleVersion, area, draft, drawing, t]);

  // Drawing: a crosshair, and no double-click zoom (a quick second click places the next point).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    map.getCanvas().style.cursor = drawing ? 'crosshair' : '';
    if (drawing) map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
  }, [ready, drawing]);

  if (failed) {
    return (
      <div className="flex h-full items-center justify-center p-6 text-center text-slate-700" role="status">
        {t('mapUnavailable', 'The map cannot be shown in this browser.')}
      </div>
    );
  }
  return (
    <>
      <div ref={container} className="h-full w-full" data-testid={testId ?? 'map'} data-ready={ready ? 'true' : 'false'} data-basemap={basemap ?? undefined} />
      {basemap === null ? (
        <div className="absolute inset-0 flex items-center justify-center text-sm text-slate-600" role="status">
          {t('loadingMap', 'Loading the map…')}
        </div>
      ) : null}
      {basemap === 'fallback' ? (
        <p className="map-fallback-note" data-testid="map-fallback-note">
          {t('streetMapUnavailable', 'Street map unavailable — showing a simplified map')}
        </p>
      ) : null}
    </>
  );
}
