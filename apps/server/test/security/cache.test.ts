// Security suite, issue 9 finding 10: junk query strings cannot grow the public answer cache, and
// the cache is bounded by memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
