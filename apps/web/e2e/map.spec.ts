import type { Page } from '@playwright/test';
import { DESKTOP, expect, expectAccessible, PHONE, shot, test, waitForHydration } from './fixtures.ts';

/** The number of results the list says it has ("514 properties found"). */
async function resultCount(page: Page): Promise<number> {
  const text = await page.getByTestId('result-count').innerText({ timeout: 5000 });
  return Number(text.replace(/[,\s]/g, '').match(/\d+/)?.[0] ?? NaN);
}

// These journeys run on the bundled outline: the street map's service (a local stand-in, see
// scripts/e2e-server.mjs) is cut off as when offline. street-map.spec.ts covers it reachable.
test.beforeEach(async ({ page }) => {
  await page.route('**/stand-in-map/**', (route) => route.abort('internetdisconnected'));
});

test('map clusters split when zooming in, and a drawn area narrows the results', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
  });
  await page.goto('/properties?view=map');
  await waitForHydration(page);
  const map = page.getByTestId('properties-map');
  // Markers and clusters are drawn with no tiles at all, and the map says the street map is missing.
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('map-cluster').first()).toBeVisible({ timeout: 30_000 });
  await expect(map).toHaveAttribute('data-basemap', 'fallback');
  await expect(page.getByTestId('map-fallback-note')).toHaveText('Street map unavailable — showing a simplified map');
  const all = await resultCount(page);
  // Every marker came in one call of slim points, not pages of full cards.
  expect(apiCalls.filter((p) => p === '/api/get-property-map-points')).toHaveLength(1);
  expect(apiCalls).not.toContain('/api/get-property-list');
  // Land, sea and borders come from the app's own outline file, not from a tile server.
  await expect(map).toHaveAttribute('data-outline', 'loaded');
  await page.waitForTimeout(500);
  await shot(page, 'map');
  await expectAccessible(page);

  // The biggest cluster splits when its button zooms the map in on it.
  const counts = await page.getByTestId('map-cluster').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.count)));
  const biggest = Math.max(...counts);
  expect(biggest).toBeGreaterThan(1);
  await page.locator(`[data-testid="map-cluster"][data-count="${biggest}"]`).first().click();
  await expect
    .poll(async () => page.getByTestId('map-cluster').evaluateAll((els) => Math.max(0, ...els.map((el) => Number((el as HTMLElement).dataset.count)))), { timeout: 15_000 })
    .toBeLessThan(biggest);
  // Having moved the map, the visitor can search just this area.
  await page.getByTestId('map-search-area').click();
  await expect(page).toHaveURL(/bbox=/);
  await expect.poll(() => resultCount(page)).toBeLessThan(all);
  const inView = await resultCount(page);
  expect(inView).toBeGreaterThan(0);

  // Draw a small rectangle around one marker or group away from the middle: the results narrow to it.
  await page.getByTestId('map-draw-toggle').click();
  await page.getByTestId('properties-map-canvas').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('properties-map-canvas').boundingBox())!;
  const visibleBottom = Math.min(box.y + box.height, DESKTOP.height);
  const dx = box.width * 0.1;
  const dy = (visibleBottom - box.y) * 0.1;
  // The area's search redraws the markers: read them once they are back (a read mid-redraw found none).
  await expect(map).toHaveAttribute('data-ready', 'true');
  const markersInside = async () => {
    const targets = await page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }),
    );
    return targets.filter((p) => p.x - dx > box.x && p.x + dx < box.x + box.width && p.y - dy > box.y && p.y + dy < visibleBottom);
  };
  await expect.poll(async () => (await markersInside()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const inside = await markersInside();
  const mid = { x: box.x + box.width / 2, y: (box.y + visibleBottom) / 2 };
  const target = inside.sort((a, b) => Math.hypot(b.x - mid.x, b.y - mid.y) - Math.hypot(a.x - mid.x, a.y - mid.y))[0];
  for (const [x, y] of [
    [target.x - dx, target.y - dy],
    [target.x + dx, target.y - dy],
    [target.x + dx, target.y + dy],
    [target.x - dx, target.y + dy],
  ]) {
    await page.mouse.click(x, y);
  }
  await page.getByTestId('map-draw-finish').click();
  await expect(page).toHaveURL(/polygon=/);
  await expect(map).toHaveAttribute('data-ready', 'true');
  await expect.poll(() => resultCount(page)).toBeLessThan(inView);
  const drawn = await resultCount(page);
  await shot(page, 'map-drawn-area');

  // The drawn area is in the URL: a shared link shows the same results.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  expect(await resultCount(other)).toBe(drawn);
  await other.close();

  await page.getByTestId('map-clear-area').click();
  await expect(page).not.toHaveURL(/polygon=/);
});

test('an empty search asks for a criterion first', async ({ page }) => {
  await page.goto('/properties');
  await waitForHydration(page);
  await page.getByRole('search', { name: 'Filters' }).getByRole('button', { name: /^Show / }).click();
  await expect(page.getByTestId('empty-search')).toHaveText('Please provide at least one search criterion before searching.');
});

test('rooms and facilities filters narrow the list and stay in the URL', async ({ page }) => {
  await page.goto('/properties');
  await waitForHydration(page);
  const all = await resultCount(page);
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByText('More filters').click();
  await filters.getByLabel('Bedrooms').selectOption('3');
  await filters.getByLabel('School').check();
  await filters.getByRole('button', { name: /^Show / }).click();
  await expect(page).toHaveURL(/bedrooms=3/);
  await expect(page).toHaveURL(/facility_ids=/);
  await expect.poll(() => resultCount(page)).toBeLessThan(all);
  await page.reload();
  await expect(page.getByRole('search', { name: 'Filters' }).getByLabel('School')).toBeChecked();
  await expect(page.getByRole('search', { name: 'Filters' }).getByLabel('Bedrooms')).toHaveValue('3');
});

test('property detail: full-screen gallery by keyboard, mortgage calculator, map', async ({ page }) => {
  const card = (await (await page.request.get('/api/get-property-list?limit=1&is_premium=0&property_type=0')).json()).data[0];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/properties-details/${card.slug_id}`);
    await waitForHydration(page);
    // The location map starts only when it comes near the screen.
    await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('listing-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await shot(page, 'property-detail-full');
  }
  await page.setViewportSize(DESKTOP);
  const opener = page.locator('main button:has(img), main a:has(img)').first();
  await opener.click();
  const dialog = page.getByTestId('gallery-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('gallery-counter')).toContainText('1 /');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('gallery-counter')).toContainText('2 /');
  await shot(page, 'gallery-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const calculator = page.getByTestId('mortgage-calculator');
  await expect(calculator).toBeVisible();
  const before = await page.getByTestId('mortgage-result').innerText();
  await calculator.getByLabel(/interest/i).fill('0');
  await expect(page.getByTestId('mortgage-result')).not.toHaveText(before);
  await expectAccessible(page);
});

test('project detail: the location map, with nothing fetched from outside the machine', async ({ page }) => {
  const project = (await (await page.request.get('/api/get-projects?limit=1')).json()).data[0];
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) outside.push(request.url());
  });
  await page.goto(`/project-details/${project.slug_id}`);
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('project-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('map-marker')).toHaveCount(1);
  await expect(page.getByTestId('map-fallback-note')).toBeVisible();
  await shot(page, 'project-map');
  // Nothing was fetched from the internet to show the page and its map.
  expect(outside).toEqual([]);
});
