// Decision 21: a visitor's answer is kept from its PUBLIC_CACHE_MIN_USES-th request (2 by default),
// so a distinct search asked once never takes the cache's memory.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { RecentUses } from '../src/platform/response-cache.ts';
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

  it('is two by default, and one keeps the first answer', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_CACHE_MIN_USES).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_CACHE_MIN_USES: '0' })).toThrow(/PUBLIC_CACHE_MIN_USES/);
  });
});

describe('recent uses', () => {
  it('counts a key within the lifetime, and forgets it after two', () => {
    vi.useFakeTimers();
    try {
      const uses = new RecentUses(1000);
      expect(uses.use('a')).toBe(1);
      vi.advanceTimersByTime(600);
      expect(uses.use('a')).toBe(2);
      // A key seen in the previous generation still counts.
      vi.advanceTimersByTime(600);
      expect(uses.use('b')).toBe(1);
      expect(uses.use('a')).toBe(3);
      vi.advanceTimersByTime(2100);
      expect(uses.use('b')).toBe(1);
      vi.advanceTimersByTime(1100);
      expect(uses.use('a')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is bounded by count: the older generation goes whole', () => {
    const uses = new RecentUses(60_000, 3);
    for (const key of ['a', 'b', 'c']) uses.use(key);
    // A fourth key starts a new generation: 'a'–'c' are the older one, still counted.
    for (const key of ['d', 'e']) uses.use(key);
    expect(uses.use('b')).toBe(2);
    // The next key starts another: 'a'–'c' go whole ('b' lives on in the one before).
    uses.use('f');
    expect(uses.use('a')).toBe(1);
    expect(uses.use('c')).toBe(1);
  });
});
