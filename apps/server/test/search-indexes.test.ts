import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQuery, mapPointsQuery, searchQuery, type PropertyFilters } from '../src/modules/properties/repository.ts';
import type { PropertySort } from '@estate/core';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * "Every query the listing search runs is served by an index": with sequential scans priced out,
 * a plan that still scans `properties` sequentially means no index can serve that filter.
 */
async function planOf(query: ReturnType<typeof sql>): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plan = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const filters: [string, PropertyFilters][] = [
  ['no filter', {}],
  ['property type', { propertyType: 1 }],
  ['category', { categoryId: 1 }],
  ['city', { city: 'Mumbai' }],
  ['state', { state: 'Maharashtra' }],
  ['country', { country: 'India' }],
  ['price range', { minPrice: 1_000_000, maxPrice: 5_000_000 }],
  ['posted since', { postedSince: 0 }],
  ['promoted', { promoted: true }],
  ['text search', { search: 'sea view' }],
  ['parameter', { parameterId: 1 }],
  ['facilities', { facilityIds: [1, 2] }],
  ['bedrooms', { bedrooms: 3 }],
  ['bathrooms', { bathrooms: 2 }],
  ['living rooms', { livingRooms: 1 }],
  ['floors', { floors: 2 }],
  ['premium', { isPremium: true }],
  ['owner', { ownerId: 1 }],
  ['bounding box', { bbox: { minLng: 72.8, minLat: 18.9, maxLng: 72.95, maxLat: 19.2 } }],
  ['polygon', { polygon: [{ lng: 72.8, lat: 18.9 }, { lng: 72.95, lat: 18.9 }, { lng: 72.9, lat: 19.2 }] }],
  ['radius', { circle: { latitude: 19.07, longitude: 72.87, radiusKm: 5 } }],
];
const sorts: PropertySort[] = ['newest', 'oldest', 'price_asc', 'price_desc', 'most_viewed', 'most_liked'];

describe('the listing search is served by indexes', () => {
  it.each(filters)('%s', async (_name, f) => {
    const queries = [searchQuery(f, { sort: 'newest', limit: 12, offset: 0, viewerId: 1 }), countQuery(f), mapPointsQuery(f, 2001)];
    for (const query of queries) {
      const plan = await planOf(query);
      expect(plan).not.toMatch(/Seq Scan on properties/);
      expect(plan).toMatch(/Index|Bitmap/);
    }
  });

  it.each(sorts)('sorted by %s', async (sort) => {
    const plan = await planOf(searchQuery({}, { sort, limit: 12, offset: 0, viewerId: null }));
    expect(plan).not.toMatch(/Seq Scan on properties/);
  });

  it('the per-card lookups use indexes too', async () => {
    const plan = await planOf(searchQuery({ city: 'Mumbai' }, { sort: 'newest', limit: 12, offset: 0, viewerId: 1 }));
    for (const table of ['property_parameters', 'property_facilities', 'advertisements', 'favourites']) {
      expect(plan, table).not.toMatch(new RegExp(`Seq Scan on ${table}`));
    }
  });
});
