// Reports, agent verification and recommendations (issue 15): add_reports, the three
// agent-verification calls and the decision behind the verified badge, personalised-fields and
// get_user_recommendation (with homepage-data's user_recommendation). Runs on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationQuery } from '../src/modules/recommendations/repository.ts';
import { createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown> | string | Buffer, headers: Record<string, string> = {}) => t.request({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string>, query: Record<string, string | number> = {}) =>
  t.request({ method: 'GET', url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, headers });

describe('add_reports', () => {
  it('stores one report per user and listing, with a reason or "other" text, never on one’s own listing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const owner = await createUserWithToken(t.db);
    const listing = await createProperty(t.db, { ownerId: owner.user.id });
    const [reason] = await rows<{ id: number }>(t.db, sql`select id from report_reasons order by id limit 1`);

    const res = await post('/api/add_reports', { property_id: listing.id, reason_id: reason.id }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ error: false, message: 'Report submitted successfully', data: { property_id: listing.id, is_reported: true } });
    const detail = await get('/api/get_property', auth, { id: listing.id });
    expect(detail.body.data[0].is_reported).toBe(true);

    // A second report of the same listing is refused and the first reason stands.
    const again = await post('/api/add_reports', { property_id: listing.id, reason_id: 0, other_message: 'Changed my mind' }, auth);
    expect(again.status).toBe(409);
    expect(await rows(t.db, sql`select reason_id, other_message from reports where user_id = ${user.id}`)).toEqual([{ reason_id: reason.id, other_message: null }]);

    // "Other": reason 0 (or none) with text, as a form body.
    const other = await createUserWithToken(t.db);
    const form = await t.request({
      method: 'POST',
      url: '/api/add_reports',
      headers: { ...other.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `property_id=${listing.id}&reason_id=0&other_message=${encodeURIComponent('Photos are of another flat')}`,
    });
    expect(form.status).toBe(200);
    expect(await rows(t.db, sql`select reason_id, other_message from reports where user_id = ${other.user.id}`)).toEqual([{ reason_id: null, other_message: 'Photos are of another flat' }]);

    expect((await post('/api/add_reports', { property_id: listing.id, reason_id: reason.id }, owner.auth)).status).toBe(403);
  });

  it('refuses what is missing or wrong, and visitors', async () => {
    const { auth } = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);
    const unlisted = await createProperty(t.db, { requestStatus: 'pending' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ reason_id: 1 }, 400, 'property_id is required'],
      [{ property_id: listing.id }, 400, 'other_message is required when the reason is "other"'],
      [{ property_id: listing.id, reason_id: 0 }, 400, 'other_message is required when the reason is "other"'],
      [{ property_id: listing.id, reason_id: 999_999 }, 400, 'reason_id is not a known reason'],
      [{ property_id: listing.id, reason_id: 0, other_message: 'x'.repeat(1001) }, 400, 'other_message must be at most 1000 characters'],
      [{ property_id: unlisted.id, reason_id: 0, other_message: 'Fake' }, 404, 'Property not found'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post('/api/add_reports', payload, auth);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await post('/api/add_reports', { property_id: listing.id, reason_id: 0, other_message: 'x' })).status).toBe(401);
    expect(await rows(t.db, sql`select 1 from reports where property_id in (${listing.id}, ${unlisted.id})`)).toEqual([]);
  });

  it('is rate limited per user', async () => {
    const { auth } = await createUserWithToken(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const listing = await createProperty(t.db);
      statuses.push((await post('/api/add_reports', { property_id: listing.id, reason_id: 0, other_message: 'Spam' }, auth)).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

// ------------------------------------------------------------------------------ verification

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function formOf(auth: Record<string, string>) {
  const res = await get('/api/get-agent-verification-form-fields', auth);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; name: string; field_type: string; is_required: number; form_fields_values: { id: number; value: string }[] }[];
}

/** A full application: text answers, the first option, and `file` for the file field. */
async function application(auth: Record<string, string>, file: { filename: string; type: string; data: Buffer } | null, skip?: string) {
  const fields = await formOf(auth);
  const values: Record<string, string> = {};
  let fileField: string | null = null;
  fields.forEach((f, i) => {
    if (f.field_type === skip) return;
    values[`form_fields[${i}][id]`] = String(f.id);
    if (f.field_type === 'file') fileField = `form_fields[${i}][value]`;
    else values[`form_fields[${i}][value]`] = f.form_fields_values[0]?.value ?? `Answer ${f.name}`;
  });
  const body = multipart(values, file && fileField ? { name: fileField, ...file } : undefined);
  return t.request({ method: 'POST', url: '/api/apply-agent-verification', headers: { ...auth, ...body.headers }, payload: body.payload });
}

describe('agent verification', () => {
  it('lists the form in order with the options of its choice fields', async () => {
    const { auth } = await createUserWithToken(t.db);
    const fields = await formOf(auth);
    expect(fields.map((f) => [f.field_type, f.is_required])).toEqual([
      ['text', 1],
      ['text', 1],
      ['dropdown', 1],
      ['file', 1],
    ]);
    expect(fields[2].form_fields_values.map((o) => o.value)).toContain('1–3 years');
    expect((await get('/api/get-agent-verification-form-fields', {})).status).toBe(401);
  });

  it('applies with a file, refuses again while pending, shows one’s own answers only, and after failing applies again', async () => {
    const agent = await createUserWithToken(t.db);
    const other = await createUserWithToken(t.db);
    const applied = await application(agent.auth, { filename: 'id.pdf', type: 'application/pdf', data: pdf });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data).toEqual({ verification_status: 'pending', reason: null });
    expect((await get('/api/web-settings', agent.auth)).body.data.verification_status).toBe('pending');

    expect((await application(agent.auth, { filename: 'id.pdf', type: 'application/pdf', data: pdf })).status).toBe(409);

    const values = await get('/api/get-agent-verification-form-values', agent.auth);
    expect(values.status).toBe(200);
    expect(values.body).toMatchObject({ verification_status: 'pending', reason: null, total: 4 });
    const file = values.body.data.find((v: { field_type: string }) => v.field_type === 'file');
    expect(file.value).toMatch(/^http:\/\/localhost(:\d+)?\/media\/verification\/documents\/.+\.pdf$/);
    expect(values.body.data.find((v: { field_type: string }) => v.field_type === 'dropdown').value).toBe('Less than 1 year');
    const fetched = await t.request({ method: 'GET', url: new URL(file.value).pathname });
    expect(fetched.status).toBe(200);

    const theirs = await get('/api/get-agent-verification-form-values', other.auth);
    expect(theirs.body).toMatchObject({ data: [], verification_status: 'initial', total: 0 });

    const failed = await t.services.verification.decide(agent.user.id, { status: 'failed', reason: 'The ID is unreadable' });
    expect(failed).toEqual({ verification_status: 'failed', reason: 'The ID is unreadable' });
    expect((await get('/api/get-agent-verification-form-values', agent.auth)).body).toMatchObject({ verification_status: 'failed', reason: 'The ID is unreadable' });
    await expect(t.services.verification.decide(agent.user.id, { status: 'success' })).rejects.toThrow('No pending application');

    // A picture this time: the earlier PDF goes once the new answers are stored.
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const reapplied = await application(agent.auth, { filename: 'id.png', type: 'image/png', data: picture });
    expect(reapplied.status, JSON.stringify(reapplied.body)).toBe(200);
    const now = await get('/api/get-agent-verification-form-values', agent.auth);
    expect(now.body.data.find((v: { field_type: string }) => v.field_type === 'file').value).toMatch(/\.webp$/);
    expect((await t.request({ method: 'GET', url: new URL(file.value).pathname })).status).toBe(404);
    expect(await rows(t.db, sql`select count(*)::int as n from verification_requests where user_id = ${agent.user.id}`)).toEqual([{ n: 1 }]);
  });

  it('refuses missing required fields, wrong options, unknown fields and files that are not PDFs or pictures, storing nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const fields = await formOf(auth);
    const missingFile = await application(auth, null);
    expect(missingFile.status).toBe(400);
    expect(missingFile.body.message).toBe('ID proof (Aadhaar, PAN or passport) is required');
    const notAFile = await application(auth, { filename: 'id.pdf', type: 'application/pdf', data: Buffer.from('just text pretending') });
    expect(notAFile.status).toBe(400);
    expect(notAFile.body.message).toMatch(/must be a PDF or a picture/);

    const dropdown = fields.findIndex((f) => f.field_type === 'dropdown');
    const badOption = multipart({ [`form_fields[0][id]`]: String(fields[dropdown].id), [`form_fields[0][value]`]: 'Forever' });
    const res = await t.request({ method: 'POST', url: '/api/apply-agent-verification', headers: { ...auth, ...badOption.headers }, payload: badOption.payload });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Years of experience must be one of its options');

    const unknown = await post('/api/apply-agent-verification', { form_fields: [{ id: 999_999, value: 'x' }] }, auth);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('form_fields[0][id] is not a field of the form');
    expect((await post('/api/apply-agent-verification', {}, auth)).body.message).toBe('form_fields is required');
    expect((await post('/api/apply-agent-verification', { form_fields: [] })).status).toBe(401);

    expect(await rows(t.db, sql`select verification_status from users where id = ${user.id}`)).toEqual([{ verification_status: 'initial' }]);
    expect(await rows(t.db, sql`select 1 from verification_requests where user_id = ${user.id}`)).toEqual([]);
  });

  it('shows the verified badge on agent-list, agent-properties and the listing once approved', async () => {
    const agent = await createUserWithToken(t.db, { role: 'user' });
    const listing = await createProperty(t.db, { ownerId: agent.user.id });
    const viewer = await createUserWithToken(t.db);
    const badges = async () => {
      const list = (await get('/api/agent-list', {}, { limit: 100 })).body.data as { id: number; is_verified: boolean }[];
      const agentPage = await get('/api/agent-properties', {}, { slug_id: agent.user.slugId });
      const detail = await get('/api/get_property', viewer.auth, { id: listing.id });
      return {
        list: list.find((a) => a.id === agent.user.id)?.is_verified,
        page: agentPage.body.data?.customer_data?.is_verify ?? agentPage.body.data?.is_verify,
        detail: detail.body.data[0].is_verified,
      };
    };
    const before = await badges();
    expect(before.detail).toBe(false);
    expect((await application(agent.auth, { filename: 'id.pdf', type: 'application/pdf', data: pdf })).status).toBe(200);
    expect(await t.services.verification.decide(agent.user.id, { status: 'success' })).toEqual({ verification_status: 'success', reason: null });
    const after = await badges();
    expect(after.detail).toBe(true);
    if (before.list !== undefined) expect([before.list, after.list]).toEqual([false, true]);
    expect(after.page).toBe(true);
    // Verified: applying again is refused.
    expect((await application(agent.auth, { filename: 'id.pdf', type: 'application/pdf', data: pdf })).status).toBe(409);
    await expect(t.services.verification.decide(agent.user.id, { status: 'failed', reason: ' ' })).rejects.toThrow('reason is required');
  });
});

// ------------------------------------------------------------------------------ recommendations

describe('personalised-fields', () => {
  it('saves, reads back, replaces and deletes one’s own preferences only', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const other = await createUserWithToken(t.db);
    const categories = await rows<{ id: number }>(t.db, sql`select id from categories order by id limit 2`);
    const [facility] = await rows<{ id: number }>(t.db, sql`select id from outdoor_facilities order by id limit 1`);
    expect((await get('/api/personalised-fields', auth)).body).toMatchObject({ error: false, data: null });

    const saved = await post(
      '/api/personalised-fields',
      { category_ids: categories.map((c) => c.id), outdoor_facilitiy_ids: [facility.id], price_range: [1_000_000, 9_000_000], property_type: [0], city: 'Mumbai' },
      auth,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = { user_id: user.id, category_ids: categories.map((c) => c.id), outdoor_facilitiy_ids: [facility.id], price_range: [1_000_000, 9_000_000], property_type: [0], city: 'Mumbai' };
    expect(saved.body.data).toEqual(expected);
    expect((await get('/api/personalised-fields', auth)).body.data).toEqual(expected);
    expect((await get('/api/personalised-fields', other.auth)).body.data).toBeNull();

    // Form spellings: comma lists and price_range[0] / [1]; a save replaces everything.
    const form = await t.request({
      method: 'POST',
      url: '/api/personalised-fields',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `category_ids=${categories[0].id}&price_range=,5000000&property_type=0,1`,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data).toEqual({ user_id: user.id, category_ids: [categories[0].id], outdoor_facilitiy_ids: [], price_range: [null, 5_000_000], property_type: [0, 1], city: null });

    expect((await t.request({ method: 'DELETE', url: '/api/personalised-fields', headers: auth })).status).toBe(200);
    expect((await get('/api/personalised-fields', auth)).body.data).toBeNull();
  });

  it('refuses wrong values and visitors', async () => {
    const { auth } = await createUserWithToken(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ category_ids: [999_999] }, 'category_ids holds an unknown category'],
      [{ outdoor_facilitiy_ids: [999_999] }, 'outdoor_facilitiy_ids holds an unknown facility'],
      [{ category_ids: 'abc' }, 'category_ids must be a list of ids'],
      [{ price_range: [500, 100] }, 'price_range max must not be below min'],
      [{ price_range: 'cheap' }, 'price_range must be [min, max] with numbers from 0'],
      [{ property_type: [2] }, 'property_type must be 0 (sell), 1 (rent) or both'],
      [{ city: 'x'.repeat(101) }, 'city must be at most 100 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/personalised-fields', payload, auth);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await post('/api/personalised-fields', { city: 'Pune' })).status).toBe(401);
    expect((await t.request({ method: 'DELETE', url: '/api/personalised-fields' })).status).toBe(401);
    expect((await get('/api/get_user_recommendation', {})).status).toBe(401);
    expect((await get('/api/get_user_recommendation', auth, { limit: 0 })).status).toBe(400);
  });
});

describe('get_user_recommendation', () => {
  it('ranks by saved preferences, then by what the user favoured and opened; newest when nothing is known', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    // Categories of their own, so no demo listing shares them.
    const categories = await rows<{ id: number }>(
      t.db,
      sql`insert into categories (category, slug_id) values (${`Reco A ${user.id}`}, ${`reco-a-${user.id}`}), (${`Reco B ${user.id}`}, ${`reco-b-${user.id}`}) returning id`,
    );
    const city = `Recotown-${user.id}`;
    const tasteCity = `Tastetown-${user.id}`;
    // Oldest first, so that only the ranking (not recency) can put them first.
    const perfect = await createProperty(t.db, { categoryId: categories[0].id, city, price: '2000000', propertyType: 1, createdAt: new Date(Date.now() - 86_400_000 * 400) });
    const sameCity = await createProperty(t.db, { categoryId: categories[1].id, city, price: '2500000', propertyType: 0, createdAt: new Date(Date.now() - 86_400_000 * 300) });
    const own = await createProperty(t.db, { categoryId: categories[0].id, city, ownerId: user.id });

    // Nothing known: the newest listings.
    const newest = await get('/api/get_user_recommendation', auth, { limit: 3 });
    expect(newest.status).toBe(200);
    const [latest] = await rows<{ id: number }>(
      t.db,
      sql`select id from properties where status = 1 and request_status = 'approved' and owner_id is distinct from ${user.id} order by created_at desc, id desc limit 1`,
    );
    expect(newest.body.data[0].id).toBe(latest.id);

    await post('/api/personalised-fields', { category_ids: [categories[0].id], city, price_range: [1_000_000, 3_000_000], property_type: [1] }, auth);
    const ranked = await get('/api/get_user_recommendation', auth, { limit: 5 });
    expect(ranked.status).toBe(200);
    const ids = ranked.body.data.map((p: { id: number }) => p.id);
    expect(ids.slice(0, 2)).toEqual([perfect.id, sameCity.id]);
    expect(ids).not.toContain(own.id);
    expect(ranked.body.total).toBeGreaterThan(2);
    expect(ranked.body.data[0]).toMatchObject({ id: perfect.id, slug_id: perfect.slugId });

    // Homepage's user_recommendation follows the same ranking.
    const home = await get('/api/homepage-data', auth);
    expect(home.body.data.user_recommendation.slice(0, 2).map((p: { id: number }) => p.id)).toEqual([perfect.id, sameCity.id]);

    // Without preferences, what was opened and favoured leads: a listing in the city of both.
    await t.request({ method: 'DELETE', url: '/api/personalised-fields', headers: auth });
    const opened = await createProperty(t.db, { city: tasteCity, createdAt: new Date(Date.now() - 86_400_000 * 500) });
    const liked = await createProperty(t.db, { city: tasteCity, createdAt: new Date(Date.now() - 86_400_000 * 500) });
    const sibling = await createProperty(t.db, { city: tasteCity, createdAt: new Date(Date.now() - 86_400_000 * 450) });
    expect((await get('/api/get_property', auth, { id: opened.id })).status).toBe(200);
    expect((await post('/api/add_favourite', { property_id: liked.id, type: 1 }, auth)).status).toBe(200);
    await expect.poll(async () => (await rows(t.db, sql`select 1 from property_user_views where user_id = ${user.id} and property_id = ${opened.id}`)).length).toBe(1);
    const learned = await get('/api/get_user_recommendation', auth, { limit: 3 });
    const learnedIds = learned.body.data.map((p: { id: number }) => p.id);
    expect(learnedIds[0]).toBe(sibling.id);
    // Favourites are not recommended back.
    expect(learnedIds).not.toContain(liked.id);
  });

  it('reads its candidates through the listing indexes (EXPLAIN, sequential scans priced out)', async () => {
    const taste = { categoryIds: [1, 2], facilityIds: [1], priceMin: 100, priceMax: 1e9, propertyTypes: [0], city: 'Mumbai', likedCategoryIds: [3], likedCities: ['pune'] };
    for (const t2 of [taste, { ...taste, categoryIds: [], city: null, likedCategoryIds: [], likedCities: [] }]) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`analyze properties`);
        await tx.execute(sql`set local enable_seqscan = off`);
        return (await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${recommendationQuery(1, t2, 12, 0)}`)).map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).not.toMatch(/Seq Scan on properties/);
      if (t2.categoryIds.length) {
        expect(plan).toMatch(/properties_listed_category_idx/);
        expect(plan).toMatch(/properties_listed_city_(created|price)_idx/);
      }
    }
  });
});
