import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, rows, type TestApp } from '../harness.ts';
import { pagesApp, webBuilt } from '../pages.ts';

const FORM = { first_name: 'Asha', last_name: 'Rao', subject: 'Viewing', message: 'Can I visit on Saturday?' };

/** A request on a real socket, its path sent exactly as given (`//host/...` included). */
function rawRequest(host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const [hostname, port] = host.split(':');
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port: Number(port), path, method: 'GET', headers, setHost: !headers.host }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Everything an answer says, headers included, for "does evil.example appear anywhere". */
const wholeAnswer = (res: { headers: object; body: unknown }) => JSON.stringify(res.headers) + (typeof res.body === 'string' ? res.body : JSON.stringify(res.body));

/**
 * Mentions of evil.example as a host (`//evil.example`, `https://evil.example`); `/evil.example/…`
 * as a path on this site (the 404 page's own URL) is harmless.
 */
const asHost = (text: string) => [...text.matchAll(/(.{0,2})evil\.example/g)].filter((m) => !/^[^/\\]?\/$/.test(m[1])).map((m) => m[0]);

describe.skipIf(!webBuilt)('finding 12: the contact page counts the real client address', () => {
  const web = pagesApp({ RATE_LIMIT_CONTACT_PER_HOUR: '5' });
  const postContact = (remoteAddress: string, email: string, extraHeaders: Record<string, string> = {}) =>
    web.t.request({
      method: 'POST',
      url: '/contact-us',
      remoteAddress,
      headers: { host: web.host, 'content-type': 'application/x-www-form-urlencoded', ...extraHeaders },
      payload: new URLSearchParams({ ...FORM, email }).toString(),
    });

  it('ignores a forged x-estate-client-ip: six posts from one address hit the limit of five', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postContact('203.0.113.10', `forger${i}@example.com`, { 'x-estate-client-ip': `198.51.100.${i + 1}`, 'x-forwarded-for': `198.51.100.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The stored messages carry the sender's real address, not the one they claimed.
    const stored = await rows<{ ip: string }>(web.t.db, sql`select ip from contact_messages where email like 'forger%@example.com'`);
    expect(stored.map((r) => r.ip)).toEqual(Array(5).fill('203.0.113.10'));
  });

  it('gives each visitor their own counter', async () => {
    for (let i = 0; i < 5; i++) expect((await postContact('203.0.113.20', `first${i}@example.com`)).status).toBe(200);
    const refused = await postContact('203.0.113.20', 'first5@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Too many requests');
    // Someone else is not refused for the first visitor's messages.
    expect((await postContact('203.0.113.21', 'second@example.com')).status).toBe(200);
  });
});

describe('finding 13: absolute URLs never come from a forged host', () => {
  it('refuses to start in production without PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
    const key = 'ab'.repeat(32);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://homes.example.com' })).toThrow(/SETTINGS_ENCRYPTION_KEY is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://homes.example.com', SETTINGS_ENCRYPTION_KEY: key }).PUBLIC_URL).toBe('https://homes.example.com');
  });

  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ PUBLIC_URL: 'https://homes.example.com' });
    });
    afterAll(() => t?.close());

    it('builds media URLs on it whatever the Host says', async () => {
      const res = await t.get('/api/web-settings', {}, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(res.status).toBe(200);
      expect(res.body.data.web_logo).toMatch(/^https:\/\/homes\.example\.com\/media\//);
      expect(wholeAnswer(res.raw)).not.toContain('evil.example');
    });
  });

  describe.skipIf(!webBuilt)('without PUBLIC_URL (hosts from ALLOWED_HOSTS)', () => {
    const web = pagesApp();
    const forged = { host: 'evil.example' };

    it('answers API calls with media URLs on the default origin', async () => {
      const settings = await web.t.get('/api/web-settings', {}, forged);
      expect(settings.status).toBe(200);
      expect(settings.body.data.web_logo).toMatch(/^http:\/\/localhost:\d+\/media\//);
      const list = await web.t.get('/api/get-property-list', { limit: 3 }, forged);
      expect(list.body.data[0].title_image).toMatch(/^http:\/\/localhost:\d+\/media\//);
      for (const res of [settings, list]) expect(wholeAnswer(res.raw)).not.toContain('evil.example');
      // An allowed host is still used as it is (development on a LAN name needs ALLOWED_HOSTS).
      expect((await web.api('/api/web-settings')).body.data.web_logo.startsWith(`http://${web.host}/media/`)).toBe(true);
    });

    it('keeps the sitemap, robots.txt and the favicon redirect on the default origin', async () => {
      const sitemap = await web.t.get('/sitemap.xml', {}, forged);
      expect(sitemap.status).toBe(200);
      expect(sitemap.body).toContain('<loc>http://localhost:');
      const robots = await web.t.get('/robots.txt', {}, forged);
      const favicon = await web.t.get('/favicon.ico', {}, forged);
      expect(favicon.status).toBe(302);
      expect(favicon.raw.headers.location).toMatch(/^http:\/\/localhost:\d+\/media\//);
      for (const res of [sitemap, robots, favicon]) expect(wholeAnswer(res.raw)).not.toContain('evil.example');
    });

    it('renders pages asked for with a forged Host on the default origin', async () => {
      const [card] = (await web.api('/api/get-property-list', { limit: 1, is_premium: 0 })).body.data;
      const res = await web.t.request({ method: 'GET', url: `/properties-details/${card.slug_id}`, headers: forged });
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/rel="canonical" href="http:\/\/localhost:\d+\/properties-details\//);
      expect(wholeAnswer(res.raw)).not.toContain('evil.example');
    });

    it('does not read //evil.example/… as another site', async () => {
      const [card] = (await web.api('/api/get-property-list', { limit: 1, is_premium: 0 })).body.data;
      for (const path of [`//evil.example/properties-details/${card.slug_id}`, `/\\evil.example/properties-details/${card.slug_id}`, `///evil.example/properties-details/${card.slug_id}`]) {
        const res = await rawRequest(web.host, path);
        expect(res.status, path).toBe(404);
        expect(asHost(wholeAnswer(res)), path).toEqual([]);
      }
      // `//path` on this site is the single-slash path, with its canonical on this site.
      const own = await rawRequest(web.host, `//properties-details/${card.slug_id}`);
      expect(own.status).toBe(200);
      expect(own.body).toContain(`rel="canonical" href="http://${web.host}/properties-details/${card.slug_id}"`);
      // Forged Host and `//` together.
      const both = await rawRequest(web.host, `//evil.example/properties-details/${card.slug_id}`, { host: 'evil.example' });
      expect(asHost(wholeAnswer(both))).toEqual([]);
    });
  });
});
