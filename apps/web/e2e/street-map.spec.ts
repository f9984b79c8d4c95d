import type { Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, shot, test, waitForHydration } from './fixtures.ts';

/**
 * The street map (MAP_STYLE_URL, here a local stand-in started by scripts/e2e-server.mjs) under
 * the markers when it can be reached, and the bundled outline with a short note when it cannot:
 * the style blocked, its tiles failing, or the style never answering.
 */
const NOTE = 'Street map unavailable — showing a simplified map';

async function openMap(page: Page) {
  await page.goto('/properties?view=map');
  await waitForHydration(page);
  const map = page.getByTestId('properties-map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('map-cluster').first()).toBeVisible({ timeout: 30_000 });
  return map;
}

test('the street map shows under the markers with its credit, and no fallback note', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const tiles: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.url().includes('/stand-in-map/tiles/')) tiles.push(r.url());
  });
  const map = await openMap(page);
  await expect(map).toHaveAttribute('data-basemap', 'street');
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  await expect(page.locator('.maplibregl-ctrl-attrib-inner')).toHaveText('Stand-in streets © E2E');
  await expect(page.getByTestId('map-fallback-note')).toHaveCount(0);
  // The bundled outline is not fetched when the street map is there.
  await expect(map).not.toHaveAttribute('data-outline', 'loaded');
  await shot(page, 'map-street');
});

test('the style cut off: the outline, a translated note, and the map still works', async ({ page }) => {
  await page.route('**/stand-in-map/**', (route) => route.abort('internetdisconnected'));
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const map = await openMap(page);
    await expect(map).toHaveAttribute('data-basemap', 'fallback');
    await expect(map).toHaveAttribute('data-outline', 'loaded');
    await expect(page.getByTestId('map-fallback-note')).toHaveText(NOTE);
    await expect(page.locator('.maplibregl-ctrl-attrib-inner')).toHaveCount(0);
    // The outline's shapes are cut into tiles in a worker before they are drawn.
    await page.waitForTimeout(1000);
    await shot(page, 'map-fallback');
  }
  // Search this area still works on the outline.
  await page.getByTestId('map-cluster').first().click();
  await page.getByTestId('map-search-area').click();
  await expect(page).toHaveURL(/bbox=/);

  await page.goto('/properties?view=map&lang=ar');
  await waitForHydration(page);
  await expect(page.getByTestId('map-fallback-note')).toHaveText('خريطة الشوارع غير متاحة — تُعرض خريطة مبسّطة', { timeout: 30_000 });
});

test('tiles failing before the first one loads: the map falls back to the outline', async ({ page }) => {
  await page.route('**/stand-in-map/tiles/**', (route) => route.abort('connectionrefused'));
  const map = await openMap(page);
  await expect(map).toHaveAttribute('data-basemap', 'fallback', { timeout: 15_000 });
  await expect(map).toHaveAttribute('data-outline', 'loaded');
  await expect(page.getByTestId('map-fallback-note')).toHaveText(NOTE);
  await expect(page.getByTestId('map-cluster').first()).toBeVisible();
});

test('a style that never answers: the page is shown at once, the map falls back after a few seconds', async ({ page }) => {
  // Never answered: the request hangs as behind a firewall that drops it.
  await page.route('**/stand-in-map/style.json', () => undefined);
  await page.goto('/properties?view=map');
  await waitForHydration(page);
  // The results are there while the map still waits for its style.
  await expect(page.getByTestId('result-count')).toBeVisible();
  await expect(page.getByText('Loading the map…')).toBeVisible();
  const map = page.getByTestId('properties-map');
  await expect(map).toHaveAttribute('data-basemap', 'fallback', { timeout: 15_000 });
  await expect(page.getByTestId('map-fallback-note')).toHaveText(NOTE);
  await expect(page.getByTestId('map-cluster').first()).toBeVisible({ timeout: 15_000 });
});
