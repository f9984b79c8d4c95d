import type { StyleSpecification } from 'maplibre-gl';

export type MapTiles = { url: string; attribution: string };

/** Ids of the layers that draw a searched or drawn area. */
export const AREA_SOURCE = 'search-area';

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
      [AREA_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#e7eef0' } },
      ...(tiles ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }] : []),
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
