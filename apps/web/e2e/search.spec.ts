import type { Page } from '@playwright/test';
import { DESKTOP, expect, expectAccessible, PHONE, shot, test, waitForHydration } from './fixtures.ts';

/** The API's count for a search (what the filter sheet's button promises). */
async function apiTotal(page: Page, query: Record<string, string>): Promise<number> {
  const answer = await (await page.request.get(`/api/get-property-list?${new URLSearchParams({ ...query, limit: '1' })}`)).json();
  return answer.total;
}

test('search on a phone: results first, filters in a sheet that counts, sort and chips apply at once', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/properties');
  await waitForHydration(page);
  // The first result is in the first screen, not under the filter form.
  const firstCard = page.locator('main article').first();
  await expect(firstCard).toBeVisible();
  expect((await firstCard.boundingBox())!.y).toBeLessThan(PHONE.height);
  await shot(page, 'search-phone');
  await expectAccessible(page);

  // The bar stays at the top while the results scroll.
  await page.mouse.wheel(0, 1500);
  await expect.poll(async () => (await page.getByTestId('search-toolbar').boundingBox())!.y).toBeLessThan(2);

  // Filters open in a sheet (a modal dialog); its button counts what the pending filters will show.
  const opener = page.getByTestId('open-filters');
  await expect(opener).toHaveText('Filters');
  await opener.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect(page.locator('dialog[open]')).toHaveCount(1);
  const apply = sheet.getByTestId('s-apply');
  const all = await apiTotal(page, {});
  await expect(apply).toHaveText(`Show ${all} properties`);

  // Rent offers monthly-sized budgets, buying lakh and crore ones (the demo's currency is INR).
  const bands = sheet.getByTestId('s-price-bands');
  await sheet.getByText('Rent', { exact: true }).click();
  await expect(sheet.getByRole('radio', { name: 'Rent' })).toBeChecked();
  await expect(bands.getByRole('button')).toHaveText(['Up to ₹10K', '₹10K – ₹25K', '₹25K – ₹50K', '₹50K – ₹1L', 'From ₹1L']);
  await expect(apply).toHaveText(`Show ${await apiTotal(page, { property_type: '1' })} properties`);
  await sheet.getByText('Buy', { exact: true }).click();
  await expect(bands.getByRole('button')).toHaveText(['Up to ₹50L', '₹50L – ₹1Cr', '₹1Cr – ₹2Cr', '₹2Cr – ₹5Cr', 'From ₹5Cr']);
  await bands.getByRole('button', { name: '₹50L – ₹1Cr' }).click();
  await expect(bands.getByRole('button', { name: '₹50L – ₹1Cr' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sheet.getByLabel('Minimum')).toHaveValue('50L');
  await expect(sheet.getByLabel('Maximum')).toHaveValue('1Cr');
  const band = { property_type: '0', min_price: '5000000', max_price: '10000000' };
  const inBand = await apiTotal(page, band);
  expect(inBand).toBeGreaterThan(0);
  expect(inBand).toBeLessThan(all);
  await expect(apply).toHaveText(`Show ${inBand} properties`);
  // A typed amount in the site's style counts too.
  await sheet.getByLabel('Maximum').fill('2 Cr');
  await expect(apply).toHaveText(`Show ${await apiTotal(page, { ...band, max_price: '20000000' })} properties`);
  await sheet.getByLabel('Maximum').fill('1Cr');
  await expect(apply).toHaveText(`Show ${inBand} properties`);
  await shot(page, 'search-filters-sheet');
  await expectAccessible(page);

  // Escape closes the sheet and applies nothing.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
  expect(new URL(page.url()).search).toBe('');
  // Opened again, it starts from the filters in force; applying takes the visitor to the results.
  await opener.click();
  await expect(sheet.getByRole('radio', { name: 'Any' })).toBeChecked();
  await sheet.getByText('Buy', { exact: true }).click();
  await bands.getByRole('button', { name: '₹50L – ₹1Cr' }).click();
  await expect(apply).toHaveText(`Show ${inBand} properties`);
  await apply.click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/property_type=0/);
  await expect(page).toHaveURL(/min_price=5000000/);
  await expect(page).toHaveURL(/max_price=10000000/);
  await expect(page.getByTestId('result-count')).toHaveText(`${inBand} properties found`);
  await expect(opener).toHaveText('Filters (2)');
  await expect(page.getByTestId('chip-property_type')).toHaveText('Buy');
  await expect(page.getByTestId('chip-price')).toHaveText('₹50L – ₹1Cr');

  // Sorting applies at once: the cheapest matching listing comes first.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort_by=price_asc/);
  const cheapest = (await (await page.request.get(`/api/get-property-list?${new URLSearchParams({ ...band, sort_by: 'price_asc', limit: '1' })}`)).json()).data[0];
  await expect(page.locator('main article a[href^="/properties-details/"]').first()).toHaveAttribute('href', `/properties-details/${cheapest.slug_id}`);
  await expect(page.locator('main article').first()).toBeInViewport();
  await shot(page, 'search-phone-filtered');
  await expectAccessible(page);

  // A chip removes its filter, and the sort stays.
  await page.getByRole('link', { name: 'Remove filter: ₹50L – ₹1Cr' }).click();
  await expect(page).not.toHaveURL(/min_price/);
  await expect(page).toHaveURL(/sort_by=price_asc/);
  await expect(page.getByTestId('result-count')).toHaveText(`${await apiTotal(page, { property_type: '0' })} properties found`);
  await expect(opener).toHaveText('Filters (1)');

  // The shared URL restores the filters in a new page.
  const other = await page.context().newPage();
  await other.setViewportSize(PHONE);
  await other.goto(page.url());
  await waitForHydration(other);
  await expect(other.getByLabel('Sort by')).toHaveValue('price_asc');
  await other.getByTestId('open-filters').click();
  await expect(other.getByRole('dialog', { name: 'Filters' }).getByRole('radio', { name: 'Buy' })).toBeChecked();
  await other.close();

  // Map and list are one switch away.
  await page.getByTestId('view-toggle').click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByTestId('properties-map')).toBeVisible();
  await page.getByTestId('view-toggle').click();
  await expect(page).not.toHaveURL(/view=map/);
});

test('the results do not move when the page comes alive, on a phone and a desktop', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, nodes: entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // A visitor's search with criteria: "Save this search" sits above the results.
    await page.goto('/properties?property_type=0&city=Mumbai');
    await waitForHydration(page);
    await expect(page.getByTestId('save-search')).toBeVisible();
    if (viewport === PHONE) {
      // Both ways to keep the search share one row under the count, so the results start in the
      // top half of a phone's screen (the lock's button and its note above the count put the first
      // card 504 px down).
      const lock = (await page.getByTestId('save-search').boundingBox())!;
      const alert = (await page.getByTestId('save-alert').getByRole('button').boundingBox())!;
      expect(Math.abs(lock.y - alert.y)).toBeLessThan(1);
      expect(lock.height).toBe(alert.height);
      expect((await page.locator('main article').first().boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    }
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
    // Well under what a person notices (Lighthouse's target 0.05, "good" 0.1); the block above the
    // results appearing late moved them by 0.078. A card's own line can still move a hair in the
    // full run (0.0055 seen once, for a listing another journey made): not this journey's subject.
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
  }
});

test('paging stays honest: no page numbers past the results, and a way back from beyond them', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const all = await apiTotal(page, {});
  const last = Math.ceil(all / 12);
  await page.goto('/properties');
  await expect(page.getByTestId('page-position')).toHaveText(`Page 1 of ${last}`);
  await page.goto('/properties?page=1000');
  await waitForHydration(page);
  await expect(page.getByTestId('past-the-end')).toContainText('This page is past the end of the results.');
  await expect(page.getByTestId('pagination')).not.toContainText('1000');
  await expect(page.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await shot(page, 'search-past-the-end');
  await page.getByRole('link', { name: 'Back to the last page of results' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${last}$`));
  await expect(page.getByTestId('page-position')).toHaveText(`Page ${last} of ${last}`);
  await expect(page.locator('main article').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Next' })).toHaveCount(0);
});

test('search on a desktop: filters beside the results, which start in the first screen', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/properties?property_type=1&bedrooms=2');
  await waitForHydration(page);
  const firstCard = page.locator('main article').first();
  expect((await firstCard.boundingBox())!.y).toBeLessThan(DESKTOP.height / 2);
  await expect(page.getByTestId('open-filters')).toBeHidden();
  const filters = page.getByRole('search', { name: 'Filters' });
  await expect(filters.getByRole('radio', { name: 'Rent' })).toBeChecked();
  await expect(filters.getByTestId('f-price-bands').getByRole('button').first()).toHaveText('Up to ₹10K');
  await expect(page.getByTestId('chip-bedrooms')).toHaveText('2 bedrooms');
  await shot(page, 'search-desktop');
  await expectAccessible(page);
});

test('Arabic search on a phone lays out right-to-left', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/properties?lang=ar&property_type=0&min_price=5000000&max_price=10000000');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The Filters button starts the bar on the right.
  const opener = (await page.getByTestId('open-filters').boundingBox())!;
  expect(opener.x + opener.width).toBeGreaterThan(PHONE.width - 40);
  await expect(page.getByTestId('open-filters')).toHaveText('التصفية (2)');
  await shot(page, 'search-phone-ar');
  await page.getByTestId('open-filters').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'search-filters-sheet-ar');
  await expectAccessible(page);
  await page.goto('/properties?lang=en');
});

// The new search's address is in place before the page re-renders with it (the render is a
// transition); a sort chosen in that moment sorts the new search, not the one still on screen.
// A slow CPU (DevTools throttling, 10×) widens the moment, which the full journey run once hit;
// without the fix this journey fails at 10× and 30×.
test('a sort chosen while a search is still rendering keeps that search’s filters', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/properties?property_type=1');
  await waitForHydration(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByLabel('City').fill('Pune');
  await filters.getByRole('button', { name: /^Show \d+ propert/ }).click();
  await expect(page).toHaveURL(/city=Pune/);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  // Slowed down, the sort's own navigation takes seconds to land.
  await expect(page).toHaveURL(/sort_by=price_asc/, { timeout: 45_000 });
  const params = new URL(page.url()).searchParams;
  expect([params.get('city'), params.get('property_type')]).toEqual(['Pune', '1']);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
