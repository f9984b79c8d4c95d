import type { APIRequestContext } from '@playwright/test';
import { DESKTOP, expect, shot, test, waitForHydration } from './fixtures.ts';

/** The demo's category ids by name (the seed's order, read from the API rather than assumed). */
async function categoryId(request: APIRequestContext, name: string): Promise<string> {
  const answer = await (await request.get('/api/get_categories')).json();
  const found = answer.data.find((c: { category: string }) => c.category === name);
  expect(found, name).toBeTruthy();
  return String(found.id);
}

test('the demo market: the searches people make find homes in every city, and no picture shows twice on a page', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const flat = await categoryId(request, 'Apartment');
  const house = await categoryId(request, 'Independent House');
  const searches: Record<string, string>[] = [
    {},
    { sort_by: 'price_asc' },
    { city: 'Mumbai', property_type: '1', category_id: flat },
    { city: 'Lucknow', property_type: '1', category_id: flat, bedrooms: '2' },
    { city: 'Bengaluru', property_type: '0', category_id: house },
    { city: 'Kochi', property_type: '0' },
  ];
  for (const query of searches) {
    await page.goto(`/properties?${new URLSearchParams(query)}`);
    await waitForHydration(page);
    const covers = await page.locator('main article img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).getAttribute('src')));
    expect(covers.length, JSON.stringify(query)).toBeGreaterThan(0);
    expect(new Set(covers).size, `covers repeated on ${JSON.stringify(query)}`).toBe(covers.length);
  }
  await shot(page, 'demo-market-kochi');

  // Homes to rent are quoted by the month; a 1 BHK flat is priced like one, not like a tower.
  const rents = await (await request.get('/api/get-property-list?property_type=1&limit=100')).json();
  for (const p of rents.data as { rentduration: string; category: { category: string } }[]) {
    if (p.category.category !== 'Farmhouse') expect(p.rentduration).toBe('Monthly');
  }
  const oneBhk = await (await request.get(`/api/get-property-list?property_type=0&category_id=${flat}&bedrooms=1&limit=100`)).json();
  expect(oneBhk.data.length).toBeGreaterThan(0);
  for (const p of oneBhk.data as { price: string; title: string }[]) expect(Number(p.price), p.title).toBeLessThan(30_000_000);
});
