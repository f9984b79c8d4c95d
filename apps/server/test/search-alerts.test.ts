// Issue 15: saved-search alerts — a user is told (notification, live, push) when a matching
// listing goes live or a live one gets cheaper; matching is one indexed statement. PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingAlertsQuery } from '../src/modules/alerts/repository.ts';
import { AlertService } from '../src/modules/alerts/service.ts';
import { createUserWithToken, holdPackageFor } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

let t: TestApp;
let categoryId: number;
let required: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = (await rows<{ id: number }>(t.db, sql`select id from categories order by id limit 1`))[0].id;
  required = Object.fromEntries(
    (await rows<{ id: number }>(t.db, sql`select p.id from category_parameters cp join parameters p on p.id = cp.parameter_id where cp.category_id = ${categoryId} and p.is_required`)).flatMap((p, i) => [
      [`parameters[${i}][parameter_id]`, String(p.id)],
      [`parameters[${i}][value]`, '3'],
    ]),
  );
});
afterAll(() => t?.close());

const post = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, headers: auth });
const titlesOf = async (userId: number) =>
  (await rows<{ title: string; message: string }>(t.db, sql`select n.title, n.message from notifications n join notification_recipients r on r.notification_id = n.id where r.user_id = ${userId} order by n.id`)).map((n) => `${n.title}: ${n.message}`);

async function listAs(owner: { auth: Record<string, string> }, fields: Record<string, string>) {
  const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#884422' } }).jpeg().toBuffer();
  const body = multipart({ category_id: String(categoryId), property_type: '0', ...required, ...fields }, { name: 'title_image', filename: 'a.jpg', type: 'image/jpeg', data: jpeg });
  const res = await t.request({ method: 'POST', url: '/api/post_property', payload: body.payload, headers: { ...body.headers, ...owner.auth } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[0] as { id: number };
}

describe('search alerts', () => {
  it('tells those whose alert a new live listing matches, and again when it gets cheaper; not others, not the owner', async () => {
    const city = `Alertpur ${Date.now()}`;
    const hunter = await createUserWithToken(t.db);
    const picky = await createUserWithToken(t.db);
    const elsewhere = await createUserWithToken(t.db);
    const owner = await createUserWithToken(t.db, { mobile: '+919812345678', profile: 'profiles/o-w160.webp', address: 'Main Road', verificationStatus: 'success' });
    await holdPackageFor(t.db, owner.user.id, { property_list: null });

    const saved = await post('/api/search-alerts', hunter.auth, { name: '3 BHK to buy', city, property_type: 0, max_price: 9_000_000, min_bedrooms: 2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: '3 BHK to buy', city, property_type: 0, max_price: 9_000_000, min_bedrooms: 2 });
    await post('/api/search-alerts', picky.auth, { city, max_price: 5_000_000 });
    await post('/api/search-alerts', elsewhere.auth, { city: 'Nowhere else' });
    await post('/api/search-alerts', owner.auth, { city });
    expect((await post('/api/search-alerts', hunter.auth, { min_price: 5, max_price: 1 })).status).toBe(400);

    const listing = await listAs(owner, { title: 'Garden flat near the lake', city, price: '8500000' });
    expect(await titlesOf(hunter.user.id)).toEqual(['New listing for your search: Garden flat near the lake']);
    expect(await titlesOf(picky.user.id)).toEqual([]);
    expect(await titlesOf(elsewhere.user.id)).toEqual([]);
    expect(await titlesOf(owner.user.id)).toEqual([]);

    expect((await post('/api/update_post_property', owner.auth, { id: listing.id, price: 4_900_000 })).status).toBe(200);
    expect(await titlesOf(hunter.user.id)).toEqual(['New listing for your search: Garden flat near the lake', 'Cheaper now, for your search: Garden flat near the lake']);
    expect(await titlesOf(picky.user.id)).toEqual(['Cheaper now, for your search: Garden flat near the lake']);

    const mine = await t.get('/api/search-alerts', {}, hunter.auth);
    expect(mine.body.data).toHaveLength(1);
    expect((await post('/api/delete-search-alert', picky.auth, { id: mine.body.data[0].id })).status).toBe(404);
    expect((await post('/api/delete-search-alert', hunter.auth, { id: mine.body.data[0].id })).status).toBe(200);
  });

  it('keeps each alert’s push and daily e-mail switches: push off is not told at once; only the alert’s owner changes them', async () => {
    const city = `Switchpur ${Date.now()}`;
    const quiet = await createUserWithToken(t.db);
    const loud = await createUserWithToken(t.db);
    const owner = await createUserWithToken(t.db, { mobile: '+919812345679', profile: 'profiles/o-w160.webp', address: 'Main Road', verificationStatus: 'success' });
    await holdPackageFor(t.db, owner.user.id, { property_list: null });

    const saved = await post('/api/search-alerts', quiet.auth, { city, email_digest: 1 });
    expect(saved.body.data).toMatchObject({ city, push: true, email_digest: true });
    expect((await post('/api/search-alerts', loud.auth, { city })).body.data).toMatchObject({ push: true, email_digest: false });

    expect((await post('/api/update-search-alert', loud.auth, { id: saved.body.data.id, push: 0 })).status).toBe(404);
    expect((await post('/api/update-search-alert', quiet.auth, { id: saved.body.data.id })).status).toBe(400);
    const changed = await post('/api/update-search-alert', quiet.auth, { id: saved.body.data.id, push: 0 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ id: saved.body.data.id, push: false, email_digest: true });

    await listAs(owner, { title: 'Corner house with a porch', city, price: '7000000' });
    expect(await titlesOf(loud.user.id)).toEqual(['New listing for your search: Corner house with a porch']);
    expect(await titlesOf(quiet.user.id)).toEqual([]);
  });

  it('finds the matching alerts from the city index', async () => {
    const plan = (await rows<{ 'QUERY PLAN': string }>(t.db, sql`explain ${matchingAlertsQuery({ id: 1, ownerId: null, propertyType: 0, categoryId: 1, city: 'Mumbai', price: 100, bedrooms: 2 })}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/search_alerts_city_idx/);
  });
});

describe('the daily e-mail digest', () => {
  const day = (d: string, hour = 6) => new Date(`${d}T${String(hour).padStart(2, '0')}:00:00Z`);
  const mailsOf = async (userId: number) => rows<{ subject: string; body: string }>(t.db, sql`select subject, body from outbox where user_id = ${userId} and channel = 'email' and meta->>'kind' = 'alert-digest' order by id`);

  it('sends those who asked, once a UTC day, the new matches and price drops since the last one — never twice, even from two instances at once', async () => {
    const city = `Digestpur ${Date.now()}`;
    const reader = await createUserWithToken(t.db);
    const pushOnly = await createUserWithToken(t.db);
    const owner = await createUserWithToken(t.db, { mobile: '+919812345670', profile: 'profiles/o-w160.webp', address: 'Main Road', verificationStatus: 'success' });
    await holdPackageFor(t.db, owner.user.id, { property_list: null });
    expect((await post('/api/search-alerts', reader.auth, { city, push: 0, email_digest: 1 })).status).toBe(200);
    expect((await post('/api/search-alerts', pushOnly.auth, { city })).status).toBe(200);

    const first = await listAs(owner, { title: 'Terrace flat by the market', city, price: '6000000' });
    expect((await post('/api/update_post_property', owner.auth, { id: first.id, price: 5_500_000 })).status).toBe(200);

    // Two instances run the digest at the same moment: one e-mail between them.
    const instances = [new AlertService(t.db, t.services.notifier), new AlertService(t.db, t.services.notifier)];
    const waiting = (await rows<{ n: number }>(t.db, sql`select count(distinct user_id)::int as n from search_alert_matches where digested_at is null`))[0].n;
    const sent = await Promise.all(instances.map((a) => a.sendDigests({ now: day('2031-03-01'), origin: 'https://homes.example' })));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(waiting);
    let mails = await mailsOf(reader.user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your saved searches: 2 listings for you today');
    expect(mails[0].body).toContain('New listings for your saved searches (1):\n- Terrace flat by the market');
    expect(mails[0].body).toContain('Cheaper now (1):\n- Terrace flat by the market');
    expect(mails[0].body).toContain('https://homes.example/properties-details/');
    expect(await mailsOf(pushOnly.user.id)).toEqual([]);

    // A restart the same day sends nothing; a match later that day waits for tomorrow.
    expect(await instances[0].sendDigests({ now: day('2031-03-01', 7) })).toBe(0);
    await listAs(owner, { title: 'Studio over the bakery', city, price: '3000000' });
    expect(await instances[1].sendDigests({ now: day('2031-03-01', 23) })).toBe(0);
    expect(await mailsOf(reader.user.id)).toHaveLength(1);
    expect(await instances[0].sendDigests({ now: day('2031-03-02') })).toBe(1);
    mails = await mailsOf(reader.user.id);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Your saved searches: 1 listing for you today');
    expect(mails[1].body).toContain('Studio over the bakery');
    expect(mails[1].body).not.toContain('Terrace flat');

    // Nothing new: no e-mail the next day either; with the digest turned off, matches are not kept for it.
    expect(await instances[1].sendDigests({ now: day('2031-03-03') })).toBe(0);
    const alertId = (await t.get('/api/search-alerts', {}, reader.auth)).body.data[0].id as number;
    expect((await post('/api/update-search-alert', reader.auth, { id: alertId, email_digest: 0 })).status).toBe(200);
    await listAs(owner, { title: 'Bungalow past the temple', city, price: '9000000' });
    expect(await instances[0].sendDigests({ now: day('2031-03-04') })).toBe(0);
    expect(await mailsOf(reader.user.id)).toHaveLength(2);
  });
});

describe('notices in the reader’s language', () => {
  it('answers alert and price-drop notices in the language get_notification_list is asked in (en, hi, ar; English otherwise), keeping the English words stored', async () => {
    const city = `Bhashapur ${Date.now()}`;
    const reader = await createUserWithToken(t.db);
    const owner = await createUserWithToken(t.db, { mobile: '+919812345671', profile: 'profiles/o-w160.webp', address: 'Main Road', verificationStatus: 'success' });
    await holdPackageFor(t.db, owner.user.id, { property_list: null });
    expect((await post('/api/search-alerts', reader.auth, { city })).status).toBe(200);
    const listing = await listAs(owner, { title: 'Lake View 2BHK', city, price: '8000000' });
    expect((await post('/api/add_favourite', reader.auth, { property_id: listing.id, type: 1 })).status).toBe(200);
    expect((await post('/api/update_post_property', owner.auth, { id: listing.id, price: 6_000_000 })).status).toBe(200);

    const said = async (lang?: string) =>
      ((await t.get('/api/get_notification_list', {}, { ...reader.auth, ...(lang ? { 'content-language': lang } : {}) })).body.data as { title: string; message: string }[]).map((n) => `${n.title}: ${n.message}`);
    const english = ['Cheaper now, for your search: Lake View 2BHK', 'Price reduced: Lake View 2BHK is now 25% cheaper.', 'New listing for your search: Lake View 2BHK'];
    expect(await said()).toEqual(english);
    expect(await said('en')).toEqual(english);
    expect(await said('fr')).toEqual(english);
    expect(await said('hi-IN')).toEqual(['आपकी खोज के लिए, अब सस्ता: Lake View 2BHK', 'कीमत घटी: Lake View 2BHK अब 25% सस्ता है।', 'आपकी खोज के लिए नई लिस्टिंग: Lake View 2BHK']);
    expect(await said('ar')).toEqual(['أرخص الآن، لبحثك: Lake View 2BHK', 'انخفض السعر: أصبح Lake View 2BHK أرخص بنسبة 25٪.', 'عقار جديد يطابق بحثك: Lake View 2BHK']);
    // Stored in English too, for push, e-mail and clients that read the rows as they are.
    expect(await titlesOf(reader.user.id)).toEqual(['New listing for your search: Lake View 2BHK', 'Price reduced: Lake View 2BHK is now 25% cheaper.', 'Cheaper now, for your search: Lake View 2BHK']);
  });
});
