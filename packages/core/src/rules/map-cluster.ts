import { MAP_CLUSTER_GRID_SIZE, MAP_CLUSTER_MIN_SIZE } from './constants.ts';

/** A map point already projected to pixels at the zoom being drawn. */
export interface PixelPoint<Id = number> {
  id: Id;
  x: number;
  y: number;
}

/** Several points drawn as one: their count, centre (mean position, in pixels) and members. */
export interface PointCluster<Id = number> {
  count: number;
  x: number;
  y: number;
  ids: Id[];
}

export interface GridClusterResult<Id = number> {
  clusters: PointCluster<Id>[];
  /** Points drawn as themselves: alone in their grid square, or in a group below the minimum size. */
  singles: PixelPoint<Id>[];
}

export interface GridClusterOptions {
  /** Half the side of the square a cluster gathers points from, in pixels (spec: 60). */
  gridSize?: number;
  /** Fewest points that are drawn as a cluster (spec: 2). */
  minSize?: number;
}

interface Group<Id> {
  anchorX: number;
  anchorY: number;
  sumX: number;
  sumY: number;
  members: PixelPoint<Id>[];
}

/**
 * Grid clustering as the classic marker clusterer does it: points are taken in order; each joins
 * the nearest group whose anchor (its first point) lies within `gridSize` pixels on both axes,
 * else starts a new group. Groups smaller than `minSize` are drawn as single points.
 *
 * The result depends only on the pixel positions, so projecting to world pixels (not screen
 * pixels) keeps clusters still while the map pans, and zooming in splits them because every
 * distance doubles per zoom level.
 */
export function gridCluster<Id>(points: readonly PixelPoint<Id>[], options: GridClusterOptions = {}): GridClusterResult<Id> {
  const gridSize = options.gridSize ?? MAP_CLUSTER_GRID_SIZE;
  const minSize = Math.max(1, options.minSize ?? MAP_CLUSTER_MIN_SIZE);
  if (!(gridSize > 0)) throw new RangeError('gridSize must be a positive number of pixels');

  const groups: Group<Id>[] = [];
  // Anchors indexed by grid cell: a point can only join an anchor in its own or a neighbouring cell.
  const cells = new Map<string, Group<Id>[]>();
  const cellOf = (v: number) => Math.floor(v / gridSize);

  for (const point of points) {
    if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) continue;
    const cx = cellOf(point.x);
    const cy = cellOf(point.y);
    let best: Group<Id> | undefined;
    let bestDistance = Infinity;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const group of cells.get(`${cx + dx}:${cy + dy}`) ?? []) {
          const ax = Math.abs(point.x - group.anchorX);
          const ay = Math.abs(point.y - group.anchorY);
          if (ax > gridSize || ay > gridSize) continue;
          const distance = ax * ax + ay * ay;
          if (distance < bestDistance) {
            bestDistance = distance;
            best = group;
          }
        }
      }
    }
    if (best) {
      best.members.push(point);
      best.sumX += point.x;
      best.sumY += point.y;
      continue;
    }
    const group: Group<Id> = { anchorX: point.x, anchorY: point.y, sumX: point.x, sumY: point.y, members: [point] };
    groups.push(group);
    const key = `${cx}:${cy}`;
    const cell = cells.get(key);
    if (cell) cell.push(group);
    else cells.set(key, [group]);
  }

  const clusters: PointCluster<Id>[] = [];
  const singles: PixelPoint<Id>[] = [];
  for (const group of groups) {
    const count = group.members.length;
    if (count < minSize || count === 1) {
      singles.push(...group.members);
    } else {
      clusters.push({ count, x: group.sumX / count, y: group.sumY / count, ids: group.members.map((m) => m.id) });
    }
  }
  return { clusters, singles };
}

/** Web-Mercator latitude limit: the square world map ends here. */
export const MAX_MERCATOR_LATITUDE = 85.051129;

/** A longitude/latitude as pixels of the whole world map at `zoom` (origin top-left; MapLibre tiles are 512 px). */
export function lngLatToWorldPixel(lng: number, lat: number, zoom: number, tileSize = 512): { x: number; y: number } {
  const size = tileSize * 2 ** zoom;
  const clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The inverse of `lngLatToWorldPixel`. */
export function worldPixelToLngLat(x: number, y: number, zoom: number, tileSize = 512): { lng: number; lat: number } {
  const size = tileSize * 2 ** zoom;
  const lng = (x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / size;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { lng, lat };
}
