import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsByIdsQuery, countQuery, mapPointsQuery, searchIdsQuery, type PropertyFilters } from '../src/modules/properties/repository.ts';
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
  // The combinations visitors send most (bench/search-mixes.ts draws them).
  ['city, type and budget', { city: 'Mumbai', propertyType: 1, minPrice: 20_000, maxPrice: 90_000 }],
  ['city, category and bedrooms', { city: 'Pune', categoryId: 1, bedrooms: 2 }],
  ['city and text', { city: 'Mumbai', search: 'sea' }],
  ['map area, type and budget', { bbox: { minLng: 72.8, minLat: 18.9, maxLng: 72.95, maxLat: 19.2 }, propertyType: 0, maxPrice: 50_000_000 }],
];
const sorts: PropertySort[] = ['newest', 'oldest', 'price_asc', 'price_desc', 'most_viewed', 'most_liked'];

describe('the listing search is served by indexes', () => {
  it.each(filters)('%s', async (_name, f) => {
    const queries = [searchIdsQuery(f, { sort: 'newest', limit: 12, offset: 0 }), countQuery(f), mapPointsQuery(f, 2001)];
    for (const query of queries) {
      const plan = await planOf(query);
      expect(plan).not.toMatch(/Seq Scan on properties/);
      expect(plan).toMatch(/Index|Bitmap/);
    }
  });

  it.each(sorts)('sorted by %s', async (sort) => {
    const plan = await planOf(searchIdsQuery({}, { sort, limit: 12, offset: 0 }));
    expect(plan).not.toMatch(/Seq Scan on properties/);
  });

  it('the per-card lookups of a page read by id use indexes too', async () => {
    const plan = await planOf(cardsByIdsQuery([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    for (const table of ['properties', 'property_parameters', 'property_facilities', 'advertisements']) {
      expect(plan, table).not.toMatch(new RegExp(`Seq Scan on ${table}`));
    }
  });
});

describe('on a market of 20,000 listings, vacuumed as on a live server', () => {
  beforeAll(async () => {
    // On a handful of rows the planner rightly prefers anything; these plans need a market.
    await t.db.execute(sql`
      insert into properties (slug_id, title, price, category_id, property_type, city, latitude, longitude, status, request_status,
        bedrooms, total_click, created_at)
      select 'market-' || g, 'Listing ' || g, 10000 + (g * 7919) % 90000000, (select min(id) from categories), (g / 7) % 2,
        (array['Mumbai', 'Pune', 'Delhi', 'Chennai'])[1 + g % 4], 18 + (g % 1000) / 500.0, 72 + (g % 997) / 400.0, 1, 'approved',
        1 + g % 5, (g * 31) % 5000, now() - (g % 700) * interval '1 day'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`vacuum analyze properties`);
  });

  // Decision 7: the sort-order indexes carry the filtered columns, so a page of ids and a capped
  // count test the filters inside the index and never read the rows they reject.
  const indexOnly: [string, PropertyFilters, PropertySort][] = [
    ['city, type and budget', { city: 'Mumbai', propertyType: 1, maxPrice: 30_000_000 }, 'newest'],
    ['city and bedrooms by price', { city: 'Pune', bedrooms: 2 }, 'price_asc'],
    ['type and category, most viewed', { propertyType: 0, categoryId: 1 }, 'most_viewed'],
    ['map area and type, cheapest first', { bbox: { minLng: 72.8, minLat: 18.9, maxLng: 72.95, maxLat: 19.2 }, propertyType: 0 }, 'price_asc'],
  ];
  it.each(indexOnly)('%s: the page and the count read one index only', async (_name, f, sort) => {
    for (const query of [searchIdsQuery(f, { sort, limit: 12, offset: 0 }), countQuery(f)]) {
      const plan = await planOf(query);
      expect(plan).toMatch(/Index Only Scan using properties_listed_\w+ on properties/);
      // A filter left for after the row is read ("Filter:") means rows read only to be rejected.
      expect(plan).not.toMatch(/Filter: .*(city|price|property_type|category_id|bedrooms|latitude|longitude)/);
      expect(plan).not.toMatch(/Seq Scan on properties/);
    }
  });

  it('a page of cards is read by primary key', async () => {
    const plan = await planOf(cardsByIdsQuery([101, 2002, 3003, 4004, 5005, 6006, 7007, 8008, 9009, 10010, 11011, 12012]));
    expect(plan).toMatch(/Index Cond: \(id = ANY/);
    expect(plan).toMatch(/properties_pkey/);
  });

  it('the map area is a range on latitude and longitude, served by the place index', async () => {
    const plan = await planOf(mapPointsQuery({ bbox: { minLng: 72.8, minLat: 18.9, maxLng: 72.95, maxLat: 19.2 } }, 2001));
    expect(plan).toMatch(/properties_listed_place_idx/);
  });

});
