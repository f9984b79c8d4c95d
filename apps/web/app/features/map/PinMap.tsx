/**
 * A map to place one point: a pin that is dragged, moved by a click on the map, or moved with the
 * arrow keys when focused. Heavy (MapLibre and its CSS): only ever loaded through `LazyPinMap`.
 * The basemap is the one the listings map uses: the street map when it can be had, else the
 * bundled land outline.
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import type { LngLat } from './area.ts';
import { loadLand } from './land.ts';
import { LAND_SOURCE, type MapTiles, offlineMapStyle, streetMapStyle } from './map-style.ts';
import { loadStreetStyle, markStreetMapUnavailable } from './street-style.ts';

maplibregl.setWorkerUrl(workerUrl);

export type PinMapProps = {
  /** Where the pin is, or null before one is placed. */
  value: LngLat | null;
  onChange: (point: LngLat) => void;
  /** Where to look when there is no pin yet. */
  fallbackCenter?: LngLat | null;
  label: string;
  tiles: MapTiles | null;
  testId?: string;
};

/** How far one arrow key press moves the pin, in screen pixels (Shift: five times as far). */
const KEY_STEP_PX = 12;
const TILES_TIMEOUT_MS = 6000;
const PIN_ZOOM = 15;

const PIN_SVG =
  '<svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="#0f766e" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="6" fill="#fff"/></svg>';

export default function PinMap({ value, onChange, fallbackCenter, label, tiles, testId = 'pin-map' }: PinMapProps) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const marker = useRef<maplibregl.Marker | null>(null);
  const latest = useRef({ onChange, t });
  latest.current = { onChange, t };
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [fellBack, setFellBack] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let map: maplibregl.Map | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fillLand = (m: maplibregl.Map) =>
      loadLand()
        .then((shapes) => (m.getSource(LAND_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(shapes))
        .catch(() => {});

    const start = (style: maplibregl.StyleSpecification, street: boolean) => {
      if (cancelled || !container.current) return;
      const center = value ?? fallbackCenter ?? null;
      try {
        map = new maplibregl.Map({
          container: container.current,
          style,
          center: center ?? [78.9629, 22.5937],
          zoom: value ? PIN_ZOOM : center ? 11 : 3.5,
          attributionControl: street ? { compact: true } : false,
          // Inside a form a page scroll must stay a page scroll; pinch and buttons still zoom.
          scrollZoom: false,
          dragRotate: false,
          pitchWithRotate: false,
          maxPitch: 0,
          locale: {
            'Map.Title': label,
            'NavigationControl.ZoomIn': latest.current.t('zoomIn', 'Zoom in'),
            'NavigationControl.ZoomOut': latest.current.t('zoomOut', 'Zoom out'),
            'AttributionControl.ToggleAttribution': latest.current.t('mapCredits', 'Map credits'),
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
      m.getCanvas().setAttribute('data-testid', `${testId}-canvas`);
      mapRef.current = m;
      m.on('load', () => {
        setReady(true);
        if (!street) void fillLand(m);
      });
      m.on('error', (e: maplibregl.ErrorEvent & { sourceId?: string }) => {
        if (/webgl/i.test(String(e.error?.message ?? ''))) setFailed(true);
        else if (street && e.sourceId && e.sourceId !== LAND_SOURCE) fallBack(m);
      });
      if (street) {
        let settled = false;
        m.on('sourcedata', (e: maplibregl.MapSourceDataEvent) => {
          if (e.tile) {
            settled = true;
            clearTimeout(timer);
          }
        });
        m.once('load', () => {
          timer = setTimeout(() => !settled && fallBack(m), TILES_TIMEOUT_MS);
        });
      }
      m.on('click', (e: maplibregl.MapMouseEvent) => {
        // A click on the pin itself (or the end of its drag) is not a new place.
        const target = e.originalEvent?.target;
        if (target instanceof Element && target.closest('.maplibregl-marker')) return;
        const at = e.lngLat.wrap();
        latest.current.onChange([round(at.lng), round(at.lat)]);
      });
    };

    let fellBackOnce = false;
    /** The street map could not be reached: the bundled outline instead, keeping the view and the pin. */
    const fallBack = (m: maplibregl.Map) => {
      if (fellBackOnce || cancelled) return;
      fellBackOnce = true;
      clearTimeout(timer);
      if (tiles) markStreetMapUnavailable(tiles.url);
      setFellBack(true);
      m.once('style.load', () => void fillLand(m));
      m.setStyle(offlineMapStyle(null), { diff: false });
    };

    if (tiles?.kind === 'style') {
      void loadStreetStyle(tiles.url).then((style) => (style ? start(streetMapStyle(style, tiles.attribution), true) : (setFellBack(true), start(offlineMapStyle(null), false))));
    } else start(offlineMapStyle(tiles), !!tiles);

    return () => {
      cancelled = true;
      clearTimeout(timer);
      marker.current?.remove();
      marker.current = null;
      map?.remove();
      mapRef.current = null;
    };
    // Created once; the pin follows `value` below.
  }, []);

  // The pin: made when the first point is chosen, then moved to follow `value`.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    if (!value) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      const el = document.createElement('button');
      el.type = 'button';
      el.className = 'map-pin';
      el.innerHTML = PIN_SVG;
      el.setAttribute('data-testid', `${testId}-pin`);
      el.addEventListener('keydown', (event) => {
        const moves: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
        const move = moves[event.key];
        const m = mapRef.current;
        if (!move || !m || !marker.current) return;
        // The pin moves, not the map (whose own arrow keys pan it).
        event.preventDefault();
        event.stopPropagation();
        const step = KEY_STEP_PX * (event.shiftKey ? 5 : 1);
        const at = m.project(marker.current.getLngLat());
        const next = m.unproject([at.x + move[0] * step, at.y + move[1] * step]).wrap();
        latest.current.onChange([round(next.lng), round(next.lat)]);
      });
      const pin = new maplibregl.Marker({ element: el, draggable: true, anchor: 'bottom' }).setLngLat([value[0], value[1]]).addTo(map);
      pin.on('dragend', () => {
        const at = pin.getLngLat().wrap();
        latest.current.onChange([round(at.lng), round(at.lat)]);
      });
      marker.current = pin;
      if (map.getZoom() < 12) map.jumpTo({ center: [value[0], value[1]], zoom: PIN_ZOOM });
    } else {
      marker.current.setLngLat([value[0], value[1]]);
      // Typed coordinates may move the pin off the screen: bring it back into view.
      if (!map.getBounds().contains([value[0], value[1]])) map.easeTo({ center: [value[0], value[1]], duration: 300 });
    }
    marker.current.getElement().setAttribute('aria-label', t('pinLabel', 'Property location: move it with the arrow keys, or drag it'));
    container.current?.setAttribute('data-pin', `${value[1]},${value[0]}`);
  }, [ready, value, t, testId]);

  if (failed) {
    return (
      <div className="flex h-full items-center justify-center p-6 text-center text-slate-700" role="status">
        {t('pinMapUnavailable', 'The map cannot be shown in this browser. Enter the coordinates below instead.')}
      </div>
    );
  }
  return (
    <>
      <div ref={container} className="h-full w-full" data-testid={testId} data-ready={ready ? 'true' : 'false'} />
      {fellBack ? (
        <p className="map-fallback-note" data-testid="map-fallback-note">
          {t('streetMapUnavailable', 'Street map unavailable — showing a simplified map')}
        </p>
      ) : null}
    </>
  );
}

/** Six decimals, as the API keeps coordinates (spec §5). */
function round(n: number): number {
  const r = Math.round(n * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}
