import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProperty } from './factories.ts';
import { pagesApp, webBuilt } from './pages.ts';

describe.skipIf(!webBuilt)('properties page search (server-rendered)', () => {
  const web = pagesApp();
  const { page } = web;

  it('shows the filters in force as removable chips and counts them on the Filters button', async () => {
    const res = await page('/properties?property_type=0&min_price=5000000&max_price=10000000&bedrooms=2&sort_by=price_asc');
    expect(res.status).toBe(200);
    const chip = (id: string) => res.body.match(new RegExp(`<a[^>]*data-testid="chip-${id}"[^>]*>.*?</a>`))?.[0] ?? '';
    // Each chip links to the same search without its filter (the sort and the rest stay).
    expect(chip('price')).toContain('href="/properties?property_type=0&amp;bedrooms=2&amp;sort_by=price_asc"');
    expect(chip('price')).toContain('aria-label="Remove filter: ₹50L – ₹1Cr"');
    expect(chip('property_type')).toContain('>Buy<');
    expect(chip('bedrooms')).toContain('>2 bedrooms<');
    expect(res.body).toMatch(/data-testid="open-filters"[^>]*>.*?Filters \(<!-- -->3<!-- -->\)|data-testid="open-filters"[^>]*>.*?Filters \(3\)/);
    expect(res.body).toContain('data-testid="clear-all"');
    // The sort is in the bar, applied without the form.
    expect(res.body).toMatch(/<option value="price_asc" selected="">Price: low to high<\/option>/);
  });

  it('renders "Save this search" with the page when the search has criteria, so the results do not move on load', async () => {
    const withCriteria = (await page('/properties?property_type=1&city=Mumbai')).body;
    expect(withCriteria).toMatch(/data-testid="search-lock"[\s\S]*data-testid="save-search"[^>]*>[\s\S]*?Save this search<\/button>/);
    // Before the results.
    expect(withCriteria.indexOf('data-testid="save-search"')).toBeLessThan(withCriteria.indexOf('/properties-details/'));
    expect((await page('/properties')).body).not.toContain('data-testid="save-search"');
  });

  it('opens the first page with the search’s featured listings, not repeated below them', async () => {
    const city = `Featuretown ${Date.now()}`;
    const [plain, starred] = [await createProperty(web.t.db, { city }), await createProperty(web.t.db, { city, createdAt: new Date(Date.now() - 86_400_000) })];
    await web.t.db.execute(sql`insert into advertisements (feature_for, property_id, status, start_date, end_date) values ('property', ${starred.id}, 0, now() - interval '1 hour', now() + interval '1 day')`);
    const body = (await page(`/properties?city=${encodeURIComponent(city)}`)).body;
    const featured = body.match(/data-testid="featured-results"[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(featured).toContain(starred.title);
    expect(featured).not.toContain(plain.title);
    // Once in the featured card (its heading and picture), not again among the results below.
    const markup = body.slice(0, body.indexOf('</main>'));
    const below = markup.slice(markup.indexOf(featured) + featured.length);
    expect(below).not.toContain(starred.title);
    expect(below).toContain(plain.title);
    expect((await page(`/properties?city=${encodeURIComponent(city)}&page=2`)).body).not.toContain('data-testid="featured-results"');
  });

  it('offers budget bands in lakh and crore, sized for rent or for buying', async () => {
    const buy = (await page('/properties?property_type=0')).body;
    expect(buy).toContain('Up to ₹50L');
    expect(buy).toContain('From ₹5Cr');
    const rent = (await page('/properties?property_type=1')).body;
    expect(rent).toContain('Up to ₹10K');
    expect(rent).toContain('Rent per month');
    expect(rent).not.toContain('From ₹5Cr');
  });

  it('reads prices typed the site’s way when the form is sent without scripts', async () => {
    const expected = (await web.t.get('/api/get-property-list', { min_price: 5_000_000, max_price: 10_000_000, limit: 1 })).body;
    const res = await page('/properties?min_price=50L&max_price=1+Cr');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(new RegExp(`>${expected.total} propert(y|ies) found<`));
  });

  it('never numbers a page past the results', async () => {
    const { total } = (await web.t.get('/api/get-property-list', { limit: 1 })).body;
    const last = Math.ceil(total / 12);
    const first = await page('/properties');
    expect(first.body).toContain(`Page 1 of ${last}`);
    const beyond = await page('/properties?page=1000');
    expect(beyond.body).toContain('This page is past the end of the results.');
    expect(beyond.body).not.toMatch(/Page 1000/);
    expect(beyond.body).toContain(`href="/properties?page=${last}"`);
    expect(beyond.body).not.toContain('rel="next"');
  });
});
