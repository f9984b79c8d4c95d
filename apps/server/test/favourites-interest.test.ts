// Favourites and "I'm interested" (issue 13): add_favourite, get_favourite_property,
// interested_users, get_interested_users and get-user-marks. Runs on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { MAX_FAVOURITES } from '@estate/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUserWithToken, grantFeature } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown> | string, headers: Record<string, string> = {}) => t.request({ method: 'POST', url, payload, headers });

/** What the database holds for a listing: its counters and the rows behind them. */
async function stateOf(propertyId: number) {
  const [row] = await rows<{ total_favourites: number; total_interested: number; favourites: number; interests: number }>(
    t.db,
    sql`select total_favourites, total_interested,
          (select count(*)::int from favourites where property_id = ${propertyId}) as favourites,
          (select count(*)::int from interests where property_id = ${propertyId}) as interests
        from properties where id = ${propertyId}`,
  );
  return row;
}

const isFavourite = async (userId: number, propertyId: number) =>
  (await rows(t.db, sql`select 1 from favourites where user_id = ${userId} and property_id = ${propertyId}`)).length === 1;

describe('add_favourite', () => {
  it('adds once and removes once, keeping total_favourites equal to the rows', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const other = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);

    const added = await post('/api/add_favourite', { property_id: listing.id, type: 1 }, auth);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ error: false, message: 'Added to favourites', data: { property_id: listing.id, is_favourite: 1, total_favourite_users: 1 } });
    // Adding again changes nothing, and says so with the same answer.
    const again = await post('/api/add_favourite', { property_id: String(listing.id), type: '1' }, auth);
    expect(again.body.data).toEqual({ property_id: listing.id, is_favourite: 1, total_favourite_users: 1 });
    expect(await stateOf(listing.id)).toMatchObject({ total_favourites: 1, favourites: 1 });

    expect((await post('/api/add_favourite', { property_id: listing.id, type: 1 }, other.auth)).body.data.total_favourite_users).toBe(2);

    const removed = await post('/api/add_favourite', { property_id: listing.id, type: 0 }, auth);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Removed from favourites', data: { is_favourite: 0, total_favourite_users: 1 } });
    const removedAgain = await post('/api/add_favourite', { property_id: listing.id, type: 0 }, auth);
    expect(removedAgain.status).toBe(200);
    expect(removedAgain.body.data.total_favourite_users).toBe(1);
    expect(await stateOf(listing.id)).toMatchObject({ total_favourites: 1, favourites: 1 });
    expect(await isFavourite(user.id, listing.id)).toBe(false);
    expect(await isFavourite(other.user.id, listing.id)).toBe(true);
  });

  it('takes form bodies as the mobile apps send them', async () => {
    const { auth } = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);
    const res = await t.request({ method: 'POST', url: '/api/add_favourite', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: `property_id=${listing.id}&type=1` });
    expect(res.status).toBe(200);
    expect((await stateOf(listing.id)).total_favourites).toBe(1);
  });

  it('counts right when the same user adds many times at once', async () => {
    const { auth } = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/add_favourite', { property_id: listing.id, type: 1 }, auth)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await stateOf(listing.id)).toMatchObject({ total_favourites: 1, favourites: 1 });
  });

  it('refuses listings that are not listed with 404, and changes nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    for (const overrides of [{ requestStatus: 'pending' as const }, { requestStatus: 'rejected' as const }, { status: 0 }]) {
      const listing = await createProperty(t.db, overrides);
      const res = await post('/api/add_favourite', { property_id: listing.id, type: 1 }, auth);
      expect(res.status, JSON.stringify(overrides)).toBe(404);
      expect(res.body).toEqual({ error: true, message: 'Property not found' });
      expect(await stateOf(listing.id)).toMatchObject({ total_favourites: 0, favourites: 0 });
      expect(await isFavourite(user.id, listing.id)).toBe(false);
    }
    expect((await post('/api/add_favourite', { property_id: 2_000_000_000, type: 1 }, auth)).status).toBe(404);
  });

  it('lets a favourite be removed after its listing was paused', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);
    await post('/api/add_favourite', { property_id: listing.id, type: 1 }, auth);
    await t.db.execute(sql`update properties set status = 0 where id = ${listing.id}`);
    expect((await post('/api/add_favourite', { property_id: listing.id, type: 0 }, auth)).status).toBe(200);
    expect(await isFavourite(user.id, listing.id)).toBe(false);
    expect((await stateOf(listing.id)).total_favourites).toBe(0);
  });

  it.each([
    [{ type: 1 }, 'property_id', 'property_id is required'],
    [{ property_id: 'abc', type: 1 }, 'property_id', 'property_id must be a number'],
    [{ property_id: 0, type: 1 }, 'property_id', 'property_id must be at least 1'],
    [{ property_id: 1.5, type: 1 }, 'property_id', 'property_id must be a whole number'],
    [{ property_id: 1 }, 'type', 'type is required'],
    [{ property_id: 1, type: 2 }, 'type', 'type must be 0 or 1'],
    [{ property_id: 1, type: 'yes' }, 'type', 'type must be 0 or 1'],
  ])('answers 400 for %j naming %s', async (payload, field, message) => {
    const { auth } = await createUserWithToken(t.db);
    const res = await post('/api/add_favourite', payload, auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('answers 401 without a token (or with a bad one), before reading the body', async () => {
    const listing = await createProperty(t.db);
    for (const headers of [{}, { authorization: 'Bearer undefined' }, { authorization: 'Bearer 0123456789abcdef0123456789abcdef' }] as Record<string, string>[]) {
      const res = await post('/api/add_favourite', { property_id: listing.id, type: 1 }, headers);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Authentication failed. Please login to continue.');
    }
    // A malformed body is never looked at: 401, not 400.
    expect((await t.request({ method: 'POST', url: '/api/add_favourite', headers: { 'content-type': 'application/json' }, payload: '{not json' })).status).toBe(401);
    expect(await stateOf(listing.id)).toMatchObject({ total_favourites: 0, favourites: 0 });
  });

  it(`keeps at most ${MAX_FAVOURITES} favourites, refusing the next with 409`, async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const kept = await createProperty(t.db);
    const extra = await createProperty(t.db);
    await post('/api/add_favourite', { property_id: kept.id, type: 1 }, auth);
    // Fill the list to the cap with the demo market's listings (the counters do not matter here).
    await t.db.execute(sql`
      insert into favourites (user_id, property_id)
      select ${user.id}, id from properties where id <> ${kept.id} and id <> ${extra.id} order by id limit ${MAX_FAVOURITES - 1}`);
    const res = await post('/api/add_favourite', { property_id: extra.id, type: 1 }, auth);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`You can keep up to ${MAX_FAVOURITES} favourites. Remove some to add more.`);
    expect(await stateOf(extra.id)).toMatchObject({ total_favourites: 0, favourites: 0 });
    // One already kept is not refused.
    expect((await post('/api/add_favourite', { property_id: kept.id, type: 1 }, auth)).status).toBe(200);
  });
});

describe('get_favourite_property', () => {
  it('pages the user’s listed favourites in full, newest first, with a total', async () => {
    const { auth } = await createUserWithToken(t.db);
    const [a, b, c] = [await createProperty(t.db), await createProperty(t.db), await createProperty(t.db)];
    const paused = await createProperty(t.db);
    for (const listing of [a, b, c, paused]) await post('/api/add_favourite', { property_id: listing.id, type: 1 }, auth);
    await t.db.execute(sql`update properties set status = 0 where id = ${paused.id}`);

    const first = await t.get('/api/get_favourite_property', { limit: 2, offset: 0 }, auth);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.data.map((p: { id: number }) => p.id)).toEqual([c.id, b.id]);
    const [p] = first.body.data;
    expect(p).toMatchObject({ is_favourite: 1, is_interested: 0, total_favourite_users: 1, premium_locked: false });
    expect(p).toHaveProperty('description');
    expect(p).toHaveProperty('gallery');
    const second = await t.get('/api/get_favourite_property', { limit: 2, offset: 2 }, auth);
    expect(second.body.data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect(second.body.total).toBe(3);
  });

  it('answers a premium favourite as its teaser unless the user is entitled to it', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const premium = await createProperty(t.db, { isPremium: true, address: 'Secret Lane 1' });
    await post('/api/add_favourite', { property_id: premium.id, type: 1 }, auth);
    const teaser = (await t.get('/api/get_favourite_property', {}, auth)).body.data[0];
    expect(teaser).toMatchObject({ id: premium.id, premium_locked: true, address: null, mobile: null });
    await grantFeature(t.db, user.id, 'premium_properties');
    const full = (await t.get('/api/get_favourite_property', {}, auth)).body.data[0];
    expect(full).toMatchObject({ id: premium.id, premium_locked: false, address: 'Secret Lane 1' });
  });

  it('answers an empty page for a user with none, and never another user’s', async () => {
    const owner = await createUserWithToken(t.db);
    const stranger = await createUserWithToken(t.db);
    await post('/api/add_favourite', { property_id: (await createProperty(t.db)).id, type: 1 }, owner.auth);
    const res = await t.get('/api/get_favourite_property', {}, stranger.auth);
    expect(res.body).toMatchObject({ error: false, data: [], total: 0 });
  });

  it('checks its paging and needs a token', async () => {
    const { auth } = await createUserWithToken(t.db);
    const bad = await t.get('/api/get_favourite_property', { limit: 0 }, auth);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.limit).toEqual(['limit must be at least 1']);
    expect((await t.get('/api/get_favourite_property', { offset: -1 }, auth)).body.errors.offset).toEqual(['offset must be at least 0']);
    expect((await t.get('/api/get_favourite_property')).status).toBe(401);
  });
});

describe('is_favourite and is_interested on public answers', () => {
  it('follow the viewer’s marks on cards and on the detail', async () => {
    const { auth } = await createUserWithToken(t.db);
    const listing = await createProperty(t.db, { city: 'Marksville' });
    const card = async (headers: Record<string, string>) => (await t.get('/api/get-property-list', { city: 'Marksville' }, headers)).body.data[0];
    const detail = async (headers: Record<string, string>) => (await t.get('/api/get_property', { id: listing.id }, headers)).body.data[0];
    expect((await card(auth)).is_favourite).toBe(0);
    await post('/api/add_favourite', { property_id: listing.id, type: 1 }, auth);
    await post('/api/interested_users', { property_id: listing.id, type: 1 }, auth);
    expect((await card(auth)).is_favourite).toBe(1);
    expect(await detail(auth)).toMatchObject({ is_favourite: 1, is_interested: 1, total_favourite_users: 1, total_interested_users: 1 });
    // A visitor sees the totals, never someone's marks.
    expect((await card({})).is_favourite).toBe(0);
    expect(await detail({})).toMatchObject({ is_favourite: 0, is_interested: 0, total_favourite_users: 1 });
    await post('/api/add_favourite', { property_id: listing.id, type: 0 }, auth);
    await post('/api/interested_users', { property_id: listing.id, type: 0 }, auth);
    expect(await detail(auth)).toMatchObject({ is_favourite: 0, is_interested: 0, total_favourite_users: 0, total_interested_users: 0 });
  });
});

describe('get-user-marks', () => {
  it('answers the ids of the user’s favourites and interests, newest first', async () => {
    const { auth } = await createUserWithToken(t.db);
    const [a, b] = [await createProperty(t.db), await createProperty(t.db)];
    await post('/api/add_favourite', { property_id: a.id, type: 1 }, auth);
    await post('/api/add_favourite', { property_id: b.id, type: 1 }, auth);
    await post('/api/interested_users', { property_id: b.id, type: 1 }, auth);
    const res = await t.get('/api/get-user-marks', {}, auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ favourite_ids: [b.id, a.id], interested_ids: [b.id] });
    expect((await t.get('/api/get-user-marks')).status).toBe(401);
  });
});

describe('interested_users', () => {
  it('marks once and unmarks once, keeping total_interested equal to the rows', async () => {
    const owner = await createUserWithToken(t.db);
    const { user, auth } = await createUserWithToken(t.db);
    const listing = await createProperty(t.db, { ownerId: owner.user.id });
    const marked = await post('/api/interested_users', { property_id: listing.id, type: 1 }, auth);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ property_id: listing.id, is_interested: 1, total_interested_users: 1 });
    expect((await post('/api/interested_users', { property_id: listing.id, type: 1 }, auth)).body.data.total_interested_users).toBe(1);
    expect(await stateOf(listing.id)).toMatchObject({ total_interested: 1, interests: 1 });
    const unmarked = await post('/api/interested_users', { property_id: listing.id, type: 0 }, auth);
    expect(unmarked.body.data).toEqual({ property_id: listing.id, is_interested: 0, total_interested_users: 0 });
    expect((await post('/api/interested_users', { property_id: listing.id, type: 0 }, auth)).status).toBe(200);
    expect(await stateOf(listing.id)).toMatchObject({ total_interested: 0, interests: 0 });
    expect((await rows(t.db, sql`select 1 from interests where user_id = ${user.id}`)).length).toBe(0);
  });

  it('refuses the owner’s own listing with 403 and unlisted ones with 404, changing nothing', async () => {
    const owner = await createUserWithToken(t.db);
    const own = await createProperty(t.db, { ownerId: owner.user.id });
    const res = await post('/api/interested_users', { property_id: own.id, type: 1 }, owner.auth);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot mark interest in your own listing.');
    const pending = await createProperty(t.db, { requestStatus: 'pending' });
    const other = await createUserWithToken(t.db);
    expect((await post('/api/interested_users', { property_id: pending.id, type: 1 }, other.auth)).status).toBe(404);
    expect(await stateOf(own.id)).toMatchObject({ total_interested: 0, interests: 0 });
    expect(await stateOf(pending.id)).toMatchObject({ total_interested: 0, interests: 0 });
  });

  it.each([
    [{ type: 1 }, 'property_id', 'property_id is required'],
    [{ property_id: 'x', type: 1 }, 'property_id', 'property_id must be a number'],
    [{ property_id: 3 }, 'type', 'type is required'],
    [{ property_id: 3, type: 5 }, 'type', 'type must be 0 or 1'],
  ])('answers 400 for %j naming %s', async (payload, field, message) => {
    const { auth } = await createUserWithToken(t.db);
    const res = await post('/api/interested_users', payload, auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('answers 401 without a token', async () => {
    const listing = await createProperty(t.db);
    expect((await post('/api/interested_users', { property_id: listing.id, type: 1 })).status).toBe(401);
    expect(await stateOf(listing.id)).toMatchObject({ total_interested: 0, interests: 0 });
  });
});

describe('get_interested_users', () => {
  it('shows the owner who is interested, newest first, with their contact details and nothing more', async () => {
    const owner = await createUserWithToken(t.db);
    const listing = await createProperty(t.db, { ownerId: owner.user.id });
    const asha = await createUserWithToken(t.db, { name: 'Asha Rao', mobile: '+919820000001', profile: 'profiles/asha.webp' });
    const ravi = await createUserWithToken(t.db, { name: 'Ravi Iyer' });
    await post('/api/interested_users', { property_id: listing.id, type: 1 }, asha.auth);
    await post('/api/interested_users', { property_id: listing.id, type: 1 }, ravi.auth);

    const res = await t.get('/api/get_interested_users', { property_id: listing.id }, owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Ravi Iyer', 'Asha Rao']);
    const [, a] = res.body.data;
    expect(Object.keys(a).sort()).toEqual(['email', 'id', 'interested_at', 'mobile', 'name', 'profile', 'slug_id']);
    expect(a).toMatchObject({ id: asha.user.id, email: asha.user.email, mobile: '+919820000001', slug_id: asha.user.slugId });
    expect(a.profile).toMatch(/^http.+\/media\/profiles\/asha\.webp$/);
    expect(Number.isNaN(Date.parse(a.interested_at))).toBe(false);

    const bySlug = await t.get('/api/get_interested_users', { slug_id: listing.slugId, limit: 1, offset: 1 }, owner.auth);
    expect(bySlug.body.data.map((u: { id: number }) => u.id)).toEqual([asha.user.id]);
    expect(bySlug.body.total).toBe(2);
  });

  it('shows the owner of a pending listing its interested users too (an approved listing paused later keeps them)', async () => {
    const owner = await createUserWithToken(t.db);
    const listing = await createProperty(t.db, { ownerId: owner.user.id });
    const fan = await createUserWithToken(t.db);
    await post('/api/interested_users', { property_id: listing.id, type: 1 }, fan.auth);
    await t.db.execute(sql`update properties set status = 0 where id = ${listing.id}`);
    const res = await t.get('/api/get_interested_users', { property_id: listing.id }, owner.auth);
    expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([fan.user.id]);
  });

  it('refuses a second user: 403 on a public listing, 404 on an unlisted one, and leaks nobody', async () => {
    const owner = await createUserWithToken(t.db);
    const listed = await createProperty(t.db, { ownerId: owner.user.id });
    const pending = await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'pending' });
    const fan = await createUserWithToken(t.db, { name: 'Private Person' });
    await post('/api/interested_users', { property_id: listed.id, type: 1 }, fan.auth);
    const stranger = await createUserWithToken(t.db);

    const forbidden = await t.get('/api/get_interested_users', { property_id: listed.id }, stranger.auth);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: true, message: 'Only the owner of this listing can see who is interested in it.' });
    expect((await t.get('/api/get_interested_users', { slug_id: listed.slugId }, stranger.auth)).status).toBe(403);
    // The interested user themself is not the owner either.
    expect((await t.get('/api/get_interested_users', { property_id: listed.id }, fan.auth)).status).toBe(403);

    const hidden = await t.get('/api/get_interested_users', { property_id: pending.id }, stranger.auth);
    const missing = await t.get('/api/get_interested_users', { property_id: 2_000_000_000 }, stranger.auth);
    expect(hidden.status).toBe(404);
    // An unlisted listing answers exactly as one that does not exist.
    expect(hidden.body).toEqual(missing.body);
    for (const res of [forbidden, hidden]) expect(JSON.stringify(res.body)).not.toContain('Private Person');
    expect(await stateOf(listed.id)).toMatchObject({ total_interested: 1, interests: 1 });
  });

  it('checks its input and needs a token', async () => {
    const { auth } = await createUserWithToken(t.db);
    const none = await t.get('/api/get_interested_users', {}, auth);
    expect(none.status).toBe(400);
    expect(none.body.errors.property_id).toEqual(['property_id is required']);
    expect((await t.get('/api/get_interested_users', { property_id: 'x' }, auth)).body.errors.property_id).toEqual(['property_id must be a number']);
    expect((await t.get('/api/get_interested_users', { slug_id: 'no spaces' }, auth)).body.errors.slug_id).toEqual(['slug_id may only contain letters, digits and hyphens']);
    expect((await t.get('/api/get_interested_users', { property_id: 1, limit: 101 }, auth)).body.errors.limit).toEqual(['limit must be at most 100']);
    expect((await t.get('/api/get_interested_users', { property_id: 1 })).status).toBe(401);
  });
});
