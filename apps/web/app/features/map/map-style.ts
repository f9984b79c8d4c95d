import type { StyleSpecification } from 'maplibre-gl';

export type MapTiles = { url: string; attribution: string };

/** Ids of the layers that draw a searched or drawn area. */
export const AREA_SOURCE = 'search-area';
/** Land drawn when there are no tiles (filled in once the outline file has loaded). */
export const LAND_SOURCE = 'land';

/**
 * A style that needs nothing from elsewhere: a plain background, plus raster tiles only when the
 * operator configured a tile server (MAP_TILE_URL). No glyphs or sprites: counts and prices are
 * HTML markers, so the map works offline and with tiles that fail to load.
 */
export function offlineMapStyle(tiles: MapTiles | null): StyleSpecification {
  return {
    version: 8,
    sources: {
      ...(tiles ? { tiles: { type: 'raster' as const, tiles: [tiles.url], tileSize: 256, maxzoom: 19, attribution: tiles.attribution || undefined } } : {}),
      ...(tiles ? {} : { [LAND_SOURCE]: { type: 'geojson' as const, data: { type: 'FeatureCollection' as const, features: [] } } }),
      [AREA_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      // Without tiles: sea and land from a bundled outline (Natural Earth 1:50m land).
      { id: 'background', type: 'background', paint: { 'background-color': tiles ? '#e7eef0' : '#d6e7ee' } },
      ...(tiles
        ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }]
        : [
            { id: 'land', type: 'fill' as const, source: LAND_SOURCE, paint: { 'fill-color': '#f5f3ee' } },
            { id: 'coast', type: 'line' as const, source: LAND_SOURCE, paint: { 'line-color': '#a8b3bf', 'line-width': 0.8 } },
          ]),
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
    ],
  };
}
