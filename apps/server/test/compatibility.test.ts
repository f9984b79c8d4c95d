// Issue 10: what the original product's clients need of our answers, item by item.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('2: a listing’s documents carry the original file’s name', () => {
  it('answers file_name beside file', async () => {
    const [listing] = await rows<{ slug_id: string }>(
      t.db,
      sql`select p.slug_id from properties p where p.is_premium = false and p.status = 1 and p.request_status = 'approved' and exists (select 1 from property_documents d where d.property_id = p.id) limit 1`,
    );
    const res = await t.get('/api/get_property', { slug_id: listing.slug_id });
    expect(res.status).toBe(200);
    const documents = res.body.data[0].documents as { file: string; file_name: string }[];
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) {
      expect(d.file).toMatch(/^http.+\/media\//);
      expect(d.file_name).toMatch(/^[\w-]+\.(pdf|webp)$/);
    }
  });
});

describe('3: saving a profile without a new picture', () => {
  it('takes the current picture’s URL as "unchanged" and refuses any other non-file value', async () => {
    const { createUserWithToken } = await import('./factories.ts');
    const { auth, user } = await createUserWithToken(t.db, { profile: 'profiles/current-w480.webp' });
    const me = (await t.get('/api/get-user-data', {}, auth)).body.data;
    expect(me.profile).toMatch(/\/media\/profiles\/current-w480\.webp$/);
    const saved = await t.request({ method: 'POST', url: '/api/update_profile', headers: auth, payload: { name: 'Kept Picture', profile: me.profile } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Kept Picture', profile: me.profile });
    const [row] = await rows<{ profile: string }>(t.db, sql`select profile from users where id = ${user.id}`);
    expect(row.profile).toBe('profiles/current-w480.webp');
    for (const other of ['https://elsewhere.example/media/profiles/someone-else-w480.webp', 'not a file']) {
      const refused = await t.request({ method: 'POST', url: '/api/update_profile', headers: auth, payload: { profile: other } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toHaveProperty('profile');
    }
  });
});

describe('6: web-settings carries every field the original web client reads', () => {
  const added = [
    'category_background',
    'sell_web_color',
    'rent_web_color',
    'sell_web_background_color',
    'rent_web_background_color',
    'allow_cookies',
    'iframe_link',
    'demo_mode',
    'otp_service_provider',
    'distance_option',
    'paystack_public_key',
    'admin_name',
    'admin_image',
  ];

  it('answers them with defaults, and is_active with a token', async () => {
    const visitor = (await t.get('/api/web-settings')).body.data;
    for (const key of added) expect(visitor, key).toHaveProperty(key);
    expect(visitor).toMatchObject({ distance_option: 'km', allow_cookies: '0', demo_mode: '0', otp_service_provider: 'twilio', admin_name: visitor.company_name });
    expect(visitor.sell_web_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(visitor).not.toHaveProperty('is_active');
    const { createUserWithToken } = await import('./factories.ts');
    const { auth } = await createUserWithToken(t.db);
    expect((await t.get('/api/web-settings', {}, auth)).body.data.is_active).toBe(1);
  });

  it('takes them from settings, and never answers an unknown distance unit', async () => {
    await t.services.settings.update({ distance_option: 'mi', admin_name: 'Support desk' });
    expect((await t.get('/api/web-settings')).body.data).toMatchObject({ distance_option: 'mi', admin_name: 'Support desk' });
    await t.services.settings.update({ distance_option: 'leagues' });
    expect((await t.get('/api/web-settings')).body.data.distance_option).toBe('km');
    await t.services.settings.update({ distance_option: 'km', admin_name: '' });
  });
});

describe('7: home-page slides carry what the original clients need to follow them', () => {
  it('answers slider_type as a string, show_property_details, and a property slide’s video link and facts', async () => {
    const slides = (await t.get('/api/homepage-data')).body.data.slider_section as {
      type: number;
      slider_type: string;
      show_property_details: number;
      property: { video_link: string | null; parameters: unknown[] } | null;
    }[];
    expect(slides.length).toBeGreaterThan(0);
    for (const s of slides) {
      expect(s.slider_type).toBe(String(s.type));
      expect([0, 1]).toContain(s.show_property_details);
    }
    const propertySlide = slides.find((s) => s.type === 3);
    expect(propertySlide?.property).toBeTruthy();
    expect(propertySlide!.property).toHaveProperty('video_link');
    expect(propertySlide!.property!.parameters.length).toBeGreaterThan(0);
  });
});

describe('8: an agent’s profile carries twitter_id beside the spec’s twiiter_id', () => {
  it('answers the same value under both names', async () => {
    const agent = ((await t.get('/api/agent-list', { limit: 5 })).body.data as { id: number; slug_id: string }[]).find((a) => a.id > 0)!;
    await t.db.execute(sql`update users set twiiter_id = 'https://x.com/agent' where slug_id = ${agent.slug_id}`);
    const profile = (await t.get('/api/agent-properties', { slug_id: agent.slug_id })).body.data.customer_data;
    expect(profile).toMatchObject({ twiiter_id: 'https://x.com/agent', twitter_id: 'https://x.com/agent' });
  });
});

describe('9: nearby listings with an empty city and state', () => {
  it('answers 200 with listings', async () => {
    const res = await t.get('/api/get_nearby_properties', { city: '', state: '', type: '' });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });
});

describe('5: every answer under /api/ carries the CORS headers', () => {
  const origin = 'https://client.example';
  const cors = (res: { raw: { headers: Record<string, unknown> } }) => res.raw.headers['access-control-allow-origin'];

  it('on 200, 400, 404 (unknown call and unknown slug), 413 and 429', async () => {
    const headers = { origin };
    expect(cors(await t.get('/api/web-settings', {}, headers))).toBe('*');
    expect(cors(await t.get('/api/get-property-list', { limit: 'x' }, headers))).toBe('*');
    const unknownCall = await t.get('/api/no-such-call', {}, headers);
    expect(unknownCall.status).toBe(404);
    expect(unknownCall.body).toMatchObject({ error: true });
    expect(cors(unknownCall)).toBe('*');
    const unknownSlug = await t.get('/api/get_property', { slug_id: 'no-such-listing' }, headers);
    expect(unknownSlug.status).toBe(404);
    expect(cors(unknownSlug)).toBe('*');
    const tooLarge = await t.request({ method: 'POST', url: '/api/contct_us', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'x'.repeat(21 * 1024 * 1024) }) });
    expect(tooLarge.status).toBe(413);
    expect(cors(tooLarge)).toBe('*');
    let limited;
    for (let i = 0; i < 12 && limited?.status !== 429; i++) limited = await t.request({ method: 'GET', url: '/api/forgot-password', query: { email: 'x@example.com' }, headers, remoteAddress: '198.51.100.200' });
    expect(limited!.status).toBe(429);
    expect(cors(limited!)).toBe('*');
  });
});

describe('4: icons are SVG, fetchable from other origins, and svg_clr says so', () => {
  it('serves the seeded category, parameter and facility icons as SVG with the API’s CORS headers', async () => {
    const [category] = (await t.get('/api/get_categories', { limit: 1 })).body.data as { image: string }[];
    const [facility] = (await t.get('/api/get_facilities')).body.data as { image: string }[];
    for (const url of [category.image, facility.image]) {
      expect(url).toMatch(/\.svg$/);
      const icon = await t.request({ method: 'GET', url: new URL(url).pathname, headers: { origin: 'https://client.example' } });
      expect(icon.status).toBe(200);
      expect(icon.raw.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.raw.headers['access-control-allow-origin']).toBe('*');
      expect(icon.body).toMatch(/^<svg /);
    }
    const preflight = await t.request({ method: 'OPTIONS', url: new URL(category.image).pathname, headers: { origin: 'https://client.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
  });

  it('answers svg_clr "1" only while every icon is an SVG', async () => {
    expect((await t.get('/api/web-settings')).body.data.svg_clr).toBe('1');
    const [row] = await rows<{ id: number; image: string }>(t.db, sql`select id, image from outdoor_facilities order by id limit 1`);
    await t.db.execute(sql`update outdoor_facilities set image = 'demo/facilities/raster-w128.webp' where id = ${row.id}`);
    await t.services.settings.update({});
    try {
      expect((await t.get('/api/web-settings')).body.data.svg_clr).toBe('0');
    } finally {
      await t.db.execute(sql`update outdoor_facilities set image = ${row.image} where id = ${row.id}`);
      await t.services.settings.update({});
    }
  });
});

describe('10: calls of the original API we did not have', () => {
  const loan = { loan_amount: 6_000_000, down_payment: 1_000_000, interest_rate: 8.5, loan_term_years: 20 };

  it('mortgage-calculator answers the instalment to anyone', async () => {
    const res = await t.get('/api/mortgage-calculator', loan);
    expect(res.status).toBe(200);
    expect(res.body.data.main_total).toEqual({ principal_amount: 5_000_000, down_payment: 1_000_000, payable_interest: expect.any(Number), monthly_emi: 43_391.16, total_amount: expect.any(Number) });
    expect(res.body.data).not.toHaveProperty('yearly_totals');
    const bad = await t.get('/api/mortgage-calculator', { ...loan, down_payment: 7_000_000 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('down_payment');
    expect((await t.get('/api/mortgage-calculator', { loan_amount: 'x', interest_rate: 5, loan_term_years: 10 })).body.errors).toHaveProperty('loan_amount');
  });

  it('mortgage-calculator gives the schedule only with the mortgage_calculator_detail feature', async () => {
    const { createUserWithToken, grantFeature } = await import('./factories.ts');
    expect((await t.get('/api/mortgage-calculator', { ...loan, show_all_details: 1 })).status).toBe(401);
    const { user, auth } = await createUserWithToken(t.db);
    const refused = await t.get('/api/mortgage-calculator', { ...loan, show_all_details: 1 }, auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Mortgage calculator limit or package not available', code: 'feature_unavailable', feature: 'mortgage_calculator_detail' });
    await grantFeature(t.db, user.id, 'mortgage_calculator_detail');
    const detailed = await t.get('/api/mortgage-calculator', { ...loan, show_all_details: 1 }, auth);
    expect(detailed.status).toBe(200);
    // Each detailed breakdown is counted on the package (spec §4 does not limit this type).
    await t.get('/api/mortgage-calculator', { ...loan, show_all_details: 1 }, auth);
    const [use] = await rows<{ used_limit: number }>(
      t.db,
      sql`select upf.used_limit from user_package_features upf join user_packages up on up.id = upf.user_package_id join features f on f.id = upf.feature_id where up.user_id = ${user.id} and f.name = 'mortgage_calculator_detail'`,
    );
    expect(use.used_limit).toBe(2);
    const years = detailed.body.data.yearly_totals as { year: number; remaining_balance: number; monthly_totals: unknown[] }[];
    expect(years).toHaveLength(20);
    expect(years[0].monthly_totals).toHaveLength(12);
    expect(years[19].remaining_balance).toBe(0);
  });

  it('an admin gets every feature-gated read without a package: the mortgage schedule (not counted) and agents’ projects', async () => {
    const { createUserWithToken } = await import('./factories.ts');
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const user = await createUserWithToken(t.db);
    const detailed = await t.get('/api/mortgage-calculator', { ...loan, show_all_details: 1 }, admin.auth);
    expect(detailed.status).toBe(200);
    expect(detailed.body.data.yearly_totals).toHaveLength(20);
    const [held] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from user_packages where user_id = ${admin.user.id}`);
    expect(held.n).toBe(0);
    // The same read by a user without the feature is still refused.
    expect((await t.get('/api/mortgage-calculator', { ...loan, show_all_details: 1 }, user.auth)).status).toBe(403);
    const [agent] = await rows<{ slug_id: string }>(t.db, sql`select u.slug_id from users u where exists (select 1 from projects p where p.owner_id = u.id) limit 1`);
    const page = async (auth: Record<string, string>) => (await t.get('/api/agent-properties', { slug_id: agent.slug_id, is_projects: 1 }, auth)).body.data;
    expect((await page(admin.auth)).feature_available).toBe(true);
    expect((await page(user.auth)).feature_available).toBe(false);
  });

  it('get_seo_settings answers every page, defaults until an operator writes their own', async () => {
    const all = await t.get('/api/get_seo_settings');
    expect(all.status).toBe(200);
    const pages = (all.body.data as { page: string }[]).map((p) => p.page);
    expect(pages).toEqual(expect.arrayContaining(['home', 'properties', 'faqs', 'contact-us']));
    const faqs = await t.get('/api/get_seo_settings', { page: 'faqs' });
    expect(faqs.body.data).toEqual([expect.objectContaining({ page: 'faqs', meta_title: 'FAQs · Ghar Bazaar' })]);
    await t.db.execute(sql`insert into seo_settings (page, meta_title, meta_description, meta_keywords) values ('faqs', 'Questions answered', 'All about buying and renting', 'faq, help')`);
    expect((await t.get('/api/get_seo_settings', { page: 'faqs' })).body.data[0]).toMatchObject({ meta_title: 'Questions answered', meta_description: 'All about buying and renting', meta_keywords: 'faq, help' });
    expect((await t.get('/api/get_seo_settings', { page: 'no-such-page' })).body.data).toEqual([]);
  });
});
