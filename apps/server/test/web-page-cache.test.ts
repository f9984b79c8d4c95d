import { createHash } from 'node:crypto';
import net from 'node:net';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, listenForPages, type TestApp } from './harness.ts';
import { html, pagesApp, webBuilt } from './pages.ts';

const CACHED = { PUBLIC_CACHE_SECONDS: '60' };

/** The `'sha256-…'` sources a page's CSP must list: one per inline script. */
function inlineScriptHashes(body: string): string[] {
  return [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
}

// Every rule of the cache holds however pages are rendered: on the main thread, or on a render
// thread whose loaders' calls the main thread answers (render-pool.ts, decision 26).
describe.skipIf(!webBuilt).each([
  ['rendered on the main thread', '0'],
  ['rendered on a render thread', '1'],
])('page cache, %s', (_how, threads) => {
  const web = pagesApp({ ...CACHED, RENDER_THREADS: threads });
  const { page } = web;
  const pageWith = (url: string, headers: Record<string, string>) => web.t.request({ method: 'GET', url, headers: { host: web.host, ...headers } });

  it('serves a visitor page once rendered, with ETag, 304 and shared-cache headers', async () => {
    const first = await page('/faqs');
    expect(first.status).toBe(200);
    const etag = first.raw.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.raw.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(String(first.raw.headers.vary)).toMatch(/Cookie/);
    const second = await page('/faqs');
    expect(second.raw.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.raw.headers.etag).toBe(etag);
    const revalidated = await pageWith('/faqs', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await pageWith('/faqs', { 'if-none-match': 'W/"something-else"' })).status).toBe(200);
  });

  it('serves a cached page compressed as each client takes it, gzip made at its first asking', async () => {
    const get = (encoding: string) => web.t.app.inject({ method: 'GET', url: '/terms-and-conditions', headers: { host: web.host, 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.statusCode).toBe(200);
    for (const [encoding, decode] of [
      ['br, gzip', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const answer = await get(encoding);
      expect(answer.headers['x-cache'], encoding).toBe('hit');
      expect(answer.headers['content-encoding']).toBe(encoding.split(',')[0]);
      expect(decode(answer.rawPayload).toString()).toBe(plain.payload);
    }
  });

  it('compresses an answer made for one request fast, and the copy the public cache keeps well (decision 19)', async () => {
    const url = '/api/get-property-list';
    const query = { limit: '9', offset: '2' };
    const quality = (q: number, body: Buffer, window?: number) =>
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, ...(window ? { [zlib.constants.BROTLI_PARAM_LGWIN]: window } : { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length }) } });
    const miss = await web.t.app.inject({ method: 'GET', url, query, headers: { 'accept-encoding': 'br' } });
    expect(miss.headers['x-cache']).toBe('miss');
    const json = zlib.brotliDecompressSync(miss.rawPayload);
    // Quality 1: the same bytes as compressing it at quality 1, not at 4.
    expect(miss.rawPayload.equals(quality(1, json, 18))).toBe(true);
    expect(quality(4, json, 18).equals(quality(1, json, 18))).toBe(false);
    const hit = await web.t.app.inject({ method: 'GET', url, query, headers: { 'accept-encoding': 'br' } });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.rawPayload.equals(quality(4, json))).toBe(true);
    // gzip at level 1: its header's extra flags say "fastest" (4).
    const gzip = await web.t.app.inject({ method: 'GET', url, query: { limit: '9', offset: '3' }, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload[8]).toBe(4);
  });

  it('allows a cached page its inline scripts by hash, never by a shared nonce', async () => {
    await page('/cities');
    const res = await page('/cities');
    expect(res.raw.headers['x-cache']).toBe('hit');
    const csp = String(res.raw.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1];
    expect(scriptSrc).not.toContain("'nonce-");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const hashes = inlineScriptHashes(String(res.body));
    expect(hashes.length).toBeGreaterThan(0);
    // Among them the module script's code, which waits inert for the first paint and is then run
    // as a script made in the page (apps/web/app/lib/paint-first.ts): the policy allows it by hash.
    expect(res.body).toContain('<script type="text/x-after-paint">');
    for (const hash of hashes) expect(scriptSrc).toContain(hash);
    expect(res.body).not.toMatch(/<script[^>]* nonce=/);
  });

  it('keys pages on their language: the cookie, and ?lang= (whose cookie every answer sets again)', async () => {
    const english = await page('/about-us');
    expect(english.body).toMatch(/<html lang="en" dir="ltr"/);
    const arabic = await pageWith('/about-us', { cookie: 'theme=dark; lang=ar' });
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl"/);
    // Encoded the way a browser may send it, the cookie still names Arabic: never the English page.
    expect((await pageWith('/about-us', { cookie: 'lang=%61r' })).body).toMatch(/<html lang="ar"/);
    expect((await page('/about-us')).body).toMatch(/<html lang="en" dir="ltr"/);
    for (let i = 0; i < 2; i++) {
      const hindi = await page('/about-us?lang=hi');
      expect(hindi.body).toMatch(/<html lang="hi"/);
      expect(String(hindi.raw.headers['set-cookie'])).toMatch(/^lang=hi;/);
      // It sets a cookie: only the browser keeps it.
      expect(hindi.raw.headers['cache-control']).toBe('private, no-cache');
      if (i === 1) expect(hindi.raw.headers['x-cache']).toBe('hit');
    }
  });

  it('does not let a forged Host into a cached page', async () => {
    const [card] = (await web.api('/api/get-property-list', { limit: 1, is_premium: 0 })).body.data;
    const url = `/properties-details/${card.slug_id}`;
    const forged = await web.t.request({ method: 'GET', url, headers: { host: 'evil.example' } });
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain('evil.example');
    for (let i = 0; i < 2; i++) {
      const res = await page(url);
      expect(res.body).toContain(`rel="canonical" href="http://${web.host}${url}"`);
      expect(res.body).not.toContain('evil.example');
    }
    const again = await web.t.request({ method: 'GET', url, headers: { host: 'evil.example' } });
    expect(again.body).not.toContain('evil.example');
    expect(again.body).not.toContain(web.host);
  });

  it('never keeps members-only pages, error pages or unknown paths', async () => {
    for (const url of ['/user/profile', '/login', '/auth/google', '/no-such-page', '/properties-details/no-such-listing']) {
      for (let i = 0; i < 2; i++) {
        const res = await page(url);
        expect(res.raw.headers['x-cache'], url).toBeUndefined();
        expect(res.raw.headers.etag, url).toBeUndefined();
        expect(res.raw.headers['cache-control'], url).toBe('no-store');
      }
    }
    expect(web.t.services.pages!.size.entries).toBeGreaterThan(0);
  });

  it('counts a view for every visit to a listing page, cached or not', async () => {
    const listing = await createProperty(web.t.db);
    const counted = vi.spyOn(web.t.services.properties.views, 'add');
    try {
      for (let i = 0; i < 3; i++) expect((await page(`/properties-details/${listing.slugId}`)).status).toBe(200);
      expect(counted.mock.calls.filter(([id]) => id === listing.id)).toHaveLength(3);
    } finally {
      counted.mockRestore();
    }
  });

  it('hands loaders the answers of public calls without calling the API again', async () => {
    const injected = vi.spyOn(web.t.app, 'inject');
    const settingsCalls = () => injected.mock.calls.filter((args: unknown[]) => String((args[0] as { url?: unknown } | undefined)?.url).startsWith('/api/web-settings')).length;
    try {
      // Nothing kept from earlier tests: the API's cache and the loaders' memo start empty.
      web.t.services.invalidatePages(['site']);
      await page('/terms-and-conditions?a=1');
      expect(settingsCalls()).toBeGreaterThan(0);
      const before = settingsCalls();
      // Another page, rendered: its settings come from the loaders' memo, not an API request.
      const other = await page('/terms-and-conditions?a=2');
      expect(other.raw.headers['x-cache']).toBe('miss');
      expect(settingsCalls()).toBe(before);
    } finally {
      injected.mockRestore();
    }
  });

  it('has pages rendered at once share one load of each public answer, each still counting its view', async () => {
    const listing = await createProperty(web.t.db);
    const injected = vi.spyOn(web.t.app, 'inject');
    const counted = vi.spyOn(web.t.services.properties.views, 'add');
    const calls = (path: string) => injected.mock.calls.filter((args: unknown[]) => String((args[0] as { url?: unknown } | undefined)?.url).startsWith(path)).length;
    try {
      web.t.services.invalidatePages(['site', 'properties']);
      // Four pages (four URLs, so the page cache renders each) asking for the same answers together.
      const pages = await Promise.all([1, 2, 3, 4].map((i) => page(`/properties-details/${listing.slugId}?v=${i}`)));
      for (const p of pages) {
        expect(p.status).toBe(200);
        expect(p.body).toContain(html(listing.title));
      }
      expect(calls('/api/web-settings')).toBe(1);
      expect(calls('/api/get_property')).toBe(1);
      expect(counted.mock.calls.filter(([id]) => id === listing.id)).toHaveLength(4);
    } finally {
      injected.mockRestore();
      counted.mockRestore();
    }
  });

  it('takes a public answer past its lifetime while one load refreshes it behind the page, counting each visit once', async () => {
    const listing = await createProperty(web.t.db);
    const url = `/properties-details/${listing.slugId}`;
    const counted = vi.spyOn(web.t.services.properties.views, 'add');
    const views = () => counted.mock.calls.filter(([id]) => id === listing.id).length;
    const injected = vi.spyOn(web.t.app, 'inject');
    const kept = vi.spyOn(web.t.services.loaderAnswers!, 'set');
    const listingCalls = () => injected.mock.calls.flatMap((args, i) => (String(((args as unknown[])[0] as { url?: unknown } | undefined)?.url).startsWith('/api/get_property') ? [injected.mock.results[i]!.value as Promise<unknown>] : []));
    const realNow = Date.now.bind(Date);
    let offset = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    try {
      expect((await page(`${url}?v=1`)).body).toContain(html(listing.title));
      expect(listingCalls()).toHaveLength(1);
      expect(views()).toBe(1);
      // Changed behind the caches' back (no write through the API, so nothing is invalidated).
      await web.t.db.execute(sql`update properties set title = 'Renamed while kept' where id = ${listing.id}`);
      // Past the memo's 60 s (and the API's and the services' below it), within a second 60 s: the
      // page renders at once with the answer it kept, and one call to the API behind it, which
      // counts this visit.
      offset = 90_000;
      const stale = await page(`${url}?v=2`);
      expect(stale.status).toBe(200);
      expect(stale.body).toContain(html(listing.title));
      expect(stale.body).not.toContain('Renamed while kept');
      expect(listingCalls()).toHaveLength(2);
      await Promise.all(listingCalls());
      expect(views()).toBe(2);
      // The refresh keeps the new answer once it has read and checked it: the next page takes it without calling the API.
      await vi.waitFor(() => expect(kept.mock.calls.some(([, value]) => JSON.stringify(value.answer).includes('Renamed while kept'))).toBe(true));
      const fresh = await page(`${url}?v=3`);
      expect(fresh.body).toContain('Renamed while kept');
      expect(listingCalls()).toHaveLength(2);
      expect(views()).toBe(3);
      // The page rendered from the stale answer was stored owing its view on every replay.
      const replay = await page(`${url}?v=2`);
      expect(replay.raw.headers['x-cache']).toBe('hit');
      expect(views()).toBe(4);
      // A write forgets kept answers, stale ones too: past the lifetime again, the page waits for a fresh one.
      await web.t.db.execute(sql`update properties set title = 'Renamed and written' where id = ${listing.id}`);
      web.t.services.invalidatePages(['properties']);
      offset += 61_000;
      const written = await page(`${url}?v=4`);
      expect(written.body).toContain('Renamed and written');
      expect(listingCalls()).toHaveLength(3);
      expect(views()).toBe(5);
    } finally {
      kept.mockRestore();
      injected.mockRestore();
      clock.mockRestore();
      counted.mockRestore();
    }
  });

  it('has a page load its own answer when the one it waited for was not kept', async () => {
    const injected = vi.spyOn(web.t.app, 'inject');
    const missing = (args: unknown[]) => String((args[0] as { url?: unknown } | undefined)?.url).startsWith('/api/get_property?slug_id=no-such-listing');
    try {
      // A 404 is not kept: each page asks for itself, and each shows the missing listing's page.
      const pages = await Promise.all([1, 2].map((i) => page(`/properties-details/no-such-listing?v=${i}`)));
      for (const p of pages) expect(p.status).toBe(404);
      expect(injected.mock.calls.filter(missing).length).toBe(2);
    } finally {
      injected.mockRestore();
    }
  });

  it('serves a page past its lifetime at once and renders it again behind the visitor, counting each visit once', async () => {
    const listing = await createProperty(web.t.db);
    const url = `/properties-details/${listing.slugId}`;
    expect((await page(url)).raw.headers['x-cache']).toBe('miss');
    const counted = vi.spyOn(web.t.services.properties.views, 'add');
    const views = () => counted.mock.calls.filter(([id]) => id === listing.id).length;
    const realNow = Date.now.bind(Date);
    let offset = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    // The renders behind visitors, to wait for.
    const injected = vi.spyOn(web.t.app, 'inject');
    const renderedBehind = () => injected.mock.calls.flatMap((args, i) => (((args as unknown[])[0] as { headers?: Record<string, string> } | undefined)?.headers?.['x-page-refresh'] ? [injected.mock.results[i]!.value as Promise<unknown>] : []));
    try {
      // Past its 60 s, within a second 60 s: the stored page at once, and a render behind it.
      offset = 61_000;
      const stale = await page(url);
      expect(stale.status).toBe(200);
      expect(stale.raw.headers['x-cache']).toBe('stale');
      expect(stale.body).toContain(html(listing.title));
      expect(renderedBehind()).toHaveLength(1);
      await Promise.all(renderedBehind());
      // The render behind took the loaders' kept answers, past their lifetime too, and their
      // refresh behind it counts the visit: once, when that call ends.
      await vi.waitFor(() => expect(views()).toBe(1));
      // The render behind stored the page again under the visitor's key: fresh for another 60 s.
      expect((await page(url)).raw.headers['x-cache']).toBe('hit');
      expect(views()).toBe(2);
      // A write since it was stored: never served stale.
      offset += 61_000;
      web.t.services.invalidatePages(['properties']);
      expect((await page(url)).raw.headers['x-cache']).toBe('miss');
      // Past both lifetimes: rendered while the visitor waits.
      offset += 121_000;
      expect((await page(url)).raw.headers['x-cache']).toBe('miss');
      expect(views()).toBe(4);
      expect(renderedBehind()).toHaveLength(1);
    } finally {
      injected.mockRestore();
      clock.mockRestore();
      counted.mockRestore();
    }
  });

  it('renders again after a write changes what the page shows', async () => {
    const owner = await createUserWithToken(web.t.db, { name: 'Meera Before' });
    const listing = await createProperty(web.t.db, { ownerId: owner.user.id });
    const url = `/properties-details/${listing.slugId}`;
    expect((await page(url)).body).toContain('Meera Before');
    expect((await page(url)).raw.headers['x-cache']).toBe('hit');
    // Another kind's write leaves it.
    web.t.services.invalidatePages(['articles']);
    expect((await page(url)).raw.headers['x-cache']).toBe('hit');
    const res = await web.t.request({ method: 'POST', url: '/api/update_profile', payload: { name: 'Meera After' }, headers: { ...owner.auth, host: web.host } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await page(url);
    expect(after.raw.headers['x-cache']).toBe('miss');
    expect(after.body).toContain(html('Meera After'));
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.on('timeout', () => resolve(false));
});

describe.skipIf(!webBuilt || !redisUp)('page cache across instances', () => {
  it('a write on one instance drops the page on the other through Redis', async () => {
    const instances: TestApp[] = [await createTestApp({ ...CACHED, REDIS_URL }), await createTestApp({ ...CACHED, REDIS_URL })];
    try {
      const [a, b] = instances;
      const hostB = await listenForPages(b);
      // Rate-limit counters live in Redis across runs: a fresh address per run.
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const pageB = (url: string) => b.request({ method: 'GET', url, headers: { host: hostB }, remoteAddress: ip });
      // Each instance has its own database copy here; the pages are keyed the same way on both.
      const owner = await createUserWithToken(a.db, { name: 'Across Instances' });
      const [card] = (await b.get('/api/get-property-list', { limit: 1, is_premium: 0 })).body.data;
      const url = `/properties-details/${card.slug_id}`;
      const first = await pageB(url);
      expect(first.status).toBe(200);
      expect(first.raw.headers['x-cache'], JSON.stringify(first.raw.headers)).toBe('miss');
      expect((await pageB(url)).raw.headers['x-cache']).toBe('hit');
      const res = await a.request({ method: 'POST', url: '/api/update_profile', payload: { name: 'Renamed' }, headers: owner.auth });
      expect(res.status).toBe(200);
      // Pub/sub delivers in the background: wait for it, however long it takes.
      await vi.waitFor(async () => expect((await pageB(url)).raw.headers['x-cache']).toBe('miss'), { timeout: 10_000, interval: 50 });
    } finally {
      for (const t of instances) await t.close();
    }
  });
});

// Decision 21 for pages: a page rendered once (a listing among a million, a search with its own
// filters) is sent as rendered, neither compressed again nor kept; its second render is kept.
describe.skipIf(!webBuilt).each([
  ['rendered on the main thread', '0'],
  ['rendered on a render thread', '1'],
])('a page is kept from its second render, %s', (_how, threads) => {
  const web = pagesApp({ ...CACHED, PUBLIC_CACHE_MIN_USES: '2', RENDER_THREADS: threads });

  it('sends the first render for this visitor alone, keeps the second, and serves the third from the cache', async () => {
    const pages = web.t.services.pages!;
    const kept = () => pages.size.entries;
    const before = kept();
    const first = await web.page('/faqs?min-uses=1');
    expect(first.status).toBe(200);
    expect(first.raw.headers['x-cache']).toBeUndefined();
    expect(first.raw.headers['cache-control']).toBe('no-store');
    expect(kept()).toBe(before);
    const second = await web.page('/faqs?min-uses=1');
    expect(second.raw.headers['x-cache']).toBe('miss');
    expect(second.raw.headers['cache-control']).toMatch(/^public/);
    expect(kept()).toBe(before + 1);
    const third = await web.page('/faqs?min-uses=1');
    expect(third.raw.headers['x-cache']).toBe('hit');
    expect(third.body).toBe(second.body);
  });

  it('keeps the render behind a visitor of a page past its lifetime at once', async () => {
    const url = '/faqs?min-uses=stale';
    await web.page(url);
    expect((await web.page(url)).raw.headers['x-cache']).toBe('miss');
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
    const injected = vi.spyOn(web.t.app, 'inject');
    try {
      expect((await web.page(url)).raw.headers['x-cache']).toBe('stale');
      // The one render behind it (not a second use within the count's lifetime) is stored.
      await Promise.all(injected.mock.results.map((r) => r.value as Promise<unknown>));
      expect((await web.page(url)).raw.headers['x-cache']).toBe('hit');
    } finally {
      injected.mockRestore();
      clock.mockRestore();
    }
  });

  it('sends a page rendered once compressed as the visitor takes it (on a render thread, compressed there)', async () => {
    const get = (url: string, encoding: string) => web.t.app.inject({ method: 'GET', url, headers: { host: web.host, 'accept-encoding': encoding } });
    for (const [encoding, decode] of [
      ['br, gzip', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const url = `/faqs?compressed-once=${encoding.length}`;
      const answer = await get(url, encoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-cache']).toBeUndefined();
      expect(answer.headers['content-encoding']).toBe(encoding.split(',')[0]);
      expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      const page = decode(answer.rawPayload).toString();
      expect(page).toMatch(/^<!DOCTYPE html>/i);
      expect(page).toContain('</html>');
      // The page in full: as the same page sent uncompressed, its nonces aside.
      const plain = await get(`${url}0`, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const withoutNonces = (text: string) => text.replace(/nonce="[^"]*"/g, '').replace(/compressed-once=\d+/g, '');
      expect(withoutNonces(page)).toBe(withoutNonces(plain.payload));
    }
  });

  it('keeps nothing of pages rendered once each', async () => {
    const pages = web.t.services.pages!;
    const before = pages.size.entries;
    for (let i = 0; i < 12; i++) expect((await web.page(`/faqs?once=${i}`)).status).toBe(200);
    expect(pages.size.entries).toBe(before);
  });
});
