import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the HTTP edge', () => {
  it('answers unknown API paths with the contract 404', async () => {
    const res = await t.get('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: true, message: 'The requested resource was not found.' });
  });

  it('refuses a 10 MB body with 413, not a crash', async () => {
    const big = JSON.stringify({ first_name: 'a', last_name: 'b', email: 'a@b.co', subject: 's', message: 'x'.repeat(21 * 1024 * 1024) });
    const res = await t.request({ method: 'POST', url: '/api/contct_us', payload: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(true);
    const tenMb = await t.request({
      method: 'POST',
      url: '/api/contct_us',
      payload: JSON.stringify({ first_name: 'a', last_name: 'b', email: 'a@b.co', subject: 's', message: 'x'.repeat(10 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(tenMb.status).toBe(400);
    expect(tenMb.body.errors).toHaveProperty('message');
  });

  it('answers malformed JSON and unknown content types with 4xx and the envelope', async () => {
    const bad = await t.request({ method: 'POST', url: '/api/contct_us', payload: '{"first_name": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(true);
    const xml = await t.request({ method: 'POST', url: '/api/contct_us', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.body.error).toBe(true);
  });

  it('wrong types in a JSON body get a 400 naming the field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/contct_us', payload: { first_name: ['a'], last_name: 3, email: {}, subject: null, message: true } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['first_name', 'email']));
  });

  it('answers CORS preflights allowing the Authorization header', async () => {
    const res = await t.request({
      method: 'OPTIONS',
      url: '/api/get-property-list',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.raw.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.raw.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('serves the OpenAPI document at /api/docs with every public call', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const call of ['web-settings', 'get_languages', 'get_categories', 'get_property', 'get-property-list', 'get_facilities', 'get-facilities-for-filter', 'get_articles', 'get-cities-data', 'get_nearby_properties', 'get-projects', 'get-project-detail', 'homepage-data', 'agent-list', 'agent-properties', 'faqs', 'get_report_reasons', 'contct_us']) {
      expect(paths, call).toContain(`/api/${call}`);
    }
    const list = res.body.paths['/api/get-property-list'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['city', 'bbox', 'polygon', 'radius']));
    const ui = await t.get('/api/docs');
    expect([200, 302]).toContain(ui.status);
  });

  it('serves uploaded media with long caching and refuses paths outside it', async () => {
    const card = (await t.get('/api/get-property-list', { limit: 1 })).body.data[0];
    const path = new URL(card.title_image).pathname;
    const res = await t.request({ method: 'GET', url: path });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('image/webp');
    expect(String(res.raw.headers['cache-control'])).toContain('immutable');
    // The path leaves /media, so the web app answers it (a page, or 500 here where no socket
    // listens for its API calls): never the file.
    const escape = await t.request({ method: 'GET', url: '/media/../../etc/passwd' });
    expect(escape.status).toBe(404);
    expect(String(escape.raw.body)).not.toContain('root:');
  });
});

describe('homepage-data with a token', () => {
  it('adds listings in the user’s city and ones matching their preferences', async () => {
    const card = (await t.get('/api/get-property-list', { limit: 1 })).body.data[0];
    const { user, auth } = await createUserWithToken(t.db, { city: card.city });
    await t.db.execute(sql`insert into recommendation_preferences (user_id, category_ids, property_types) values (${user.id}, ${`{${card.category_id}}`}, '{}')`);
    const d = (await t.get('/api/homepage-data', {}, auth)).body.data;
    expect(d.nearby_properties.length).toBeGreaterThan(0);
    expect(d.nearby_properties.every((c: { city: string }) => c.city === card.city)).toBe(true);
    expect(d.user_recommendation.length).toBeGreaterThan(0);
    // Ranked (get_user_recommendation's order): the preferred category first, other listings after.
    const matches = d.user_recommendation.map((c: { category_id: number }) => c.category_id === card.category_id);
    expect(matches[0]).toBe(true);
    expect(matches).toEqual([...matches].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
  });
});
