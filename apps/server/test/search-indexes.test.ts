import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinMs } from '../src/db/client.ts';
import { cardsByIdsQuery, countQuery, mapPointsQuery, propertyRepository, searchIdsQuery, searched, type PropertyFilters } from '../src/modules/properties/repository.ts';
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
    // Vacuum marks a page all-visible (what lets a plan read the index only) once no transaction
    // of this database could still miss its rows: the app's own background work, slow while the
    // whole suite runs, can hold that back. So again until every page is, as autovacuum would.
    for (let tries = 0; tries < 50; tries++) {
      await t.db.execute(sql`vacuum analyze properties`);
      const [table] = await rows<{ visible: number; pages: number }>(t.db, sql`select relallvisible as visible, relpages as pages from pg_class where relname = 'properties'`);
      if (table.visible >= table.pages) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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

  // A text search walks its sort order's index for TEXT_WALK_MS at most, then runs from its
  // words' matches: the same rows in the same order, found through the text's GIN index.
  const texts: [string, PropertyFilters][] = [
    ['a word many titles have', { search: 'listing' }],
    ['a word and a city', { search: 'listing', city: 'Pune' }],
    ['words no title has together', { search: 'listing zzyzx' }],
  ];
  it.each(texts)('%s: from its matches, the same page in every order as walking the sort', async (_name, f) => {
    for (const sort of sorts) {
      for (const offset of [0, 24]) {
        const walked = await rows<{ id: number }>(t.db, searchIdsQuery(f, { sort, limit: 12, offset }));
        const fromMatches = await rows<{ id: number }>(t.db, searchIdsQuery(f, { sort, limit: 12, offset }, true));
        expect(fromMatches.map((r) => r.id), `${sort} from ${offset}`).toEqual(walked.map((r) => r.id));
      }
    }
    const points = (fromMatches: boolean) => rows<{ id: number }>(t.db, mapPointsQuery(f, 2001, fromMatches));
    expect((await points(true)).map((r) => r.id)).toEqual((await points(false)).map((r) => r.id));
  });

  it.each(sorts)('a text search from its matches, sorted by %s, is sorted once found, not walked in an index order', async (sort) => {
    for (const search of ['listing', 'listing zzyzx']) {
      const plan = await planOf(searchIdsQuery({ search }, { sort, limit: 12, offset: 0 }, true));
      expect(plan, search).toMatch(/^Limit[^\n]*\n\s*->\s+Sort /);
    }
    // Walking it is what PostgreSQL chooses for a word every listing has.
    expect(await planOf(searchIdsQuery({ search: 'listing' }, { sort, limit: 12, offset: 0 }))).not.toMatch(/^Limit[^\n]*\n\s*->\s+Sort /);
  });

  it('a statement that runs past its time is cancelled on PostgreSQL (PGlite runs it to the end)', async () => {
    const slept = await withinMs(t.db, 50, (tx) => tx.execute(sql`select pg_sleep(0.5)`));
    if (t.kind === 'postgres') expect(slept).toBeNull();
    else expect(slept).not.toBeNull();
    // The limit ended with its transaction.
    await t.db.execute(sql`select pg_sleep(0.1)`);
    expect(await withinMs(t.db, 1000, async (tx) => rows<{ n: number }>(tx, sql`select 1 as n`))).toEqual([{ n: 1 }]);
  });

  it('a text search whose walk runs past its time is answered from its matches; one without text is not timed', async () => {
    const slowWalk = (fromMatches: boolean) => (fromMatches ? sql`select 2 as id` : sql`select 1 as id from pg_sleep(0.3)`);
    expect(await searched(t.db, { search: 'sea' }, slowWalk)).toEqual(t.kind === 'postgres' ? [{ id: 2 }] : [{ id: 1 }]);
    expect(await searched(t.db, {}, slowWalk)).toEqual([{ id: 1 }]);
    const quickWalk = (fromMatches: boolean) => (fromMatches ? sql`select 2 as id` : sql`select 1 as id`);
    expect(await searched(t.db, { search: 'sea' }, quickWalk)).toEqual([{ id: 1 }]);
  });

  it('the search and the map run a text search through the timed walk, and a search without text directly', async () => {
    let transactions = 0;
    const counted = new Proxy(t.db, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key !== 'transaction') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => {
          transactions++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const f = { search: 'listing', city: 'Pune' };
    const page = await propertyRepository.searchIds(counted, f, { sort: 'newest', limit: 12, offset: 0 });
    expect(page).toEqual((await rows<{ id: number }>(t.db, searchIdsQuery(f, { sort: 'newest', limit: 12, offset: 0 }))).map((r) => r.id));
    expect((await propertyRepository.mapPoints(counted, f, 50)).length).toBeGreaterThan(0);
    expect(transactions).toBe(2);
    await propertyRepository.searchIds(counted, { city: 'Pune' }, { sort: 'newest', limit: 12, offset: 0 });
    await propertyRepository.mapPoints(counted, { city: 'Pune' }, 50);
    expect(transactions).toBe(2);
  });

  it('the map area is a range on latitude and longitude, served by the place index', async () => {
    const plan = await planOf(mapPointsQuery({ bbox: { minLng: 72.8, minLat: 18.9, maxLng: 72.95, maxLat: 19.2 } }, 2001));
    expect(plan).toMatch(/properties_listed_place_idx/);
  });

});
