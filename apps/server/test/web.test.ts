import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_BUILD_DIR } from '../src/platform/web.ts';
import { createTestApp, listenForPages } from './harness.ts';
import { html, pagesApp, webBuilt } from './pages.ts';

describe.skipIf(!webBuilt)('web app through the server', () => {
  const web = pagesApp();
  const { page } = web;

  it('renders the home page with the company name and listings', async () => {
    const settings = (await web.t.get('/api/web-settings')).body.data;
    const home = (await web.t.get('/api/homepage-data')).body.data;
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(html(settings.company_name));
    const titles = [...home.featured_section, ...home.most_viewed_properties].map((p: { title: string }) => p.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(res.body).toContain(html(titles[0]));
    expect(res.body).toMatch(/<html lang="en" dir="ltr"/);
    // Sections with more of their kind link to it under their heading.
    for (const [href, label] of [
      ['/properties', 'View all properties'],
      ['/projects', 'View all projects'],
      ['/articles', 'View all articles'],
      ['/agents', 'View all agents'],
      ['/faqs', 'All questions'],
    ]) {
      expect(res.body).toMatch(new RegExp(`<a [^>]*href="${href.replace('?', '\\?')}"[^>]*>${label}</a>`));
    }
  });

  // A page renders in one pass only if its loader data reaches React Router's cache first (decision 22):
  // should React Router stop reading that cache, the data would be lost, and this fails.
  it('hands the browser a page with its doctype and its loader data whole, and none of React’s streaming scripts', async () => {
    const listing = (await web.t.get('/api/get-property-list', { limit: 1 })).body.data[0];
    const res = await page(`/properties-details/${listing.slug_id}`);
    expect(res.status).toBe(200);
    const body = res.body as string;
    expect(body.startsWith('<!DOCTYPE html><html lang="en" dir="ltr"')).toBe(true);
    // React Router's hand-over: the loader data in one or more chunks, then the end of it.
    const chunks = [...body.matchAll(/window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)].map((m) => JSON.parse(m[1]) as string);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.join('')).toContain(JSON.stringify(listing.slug_id));
    expect(body.indexOf('streamController.close();')).toBeGreaterThan(body.lastIndexOf('streamController.enqueue('));
    // Nothing was left to stream in: no client-rendered boundary, none of React's inline helpers.
    expect(body).not.toContain('<!--$!-->');
    expect(body).not.toMatch(/\$RC=|\$RX=|\$RS=/);
  });

  it('answers 404 with the not-found page for an unknown path', async () => {
    const res = await page('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Page not found');
  });

  it('keeps API paths out of the web app', async () => {
    const res = await page('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: true, message: 'The requested resource was not found.' });
  });

  it('filters the property list by the query string', async () => {
    const [first] = (await web.t.get('/api/get-property-list', { limit: 1, property_type: 1 })).body.data;
    const city: string = first.city;
    const expected = (await web.t.get('/api/get-property-list', { property_type: 1, city, limit: 12 })).body;
    const res = await page(`/properties?property_type=1&city=${encodeURIComponent(city)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(new RegExp(`>${expected.total} propert(y|ies) found<`));
    for (const p of expected.data) expect(res.body).toContain(`/properties-details/${p.slug_id}`);
    expect(res.body).toContain(`value="${html(city)}"`);
    // The city field suggests the cities that have listings.
    const cities = (await web.t.get('/api/get-cities-data', { limit: 100 })).body.data as { City: string }[];
    expect(res.body).toContain('list="f-city-suggestions"');
    for (const c of cities) expect(res.body).toContain(`<option value="${html(c.City)}">`);
  });

  it('renders a listing with its JSON-LD offer, and 404 for an unknown slug', async () => {
    const [card] = (await web.t.get('/api/get-property-list', { limit: 1, is_premium: 0 })).body.data;
    const res = await page(`/properties-details/${card.slug_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(html(card.title));
    expect(res.body).toContain('"@type":"RealEstateListing"');
    expect(res.body).toContain(`rel="canonical" href="http://${web.host}/properties-details/${card.slug_id}"`);
    expect((await page('/properties-details/no-such-listing')).status).toBe(404);
  });

  it('filters by rooms and ticked facilities, and keeps them ticked', async () => {
    const [facility] = (await web.t.get('/api/get_facilities', { limit: 1 })).body.data;
    const expected = (await web.t.get('/api/get-property-list', { bedrooms: 2, facility_ids: String(facility.id), limit: 12 })).body;
    expect(expected.total).toBeGreaterThan(0);
    const res = await page(`/properties?bedrooms=2&facility=${facility.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(new RegExp(`>${expected.total} propert(y|ies) found<`));
    for (const p of expected.data) expect(res.body).toContain(`/properties-details/${p.slug_id}`);
    const box = String(res.body).match(new RegExp(`<input type="checkbox"[^>]*name="facility"[^>]*value="${facility.id}"[^>]*>`))?.[0];
    expect(box).toContain('checked');
    expect(res.body).toMatch(/<option value="2" selected="">2<\/option>/);
  });

  it('switches language with ?lang and sets right-to-left for Arabic', async () => {
    const res = await page('/?lang=ar');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(String(res.raw.headers['set-cookie'])).toContain('lang=ar');
    // Counted phrases take the language's word order and plural form ("N properties found").
    const { total } = (await web.t.get('/api/get-property-list', { limit: 1 })).body;
    expect(total).toBeGreaterThan(10);
    expect((await page('/properties?lang=ar')).body).toContain(`عُثر على ${total} عقار`);
    expect((await page('/properties?lang=hi')).body).toContain(`${total} संपत्तियाँ मिलीं`);
  });

  it('compresses pages, API answers and assets for clients that accept it', async () => {
    const home = await web.t.app.inject({ method: 'GET', url: '/', headers: { host: web.host, 'accept-encoding': 'gzip' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('gzip');
    const homeHtml = zlib.gunzipSync(home.rawPayload).toString();
    expect(homeHtml).toContain('<html lang="en"');

    const api = await web.t.app.inject({ method: 'GET', url: '/api/homepage-data', headers: { 'accept-encoding': 'br' } });
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(api.rawPayload).toString()).error).toBe(false);

    const script = homeHtml.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const plain = await web.t.app.inject({ method: 'GET', url: script! });
    const brotli = await web.t.app.inject({ method: 'GET', url: script!, headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.payload);
    expect(String(brotli.headers['cache-control'])).toContain('immutable');
  });

  it('compresses what is made for one request with a 256 KB brotli window; a rendered page whole, with its length', async () => {
    // An API answer the micro-cache has not kept yet, and a page never stored (a 404).
    const api = await web.t.app.inject({ method: 'GET', url: '/api/get-property-list', query: { limit: '7', offset: '3' }, headers: { 'accept-encoding': 'br' } });
    const missing = await web.t.app.inject({ method: 'GET', url: '/no-such-page-for-brotli', headers: { host: web.host, 'accept-encoding': 'br' } });
    expect([api.statusCode, missing.statusCode]).toEqual([200, 404]);
    for (const answer of [api, missing]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliWindowBits(answer.rawPayload)).toBe(18);
    }
    expect(JSON.parse(zlib.brotliDecompressSync(api.rawPayload).toString()).data).toHaveLength(7);
    const page = zlib.brotliDecompressSync(missing.rawPayload).toString();
    expect(page).toContain('Page not found');
    expect(page.trimEnd()).toMatch(/<\/html>$/);
    // The render's document goes in one piece (entry.server.tsx hands it over whole), not chunked.
    expect(missing.headers['content-length']).toBe(String(missing.rawPayload.length));
    expect(missing.headers['transfer-encoding']).toBeUndefined();
    expect(missing.headers.vary).toBe('Accept-Encoding');
    const plain = await web.t.app.inject({ method: 'GET', url: '/no-such-page-for-brotli', headers: { host: web.host } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The same choice of encoding as every other answer: a refusal (q=0) is heard, `*` takes brotli.
    const encodingFor = async (accept: string) => (await web.t.app.inject({ method: 'GET', url: '/no-such-page-for-brotli', headers: { host: web.host, 'accept-encoding': accept } })).headers['content-encoding'];
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('*')).toBe('br');
    expect(await encodingFor('identity')).toBeUndefined();
    expect(plain.payload.replace(/nonce="[^"]*"/g, '')).toBe(page.replace(/nonce="[^"]*"/g, ''));
  });

  it('renders with the production build of React Router that it bundles, handler included', async () => {
    const serverDir = path.join(DEFAULT_WEB_BUILD_DIR, 'server');
    const files = fs.readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const code = files.map((f) => fs.readFileSync(path.join(serverDir, f), 'utf8')).join('\n');
    // Not left to Node, whose resolution of `react-router` gives its development build.
    expect(code).not.toMatch(/from ["']react-router["']|import\(["']react-router["']\)/);
    // A warning only React Router's development build gives.
    expect(code).not.toContain('No routes matched location');
    const build = (await import(pathToFileURL(path.join(serverDir, 'index.js')).href)) as { entry: { module: Record<string, unknown> } };
    expect(typeof build.entry.module.createRequestHandler).toBe('function');
  });
});

describe.skipIf(!webBuilt)('a visitor leaving mid-page', () => {
  it('is not logged as a server error', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ LOG_LEVEL: 'info', PAGE_CACHE: '0' }, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const host = await listenForPages(t);
      const [hostname, port] = host.split(':');
      // Asked for, then gone before the page is written: five times over.
      for (let i = 0; i < 5; i++) {
        await new Promise<void>((resolve) => {
          const socket = net.connect({ host: hostname, port: Number(port) }, () => {
            socket.write(`GET /properties?i=${i} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: br\r\n\r\n`);
            setTimeout(() => socket.destroy(), 5);
          });
          socket.on('close', () => resolve());
          socket.on('error', () => {});
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await t.get('/healthz')).status).toBe(200);
      const errors = lines.map((line) => JSON.parse(line) as { level: number; msg?: string }).filter((entry) => entry.level >= 50);
      expect(errors).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('web app missing', () => {
  it('still starts and answers 503 saying how to build it', async () => {
    const t = await createTestApp({}, { webBuildDir: '/nonexistent/build' });
    try {
      const res = await t.get('/');
      expect(res.status).toBe(503);
      expect(res.body).toContain('web app not built: run npm run build');
      expect((await t.get('/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

/** The window a brotli stream declares in its first bits (RFC 7932, 9.1), as log2 of its size. */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream[0]! | (stream[1]! << 8);
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}
