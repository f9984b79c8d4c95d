import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('web-settings', () => {
  it('answers the operator settings with flags as "1"/"0" strings and the INR currency', async () => {
    const res = await t.get('/api/web-settings');
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.currency_symbol).toBe('₹');
    expect(s.selected_currency_data).toEqual({ code: 'INR', name: expect.any(String), symbol: '₹' });
    for (const flag of ['number_with_suffix', 'svg_clr', 'verification_required_for_user', 'email_password_login']) expect(['0', '1']).toContain(s[flag]);
    expect(s.web_logo).toMatch(/^http.+\/media\/.+\.webp$/);
    expect(s.languages.map((l: { code: string }) => l.code)).toEqual(expect.arrayContaining(['en', 'hi', 'ar']));
    expect(s.about_us.length).toBeGreaterThan(50);
    expect(s).not.toHaveProperty('verification_status');
    expect(s).not.toHaveProperty('demo_seeded_at');
  });

  it('adds verification and subscription state when a token is sent', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const s = (await t.get('/api/web-settings', {}, auth)).body.data;
    expect(s.verification_status).toBe('initial');
    expect(s.is_premium).toBe(false);
    expect(s.subscription).toBe(false);
    await t.db.execute(sql`
      insert into user_packages (user_id, package_id, start_date, end_date)
      select ${user.id}, id, now(), now() + interval '30 days' from packages order by id limit 1`);
    expect((await t.get('/api/web-settings', {}, auth)).body.data.subscription).toBe(true);
  });

  it('builds media URLs on PUBLIC_URL when it is set', async () => {
    const other = await (await import('./harness.ts')).createTestApp({ PUBLIC_URL: 'https://homes.example.com' });
    try {
      const s = (await other.get('/api/web-settings')).body.data;
      expect(s.web_logo).toMatch(/^https:\/\/homes\.example\.com\/media\//);
    } finally {
      await other.close();
    }
  });
});

describe('get_languages', () => {
  it('answers a language with its translation file', async () => {
    const res = await t.get('/api/get_languages', { language_code: 'hi', web_language_file: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'hi', rtl: 0 });
    expect(Object.keys(res.body.data.file_name).length).toBeGreaterThan(10);
  });

  it('marks Arabic as right-to-left and defaults to the default language', async () => {
    expect((await t.get('/api/get_languages', { language_code: 'ar' })).body.data.rtl).toBe(1);
    expect((await t.get('/api/get_languages')).body.data.code).toBe('en');
  });

  it('answers 404 for an unknown language and 400 for a malformed code', async () => {
    expect((await t.get('/api/get_languages', { language_code: 'xx' })).status).toBe(404);
    expect((await t.get('/api/get_languages', { language_code: '../../etc' })).status).toBe(400);
  });
});

describe('get_categories', () => {
  it('lists categories with parameters and listing counts', async () => {
    const res = await t.get('/api/get_categories');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(8);
    expect(res.body.total).toBe(res.body.data.length);
    const c = res.body.data[0];
    expect(c).toMatchObject({ id: expect.any(Number), category: expect.any(String), slug_id: expect.any(String), properties_count: expect.any(Number) });
    expect(c.image).toMatch(/\/media\//);
    expect(c.parameter_types.length).toBeGreaterThan(0);
    expect(c.parameter_types[0]).toHaveProperty('type_of_parameter');
    const listed = await t.get('/api/get-property-list', { category_id: c.id, limit: 1 });
    expect(c.properties_count).toBe(listed.body.total);
  });

  it('searches by name and paginates', async () => {
    const all = (await t.get('/api/get_categories')).body.data;
    const name = all[1].category;
    const found = await t.get('/api/get_categories', { search: name.slice(0, 4).toLowerCase() });
    expect(found.body.data.map((c: { category: string }) => c.category)).toContain(name);
    const page = await t.get('/api/get_categories', { limit: 2, offset: 2 });
    expect(page.body.data.map((c: { id: number }) => c.id)).toEqual(all.slice(2, 4).map((c: { id: number }) => c.id));
    expect((await t.get('/api/get_categories', { search: '%' })).body.data).toEqual([]);
  });

  it('keeps only categories with listings when has_property=1', async () => {
    await t.db.execute(sql`insert into categories (category, slug_id) values ('Empty category', 'empty-category')`);
    const all = (await t.get('/api/get_categories', { limit: 100 })).body.data.map((c: { slug_id: string }) => c.slug_id);
    const withListings = (await t.get('/api/get_categories', { has_property: 1, limit: 100 })).body.data.map((c: { slug_id: string }) => c.slug_id);
    expect(all).toContain('empty-category');
    expect(withListings).not.toContain('empty-category');
  });

  it('rejects bad paging', async () => {
    expect((await t.get('/api/get_categories', { limit: 0 })).status).toBe(400);
    expect((await t.get('/api/get_categories', { has_property: 'yes please' })).status).toBe(400);
  });
});

describe('facilities', () => {
  it('get_facilities lists outdoor facilities with icons', async () => {
    const res = await t.get('/api/get_facilities');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(12);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), image: expect.stringMatching(/\/media\//) });
  });

  it('get-facilities-for-filter lists the parameters a search can filter on', async () => {
    const res = await t.get('/api/get-facilities-for-filter');
    expect(res.status).toBe(200);
    const names = res.body.data.map((p: { name: string }) => p.name.toLowerCase());
    expect(names.some((n: string) => n.includes('bedroom'))).toBe(true);
    expect(res.body.data[0]).toHaveProperty('type_values');
  });
});

describe('get-cities-data', () => {
  it('lists cities with their listing counts, busiest first', async () => {
    const res = await t.get('/api/get-cities-data', { limit: 20 });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(12);
    const counts = res.body.data.map((c: { Count: number }) => c.Count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const top = res.body.data[0];
    expect(top).toEqual({ City: expect.any(String), Count: expect.any(Number), image: expect.stringMatching(/\/media\//) });
    expect(top.Count).toBe((await t.get('/api/get-property-list', { city: top.City })).body.total);
  });
});
