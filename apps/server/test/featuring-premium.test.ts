// Issue 14: featuring (store_advertisement, get-featured-data, featured first in search) and the
// 24-hour premium unlock (one listing at a time, a unit spent on opening). PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuredIdsQuery } from '../src/modules/properties/repository.ts';
import { createProject, createProperty, createUserWithToken, holdPackageFor } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, headers: auth });
const used = async (userPackageId: number, feature: string) =>
  (await rows<{ used_limit: number }>(t.db, sql`select used_limit from user_package_features where user_package_id = ${userPackageId} and feature_id = (select id from features where name = ${feature})`))[0].used_limit;

describe('store_advertisement', () => {
  it('features one’s own approved listing with a unit, once, and puts it first in its searches', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const held = await holdPackageFor(t.db, user.id, { property_feature: 2 });
    const city = `Featureville ${Date.now()}`;
    const older = await createProperty(t.db, { ownerId: user.id, city, createdAt: new Date(Date.now() - 86_400_000 * 30) });
    await createProperty(t.db, { city });
    await createProperty(t.db, { city });

    const before = await t.get('/api/get-property-list', { city });
    expect(before.body.data.at(-1).id).toBe(older.id);

    const res = await post('/api/store_advertisement', auth, { feature_for: 'property', property_id: older.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 0, feature_for: 'property', property_id: older.id, property: { id: older.id } });
    const days = (new Date(res.body.data.end_date).getTime() - new Date(res.body.data.start_date).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 0);
    expect(await used(held, 'property_feature')).toBe(1);

    // The same search with promoted=1 finds it (the results page shows these first); the plain
    // search keeps its order, now with the listing marked.
    const featured = await t.get('/api/get-property-list', { city, promoted: 1, limit: 3 });
    expect(featured.body).toMatchObject({ total: 1, data: [expect.objectContaining({ id: older.id, promoted: true })] });
    const after = await t.get('/api/get-property-list', { city });
    expect(after.body.data.map((c: { id: number }) => c.id)).toEqual(before.body.data.map((c: { id: number }) => c.id));
    expect(after.body.data.at(-1)).toMatchObject({ id: older.id, promoted: true });
    // Another search that the listing does not match does not find it.
    expect((await t.get('/api/get-property-list', { city: `${city} elsewhere`, promoted: 1 })).body.data).toEqual([]);

    expect((await post('/api/store_advertisement', auth, { feature_for: 'property', property_id: older.id })).status).toBe(409);
    expect(await used(held, 'property_feature')).toBe(1);

    const mine = await t.get('/api/get-featured-data', { type: 'property' }, auth);
    expect(mine.body.data.map((a: { property_id: number }) => a.property_id)).toEqual([older.id]);
  });

  it('refuses another’s listing, an unapproved one, and a user without property_feature', async () => {
    const owner = await createUserWithToken(t.db);
    const other = await createUserWithToken(t.db);
    await holdPackageFor(t.db, other.user.id, { property_feature: null });
    const listed = await createProperty(t.db, { ownerId: owner.user.id });
    const pending = await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'pending' });
    expect((await post('/api/store_advertisement', other.auth, { feature_for: 'property', property_id: listed.id })).status).toBe(403);
    expect((await post('/api/store_advertisement', other.auth, { feature_for: 'property', property_id: pending.id })).status).toBe(404);
    const gated = await post('/api/store_advertisement', owner.auth, { feature_for: 'property', property_id: listed.id });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: 'feature_unavailable', feature: 'property_feature' });
    await holdPackageFor(t.db, owner.user.id, { property_feature: null });
    expect((await post('/api/store_advertisement', owner.auth, { feature_for: 'property', property_id: pending.id })).status).toBe(400);
    expect((await post('/api/store_advertisement', owner.auth, { feature_for: 'property' })).body.errors).toHaveProperty('property_id');
    expect((await rows(t.db, sql`select 1 from advertisements where property_id in (${listed.id}, ${pending.id})`)).length).toBe(0);
  });

  it('features a project with project_feature', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    await holdPackageFor(t.db, user.id, { project_feature: 1 });
    const project = await createProject(t.db, { ownerId: user.id });
    const res = await post('/api/store_advertisement', auth, { feature_for: 'project', project_id: project.id });
    expect(res.status).toBe(200);
    expect(res.body.data.project).toMatchObject({ id: project.id });
  });

  it('finds the featured listings of a search from the advertisements’ index', async () => {
    const plan = (await rows<{ 'QUERY PLAN': string }>(t.db, sql`explain ${featuredIdsQuery({ city: 'Mumbai', propertyType: 1 }, 3)}`)).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/advertisements_live_property_idx/);
  });
});

describe('premium unlock', () => {
  it('opens one premium listing for 24 hours with a limited unit; another shows Access Limited; after expiry the teaser returns', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const held = await holdPackageFor(t.db, user.id, { premium_properties: 1 });
    const a = await createProperty(t.db, { isPremium: true });
    const b = await createProperty(t.db, { isPremium: true });

    const opened = await t.get('/api/get_property', { slug_id: a.slugId }, auth);
    expect(opened.body.data[0].premium_locked).toBe(false);
    expect(await used(held, 'premium_properties')).toBe(1);
    const [unlock] = await rows<{ hours: number; ends: string }>(
      t.db,
      sql`select round(extract(epoch from expires_at - now()) / 3600)::int as hours, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ends from premium_unlocks where user_id = ${user.id} and property_id = ${a.id}`,
    );
    expect(unlock.hours).toBe(24);
    // The answer says when the unlock ends, to the millisecond of the stored unlock.
    expect(opened.body.data[0].premium_unlock_expires_at).toBe(unlock.ends);

    const again = await t.get('/api/get_property', { slug_id: a.slugId }, auth);
    expect(again.body.data[0].premium_locked).toBe(false);
    expect(again.body.data[0].premium_unlock_expires_at).toBe(unlock.ends);
    expect(await used(held, 'premium_properties')).toBe(1);

    const other = await t.get('/api/get_property', { slug_id: b.slugId }, auth);
    expect(other.body.data[0]).toMatchObject({ premium_locked: true, premium_access_limited: true });
    expect(other.body.data[0]).not.toHaveProperty('premium_unlock_expires_at');
    // A second user, a visitor and the owner learn nothing of this user's unlock.
    const second = await createUserWithToken(t.db);
    expect((await t.get('/api/get_property', { slug_id: a.slugId }, second.auth)).body.data[0]).not.toHaveProperty('premium_unlock_expires_at');
    expect((await t.get('/api/get_property', { slug_id: a.slugId })).body.data[0]).not.toHaveProperty('premium_unlock_expires_at');

    await t.db.execute(sql`update premium_unlocks set expires_at = now() - interval '1 minute' where user_id = ${user.id}`);
    const expired = await t.get('/api/get_property', { slug_id: a.slugId }, auth);
    expect(expired.body.data[0]).toMatchObject({ premium_locked: true, premium_access_limited: false });
  });

  it('opens every premium listing for an unlimited subscriber without unlocks, and spends nothing on lists', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    await holdPackageFor(t.db, user.id, { premium_properties: null });
    const a = await createProperty(t.db, { isPremium: true });
    const opened = (await t.get('/api/get_property', { slug_id: a.slugId }, auth)).body.data[0];
    expect(opened.premium_locked).toBe(false);
    // No unlock, so no end to tell.
    expect(opened).not.toHaveProperty('premium_unlock_expires_at');
    expect((await rows(t.db, sql`select 1 from premium_unlocks where user_id = ${user.id}`)).length).toBe(0);

    const limited = await createUserWithToken(t.db);
    const held = await holdPackageFor(t.db, limited.user.id, { premium_properties: 1 });
    await post('/api/add_favourite', limited.auth, { property_id: a.id, type: 1 });
    const favourites = await t.get('/api/get_favourite_property', {}, limited.auth);
    expect(favourites.body.data[0].premium_locked).toBe(true);
    expect(await used(held, 'premium_properties')).toBe(0);
  });
});
