import type { Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, shot, test, waitForHydration } from './fixtures.ts';

/**
 * Hindi and Arabic never show as boxes: pages in those scripts fetch our own Devanagari or Arabic
 * webfont (this machine's Chromium has neither script installed), and other pages fetch none.
 */
function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

async function settle(page: Page) {
  await waitForHydration(page);
  // Faces start loading as text needing them is laid out; wait until none is pending.
  await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.fonts].every((f) => f.status !== 'loading'));
  await page.waitForTimeout(300);
  await page.waitForFunction(() => document.fonts.status === 'loaded');
}

test('a Hindi page downloads the Devanagari webfont from our origin, an English page no webfont', async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const fonts = fontRequests(page);
  const origins: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') origins.push(new URL(request.url()).origin);
  });

  await page.goto('/?lang=en');
  await settle(page);
  expect(fonts, 'English home').toEqual([]);

  await page.goto('/?lang=hi');
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(fonts.some((f) => /noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2$/.test(f)), fonts.join(', ')).toBe(true);
  expect(fonts.some((f) => /arabic/.test(f)), 'no Arabic on a Hindi page').toBe(false);
  expect(new Set(origins)).toEqual(new Set([new URL(baseURL!).origin]));
  // The text is drawn with it: the browser reports the face as loaded.
  expect(await page.evaluate(() => document.fonts.check('16px "Estate Devanagari"', 'घर'))).toBe(true);
  // And the text laid out before the faces arrived is drawn with them too, bold headings and
  // buttons included, not left as boxes in the system font (Chromium's layout keeps them otherwise).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  for (const selector of ['h1', 'main form button[type="submit"]', 'main p']) {
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    expect(nodeId, selector).toBeGreaterThan(0);
    await expect
      .poll(async () => (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts.filter((f) => f.isCustomFont).map((f) => f.familyName), { message: selector })
      .toContain('Noto Sans Devanagari');
  }
  await page.setViewportSize(PHONE);
  await settle(page);
  await shot(page, 'home-hi');
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await shot(page, 'home-hi');
});

test('an Arabic page never fetches the Devanagari webfont, and its Arabic one is served from our origin', async ({ page, baseURL }) => {
  const fonts = fontRequests(page);
  await page.goto('/?lang=ar');
  await settle(page);
  expect(fonts.some((f) => /devanagari/.test(f))).toBe(false);
  // This machine's system font (DejaVu Sans) has Arabic letters, so the page needs no download;
  // a device without them loads this face — ask for it directly.
  const response = page.waitForResponse((r) => /noto-sans-arabic-arabic-400-normal-[\w-]+\.woff2$/.test(r.url()));
  expect(await page.evaluate(() => document.fonts.load('16px "Estate Arabic"', 'عربي').then((faces) => faces.length))).toBeGreaterThan(0);
  const font = await response;
  expect(font.status()).toBe(200);
  expect(new URL(font.url()).origin).toBe(new URL(baseURL!).origin);
});
