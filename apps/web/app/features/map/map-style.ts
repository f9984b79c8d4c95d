import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';

/**
 * The street map the operator configured (root loader, from MAP_TILE_URL or MAP_STYLE_URL):
 * raster tiles from a URL template, or a MapLibre style JSON. `attribution` is the credit to
 * show; empty for a style means the style's own sources carry it.
 */
export type MapTiles = { kind: 'raster' | 'style'; url: string; attribution: string };

/** Ids of the layers that draw a searched or drawn area. */
export const AREA_SOURCE = 'search-area';
/** Land drawn when there is no street map (filled in once the outline file has loaded). */
export const LAND_SOURCE = 'land';

const emptyData = { type: 'FeatureCollection' as const, features: [] };

/** The searched or drawn area, on top of whatever map is below. */
const areaSource: SourceSpecification = { type: 'geojson', data: emptyData };
const areaLayers: LayerSpecification[] = [
  {
    id: 'area-fill',
    type: 'fill',
    source: AREA_SOURCE,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': '#0f766e', 'fill-opacity': 0.12 },
  },
  {
    id: 'area-line',
    type: 'line',
    source: AREA_SOURCE,
    paint: { 'line-color': '#115e59', 'line-width': 2, 'line-dasharray': [2, 1] },
  },
];

/**
 * A style that needs nothing from elsewhere: a plain background, plus raster tiles only when the
 * operator configured a tile server (MAP_TILE_URL). No glyphs or sprites: counts and prices are
 * HTML markers, so the map works offline and with tiles that fail to load.
 */
export function offlineMapStyle(tiles: MapTiles | null): StyleSpecification {
  const raster = tiles?.kind === 'raster' ? tiles : null;
  return {
    version: 8,
    sources: {
      ...(raster ? { tiles: { type: 'raster' as const, tiles: [raster.url], tileSize: 256, maxzoom: 19, attribution: raster.attribution || undefined } } : {}),
      ...(raster ? {} : { [LAND_SOURCE]: { type: 'geojson' as const, data: emptyData } }),
      [AREA_SOURCE]: areaSource,
    },
    layers: [
      // Without tiles: sea and land from a bundled outline (Natural Earth 1:50m land).
      { id: 'background', type: 'background', paint: { 'background-color': raster ? '#e7eef0' : '#d6e7ee' } },
      ...(raster
        ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }]
        : [
            { id: 'land', type: 'fill' as const, source: LAND_SOURCE, paint: { 'fill-color': '#f5f3ee' } },
            { id: 'coast', type: 'line' as const, source: LAND_SOURCE, paint: { 'line-color': '#a8b3bf', 'line-width': 0.8 } },
          ]),
      ...areaLayers,
    ],
  };
}

/** The sources of a style that load tiles from a server (what can fail when it cannot be reached). */
export function tileSourceIds(style: StyleSpecification): string[] {
  return Object.entries(style.sources)
    .filter(([, source]) => source.type === 'vector' || source.type === 'raster' || source.type === 'raster-dem')
    .map(([id]) => id);
}

/**
 * A fetched street style with the searched area drawn on top. A configured credit replaces the
 * sources' own (so it shows once); it sits on a street source, so it goes when the map falls back
 * to the outline, which needs no credit.
 */
export function streetMapStyle(style: StyleSpecification, attribution: string): StyleSpecification {
  const sources: Record<string, SourceSpecification> = {};
  const [credited] = tileSourceIds(style);
  for (const [id, source] of Object.entries(style.sources)) {
    if (!attribution || !('attribution' in source || id === credited)) sources[id] = source;
    else sources[id] = { ...source, attribution: id === credited ? attribution : undefined } as SourceSpecification;
  }
  return {
    ...style,
    sources: { ...sources, [AREA_SOURCE]: areaSource },
    layers: [...style.layers.filter((layer) => !layer.id.startsWith('area-')), ...areaLayers],
  };
}
