// Decision 21: a visitor's answer is kept from its PUBLIC_CACHE_MIN_USES-th request (2 by default),
// so a distinct search asked once never takes the cache's memory.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_SECONDS: '60', PUBLIC_CACHE_MIN_USES: '2' });
});
afterAll(() => t?.close());

describe('an answer is kept from its second request', () => {
  it('answers asked once are not kept; the second request keeps it and the third is a hit', async () => {
    const store = t.services.publicAnswers!;
    store.clear();
    const states = [];
    for (let i = 0; i < 3; i++) states.push((await t.get('/api/get-property-list', { city: 'Mumbai', limit: 4 })).raw.headers['x-cache']);
    expect(states).toEqual(['miss', 'miss', 'hit']);
    expect(store.size.entries).toBe(1);
    // Forty distinct searches, each asked once: nothing more is kept.
    for (let offset = 1; offset <= 40; offset++) expect((await t.get('/api/get-property-list', { limit: 3, offset })).status).toBe(200);
    expect(store.size.entries).toBe(1);
  });

  it('counts uses within the cache lifetime of each other', async () => {
    const store = t.services.publicAnswers!;
    store.clear();
    const state = async () => (await t.get('/api/get-property-list', { city: 'Pune', limit: 4 })).raw.headers['x-cache'];
    const now = Date.now();
    expect(await state()).toBe('miss');
    // Asked again a minute and more later: a first use again, not kept.
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect([await state(), await state(), await state()]).toEqual(['miss', 'miss', 'hit']);
    } finally {
      later.mockRestore();
    }
  });

  it('is two by default, and one keeps the first answer', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_CACHE_MIN_USES).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_CACHE_MIN_USES: '0' })).toThrow(/PUBLIC_CACHE_MIN_USES/);
  });
});
