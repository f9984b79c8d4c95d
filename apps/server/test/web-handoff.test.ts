import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createProperty } from './factories.ts';
import { html, pagesApp, webBuilt } from './pages.ts';

/** The page's hand-over of its loader data to the browser (React Router's turbo-stream, as a script). */
const handOver = (body: string) => {
  const scripts = [...body.matchAll(/<script\b[^>]*>(window\.__reactRouterContext\.streamController\.enqueue\([\s\S]*?)<\/script>/g)].map(([, text]) => text);
  expect(scripts.length).toBeGreaterThan(0);
  return scripts.join('\n');
};

// Every request renders (no page cache); the loaders' public answers are kept (issue 12, session 49).
describe.skipIf(!webBuilt)('the loader data handed to the browser, every page rendered', () => {
  const web = pagesApp({ PUBLIC_CACHE_SECONDS: '60', PAGE_CACHE: '0' });

  /** The page, and how many times React Router started encoding a hand-over while it rendered (its encoder arms a timer of the entry's `streamTimeout`, 5 s). */
  const rendered = async (url: string) => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const answer = await web.page(url);
      expect(answer.status).toBe(200);
      expect(answer.raw.headers['x-cache']).toBeUndefined();
      return { body: answer.body, encoded: timers.mock.calls.filter(([, ms]) => ms === 5_000).length };
    } finally {
      timers.mockRestore();
    }
  };

  it('is encoded once for the same kept answers, and afresh when a write changes what the page shows', async () => {
    const listing = await createProperty(web.t.db);
    const url = `/properties-details/${listing.slugId}`;
    const first = await rendered(url);
    expect(first.encoded).toBe(1);
    expect(handOver(first.body)).toContain(JSON.stringify(JSON.stringify(listing.title)).slice(1, -1));
    const again = await rendered(url);
    expect(again.encoded).toBe(0);
    expect(handOver(again.body)).toBe(handOver(first.body));
    // The page itself is rendered again: its own nonce on every script.
    expect(again.body).not.toBe(first.body);

    // A write forgets the kept answers: the next page hands over the new title.
    await web.t.db.execute(sql`update properties set title = 'Renamed by its owner' where id = ${listing.id}`);
    web.t.services.invalidatePages(['properties']);
    const written = await rendered(url);
    expect(written.encoded).toBe(1);
    expect(handOver(written.body)).toContain('Renamed by its owner');
    expect(handOver(written.body)).not.toContain(JSON.stringify(JSON.stringify(listing.title)).slice(1, -1));
    expect(written.body).toContain(html('Renamed by its owner'));
  });

  it('is encoded once for the home page and a results page, and apart for each search and language', async () => {
    for (const url of ['/', '/properties?property_type=0']) {
      const first = await rendered(url);
      expect(first.encoded).toBe(1);
      const again = await rendered(url);
      expect(again.encoded).toBe(0);
      expect(handOver(again.body)).toBe(handOver(first.body));
    }
    const rent = await rendered('/properties?property_type=1');
    expect(rent.encoded).toBe(1);
    expect(handOver(rent.body)).not.toBe(handOver((await rendered('/properties?property_type=0')).body));
    const hindi = await rendered('/properties?property_type=0&lang=hi');
    expect(hindi.encoded).toBe(1);
    expect(handOver(hindi.body)).toContain('\\"hi\\"');
  });
});
