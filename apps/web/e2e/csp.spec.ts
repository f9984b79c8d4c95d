import type { Page } from '@playwright/test';
import { DESKTOP, expect, test, waitForHydration } from './fixtures.ts';

/**
 * The Content Security Policy blocks nothing the pages really use: every violation the browser
 * reports (a `securitypolicyviolation` event, or a console message about the policy) fails.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []))];
}

test('home, map view, a listing, log-in and the API docs run under the policy without violations', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const violations = await watchViolations(page);
  const [card] = (await (await request.get('/api/get-property-list?limit=1&is_premium=0')).json()).data as { slug_id: string }[];

  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  await waitForHydration(page);
  expect(await violations(), 'home').toEqual([]);

  await page.goto('/properties?view=map');
  await waitForHydration(page);
  await expect(page.getByTestId('properties-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('map-cluster').first()).toBeVisible({ timeout: 30_000 });
  // On the street map: its style and tiles come from another origin (the stand-in), which the policy names.
  await expect(page.getByTestId('properties-map')).toHaveAttribute('data-basemap', 'street');
  expect(await violations(), 'map view').toEqual([]);

  await page.goto(`/properties-details/${card.slug_id}`);
  await waitForHydration(page);
  // The listing's own map and the client-side navigation to it.
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(1000);
  expect(await violations(), 'listing').toEqual([]);

  await page.goto('/login');
  await waitForHydration(page);
  expect(await violations(), 'log-in').toEqual([]);

  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info')).toBeVisible({ timeout: 30_000 });
  expect(await violations(), 'API docs').toEqual([]);
});

test('a page paints before its scripts load, then hydrates under the policy', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const [card] = (await (await request.get('/api/get-property-list?limit=1&is_premium=0&offset=3')).json()).data as { slug_id: string }[];
  // (Journeys run without the page cache; a cached page's policy allows the same scripts by hash: web-page-cache.test.)
  for (const path of [`/properties-details/${card.slug_id}`, '/properties?property_type=1', '/']) {
    await page.goto(path);
    await waitForHydration(page);
    // Every module the page loads is asked for after the first contentful paint (apps/web/app/lib/paint-first.ts).
    const timing = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(timing.painted, path).toBeGreaterThan(0);
    expect(timing.scripts.length, path).toBeGreaterThan(5);
    expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.painted!);
  }
  // Every route is known from the start (react-router.config.ts): following links asks for no manifest.
  const manifestAsks: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/__manifest') manifestAsks.push(r.url());
  });
  await page.getByRole('link', { name: /^FAQs?$/i }).first().click();
  await expect(page).toHaveURL(/\/faqs/);
  await page.waitForTimeout(500);
  expect(manifestAsks).toEqual([]);
  expect(await violations()).toEqual([]);
});
