import { describe, expect, it } from 'vitest';
import { MAP_CLUSTER_GRID_SIZE, MAP_CLUSTER_MIN_SIZE } from './constants.ts';
import { gridCluster, lngLatToWorldPixel, worldPixelToLngLat } from './map-cluster.ts';

describe('gridCluster', () => {
  it('uses the spec defaults: grid 60 px, clusters of 2 or more', () => {
    expect(MAP_CLUSTER_GRID_SIZE).toBe(60);
    expect(MAP_CLUSTER_MIN_SIZE).toBe(2);
    const near = gridCluster([
      { id: 1, x: 100, y: 100 },
      { id: 2, x: 159, y: 159 },
    ]);
    expect(near.clusters).toHaveLength(1);
    const far = gridCluster([
      { id: 1, x: 100, y: 100 },
      { id: 2, x: 161, y: 100 },
    ]);
    expect(far.clusters).toHaveLength(0);
    expect(far.singles.map((p) => p.id)).toEqual([1, 2]);
  });

  it('puts two close points in one cluster with their count, mean centre and ids', () => {
    const { clusters, singles } = gridCluster([
      { id: 'a', x: 10, y: 20 },
      { id: 'b', x: 30, y: 40 },
    ]);
    expect(singles).toEqual([]);
    expect(clusters).toEqual([{ count: 2, x: 20, y: 30, ids: ['a', 'b'] }]);
  });

  it('leaves a lone point as a marker', () => {
    const { clusters, singles } = gridCluster([
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 5, y: 5 },
      { id: 3, x: 500, y: 500 },
    ]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0].ids).toEqual([1, 2]);
    expect(singles).toEqual([{ id: 3, x: 500, y: 500 }]);
  });

  it('draws groups below the minimum size as single markers', () => {
    const points = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 10, y: 0 },
      { id: 3, x: 1000, y: 0 },
      { id: 4, x: 1010, y: 0 },
      { id: 5, x: 1020, y: 0 },
    ];
    const { clusters, singles } = gridCluster(points, { minSize: 3 });
    expect(clusters.map((c) => c.ids)).toEqual([[3, 4, 5]]);
    expect(singles.map((p) => p.id)).toEqual([1, 2]);
  });

  it('joins the nearest anchor when two are in reach', () => {
    const { clusters } = gridCluster(
      [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 100, y: 0 },
        { id: 3, x: 70, y: 0 },
      ],
      { minSize: 1 },
    );
    expect(clusters.map((c) => c.ids)).toEqual([[2, 3]]);
  });

  it('counts every point exactly once, across grid cells and negative coordinates', () => {
    const points = Array.from({ length: 500 }, (_, i) => ({ id: i, x: ((i * 37) % 1000) - 500, y: ((i * 91) % 800) - 400 }));
    const { clusters, singles } = gridCluster(points);
    const ids = [...clusters.flatMap((c) => c.ids), ...singles.map((p) => p.id)].sort((a, b) => a - b);
    expect(ids).toEqual(points.map((p) => p.id));
    for (const c of clusters) expect(c.count).toBe(c.ids.length);
  });

  it('skips points without a finite position and refuses a grid that is not positive', () => {
    expect(gridCluster([{ id: 1, x: Number.NaN, y: 0 }])).toEqual({ clusters: [], singles: [] });
    expect(() => gridCluster([], { gridSize: 0 })).toThrow(RangeError);
  });

  it('splits a cluster when zooming in, because pixel distances double per level', () => {
    // Two listings about 600 m apart in Mumbai.
    const places = [
      { id: 1, lng: 72.8777, lat: 19.076 },
      { id: 2, lng: 72.8827, lat: 19.0795 },
    ];
    const at = (zoom: number) => gridCluster(places.map((p) => ({ id: p.id, ...lngLatToWorldPixel(p.lng, p.lat, zoom) })));
    expect(at(11).clusters).toHaveLength(1);
    expect(at(11).clusters[0].count).toBe(2);
    expect(at(15).clusters).toHaveLength(0);
    expect(at(15).singles).toHaveLength(2);
  });
});

describe('world pixels', () => {
  it('puts (0, 0) in the middle of the world map and round-trips', () => {
    expect(lngLatToWorldPixel(0, 0, 0)).toEqual({ x: 256, y: 256 });
    const p = lngLatToWorldPixel(72.8777, 19.076, 12);
    const back = worldPixelToLngLat(p.x, p.y, 12);
    expect(back.lng).toBeCloseTo(72.8777, 6);
    expect(back.lat).toBeCloseTo(19.076, 6);
  });

  it('clamps the poles to the square map', () => {
    expect(lngLatToWorldPixel(0, 90, 0).y).toBeCloseTo(0, 3);
    expect(lngLatToWorldPixel(0, -90, 0).y).toBeCloseTo(512, 3);
  });
});
