// Saved searches locked to a subscription (issue 14): direct-save-search, direct-get-criteria,
// test-api, user-profile and the same-origin search-criteria / package-search-criteria. Runs on
// PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RUNNING_PACKAGE, NOT_YOURS, PACKAGE_NOT_RUNNING } from '../src/modules/search-criteria/service.ts';
import { createUserWithToken, holdPackageFor } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) => t.request({ method: 'POST', url, payload, headers });
const del = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'DELETE', url, headers });

/** A search as the web app and the spec's clients send it (spec §3 "Search criteria, server form"). */
const search = {
  property_type: 0,
  rooms: { bedrooms: 2, bathrooms: 1, living_rooms: null, floors: null },
  min_price: 2_500_000,
  max_price: 9_000_000,
  category_ids: [1],
  outdoor_facility_ids: [2, 3],
  city: 'Pune',
  state: 'Maharashtra',
  country: 'India',
  location: 'Pune, Maharashtra, India',
};

/** A user holding a running package that ends in `endsInHours`. */
async function subscriber(endsInHours = 60 * 24) {
  const account = await createUserWithToken(t.db);
  const userPackageId = await holdPackageFor(t.db, account.user.id, {}, endsInHours);
  return { ...account, userPackageId };
}

const storedOf = (userId: number) => rows<{ id: number; expiration_date: Date }>(t.db, sql`select id, expiration_date from search_criteria where user_id = ${userId}`);

describe('direct-save-search', () => {
  it('locks the search to the caller’s package for 30 days and answers data.expiration_date', async () => {
    const { user, auth, userPackageId } = await subscriber();
    const before = Date.now();
    const res = await post('/api/direct-save-search', { ...search, user_id: user.id, user_package_id: userPackageId }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ error: false, message: 'Search criteria saved successfully' });
    const expires = Date.parse(res.body.data.expiration_date);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY - 5_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY + 5_000);
    expect(res.body.data).toMatchObject({
      user_id: user.id,
      user_package_id: userPackageId,
      property_type: 0,
      rooms: { bedrooms: 2, bathrooms: 1, living_rooms: null, floors: null },
      min_price: 2_500_000,
      max_price: 9_000_000,
      category_ids: [1],
      outdoor_facility_ids: [2, 3],
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      location: 'Pune, Maharashtra, India',
    });
    expect(await storedOf(user.id)).toHaveLength(1);
  });

  it('never locks beyond the end of the package', async () => {
    const { auth, userPackageId } = await subscriber(5 * 24);
    const res = await post('/api/direct-save-search', { ...search, user_package_id: userPackageId }, auth);
    expect(res.status).toBe(200);
    const [held] = await rows<{ end_date: Date }>(t.db, sql`select end_date from user_packages where id = ${userPackageId}`);
    expect(res.body.data.expiration_date).toBe(new Date(held.end_date).toISOString());
  });

  it('without user_package_id uses the caller’s running package that ends last; spec defaults fill the rest', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    await holdPackageFor(t.db, user.id, {}, 24);
    const later = await holdPackageFor(t.db, user.id, {}, 24 * 90);
    const res = await post('/api/direct-save-search', { city: 'Nashik' }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // property_type 1 by default (spec §9); a location without state and country is the city alone.
    expect(res.body.data).toMatchObject({ user_package_id: later, property_type: 1, location: 'Nashik', category_ids: [], outdoor_facility_ids: [], min_price: null, rooms: { bedrooms: null } });
    const empty = await post('/api/direct-save-search', {}, auth);
    expect(empty.body.data.location).toBe('Not Specified');
  });

  it('replaces the caller’s saved search: one at a time, also when saved concurrently', async () => {
    const { user, auth } = await subscriber();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/direct-save-search', { ...search, city: `City ${i}` }, auth)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await storedOf(user.id)).toHaveLength(1);
    const read = await t.get('/api/direct-get-criteria', {}, auth);
    expect(answers.map((a) => a.body.data.id)).toContain(read.body.data.id);
  });

  it('refuses a user without a running package (403, a clear message), and one naming an ended package', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const none = await post('/api/direct-save-search', search, auth);
    expect(none.status).toBe(403);
    expect(none.body).toEqual({ error: true, message: NO_RUNNING_PACKAGE });
    const ended = await holdPackageFor(t.db, user.id, {}, -1);
    const expired = await post('/api/direct-save-search', { ...search, user_package_id: ended }, auth);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(PACKAGE_NOT_RUNNING);
    expect(await storedOf(user.id)).toHaveLength(0);
  });

  it.each([
    [{ min_price: 500, max_price: 100 }, 'max_price', 'max_price must not be below min_price'],
    [{ property_type: 5 }, 'property_type', 'property_type must be at most 1'],
    [{ rooms: { bedrooms: 'many' } }, 'rooms.bedrooms', 'rooms.bedrooms must be a number'],
    [{ rooms: 'three' }, 'rooms', 'rooms must be an object of bedrooms, bathrooms, living_rooms and floors'],
    [{ category_ids: ['x'] }, 'category_ids', 'category_ids must be a list of ids'],
    [{ user_package_id: 'abc' }, 'user_package_id', 'user_package_id must be a number'],
    [{ city: 'x'.repeat(101) }, 'city', 'city must be at most 100 characters'],
  ])('answers 400 for %j naming %s', async (payload, field, message) => {
    const { auth } = await subscriber();
    const res = await post('/api/direct-save-search', { ...search, ...payload }, auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toEqual([message]);
  });
});

describe('another user', () => {
  it('is refused (403) whenever the body or query names someone else’s user_id or user_package_id, and never sees their search', async () => {
    const owner = await subscriber();
    const other = await subscriber();
    expect((await post('/api/direct-save-search', { ...search, user_package_id: owner.userPackageId }, owner.auth)).status).toBe(200);

    for (const [url, payload] of [
      ['/api/direct-save-search', { ...search, user_id: owner.user.id }],
      ['/api/direct-save-search', { ...search, user_package_id: owner.userPackageId }],
      ['/api/direct-save-search', { ...search, user_id: owner.user.id, user_package_id: owner.userPackageId }],
      ['/api/search-criteria', { ...search, user_id: owner.user.id }],
      ['/api/package-search-criteria', { ...search, user_package_id: owner.userPackageId }],
    ] as const) {
      const res = await post(url, payload, other.auth);
      expect(res.status, `${url} ${JSON.stringify(payload)}`).toBe(403);
      expect(res.body.message).toBe(NOT_YOURS);
    }
    const queries: Record<string, number>[] = [{ user_id: owner.user.id }, { user_package_id: owner.userPackageId }, { user_id: owner.user.id, user_package_id: owner.userPackageId }, { user_package_id: 2_000_000_000 }];
    for (const query of queries) {
      const res = await t.get('/api/direct-get-criteria', query, other.auth);
      expect(res.status, JSON.stringify(query)).toBe(403);
      expect(res.body.message).toBe(NOT_YOURS);
    }
    // Their own calls answer their own (nothing saved yet), and DELETE clears only theirs.
    expect((await t.get('/api/direct-get-criteria', { user_id: other.user.id }, other.auth)).body.data).toBeNull();
    expect((await t.get('/api/search-criteria', {}, other.auth)).body.data).toBeNull();
    expect((await del('/api/search-criteria', other.auth)).status).toBe(200);
    expect(await storedOf(owner.user.id)).toHaveLength(1);
    expect((await t.get('/api/direct-get-criteria', { user_id: owner.user.id, user_package_id: owner.userPackageId }, owner.auth)).body.data.user_id).toBe(owner.user.id);
  });

  it('every call that reads or writes a user’s search answers 401 without a token, even when the body names the user', async () => {
    const owner = await subscriber();
    const asSpecClient = { ...search, user_id: owner.user.id, user_package_id: owner.userPackageId };
    for (const headers of [{}, { authorization: 'Bearer undefined' }, { authorization: 'Bearer 0123456789abcdef0123456789abcdef' }] as Record<string, string>[]) {
      for (const url of ['/api/direct-save-search', '/api/search-criteria', '/api/package-search-criteria']) expect((await post(url, asSpecClient, headers)).status, url).toBe(401);
      for (const url of ['/api/direct-get-criteria', '/api/search-criteria', '/api/package-search-criteria', '/api/user-profile']) {
        expect((await t.get(url, { user_id: owner.user.id, user_package_id: owner.userPackageId }, headers)).status, url).toBe(401);
      }
      for (const url of ['/api/search-criteria', '/api/package-search-criteria']) expect((await del(url, headers)).status, url).toBe(401);
    }
    expect(await storedOf(owner.user.id)).toHaveLength(0);
  });
});

describe('expiry, enforced by the server', () => {
  it('criteria past their expiration date are not answered and are deleted when next looked at', async () => {
    const { user, auth, userPackageId } = await subscriber();
    expect((await post('/api/search-criteria', search, auth)).status).toBe(200);
    // The clock moved: the search's date is now behind us.
    await t.db.execute(sql`update search_criteria set expiration_date = now() - interval '1 second' where user_id = ${user.id}`);
    const res = await t.get('/api/direct-get-criteria', { user_package_id: userPackageId }, auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: false, message: 'No active search criteria', data: null });
    expect(await storedOf(user.id)).toHaveLength(0);
  });

  it('a row inserted with a past expiration is never answered, on any read', async () => {
    const { user, auth, userPackageId } = await subscriber();
    await t.db.execute(sql`
      insert into search_criteria (user_id, user_package_id, property_type, rooms, category_ids, outdoor_facility_ids, city, location, expiration_date)
      values (${user.id}, ${userPackageId}, 1, '{}'::jsonb, '{}', '{}', 'Pune', '"Pune"'::jsonb, now() - interval '31 days')`);
    for (const url of ['/api/search-criteria', '/api/package-search-criteria']) expect((await t.get(url, {}, auth)).body.data, url).toBeNull();
    expect(await storedOf(user.id)).toHaveLength(0);
  });

  it('a lock ends with its package, even before its own date', async () => {
    const { user, auth, userPackageId } = await subscriber();
    expect((await post('/api/direct-save-search', search, auth)).status).toBe(200);
    await t.db.execute(sql`update user_packages set end_date = now() - interval '1 minute' where id = ${userPackageId}`);
    expect((await t.get('/api/search-criteria', {}, auth)).body.data).toBeNull();
    expect(await storedOf(user.id)).toHaveLength(0);
    expect((await t.get('/api/user-profile', {}, auth)).body.data.user_package_id).toBeNull();
  });

  it('criteria still in force are answered until their date', async () => {
    const { user, auth } = await subscriber();
    const saved = (await post('/api/search-criteria', search, auth)).body.data;
    await t.db.execute(sql`update search_criteria set expiration_date = now() + interval '1 minute' where user_id = ${user.id}`);
    const read = await t.get('/api/search-criteria', {}, auth);
    expect(read.body).toMatchObject({ error: false, message: 'Search criteria fetched successfully', data: { id: saved.id, city: 'Pune' } });
  });
});

describe('same-origin calls and their fallback', () => {
  it('search-criteria and package-search-criteria save, read and clear the same search', async () => {
    const { user, auth } = await subscriber();
    const saved = await post('/api/search-criteria', search, auth);
    expect(saved.status).toBe(200);
    const viaFallback = await t.get('/api/package-search-criteria', {}, auth);
    expect(viaFallback.body.data).toEqual(saved.body.data);
    const cleared = await del('/api/package-search-criteria', auth);
    expect(cleared.body).toEqual({ error: false, message: 'Search criteria cleared', data: null });
    expect((await t.get('/api/search-criteria', {}, auth)).body.data).toBeNull();
    // Clearing again changes nothing.
    expect((await del('/api/search-criteria', auth)).status).toBe(200);
    const again = await post('/api/package-search-criteria', { ...search, city: 'Thane' }, auth);
    expect(again.body.data.city).toBe('Thane');
    expect(await storedOf(user.id)).toHaveLength(1);
  });
});

describe('test-api and user-profile', () => {
  it('test-api says it is healthy to anyone', async () => {
    const res = await t.get('/api/test-api');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: false, message: 'API is working', data: { status: 'ok' } });
  });

  it('user-profile answers the caller with the running package that ends last, or null', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const none = await t.get('/api/user-profile', {}, auth);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ id: user.id, email: user.email, user_package_id: null });
    await holdPackageFor(t.db, user.id, {}, 48);
    const later = await holdPackageFor(t.db, user.id, {}, 96);
    await holdPackageFor(t.db, user.id, {}, -2);
    expect((await t.get('/api/user-profile', {}, auth)).body.data.user_package_id).toBe(later);
  });
});
