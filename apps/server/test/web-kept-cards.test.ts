import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProperty } from './factories.ts';
import { html, pagesApp, webBuilt } from './pages.ts';

/** A page's HTML but its nonces (each render has its own). */
const withoutNonces = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');
/** The listing cards' insides a page shows (the first of a results page's is rendered every time). */
const cards = (body: string) => [...body.matchAll(/<article class="[^"]*"[^>]*>([\s\S]*?)<\/article>/g)].map(([whole]) => whole);

// Every request renders (no page cache); a card's inside is kept for the same card and site
// settings (apps/web/app/lib/kept-markup.ts, decision 30), on the main thread and on render threads.
describe.skipIf(!webBuilt).each([
  ['rendered on the main thread', '0'],
  ['rendered on a render thread', '1'],
])('listing cards kept between pages, %s', (_how, threads) => {
  const web = pagesApp({ PUBLIC_CACHE_SECONDS: '60', PAGE_CACHE: '0', RENDER_THREADS: threads });

  const rendered = async (url: string) => {
    const answer = await web.page(url);
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['x-cache']).toBeUndefined();
    expect(answer.body).not.toContain('data-kept-markup');
    return answer.body;
  };

  it('writes the same page with kept cards as when it rendered them, in every language', async () => {
    await createProperty(web.t.db, { title: 'Sea-facing flat "Sagar" & garden' });
    await createProperty(web.t.db, { title: 'Corner plot' });
    for (const url of ['/', '/properties', '/properties?view=list', '/properties?lang=ar', '/properties?lang=hi']) {
      const first = await rendered(url);
      expect(cards(first).length, url).toBeGreaterThan(1);
      for (let i = 0; i < 3; i++) expect(withoutNonces(await rendered(url)) === withoutNonces(first), url).toBe(true);
    }
  });

  it('shows what a write changed on the next page, and the old card nowhere', async () => {
    const listing = await createProperty(web.t.db, { title: 'Garden villa before' });
    web.t.services.invalidatePages(['properties']);
    // Newest first, so the second card (the first is rendered every time): kept at the first page, written from there at the next.
    const url = '/properties';
    const shows = (body: string, title: string) => cards(body).some((card) => card.includes(html(title)));
    expect(shows(await rendered(url), 'Garden villa before')).toBe(true);
    expect(shows(await rendered(url), 'Garden villa before')).toBe(true);
    await web.t.db.execute(sql`update properties set title = 'Garden villa after' where id = ${listing.id}`);
    web.t.services.invalidatePages(['properties']);
    const written = await rendered(url);
    expect(shows(written, 'Garden villa after')).toBe(true);
    expect(written.includes(html('Garden villa before'))).toBe(false);
  });
});
