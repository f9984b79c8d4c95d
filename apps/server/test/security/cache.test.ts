// Security suite, issue 9 finding 10: junk query strings cannot grow the public answer cache, and
// the cache is bounded by memory.
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cityRepository } from '../../src/modules/catalogue/repository.ts';
import { EarlyHits } from '../../src/platform/response-cache.ts';
import { createTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_SECONDS: '60', PUBLIC_CACHE_MAX_MB: '1' });
});
afterAll(() => t?.close());

const store = () => t.services.publicAnswers!;

describe('finding 10: the public cache is keyed on what the route understood, and bounded', () => {
  it('parameters a route does not know share one entry, in any order', async () => {
    store().clear();
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await t.get('/api/get-property-list', { limit: 5, [`junk${i}`]: 'x'.repeat(500), city: 'Mumbai' }));
    answers.push(await t.get('/api/get-property-list', { city: 'Mumbai', limit: 5 }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(1).every((a) => a.raw.headers['x-cache'] === 'hit')).toBe(true);
    expect(store().size.entries).toBe(1);
  });

  it('holds no more than its memory bound, however many distinct searches come', async () => {
    store().clear();
    for (let offset = 0; offset < 120; offset++) expect((await t.get('/api/get-property-list', { limit: 20, offset })).status).toBe(200);
    expect(store().size.weight).toBeLessThanOrEqual(1024 * 1024);
    expect(store().size.entries).toBeGreaterThan(1);
    expect(store().size.entries).toBeLessThan(120);
  });
});

describe('cached answers go out compressed, compressed once', () => {
  it('answers a browser from the kept brotli or gzip copy, the same JSON as uncompressed', async () => {
    store().clear();
    const compressions = vi.spyOn(zlib, 'brotliCompressSync');
    const query = { limit: 10, city: 'Mumbai' };
    // Injected directly: the harness would read a compressed body as JSON.
    const get = async (headers: Record<string, string> = {}) => ({ raw: await t.app.inject({ method: 'GET', url: '/api/get-property-list', query: { limit: '10', city: 'Mumbai' }, headers }) });
    const plain = await t.get('/api/get-property-list', query);
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get({ 'accept-encoding': 'gzip;q=1, br;q=0' });
    const none = await t.get('/api/get-property-list', query, { 'accept-encoding': 'identity' });
    expect([plain, br, gzip, none].map((a) => a.raw.headers['x-cache'])).toEqual(['miss', 'hit', 'hit', 'hit']);
    expect([br, gzip, none].map((a) => a.raw.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    expect(br.raw.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.raw.rawPayload).toString())).toEqual(plain.body);
    expect(JSON.parse(zlib.gunzipSync(gzip.raw.rawPayload).toString())).toEqual(plain.body);
    expect(none.body).toEqual(plain.body);
    // The copy is made once: a second brotli hit sends the same bytes.
    const again = await get({ 'accept-encoding': 'br' });
    expect(Buffer.compare(again.raw.rawPayload, br.raw.rawPayload)).toBe(0);
    expect(compressions).toHaveBeenCalledTimes(1);
    compressions.mockRestore();
  });
});

describe('early hits: a repeated request is answered at the first hook', () => {
  afterEach(() => vi.restoreAllMocks());
  const inject = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/get-property-list?limit=10&city=Mumbai', headers });
  const withoutDate = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

  it('sends the same bytes and headers as the full path, for each encoding, and records nothing new', async () => {
    const remember = vi.spyOn(EarlyHits.prototype, 'remember');
    for (const encoding of ['br', 'gzip', '']) {
      store().clear();
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const [miss, full, early, again] = [await inject(headers), await inject(headers), await inject(headers), await inject(headers)];
      expect([miss, full, early, again].map((a) => a.headers['x-cache'])).toEqual(['miss', 'hit', 'hit', 'hit']);
      expect(Buffer.compare(early.rawPayload, full.rawPayload)).toBe(0);
      expect(withoutDate(early.headers)).toEqual(withoutDate(full.headers));
      expect(early.headers['content-encoding']).toBe(encoding || undefined);
    }
    // The full path recorded each request's wire once; the early path answered the rest.
    expect(remember).toHaveBeenCalledTimes(3);
  });

  it('never answers a request with credentials, another origin or language, or after the entry is gone', async () => {
    store().clear();
    const remember = vi.spyOn(EarlyHits.prototype, 'remember');
    await inject();
    await inject();
    expect(remember).toHaveBeenCalledTimes(1);
    // Credentials (even wrong ones), a language, a CORS origin: the full path, which records them in turn.
    await inject({ authorization: 'Bearer nonsense' });
    await inject({ 'accept-language': 'hi' });
    await inject({ origin: 'https://elsewhere.example' });
    expect(remember).toHaveBeenCalledTimes(3);
    // A write clears the store: the next answer is made afresh, not replayed.
    store().clear();
    const fresh = await inject();
    expect(fresh.headers['x-cache']).toBe('miss');
  });
});

describe('an answer being made is not made again beside it', () => {
  it('the same call asked again meanwhile waits for that answer and shares it', async () => {
    store().clear();
    const counts = vi.spyOn(cityRepository, 'withCounts');
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.get('/api/get-cities-data', { limit: 7 })));
    expect(counts).toHaveBeenCalledTimes(1);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.raw.headers['x-cache']).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'miss']);
    expect(answers.every((a) => JSON.stringify(a.body) === JSON.stringify(answers[0].body))).toBe(true);
    counts.mockRestore();
  });

  it('lets them go on to answer for themselves when the first answer fails', async () => {
    store().clear();
    const counts = vi.spyOn(cityRepository, 'withCounts').mockRejectedValueOnce(new Error('the database went away'));
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.get('/api/get-cities-data', { limit: 8 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 500]);
    expect(counts).toHaveBeenCalledTimes(4);
    counts.mockRestore();
  });
});
