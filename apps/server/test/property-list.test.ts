import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapCompression } from '../src/platform/compression.ts';
import { createProperty } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Card = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const list = async (query: Record<string, string | number> = {}) => {
  const res = await t.get('/api/get-property-list', query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { error: boolean; message: string; data: Card[]; total: number };
};
const paramValue = (card: Card, name: string) => card.parameters.find((p: Card) => p.name.toLowerCase().startsWith(name))?.value;

describe('get-property-list', () => {
  it('answers the contract envelope with cards and a total', async () => {
    const body = await list();
    expect(body.error).toBe(false);
    expect(body.data).toHaveLength(12);
    expect(body.total).toBeGreaterThanOrEqual(450);
    const card = body.data[0];
    for (const key of ['id', 'slug_id', 'title', 'title_image', 'price', 'property_type', 'category', 'category_id', 'city', 'state', 'country', 'address', 'latitude', 'longitude', 'rentduration', 'is_premium', 'promoted', 'is_favourite', 'parameters', 'assign_facilities']) {
      expect(card, key).toHaveProperty(key);
    }
    expect(['sell', 'rent']).toContain(card.property_type);
    expect(card.title_image).toMatch(/^http:\/\/localhost(:\d+)?\/media\/.+\.webp$/);
    expect(card.category.slug_id).toBeTruthy();
    expect(card.parameters.length).toBeGreaterThan(0);
    expect(card.assign_facilities.length).toBeGreaterThan(0);
    expect(typeof card.assign_facilities[0].distance).toBe('number');
  });

  it('writes cards of any script side by side, each as it was stored', async () => {
    // One-byte and two-byte texts, characters of one to four UTF-8 bytes, and JSON's escapes.
    const titles = ['Plain ASCII flat', 'Villa – near the sea, ₹ 2 Cr', 'मुंबई में फ्लैट', 'شقة في دبي', 'Loft 🏠 "quoted" \\ slash', 'Café Ünïcode'];
    for (const title of titles) await createProperty(t.db, { title, city: 'Scriptville' });
    const res = await t.get('/api/get-property-list', { city: 'Scriptville', limit: 12 });
    expect(res.status).toBe(200);
    // Exactly the answer's bytes: nothing left over from a buffer sized too large.
    expect(Number(res.raw.headers['content-length'])).toBe(res.raw.rawPayload.length);
    expect(JSON.parse(res.raw.rawPayload.toString('utf8'))).toEqual(res.body);
    expect(res.body.total).toBe(titles.length);
    expect(res.body.data.map((c: Card) => c.title).sort()).toEqual([...titles].sort());
    // Empty pages keep the envelope too.
    expect((await list({ city: 'Nowhere-at-all' })).data).toEqual([]);
  });

  it('shows only approved, active listings, newest first', async () => {
    const body = await list({ limit: 100 });
    const pending = await createProperty(t.db, { requestStatus: 'pending', title: 'Pending listing zzqx' });
    const inactive = await createProperty(t.db, { status: 0, title: 'Inactive listing zzqx' });
    const search = await list({ search: 'zzqx' });
    expect(search.data.map((c) => c.id)).not.toContain(pending.id);
    expect(search.data.map((c) => c.id)).not.toContain(inactive.id);
    const ids = body.data.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('paginates with limit and offset without overlap', async () => {
    const first = await list({ limit: 5, offset: 0 });
    const second = await list({ limit: 5, offset: 5 });
    const both = await list({ limit: 10, offset: 0 });
    expect([...first.data, ...second.data].map((c) => c.id)).toEqual(both.data.map((c) => c.id));
    const beyond = await list({ limit: 5, offset: 100000 });
    expect(beyond.data).toEqual([]);
    // A page past the end does not raise the count to its offset.
    expect(beyond.total).toBe(first.total);
  });

  it('filters by property type, given as a number or a name', async () => {
    const rent = await list({ property_type: 1, limit: 50 });
    expect(rent.data.length).toBeGreaterThan(0);
    expect(rent.data.every((c) => c.property_type === 'rent')).toBe(true);
    const byName = await list({ property_type: 'rent', limit: 50 });
    expect(byName.total).toBe(rent.total);
    const sell = await list({ property_type: 0 });
    expect(sell.total + rent.total).toBeLessThanOrEqual((await list()).total);
  });

  it('filters by category id and by category slug', async () => {
    const all = await list({ limit: 1 });
    const { id, slug_id } = all.data[0].category;
    const byId = await list({ category_id: id, limit: 50 });
    expect(byId.data.every((c) => c.category_id === id)).toBe(true);
    const bySlug = await list({ category_slug_id: slug_id, limit: 50 });
    expect(bySlug.total).toBe(byId.total);
    const unknown = await t.get('/api/get-property-list', { category_slug_id: 'no-such-category' });
    expect(unknown.status).toBe(404);
  });

  it('filters by city, state and country, ignoring case', async () => {
    const sample = (await list({ limit: 1 })).data[0];
    const byCity = await list({ city: sample.city.toUpperCase(), limit: 100 });
    expect(byCity.total).toBeGreaterThan(0);
    expect(byCity.data.every((c) => c.city === sample.city)).toBe(true);
    const byState = await list({ state: sample.state, limit: 100 });
    expect(byState.data.every((c) => c.state === sample.state)).toBe(true);
    expect(byState.total).toBeGreaterThanOrEqual(byCity.total);
    const byCountry = await list({ country: 'india' });
    expect(byCountry.total).toBe((await list()).total);
  });

  it('filters by a price range', async () => {
    const body = await list({ min_price: 2_000_000, max_price: 8_000_000, limit: 100 });
    expect(body.total).toBeGreaterThan(0);
    expect(body.data.every((c) => c.price >= 2_000_000 && c.price <= 8_000_000)).toBe(true);
  });

  it('filters by posting date: last week, and since yesterday', async () => {
    const fresh = await createProperty(t.db, { title: 'Fresh listing posted now' });
    const week = await list({ posted_since: 0, limit: 100 });
    const yesterday = await list({ posted_since: 1, limit: 100 });
    expect(week.data.map((c) => c.id)).toContain(fresh.id);
    expect(yesterday.data.map((c) => c.id)).toContain(fresh.id);
    expect(week.total).toBeLessThan((await list()).total);
    expect(yesterday.total).toBeLessThanOrEqual(week.total);
    const old = await createProperty(t.db, { title: 'Old listing', createdAt: new Date(Date.now() - 30 * 86_400_000) });
    expect((await list({ posted_since: 0, limit: 100 })).data.map((c) => c.id)).not.toContain(old.id);
  });

  it('sorts by most viewed, most liked and price', async () => {
    const viewed = await list({ most_viewed: 1, limit: 20 });
    const views = viewed.data.map((c) => c.total_view);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const cheap = await list({ sort_by: 'price_asc', limit: 20 });
    const prices = cheap.data.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dear = await list({ sort_by: 'price_desc', limit: 20 });
    expect(dear.data[0].price).toBeGreaterThanOrEqual(dear.data[19].price);
    const liked = await list({ most_liked: 1, limit: 5 });
    expect(liked.data).toHaveLength(5);
  });

  it('filters promoted (featured) listings', async () => {
    const body = await list({ promoted: 1, limit: 50 });
    expect(body.total).toBeGreaterThan(0);
    expect(body.data.every((c) => c.promoted === true)).toBe(true);
  });

  it('searches words in titles, places and descriptions, by prefix', async () => {
    const sample = (await list({ limit: 1 })).data[0];
    const body = await list({ search: sample.city.slice(0, 4), limit: 100 });
    expect(body.total).toBeGreaterThan(0);
    const hit = await list({ search: sample.title.split(' ').slice(0, 3).join(' ') });
    expect(hit.total).toBeGreaterThan(0);
    const none = await list({ search: 'xylophonequartz' });
    expect(none.total).toBe(0);
    expect(none.data).toEqual([]);
  });

  it('filters by parameter, facilities and room counts', async () => {
    const sample = (await list({ limit: 20 })).data.find((c) => paramValue(c, 'bedrooms'));
    expect(sample).toBeDefined();
    const bedrooms = Number(paramValue(sample!, 'bedrooms'));
    const byRooms = await list({ bedrooms, limit: 100 });
    expect(byRooms.data.every((c) => Number(paramValue(c, 'bedrooms')) === bedrooms)).toBe(true);

    const parameterId = sample!.parameters[0].id;
    const byParameter = await list({ parameter_id: parameterId, limit: 100 });
    expect(byParameter.data.every((c) => c.parameters.some((p: Card) => p.id === parameterId))).toBe(true);

    const [f1, f2] = sample!.assign_facilities.map((f: Card) => f.facility_id);
    const byFacilities = await list({ facility_ids: `${f1},${f2}`, limit: 100 });
    expect(byFacilities.data.map((c) => c.id)).toContain(sample!.id);
    expect(byFacilities.data.every((c) => [f1, f2].every((id) => c.assign_facilities.some((f: Card) => f.facility_id === id)))).toBe(true);

    for (const key of ['bathrooms', 'living_rooms', 'floors']) {
      const res = await t.get('/api/get-property-list', { [key]: 1 });
      expect(res.status).toBe(200);
    }
  });

  it('filters by a map bounding box', async () => {
    const sample = (await list({ limit: 1 })).data[0];
    const d = 0.05;
    const bbox = [sample.longitude - d, sample.latitude - d, sample.longitude + d, sample.latitude + d].join(',');
    const body = await list({ bbox, limit: 100 });
    expect(body.data.map((c) => c.id)).toContain(sample.id);
    expect(body.data.every((c) => Math.abs(c.latitude - sample.latitude) <= d && Math.abs(c.longitude - sample.longitude) <= d)).toBe(true);
    expect(body.total).toBeLessThan((await list()).total);
  });

  it('filters by a drawn polygon', async () => {
    const sample = (await list({ limit: 1 })).data[0];
    const { latitude: y, longitude: x } = sample;
    // A triangle around the sample point.
    const polygon = `${x - 0.1} ${y - 0.1},${x + 0.1} ${y - 0.1},${x} ${y + 0.1}`;
    const body = await list({ polygon, limit: 100 });
    expect(body.data.map((c) => c.id)).toContain(sample.id);
    expect(body.data.every((c) => c.latitude >= y - 0.1 && c.latitude <= y + 0.1)).toBe(true);
    const json = await list({ polygon: JSON.stringify([[x - 0.1, y - 0.1], [x + 0.1, y - 0.1], [x, y + 0.1]]), limit: 100 });
    expect(json.total).toBe(body.total);
  });

  it('filters by a point and radius in kilometres', async () => {
    const sample = (await list({ limit: 1 })).data[0];
    const body = await list({ latitude: sample.latitude, longitude: sample.longitude, radius: 3, limit: 100 });
    expect(body.data.map((c) => c.id)).toContain(sample.id);
    const km = (a: Card) => {
      const rad = Math.PI / 180;
      const dLat = (a.latitude - sample.latitude) * rad;
      const dLng = (a.longitude - sample.longitude) * rad;
      const h = Math.sin(dLat / 2) ** 2 + Math.cos(sample.latitude * rad) * Math.cos(a.latitude * rad) * Math.sin(dLng / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    expect(body.data.every((c) => km(c) <= 3.001)).toBe(true);
    const wider = await list({ latitude: sample.latitude, longitude: sample.longitude, radius: 30 });
    expect(wider.total).toBeGreaterThanOrEqual(body.total);
  });

  it('combines filters', async () => {
    const sample = (await list({ property_type: 0, limit: 1 })).data[0];
    const body = await list({ property_type: 0, city: sample.city, category_id: sample.category_id, max_price: sample.price, limit: 100 });
    expect(body.data.map((c) => c.id)).toContain(sample.id);
    expect(body.data.every((c) => c.property_type === 'sell' && c.city === sample.city && c.category_id === sample.category_id && c.price <= sample.price)).toBe(true);
  });

  it('stops counting at 1,000 results', async () => {
    await t.db.execute(sql`
      insert into properties (slug_id, title, price, category_id, property_type, city, status, request_status)
      select 'capville-' || g, 'Capville home ' || g, 1000000 + g, (select min(id) from categories), 0, 'Capville', 1, 'approved'
      from generate_series(1, 1005) g`);
    const body = await list({ city: 'Capville' });
    expect(body.total).toBe(1_000);
    expect(body.data).toHaveLength(12);
    expect((await list({ city: 'Capville', max_price: 1_000_100 })).total).toBe(100);
  });

  it('treats empty values as absent', async () => {
    const plain = await list({ limit: 3 });
    const withEmpties = await list({ limit: 3, city: '', category_id: '', min_price: '', search: '' });
    expect(withEmpties.total).toBe(plain.total);
  });

  describe('bad input gets a 400 naming the field, never a 500', () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ limit: 'abc' }, 'limit'],
      [{ limit: -1 }, 'limit'],
      [{ limit: 1000 }, 'limit'],
      [{ offset: -5 }, 'offset'],
      [{ offset: 1e12 }, 'offset'],
      [{ offset: '1.5' }, 'offset'],
      [{ property_type: 9 }, 'property_type'],
      [{ category_id: "1' or '1'='1" }, 'category_id'],
      [{ category_slug_id: "x'; drop table properties; --" }, 'category_slug_id'],
      [{ min_price: 'cheap' }, 'min_price'],
      [{ min_price: -1 }, 'min_price'],
      [{ min_price: 10, max_price: 5 }, 'max_price'],
      [{ posted_since: 7 }, 'posted_since'],
      [{ most_viewed: 'maybe' }, 'most_viewed'],
      [{ sort_by: 'random' }, 'sort_by'],
      [{ bbox: '1,2,3' }, 'bbox'],
      [{ bbox: '10,10,5,5' }, 'bbox'],
      [{ polygon: '1 2,3 4' }, 'polygon'],
      [{ polygon: '[[1,2],[3,"x"],[5,6]]' }, 'polygon'],
      [{ latitude: 19, longitude: 72 }, 'radius'],
      [{ latitude: 100, longitude: 72, radius: 5 }, 'latitude'],
      [{ radius: 10_000, latitude: 1, longitude: 1 }, 'radius'],
      [{ facility_ids: '1,abc' }, 'facility_ids'],
      [{ search: 'x'.repeat(500) }, 'search'],
    ];
    it.each(cases)('%j → 400 on %s', async (query, field) => {
      const res = await t.get('/api/get-property-list', query);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
      expect(res.body.errors).toHaveProperty(field);
      expect(res.body.message).toBe(res.body.errors[field][0]);
      expect(res.body.message).toContain(field);
    });

    it('SQL metacharacters in text filters are data, not SQL', async () => {
      for (const value of ["' or 1=1 --", '"; select pg_sleep(1); --', '%', '_', '\\', "Mumbai') union select 1 --", '&|!:*()']) {
        const city = await t.get('/api/get-property-list', { city: value });
        expect(city.status).toBe(200);
        expect(city.body.total).toBe(0);
        const search = await t.get('/api/get-property-list', { search: value });
        expect(search.status).toBe(200);
      }
    });
  });
});

describe('get-property-map-points', () => {
  type Point = { id: number; slug_id: string; title: string; title_image: string | null; price: number; property_type: string; rentduration: string | null; latitude: number; longitude: number };
  const points = async (query: Record<string, string | number> = {}) => {
    const res = await t.get('/api/get-property-map-points', query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { error: boolean; data: Point[]; total: number; truncated: boolean };
  };
  /** A demo listing with coordinates (earlier tests add newer listings without them). */
  const placedSample = async () => (await list({ limit: 100, sort_by: 'price_desc' })).data.find((c) => c.latitude !== null && c.longitude !== null)!;
  /** Every card of a search, paging through get-property-list. */
  const allCards = async (query: Record<string, string | number>) => {
    const out: Card[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await list({ ...query, limit: 100, offset });
      out.push(...page.data);
      if (page.data.length < 100) return out;
    }
  };

  it("goes out compressed as the browser asks (its own brotli quality, the API's encodings and threshold), the same JSON as without", async () => {
    const inject = (encoding: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/get-property-map-points', query, headers: { 'accept-encoding': encoding } });
    const plain = await inject('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Every demo listing on the map: an answer the plugin would stream, compressed whole instead
    // (platform/compression.ts compressWhole), so it goes out with its length.
    expect(plain.rawPayload.length).toBeGreaterThan(mapCompression.syncThreshold);
    const br = await inject('br');
    const gzip = await inject('gzip');
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect([Number(br.headers['content-length']), Number(gzip.headers['content-length'])]).toEqual([br.rawPayload.length, gzip.rawPayload.length]);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The route's options replace the plugin's: deflate stays off, and a small answer goes as it is.
    expect((await inject('deflate')).headers['content-encoding']).toBeUndefined();
    const none = await inject('br', { city: 'No Such City' });
    expect(none.rawPayload.length).toBeLessThan(1024);
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('answers every listing the same search finds, newest first, as markers', async () => {
    const { city } = await placedSample();
    const body = await points({ city });
    expect(body.error).toBe(false);
    expect(body.truncated).toBe(false);
    const cards = await allCards({ city });
    expect(body.data.map((p) => p.id)).toEqual(cards.filter((c) => c.latitude !== null && c.longitude !== null).map((c) => c.id));
    expect(body.total).toBe(body.data.length);
    const [first] = body.data;
    expect(Object.keys(first).sort()).toEqual(['id', 'latitude', 'longitude', 'price', 'property_type', 'rentduration', 'slug_id', 'title', 'title_image']);
    expect(['sell', 'rent']).toContain(first.property_type);
    expect(first.title_image).toMatch(/^http:\/\/localhost(:\d+)?\/media\/.+\.webp$/);
  });

  it('takes the filters of the list: a map box, a polygon, rooms, a price range', async () => {
    const sample = await placedSample();
    const d = 0.05;
    const bbox = [sample.longitude - d, sample.latitude - d, sample.longitude + d, sample.latitude + d].join(',');
    const inBox = await points({ bbox });
    expect(inBox.data.map((p) => p.id)).toContain(sample.id);
    expect(inBox.data.every((p) => Math.abs(p.latitude - sample.latitude) <= d && Math.abs(p.longitude - sample.longitude) <= d)).toBe(true);
    expect(inBox.data.map((p) => p.id)).toEqual((await allCards({ bbox })).map((c) => c.id));
    const queries: Record<string, number>[] = [{ bedrooms: 2 }, { min_price: 1_000_000, max_price: 9_000_000, property_type: 0 }];
    for (const query of queries) {
      const placed = (await allCards(query)).filter((c) => c.latitude !== null && c.longitude !== null);
      expect((await points(query)).data.map((p) => p.id)).toEqual(placed.map((c) => c.id));
    }
  });

  it('leaves out listings without coordinates and listings that are not live', async () => {
    const unplaced = await createProperty(t.db, { city: 'Nowhereville', latitude: null, longitude: null });
    const pending = await createProperty(t.db, { city: 'Nowhereville', requestStatus: 'pending' });
    const placed = await createProperty(t.db, { city: 'Nowhereville' });
    const ids = (await points({ city: 'Nowhereville' })).data.map((p) => p.id);
    expect(ids).toEqual([placed.id]);
    expect(ids).not.toContain(unplaced.id);
    expect(ids).not.toContain(pending.id);
  });

  it('stops at the map batch of 2000 and says so', async () => {
    await t.db.execute(sql`
      insert into properties (slug_id, title, price, category_id, property_type, city, latitude, longitude, status, request_status)
      select 'mapville-' || g, 'Mapville home ' || g, 1000000 + g, (select min(id) from categories), 0, 'Mapville', 12 + g / 10000.0, 77 + g / 10000.0, 1, 'approved'
      from generate_series(1, 2003) g`);
    const body = await points({ city: 'Mapville' });
    expect(body.data).toHaveLength(2000);
    expect(body.truncated).toBe(true);
    expect((await points({ city: 'Mapville', max_price: 1_000_010 })).truncated).toBe(false);
  });

  it('refuses bad filters with the field and its message', async () => {
    const res = await t.get('/api/get-property-map-points', { min_price: 10, max_price: 5 });
    expect(res.status).toBe(400);
    expect(res.body.errors.max_price).toEqual(['max_price must not be below min_price']);
    expect((await t.get('/api/get-property-map-points', { bbox: 'nonsense' })).status).toBe(400);
    expect((await t.get('/api/get-property-map-points', { latitude: 19 })).status).toBe(400);
  });
});
