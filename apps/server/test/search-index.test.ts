import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROPERTY_SORTS, type PropertySort } from '@estate/core';
import { countQuery, mapPointsQuery, searchIdsQuery, type MapPointRow, type PropertyFilters } from '../src/modules/properties/repository.ts';
import { toMapPoint } from '../src/modules/properties/presenter.ts';
import { SearchIndex } from '../src/modules/properties/search-index.ts';
import { searchIndexRepository } from '../src/modules/properties/search-index-repository.ts';
import { mulberry32 as rng } from '../src/demo/assets/random.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

/**
 * The in-memory search index (decision 13) must answer exactly what SQL answers: the same ids in
 * the same order and the same capped count, for every filter it holds, before and after writes.
 */
let t: TestApp;
let index: SearchIndex;
const CAP = 1000;

beforeAll(async () => {
  t = await createTestApp();
  // Enough listings to cross the count's cap, with ties on every sort key (same time, price,
  // views and likes) so the tie-break by id is tested, spread over cities, types and boxes, with
  // titles whose words (stop words among them) text searches look for.
  await t.db.execute(sql`
    insert into properties (slug_id, title, price, category_id, property_type, city, state, country, status, request_status,
      bedrooms, bathrooms, is_premium, total_click, total_favourites, latitude, longitude, created_at, owner_id)
    select 'parity-' || g, (array['Sea view flat', 'The quiet villa by the sea', 'Running apartments near the park', 'Sunny home'])[1 + g % 4] || ' ' || g, 100000 * (1 + g % 37), (select min(id) from categories) + g % 3, g % 2,
      (array['Mumbai', 'Pune', 'Parityville', 'PUNE'])[1 + g % 4], (array['Maharashtra', 'Goa'])[1 + g % 2], 'India', 1,
      case when g % 29 = 0 then 'pending' else 'approved' end,
      case when g % 5 = 0 then null else g % 4 end, g % 3, g % 7 = 0, g % 11, g % 5,
      case when g % 13 = 0 then null else 18.9 + (g % 50) * 0.01 end, 72.8 + (g % 40) * 0.01,
      timestamptz '2026-01-01' + (g % 200) * interval '1 hour', case when g % 9 = 0 then null else (select min(id) from users) end
    from generate_series(1, 1400) g`);
  index = new SearchIndex(t.db, { staleMs: 0, pollMs: 0, chunk: 300 });
  await index.start();
});
afterAll(async () => {
  index?.close();
  await t?.close();
});
// An index that starts learns the words searched lately (search_words): each test starts without any.
beforeEach(async () => {
  await t.db.execute(sql`delete from search_words`);
});

async function sqlPage(f: PropertyFilters, sort: PropertySort, limit: number, offset: number) {
  const ids = (await rows<{ id: number }>(t.db, searchIdsQuery(f, { sort, limit, offset }))).map((r) => r.id);
  const total = (await rows<{ n: number }>(t.db, countQuery(f)))[0].n;
  return { ids, total };
}

async function expectSame(f: PropertyFilters, sort: PropertySort, limit = 12, offset = 0) {
  expect(index.holds(f)).toBe(true);
  const mine = await index.page(f, sort, limit, offset, CAP);
  expect(mine, JSON.stringify({ f, sort, offset })).toEqual(await sqlPage(f, sort, limit, offset));
}

function randomFilters(r: () => number, cities: string[], categories: number[]): PropertyFilters {
  const f: PropertyFilters = {};
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  if (r() < 0.6) f.city = pick(cities);
  if (r() < 0.5) f.propertyType = pick([0, 1]);
  if (r() < 0.3) f.categoryId = pick(categories);
  if (r() < 0.3) f.maxPrice = pick([300000, 1500000, 2500000, 90000000]);
  if (r() < 0.2) f.minPrice = pick([100000, 1000000, 2000000]);
  if (r() < 0.2) f.bedrooms = pick([0, 1, 2, 3]);
  if (r() < 0.1) f.bathrooms = pick([0, 1, 2]);
  if (r() < 0.1) f.isPremium = r() < 0.5;
  if (r() < 0.1) f.state = pick(['Maharashtra', 'goa', 'Nowhere']);
  if (r() < 0.1) f.country = pick(['India', 'INDIA']);
  if (r() < 0.2) {
    const lat = 18.9 + r() * 0.5;
    const lng = 72.8 + r() * 0.4;
    const half = pick([0.02, 0.1, 0.4]);
    f.bbox = { minLat: lat - half, maxLat: lat + half, minLng: lng - half, maxLng: lng + half };
  }
  if (r() < 0.05) f.ownerId = r() < 0.5 ? null : 1;
  if (r() < 0.05) f.postedSince = 0;
  return f;
}

describe('in-memory search index', () => {
  it('answers what SQL answers, for random filter sets in every sort order and page', async () => {
    const cities = ['Mumbai', 'pune', 'PARITYVILLE', 'Nowhere', ...(await rows<{ city: string }>(t.db, sql`select distinct city from properties where city is not null limit 5`)).map((c) => c.city)];
    const categories = (await rows<{ id: number }>(t.db, sql`select id from categories order by id limit 4`)).map((c) => c.id);
    const r = rng(7);
    for (let i = 0; i < 150; i++) {
      const f = randomFilters(r, cities, categories);
      const sort = PROPERTY_SORTS[Math.floor(r() * PROPERTY_SORTS.length)];
      await expectSame(f, sort, 12, r() < 0.2 ? 12 * Math.floor(r() * 90) : 0);
    }
  });

  it('lays out what it read in steps, letting the server answer between them, and is ready only after the last', async () => {
    const fresh = new SearchIndex(t.db, { staleMs: 0, pollMs: 0, chunk: 300 });
    // A turn of the event loop each time round: what the index showed then.
    const seen: { listed: number; ready: boolean }[] = [];
    let ticking = true;
    const tick = () => {
      seen.push({ listed: fresh.listed, ready: fresh.ready });
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    try {
      await fresh.start();
    } finally {
      ticking = false;
      fresh.close();
    }
    expect(fresh.listed).toBeGreaterThan(300);
    // Every listing read and the index not yet answering: the turns between its steps (laying
    // out, each sort order, the groups), where in one piece there were none.
    const between = seen.filter((s) => s.listed === fresh.listed && !s.ready);
    expect(between.length).toBeGreaterThanOrEqual(6);
  });

  it('answers the same whichever way it runs a search: walking the order or testing the candidates', async () => {
    const cities = ['Mumbai', 'pune', 'PARITYVILLE', 'Nowhere'];
    const categories = (await rows<{ id: number }>(t.db, sql`select id from categories order by id limit 4`)).map((c) => c.id);
    // Each plan also with every equality filters' bitmaps ANDed (at a million listings, a city's bitmap is over 2,048).
    for (const [plan, andAbove] of [['walk', undefined], ['candidates', undefined], ['groups', undefined], ['walk', 0], ['candidates', 0], ['groups', 0]] as const) {
      const forced = new SearchIndex(t.db, { staleMs: 0, pollMs: 0, plan, andAbove });
      await forced.start();
      try {
        const r = rng(11);
        for (let i = 0; i < 80; i++) {
          const f = randomFilters(r, cities, categories);
          const sort = PROPERTY_SORTS[Math.floor(r() * PROPERTY_SORTS.length)];
          const offset = r() < 0.2 ? 12 * Math.floor(r() * 90) : 0;
          expect(await forced.page(f, sort, 12, offset, CAP), JSON.stringify({ plan, andAbove, f, sort, offset })).toEqual(await sqlPage(f, sort, 12, offset));
        }
        expect(await forced.mapIds({ city: 'Mumbai' }, 300)).toEqual((await rows<{ id: number }>(t.db, mapPointsQuery({ city: 'Mumbai' }, 300))).map((p) => p.id));
        // Map markers (newest first, many at once) and newest pages: what the newest order's groups by city and cell serve.
        for (let i = 0; i < 40; i++) {
          const f = randomFilters(r, cities, categories);
          const need = [1, 30, 300][i % 3];
          expect(await forced.mapIds(f, need), JSON.stringify({ plan, andAbove, f, need })).toEqual((await rows<{ id: number }>(t.db, mapPointsQuery(f, need))).map((p) => p.id));
          expect(await forced.page(f, 'newest', need, 0, CAP), JSON.stringify({ plan, andAbove, f, need })).toEqual(await sqlPage(f, 'newest', need, 0));
        }
      } finally {
        forced.close();
      }
    }
  });

  it('counts up to the cap, and pages beyond it', async () => {
    await expectSame({}, 'newest');
    await expectSame({ city: 'Parityville' }, 'price_desc', 12, 1008);
    expect((await index.page({}, 'newest', 12, 0, CAP))!.total).toBe(CAP);
  });

  it('finds the map markers SQL finds, newest first', async () => {
    for (const f of [{}, { city: 'Mumbai' }, { bbox: { minLat: 19, maxLat: 19.2, minLng: 72.8, maxLng: 73 } }, { propertyType: 1, maxPrice: 900000 }] as PropertyFilters[]) {
      const expected = (await rows<{ id: number }>(t.db, mapPointsQuery(f, 500))).map((p) => p.id);
      expect(await index.mapIds(f, 500)).toEqual(expected);
    }
  });

  it('keeps every marker as SQL would make it, through writes to what a marker shows', async () => {
    const origin = 'https://ghar.example';
    const expectSameMarkers = async (f: PropertyFilters) => {
      const expected = (await rows<MapPointRow>(t.db, mapPointsQuery(f, 501))).map((r) => toMapPoint(r, origin));
      const kept = await index.mapMarkers(f, 500, origin);
      expect(kept, JSON.stringify(f)).not.toBeNull();
      expect({ markers: JSON.parse(`[${kept!.json.toString()}]`), count: kept!.count, truncated: kept!.truncated }, JSON.stringify(f)).toEqual({
        markers: expected.slice(0, 500),
        count: Math.min(500, expected.length),
        truncated: expected.length > 500,
      });
    };
    const ids = (await rows<{ id: number }>(t.db, sql`select id from properties where slug_id like 'parity-%' and status = 1 and request_status = 'approved' and latitude is not null order by created_at desc, id desc limit 6`)).map((x) => x.id);
    await t.db.execute(sql`update properties set title_image = 'properties/' || id || '/title.webp' where id = any(${`{${ids.join(',')}}`}::int[])`);
    await index.catchUp();
    await expectSameMarkers({});
    // Titles in every script and with characters JSON escapes; images on the origin, absolute, none; off the map; unlisted.
    await t.db.execute(sql`update properties set title = 'फ़्लैट "समुद्र" के पास' where id = ${ids[0]}`);
    await t.db.execute(sql`update properties set title = 'شقة\ مطلة على البحر', title_image = 'https://cdn.example/a.webp' where id = ${ids[1]}`);
    await t.db.execute(sql`update properties set title_image = null, rentduration = 'Monthly', price = 12345.5 where id = ${ids[2]}`);
    await t.db.execute(sql`update properties set latitude = null where id = ${ids[3]}`);
    await t.db.execute(sql`update properties set status = 0 where id = ${ids[4]}`);
    await index.catchUp();
    for (const f of [{}, { city: 'Mumbai' }, { propertyType: 1 }, { bbox: { minLat: 18.8, maxLat: 19.5, minLng: 72.7, maxLng: 73.3 } }] as PropertyFilters[]) await expectSameMarkers(f);
    await t.db.execute(sql`update properties set latitude = 19.05, status = 1 where id = any(${`{${ids[3]},${ids[4]}}`}::int[])`);
    await index.catchUp();
    await expectSameMarkers({});
  });

  it('answers the map from markers kept as JSON exactly as it would make them afresh', async () => {
    const cached = await createTestApp({ PUBLIC_CACHE_SECONDS: '10' });
    try {
      await cached.services.properties.index!.start();
      // Overlapping boxes: the second answer reuses markers the first one made.
      const boxes = [
        { minLng: 72.75, minLat: 18.85, maxLng: 73.0, maxLat: 19.3 },
        { minLng: 72.8, minLat: 18.9, maxLng: 73.1, maxLat: 19.4 },
      ];
      // A write the app invalidates for is seen by the next search, though the index looks only
      // every second and its orders may be 10 s old: the invalidation makes searches wait for a look.
      const [{ id: cheap }] = await rows<{ id: number }>(cached.db, sql`select id from properties where status = 1 and request_status = 'approved' order by price desc limit 1`);
      expect((await cached.get('/api/get-property-list', { sort_by: 'price_asc', limit: 1 })).body.data[0].id).not.toBe(cheap);
      await cached.db.execute(sql`update properties set price = 0.5 where id = ${cheap}`);
      // What the app does when a write invalidates pages (app.ts forgetPublicReads).
      cached.services.publicAnswers?.clear();
      cached.services.properties.forgetPublicReads();
      expect((await cached.get('/api/get-property-list', { sort_by: 'price_asc', limit: 1 })).body.data[0].id).toBe(cheap);
      for (const b of boxes) {
        const res = await cached.get('/api/get-property-map-points', { bbox: `${b.minLng},${b.minLat},${b.maxLng},${b.maxLat}` });
        expect(res.status).toBe(200);
        expect(res.raw.headers['content-type']).toMatch(/^application\/json/);
        const expected = (await rows<MapPointRow>(cached.db, mapPointsQuery({ bbox: b }, 2001))).map((r) => JSON.parse(JSON.stringify(toMapPoint(r, 'http://localhost:80'))));
        expect(res.body.data.length).toBeGreaterThan(0);
        expect({ ...res.body, data: res.body.data.map((p: { title_image: string | null }) => ({ ...p, title_image: p.title_image?.replace(/^https?:\/\/[^/]+/, 'http://localhost:80') ?? null })) }).toEqual({
          error: false,
          message: 'Data fetched successfully',
          data: expected.map((p) => ({ ...p, title_image: p.title_image?.replace(/^https?:\/\/[^/]+/, 'http://localhost:80') ?? null })),
          total: expected.length,
          truncated: false,
        });
        // The answer is made as bytes; the public cache keeps it like any other answer.
        const again = await cached.get('/api/get-property-map-points', { bbox: `${b.minLng},${b.minLat},${b.maxLng},${b.maxLat}` });
        expect(again.raw.headers['x-cache']).toBe('hit');
        expect(again.body).toEqual(res.body);
      }
    } finally {
      await cached.close();
    }
  });

  it('learns a word at its first search, then answers text searches exactly as SQL does', async () => {
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    await words.start();
    try {
      const f: PropertyFilters = { search: 'Villa', city: 'Mumbai' };
      expect(words.holds(f)).toBe(false);
      // The first search waits while the word is learned; the index answers it.
      expect(await words.page(f, 'newest', 12, 0, CAP)).toEqual(await sqlPage(f, 'newest', 12, 0));
      expect(words.holds(f)).toBe(true);
      expect(await words.page(f, 'newest', 12, 0, CAP)).toEqual(await sqlPage(f, 'newest', 12, 0));
      // Only the filters' other parts held make a word worth learning.
      await words.page({ search: 'garden', facilityIds: [1] }, 'newest', 12, 0, CAP);
      await words.page({ search: 'garden', facilityIds: [1] }, 'newest', 12, 0, CAP);
      await words.learned();
      expect(words.holds({ search: 'garden' })).toBe(false);
    } finally {
      words.close();
    }
  });

  it('makes searches of a word being learned wait for that one pass, and sends them to SQL if it fails', async () => {
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    await words.start();
    const original = searchIndexRepository.termsMatches;
    try {
      let passes = 0;
      searchIndexRepository.termsMatches = async (db, asked) => {
        passes++;
        return original(db, asked);
      };
      const searches: PropertyFilters[] = [{ search: 'villa sea', propertyType: 1 }, { search: 'villa' }, { search: 'Villa', city: 'Mumbai' }, { search: 'sea' }];
      const pages = await Promise.all(searches.map((f) => words.page(f, 'price_asc', 12, 0, CAP)));
      expect(passes).toBe(1);
      for (const [i, f] of searches.entries()) expect(pages[i], JSON.stringify(f)).toEqual(await sqlPage(f, 'price_asc', 12, 0));
      // A pass that fails leaves the searches waiting for it to SQL.
      searchIndexRepository.termsMatches = async () => {
        throw new Error('database away');
      };
      expect(await Promise.all([words.page({ search: 'garden' }, 'newest', 12, 0, CAP), words.page({ search: 'garden villa' }, 'newest', 12, 0, CAP)])).toEqual([null, null]);
      expect(words.holds({ search: 'garden' })).toBe(false);
    } finally {
      searchIndexRepository.termsMatches = original;
      words.close();
    }
  });

  it('answers text searches as SQL does: prefixes, stop words, several words, with other filters, on the map', async () => {
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    await words.start();
    try {
      const cities = ['Mumbai', 'pune', 'PARITYVILLE', 'Nowhere'];
      const categories = (await rows<{ id: number }>(t.db, sql`select id from categories order by id limit 4`)).map((c) => c.id);
      // Words of the titles, their prefixes and stems, stop words, places (in the vector's simple part), numbers, nothing.
      const vocabulary = ['sea', 'the', 'vie', 'villa', 'run', 'running', 'apart', 'apartments', 'park', 'sunny', 'by', 'near', 'zzz', 'mumbai', 'pun', 'maharashtra', 'goa', '12', '1', 'quiet-home', 'a'];
      const r = rng(23);
      for (let i = 0; i < 120; i++) {
        const f = randomFilters(r, cities, categories);
        f.search = Array.from({ length: 1 + Math.floor(r() * 3) }, () => vocabulary[Math.floor(r() * vocabulary.length)]).join(r() < 0.5 ? ' ' : ', ');
        const sort = PROPERTY_SORTS[Math.floor(r() * PROPERTY_SORTS.length)];
        const offset = r() < 0.2 ? 12 * Math.floor(r() * 10) : 0;
        if (!(await words.page(f, sort, 12, offset, CAP))) await words.learned();
        expect(await words.page(f, sort, 12, offset, CAP), JSON.stringify({ f, sort, offset })).toEqual(await sqlPage(f, sort, 12, offset));
      }
      for (const search of ['the', 'the by', 'sea the', 'villa park', '', '!!']) {
        const f: PropertyFilters = { search };
        if (!(await words.page(f, 'newest', 12, 0, CAP))) await words.learned();
        expect(await words.page(f, 'newest', 12, 0, CAP), search).toEqual(await sqlPage(f, 'newest', 12, 0));
        expect(await words.mapIds(f, 500), search).toEqual((await rows<{ id: number }>(t.db, mapPointsQuery(f, 500))).map((p) => p.id));
      }
    } finally {
      words.close();
    }
  });

  it('follows writes to the words a listing matches, and keeps at most maxTerms words', async () => {
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0, maxTerms: 3 });
    await words.start();
    try {
      const learn = async (search: string) => {
        await words.page({ search }, 'newest', 12, 0, CAP);
        await words.learned();
      };
      await learn('zebra');
      await learn('sunny');
      expect((await words.page({ search: 'zebra' }, 'newest', 12, 0, CAP))?.total).toBe(0);
      const [a, b] = (await rows<{ id: number }>(t.db, sql`select id from properties where title like 'Sunny home%' and status = 1 and request_status = 'approved' order by id limit 2`)).map((x) => x.id);
      await t.db.execute(sql`update properties set title = 'Zebra crossing flat' where id = ${a}`);
      await t.db.execute(sql`update properties set description = 'Sunny all day' where id = ${b}`);
      await t.db.execute(sql`insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status)
        values ('parity-zebra', 'Zebra house', 7, (select min(id) from categories), 1, 'Mumbai', 1, 'approved')`);
      for (const search of ['zebra', 'sunny', 'sunny home']) {
        await learn(search);
        expect(await words.page({ search }, 'price_asc', 12, 0, CAP), search).toEqual(await sqlPage({ search }, 'price_asc', 12, 0));
      }
      expect((await words.page({ search: 'zebra' }, 'newest', 12, 0, CAP))?.total).toBe(2);
      // Unlisted: gone from every word.
      await t.db.execute(sql`update properties set status = 0 where slug_id = 'parity-zebra'`);
      expect(await words.page({ search: 'zebra' }, 'newest', 12, 0, CAP)).toEqual(await sqlPage({ search: 'zebra' }, 'newest', 12, 0));
      // 'zebra', 'sunny' and 'home' learned; a fourth word forgets the least recently used.
      await words.page({ search: 'sunny' }, 'newest', 12, 0, CAP);
      await words.page({ search: 'home' }, 'newest', 12, 0, CAP);
      await learn('villa');
      expect(words.holds({ search: 'zebra' })).toBe(false);
      expect(['sunny', 'home', 'villa'].map((w) => words.holds({ search: w }))).toEqual([true, true, true]);
    } finally {
      words.close();
    }
  });

  it('forgets words searched once before words searched again', async () => {
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0, maxTerms: 4 });
    await words.start();
    try {
      const search = (word: string) => words.page({ search: word }, 'newest', 12, 0, CAP);
      for (const word of ['sea', 'villa', 'sea', 'villa']) await search(word);
      // A stream of words typed once: each is learned, and pushes out another typed once.
      for (const word of ['park', 'sunny', 'flat', 'home', 'garden']) expect(await search(word)).toEqual(await sqlPage({ search: word }, 'newest', 12, 0));
      expect(['sea', 'villa', 'flat', 'home', 'garden'].map((word) => words.holds({ search: word }))).toEqual([true, true, false, true, true]);
      expect(['park', 'sunny'].map((word) => words.holds({ search: word }))).toEqual([false, false]);
    } finally {
      words.close();
    }
  });

  it('learns at start the words searched lately, on this instance or another, and forgets old ones', async () => {
    const first = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    await first.start();
    try {
      await first.page({ search: 'villa' }, 'newest', 12, 0, CAP);
      await first.page({ search: 'sea park', city: 'Pune' }, 'newest', 12, 0, CAP);
      await first.rememberSearched();
    } finally {
      first.close();
    }
    await t.db.execute(sql`insert into search_words (word, searched_at) values ('garden', now() - interval '31 days'), ('sunny', now() - interval '2 days')`);
    const original = searchIndexRepository.termsMatches;
    let asked: string[] = [];
    searchIndexRepository.termsMatches = async (db, words) => {
      asked = [...asked, ...words];
      return original(db, words);
    };
    const second = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    try {
      await second.start();
      await second.learned();
      expect(asked.sort()).toEqual(['park', 'sea', 'sunny', 'villa']);
      // Answered from memory (no further pass), as SQL answers.
      expect(await second.page({ search: 'sea park' }, 'price_asc', 12, 0, CAP)).toEqual(await sqlPage({ search: 'sea park' }, 'price_asc', 12, 0));
      expect(asked).toHaveLength(4);
      await second.rememberSearched();
      expect((await rows<{ word: string }>(t.db, sql`select word from search_words order by word`)).map((r) => r.word)).toEqual(['park', 'sea', 'sunny', 'villa']);
    } finally {
      searchIndexRepository.termsMatches = original;
      second.close();
    }
  });

  it('catches up and answers though the words it learned cannot be written down', async () => {
    const original = searchIndexRepository.rememberWords;
    searchIndexRepository.rememberWords = async () => {
      throw new Error('search_words away');
    };
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    try {
      // Its first catch-up writes down what was searched (nothing yet) and fails to.
      await words.start();
      expect(words.ready).toBe(true);
      expect(await words.page({ search: 'villa' }, 'newest', 12, 0, CAP)).toEqual(await sqlPage({ search: 'villa' }, 'newest', 12, 0));
    } finally {
      searchIndexRepository.rememberWords = original;
      words.close();
    }
  });

  it('learns the words visitors search before the words it remembers', async () => {
    const remembered = Array.from({ length: 20 }, (_, i) => `qq${i}`);
    await t.db.execute(sql`insert into search_words (word) select unnest(${`{${remembered.join(',')}}`}::text[])`);
    const original = searchIndexRepository.termsMatches;
    const batches: string[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun = () => {};
    const firstPass = new Promise<void>((resolve) => (begun = resolve));
    searchIndexRepository.termsMatches = async (db, words) => {
      batches.push(words);
      begun();
      if (batches.length === 1) await held;
      return original(db, words);
    };
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    try {
      await words.start();
      // The first pass (remembered words) is under way when a visitor searches a new word.
      await firstPass;
      const page = words.page({ search: 'villa' }, 'newest', 12, 0, CAP);
      expect(words.words).toEqual({ learned: 0, queued: 21 });
      // More words searched than the next pass takes: the last of them go to SQL…
      const more = Array.from({ length: 17 }, (_, i) => words.page({ search: `zz${i}` }, 'newest', 12, 0, CAP));
      // …but a remembered word in the pass being made, searched after them all, waits for that pass.
      const rememberedPage = words.page({ search: batches[0][3] }, 'newest', 12, 0, CAP);
      release();
      expect(await page).toEqual(await sqlPage({ search: 'villa' }, 'newest', 12, 0));
      expect(await rememberedPage).toEqual({ ids: [], total: 0 });
      expect((await Promise.all(more)).map((p) => p !== null)).toEqual([...Array(7).fill(true), ...Array(10).fill(false)]);
      await words.learned();
      expect(batches.map((b) => b.length)).toEqual([8, 8, 8, 8, 6]);
      expect(batches[1]).toEqual(['villa', ...Array.from({ length: 7 }, (_, i) => `zz${i}`)]);
      expect(words.words).toEqual({ learned: 38, queued: 0 });
    } finally {
      release();
      searchIndexRepository.termsMatches = original;
      words.close();
    }
  });

  it('misses no write made while a word is being learned, though catching up goes on meanwhile', async () => {
    const words = new SearchIndex(t.db, { staleMs: 0, pollMs: 0 });
    await words.start();
    const original = searchIndexRepository.termsMatches;
    try {
      const [x, y] = (await rows<{ id: number }>(t.db, sql`select id from properties where title like 'Sea view flat%' and status = 1 and request_status = 'approved' order by id limit 2`)).map((r) => r.id);
      // While PostgreSQL answers which listings match, one listing gains the word, one loses it,
      // and a catch-up reads both changes (not knowing the word yet).
      searchIndexRepository.termsMatches = async (db, asked) => {
        const answer = await original(db, asked);
        await t.db.execute(sql`update properties set title = 'Plain lodge' where id = ${x}`);
        await t.db.execute(sql`update properties set description = 'Okapi garden' where id = ${y}`);
        await words.catchUp();
        return answer;
      };
      await t.db.execute(sql`update properties set title = 'Okapi view' where id = ${x}`);
      await words.catchUp();
      // The search waits for the word's pass, then answers with both changes.
      const first = await words.page({ search: 'okapi' }, 'newest', 12, 0, CAP);
      searchIndexRepository.termsMatches = original;
      expect(first?.ids).toEqual([y]);
      expect(await words.page({ search: 'okapi' }, 'newest', 12, 0, CAP)).toEqual(await sqlPage({ search: 'okapi' }, 'newest', 12, 0));
      expect((await words.page({ search: 'okapi' }, 'newest', 12, 0, CAP))?.ids).toEqual([y]);
    } finally {
      searchIndexRepository.termsMatches = original;
      words.close();
    }
  });

  it('leaves to SQL the filters it does not hold', () => {
    for (const f of [{ search: 'sea' }, { promoted: true }, { parameterId: 1 }, { facilityIds: [1] }, { ids: [1] }, { polygon: [] }, { circle: { latitude: 1, longitude: 1, radiusKm: 1 } }, { city: 'İstanbul' }] as PropertyFilters[]) {
      expect(index.holds(f)).toBe(false);
    }
    expect(index.holds({ promoted: false, facilityIds: [], city: 'Mumbai' })).toBe(true);
  });

  it('follows every kind of write: price, place, views, unlisting, deleting, adding, re-listing', async () => {
    const [a, b, c, d] = (await rows<{ id: number }>(t.db, sql`select id from properties where slug_id like 'parity-%' and request_status = 'approved' order by id limit 4`)).map((x) => x.id);
    await t.db.execute(sql`update properties set price = 1, city = 'Moved Town' where id = ${a}`);
    await t.db.execute(sql`update properties set total_click = 1000000 where id = ${b}`);
    await t.db.execute(sql`update properties set status = 0 where id = ${c}`);
    await t.db.execute(sql`delete from properties where id = ${d}`);
    await t.db.execute(sql`update properties set request_status = 'approved' where slug_id = 'parity-29'`);
    await t.db.execute(sql`
      insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status, created_at, latitude, longitude)
      values ('parity-new', 'Newest parity home', 5, (select min(id) from categories), 1, 'Moved Town', 1, 'approved', now(), 19, 72.9)`);
    await index.catchUp();
    for (const sort of PROPERTY_SORTS) {
      await expectSame({}, sort);
      await expectSame({ city: 'moved town' }, sort);
      await expectSame({ city: 'Mumbai' }, sort);
    }
    const cheapest = await index.page({ city: 'Moved Town' }, 'price_asc', 2, 0, CAP);
    expect(cheapest?.ids[0]).toBe(a);
    expect((await index.page({}, 'most_viewed', 1, 0, CAP))?.ids).toEqual([b]);
  });

  it('walks the newest listings of a city or a map box through writes that move listings between them', async () => {
    const grouped = new SearchIndex(t.db, { staleMs: 0, pollMs: 0, plan: 'groups' });
    await grouped.start();
    try {
      const box = { minLat: 19.0, maxLat: 19.12, minLng: 72.85, maxLng: 73.0 };
      const expectSameNewest = async () => {
        for (const f of [{ city: 'Mumbai' }, { city: 'Group Town' }, { bbox: box }, { bbox: box, propertyType: 1 }, { city: 'Pune', bbox: box }] as PropertyFilters[]) {
          expect(await grouped.mapIds(f, 200), JSON.stringify(f)).toEqual((await rows<{ id: number }>(t.db, mapPointsQuery(f, 200))).map((p) => p.id));
          expect(await grouped.page(f, 'newest', 12, 0, CAP), JSON.stringify(f)).toEqual(await sqlPage(f, 'newest', 12, 0));
        }
      };
      await expectSameNewest();
      const [a, b, c] = (await rows<{ id: number }>(t.db, sql`select id from properties where lower(city) = 'mumbai' and status = 1 and request_status = 'approved' and latitude is not null order by created_at desc, id desc limit 3`)).map((x) => x.id);
      // Into another city, and into the box: nothing else changes, so only these moves make the groups again.
      await t.db.execute(sql`update properties set city = 'Group Town' where id = ${a}`);
      await t.db.execute(sql`update properties set latitude = 19.05, longitude = 72.9 where id = ${b}`);
      await grouped.catchUp();
      await expectSameNewest();
      // Off the map and posted anew; and a new listing in the new city.
      await t.db.execute(sql`update properties set latitude = null, created_at = now() where id = ${c}`);
      await t.db.execute(sql`
        insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status, created_at, latitude, longitude)
        values ('group-new', 'A new home in Group Town', 7, (select min(id) from categories), 1, 'Group Town', 1, 'approved', now(), 19.06, 72.95)`);
      await grouped.catchUp();
      await expectSameNewest();
    } finally {
      grouped.close();
    }
  });

  it("walks one deal type's or one city's own price order, through writes that change a listing's type, city or price", async () => {
    const walking = new SearchIndex(t.db, { staleMs: 0, pollMs: 0, plan: 'walk' });
    await walking.start();
    try {
      const expectSamePrices = async () => {
        for (const f of [{ propertyType: 0 }, { propertyType: 1 }, { propertyType: 1, maxPrice: 900000 }, { propertyType: 0, minPrice: 1000000, city: 'Pune' }, { propertyType: 2 }, { city: 'Mumbai' }, { city: 'pune', maxPrice: 5000000 }, { city: 'Mumbai', propertyType: 1 }, { city: 'Pune', propertyType: 0, maxPrice: 9000000 }, { city: 'Price Town' }, { city: 'Price Town', propertyType: 0 }, { city: 'Nowhere', propertyType: 1 }, { city: 'Nowhere' }] as PropertyFilters[]) {
          for (const sort of ['price_asc', 'price_desc'] as const) {
            for (const offset of [0, 24]) expect(await walking.page(f, sort, 12, offset, CAP), JSON.stringify({ f, sort, offset })).toEqual(await sqlPage(f, sort, 12, offset));
          }
        }
      };
      await expectSamePrices();
      // The cheapest sale becomes a rent at the same price (a write that moves nothing in the price
      // order itself); then a rent becomes the cheapest sale.
      const [{ id: sale, price }] = await rows<{ id: number; price: string }>(t.db, sql`select id, price from properties where property_type = 0 and status = 1 and request_status = 'approved' order by price, id limit 1`);
      const [rent] = (await rows<{ id: number }>(t.db, sql`select id from properties where property_type = 1 and status = 1 and request_status = 'approved' order by price desc, id limit 1`)).map((x) => x.id);
      await t.db.execute(sql`update properties set property_type = 1 where id = ${sale}`);
      await walking.catchUp();
      await expectSamePrices();
      const atItsPrice: PropertyFilters = { propertyType: 1, minPrice: Number(price), maxPrice: Number(price) };
      const rentsAtItsPrice = await walking.page(atItsPrice, 'price_asc', 500, 0, CAP);
      expect(rentsAtItsPrice?.ids).toContain(sale);
      expect(rentsAtItsPrice).toEqual(await sqlPage(atItsPrice, 'price_asc', 500, 0));
      await t.db.execute(sql`update properties set property_type = 0, price = 1 where id = ${rent}`);
      await walking.catchUp();
      await expectSamePrices();
      expect((await walking.page({ propertyType: 0 }, 'price_asc', 1, 0, CAP))?.ids).toEqual([rent]);
      // The dearest Mumbai listing moves to Pune, the cheapest to a city new to the index (nothing else changes).
      const mumbai = sql`select id from properties where lower(city) = 'mumbai' and status = 1 and request_status = 'approved'`;
      const [{ id: dearest }] = await rows<{ id: number }>(t.db, sql`${mumbai} order by price desc, id limit 1`);
      const [{ id: cheapest }] = await rows<{ id: number }>(t.db, sql`${mumbai} order by price, id limit 1`);
      await t.db.execute(sql`update properties set city = 'Pune' where id = ${dearest}`);
      await t.db.execute(sql`update properties set city = 'Price Town' where id = ${cheapest}`);
      await walking.catchUp();
      await expectSamePrices();
      expect((await walking.page({ city: 'Price Town' }, 'price_asc', 12, 0, CAP))?.ids).toEqual([cheapest]);
    } finally {
      walking.close();
    }
  });

  it('finds listings written since its newest order was made, though that order may be a minute old', async () => {
    // With a public cache the orders (and their groups by city and cell) are remade at most every
    // `staleMs`; a listing added, re-dated or moved meanwhile must still be found once caught up.
    // Listings in the box before the index starts: one moves out of it, one is unlisted, one is re-dated where it is.
    await t.db.execute(sql`
      insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status, created_at, latitude, longitude)
      values ('stale-out', 'A home that moves away', 9, (select min(id) from categories), 0, 'Stale Town', 1, 'approved', now(), 19.41, 73.41),
        ('stale-gone', 'A home taken off the market', 9, (select min(id) from categories), 0, 'Stale Town', 1, 'approved', now(), 19.42, 73.42),
        ('stale-kept', 'A home posted again', 8, (select min(id) from categories), 0, 'Stale Town', 1, 'approved', now() - interval '1 day', 19.43, 73.43)`);
    // A town's own price order of five, whose middle one is re-priced below the rest: a budget's slice of that order is found by bisection.
    await t.db.execute(sql`
      insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status, created_at)
      select 'bisect-' || g, 'A home in Bisect Town', 10 * g, (select min(id) from categories), 0, 'Bisect Town', 1, 'approved', now() from generate_series(1, 5) g`);
    // Walking the cells' newest orders (groups), testing the box's candidates (the cells' lists less
    // what moved, and what moved), and walking the whole orders (a deal type's, for a price sort).
    const indexes = (['groups', 'candidates', 'walk'] as const).map((plan) => new SearchIndex(t.db, { staleMs: 60_000, pollMs: 0, plan }));
    for (const index of indexes) await index.start();
    try {
      const box = { minLat: 19.3, maxLat: 19.45, minLng: 73.3, maxLng: 73.45 };
      // With a budget, the candidates may be a slice of a price order (the listings added or re-priced since it was made are not in it).
      const budgets = [{ city: 'Bisect Town', minPrice: 15 }, { city: 'Bisect Town', maxPrice: 45 }, { maxPrice: 9 }, { propertyType: 0, maxPrice: 9 }, { city: 'Stale Town', maxPrice: 8 }, { bbox: box, maxPrice: 9 }, { propertyType: 0, minPrice: 1000000, maxPrice: 2000000 }, { city: 'Mumbai', propertyType: 1, minPrice: 500000, maxPrice: 1500000 }];
      const filters = [{ city: 'Stale Town' }, { city: 'Mumbai' }, { bbox: box }, { city: 'Mumbai', propertyType: 0 }, { bbox: box, propertyType: 0 }, ...budgets] as PropertyFilters[];
      await t.db.execute(sql`update properties set latitude = 18.95, longitude = 72.85 where slug_id = 'stale-out'`);
      await t.db.execute(sql`update properties set status = 0 where slug_id = 'stale-gone'`);
      await t.db.execute(sql`update properties set created_at = now() + interval '3 minutes' where slug_id = 'stale-kept'`);
      await t.db.execute(sql`
        insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status, created_at, latitude, longitude)
        values ('stale-1', 'A home in a new town', 9, (select min(id) from categories), 0, 'Stale Town', 1, 'approved', now(), 19.4, 73.4),
          ('stale-2', 'A new Mumbai flat', 9, (select min(id) from categories), 0, 'Mumbai', 1, 'approved', now() + interval '1 minute', 19.35, 73.35)`);
      const [{ id: older }] = await rows<{ id: number }>(t.db, sql`select id from properties where lower(city) = 'mumbai' and status = 1 and request_status = 'approved' and latitude is not null order by created_at asc, id asc limit 1`);
      await t.db.execute(sql`update properties set created_at = now() + interval '2 minutes', latitude = 19.36, longitude = 73.36 where id = ${older}`);
      // Re-priced: a sale from the middle of the price order to the cheapest (in Bisect Town's too), a rent into a budget it was not in.
      await t.db.execute(sql`update properties set price = 1 where slug_id = 'bisect-3'`);
      await t.db.execute(sql`update properties set price = 7 where id = (select id from properties where property_type = 0 and price = 1500000 and status = 1 and request_status = 'approved' order by id limit 1)`);
      await t.db.execute(sql`update properties set price = 1200000 where id = (select id from properties where lower(city) = 'mumbai' and property_type = 1 and price > 2000000 and status = 1 and request_status = 'approved' order by id limit 1)`);
      for (const stale of indexes) {
        await stale.catchUp();
        for (const f of filters) {
          expect(await stale.mapIds(f, 50), JSON.stringify(f)).toEqual((await rows<{ id: number }>(t.db, mapPointsQuery(f, 50))).map((p) => p.id));
          for (const sort of ['newest', 'price_asc', 'price_desc'] as const) expect(await stale.page(f, sort, 12, 0, CAP), JSON.stringify([f, sort])).toEqual(await sqlPage(f, sort, 12, 0));
        }
      }
    } finally {
      for (const index of indexes) index.close();
    }
  });

  it('serves the API, which sees a write at its next read (no public cache)', async () => {
    const before = await t.get('/api/get-property-list', { city: 'Parityville', sort_by: 'price_asc', limit: 1 });
    expect(t.services.properties.index?.ready).toBe(true);
    const [{ id }] = await rows<{ id: number }>(t.db, sql`select id from properties where lower(city) = 'parityville' and status = 1 and request_status = 'approved' order by price desc, id desc limit 1`);
    await t.db.execute(sql`update properties set price = 2 where id = ${id}`);
    const after = await t.get('/api/get-property-list', { city: 'Parityville', sort_by: 'price_asc', limit: 1 });
    expect(after.body.data[0].id).toBe(id);
    expect(after.body.data[0].id).not.toBe(before.body.data[0].id);
    expect(after.body.total).toBe(before.body.total);
  });

  it('says on /healthz how many words it has learned and how many wait', async () => {
    const before = (await t.get('/healthz')).body;
    expect(before).toMatchObject({ ok: true, search_index: 'ready', search_words: { queued: 0 } });
    // A word no search has used: the API's search learns it.
    const found = await t.get('/api/get-property-list', { search: 'parityvillage', limit: 1 });
    expect(found.body.total).toBe(0);
    expect((await t.get('/healthz')).body.search_words).toEqual({ learned: before.search_words.learned + 1, queued: 0 });
  });

  it('never skips a transaction that commits after a later one was read (PostgreSQL: two connections)', async (ctx) => {
    if (t.kind !== 'postgres') ctx.skip();
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    // One pool connection holds a transaction open while the others write and read.
    const slow = t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status)
        values ('parity-late', 'Late parity home', 3, (select min(id) from categories), 1, 'Late Town', 1, 'approved')`);
      inserted();
      await committed;
    });
    await insertedYet;
    await t.db.execute(sql`update properties set price = price + 1 where slug_id = 'parity-1'`);
    await index.catchUp();
    expect((await index.page({ city: 'Late Town' }, 'newest', 12, 0, CAP))?.ids).toEqual([]);
    commit();
    await slow;
    await index.catchUp();
    await expectSame({ city: 'Late Town' }, 'newest');
    expect((await index.page({ city: 'Late Town' }, 'newest', 12, 0, CAP))?.ids).toHaveLength(1);
  });
});
