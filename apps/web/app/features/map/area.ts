/** A map area in the page URL, in the API's own formats (`bbox`, `polygon` of get-property-list). */
export type LngLat = [lng: number, lat: number];
export type Bounds = [west: number, south: number, east: number, north: number];

/** Five decimals is about a metre: enough for a search area, short in a URL. */
const round = (v: number) => Math.round(v * 1e5) / 1e5;
const clampLng = (v: number) => Math.max(-180, Math.min(180, v));
const clampLat = (v: number) => Math.max(-90, Math.min(90, v));

export function formatBbox([west, south, east, north]: Bounds): string {
  return [clampLng(west), clampLat(south), clampLng(east), clampLat(north)].map(round).join(',');
}

export function parseBbox(value: string | null | undefined): Bounds | null {
  if (!value) return null;
  const n = value.split(',').map((p) => Number(p.trim()));
  if (n.length !== 4 || !n.every(Number.isFinite)) return null;
  const [west, south, east, north] = n;
  if (west > east || south > north || Math.abs(south) > 90 || Math.abs(north) > 90 || Math.abs(west) > 180 || Math.abs(east) > 180) return null;
  return [west, south, east, north];
}

export function formatPolygon(points: readonly LngLat[]): string {
  return points.map(([lng, lat]) => `${round(clampLng(lng))} ${round(clampLat(lat))}`).join(',');
}

export function parsePolygon(value: string | null | undefined): LngLat[] | null {
  if (!value) return null;
  const points = value.split(',').map((pair) => pair.trim().split(/\s+/).map(Number));
  if (points.length < 3 || !points.every((p) => p.length === 2 && p.every(Number.isFinite) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90)) return null;
  return points.map(([lng, lat]) => [lng, lat]);
}

/** The smallest bounds holding every point; null for none. */
export function boundsOf(points: readonly LngLat[]): Bounds | null {
  if (!points.length) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}
