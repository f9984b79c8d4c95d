import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCompression, compressWhole, mapCompression } from './compression.ts';
import { publicAnswerStore, responseCache } from './response-cache.ts';

describe('compressWhole', () => {
  // Markers-like JSON, large enough for the whole-answer path, and a small answer below it.
  const large = Buffer.from(JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ id: i, title: `Home ${i} in Pune`, latitude: 18.5 + i / 1e4 }))));
  const small = Buffer.from(JSON.stringify({ id: 1, title: 'x'.repeat(2000) }));
  const app = Fastify();

  beforeAll(async () => {
    await app.register(compress, apiCompression);
    app.addHook('onSend', async (_request, reply, payload) => {
      // As the public cache does before the route's hooks: its own Vary.
      reply.header('vary', 'Content-Language');
      return payload;
    });
    for (const [url, body] of [
      ['/large', large],
      ['/small', small],
    ] as const) {
      app.get(url, { compress: mapCompression, onSend: compressWhole(mapCompression) }, async (_request, reply) => reply.type('application/json').send(body));
    }
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

  it('compresses a large answer in one call as the browser asks, with its length and Vary', async () => {
    expect(large.length).toBeGreaterThan(apiCompression.syncThreshold);
    const br = await get('/large', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers.vary).toBe('Content-Language, Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(large)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(large.length / 4);
    const gzip = await get('/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(large)).toBe(true);
  });

  it('leaves an answer as it is when the browser takes none of its encodings or asks for none', async () => {
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }, {}] as Record<string, string>[]) {
      const plain = await get('/large', headers);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.rawPayload.equals(large)).toBe(true);
    }
  });

  it('leaves a smaller answer to the compression plugin', async () => {
    const br = await get('/small', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(small)).toBe(true);
  });
});

describe('compressWhole with the public cache', () => {
  const large = Buffer.from(JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ id: i, title: `Flat ${i} in Thane`, longitude: 72.9 + i / 1e4 }))));
  const app = Fastify();
  let made = 0;

  beforeAll(async () => {
    app.decorateRequest('origin', '');
    app.decorateRequest('viewer', null);
    await app.register(responseCache, { store: publicAnswerStore(60, 16 * 1024 * 1024), seconds: 60 });
    await app.register(compress, apiCompression);
    app.get('/markers', { config: { publicCache: true }, compress: mapCompression, onSend: compressWhole(mapCompression) }, async (_request, reply) => {
      made++;
      return reply.type('application/json').send(large);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('keeps the copy it compressed for a miss with the entry, and hits send it as it is', async () => {
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const url = `/markers?for=${encoding}`;
      const miss = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      const hit = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['miss', 'hit']);
      expect(hit.headers['content-encoding']).toBe(encoding);
      // The same bytes: not compressed again (the cache's own copies are made at another quality).
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(decode(hit.rawPayload).equals(large)).toBe(true);
    }
    expect(made).toBe(2);
    // A client that takes neither gets the body as kept.
    const plain = await app.inject({ method: 'GET', url: '/markers?for=br', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(large)).toBe(true);
  });
});
