// Issue 11 "Home and listing pages": banners are real text over a picture, and every call to
// action is a link.
import { describe, expect, it } from 'vitest';
import { pagesApp, webBuilt } from './pages.ts';

describe.skipIf(!webBuilt)('the home page’s banners', () => {
  const web = pagesApp();

  it('sets the first slide’s words over its picture, with a link, in the page’s language', async () => {
    const home = await web.page('/');
    expect(home.status).toBe(200);
    expect(home.body).toMatch(/<h2 id="promo-heading"[^>]*>Find a home you will love<\/h2>/);
    expect(home.body).toContain('Verified listings across 14 Indian cities');
    expect(home.body).toMatch(/data-testid="promo-link"[^>]*>Explore now/);
    const arabic = await web.page('/?lang=ar');
    expect(arabic.body).toMatch(/<h2 id="promo-heading"[^>]*>اعثر على منزل تحبه<\/h2>/);
    expect(arabic.body).toContain('استكشف الآن');
  });

  it('makes every highlight card a link, a site page included', async () => {
    const home = await web.page('/');
    const highlights = /<ul[^>]*aria-label="Highlights"[^>]*>([\s\S]*?)<\/ul>/.exec(home.body)![1];
    const cards = highlights.match(/<li/g)!.length;
    expect(highlights.match(/<a [^>]*href="/g)?.length).toBe(cards);
    expect(highlights).toContain('href="/articles"');
    expect(highlights).toContain('Know your home-loan budget');
  });
});
