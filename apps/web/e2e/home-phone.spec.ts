import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expect, expectAccessible, PHONE, shot, test, waitForHydration } from './fixtures.ts';

// Issue 11 "Home and listing pages": on a phone the home page's sections are rows that swipe
// sideways, the header's menu holds sign-up and the languages, and the app bar covers nothing.

/** The row of cards in a home section (sections are labelled by their heading's id). */
const rowOf = (page: Page, id: string) => page.locator(`section[aria-labelledby="${id}"]`).getByRole('list').first();

/** How far the card at `index` starts from the row's start edge, on the screen (either direction). */
async function cardOffset(row: Locator, index: number): Promise<number> {
  return row.evaluate((el, i) => {
    const card = el.children[i]!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return getComputedStyle(el).direction === 'rtl' ? box.right - card.right : card.left - box.left;
  }, index);
}

async function expectNothingSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone, home sections are swipeable rows that snap, keyboards reach, and “View all” ends', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForHydration(page);
  await expectNothingSideways(page);

  for (const id of ['featured', 'categories', 'most-viewed', 'most-liked', 'projects', 'articles', 'agents']) {
    // Sections below the first screens bring their items as the visitor scrolls near them.
    await page.locator(`section[aria-labelledby="${id}"]`).scrollIntoViewIfNeeded();
    const row = rowOf(page, id);
    const layout = await row.evaluate((el) => ({
      snap: getComputedStyle(el).scrollSnapType,
      overflow: getComputedStyle(el).overflowX,
      scrolls: el.scrollWidth > el.clientWidth,
      cardWidth: el.children[0]!.getBoundingClientRect().width,
    }));
    expect(layout, id).toMatchObject({ snap: 'x mandatory', overflow: 'auto', scrolls: true });
    if (id !== 'categories') expect(layout.cardWidth / PHONE.width, id).toBeGreaterThan(0.75);
    if (id !== 'categories') expect(layout.cardWidth / PHONE.width, id).toBeLessThan(0.9);
    await expect(page.locator(`section[aria-labelledby="${id}"] h2 + a`), id).toBeVisible();
  }

  // A swipe's worth of scrolling settles with the next card at the row's start.
  const featured = rowOf(page, 'featured');
  expect(await cardOffset(featured, 0)).toBeCloseTo(16, 0);
  await featured.evaluate((el) => el.scrollBy({ left: 200, behavior: 'instant' }));
  await expect.poll(async () => Math.round(await cardOffset(featured, 1))).toBe(16);
  await shot(page, 'home-phone-row');

  // The keyboard walks along a row, and the row scrolls to the link in focus.
  const agents = rowOf(page, 'agents');
  const lastAgent = agents.getByRole('link').last();
  await lastAgent.focus();
  await expect.poll(() => agents.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const box = (await lastAgent.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press('Tab');
  await expect(page.locator('section[aria-labelledby="faqs"]').locator(':focus')).toHaveCount(1);
  await expectAccessible(page);

  // From 640 px the sections are grids again.
  await page.setViewportSize(DESKTOP);
  expect(await featured.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
  await expectNothingSideways(page);
});

test('in Arabic a home row starts on the right and swipes leftwards', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/?lang=ar');
  await waitForHydration(page);
  await expectNothingSideways(page);
  const featured = rowOf(page, 'featured');
  const first = await featured.evaluate((el) => el.children[0]!.getBoundingClientRect().right);
  expect(first).toBeCloseTo(PHONE.width - 16, 0);
  await featured.getByRole('link').last().focus();
  await expect.poll(() => featured.evaluate((el) => el.scrollLeft)).toBeLessThan(0);
  await featured.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
  await featured.evaluate((el) => el.scrollBy({ left: -200, behavior: 'instant' }));
  await expect.poll(async () => Math.round(await cardOffset(featured, 1))).toBe(16);
  await shot(page, 'home-phone-row-ar');
  await expectAccessible(page);
});

test('the phone menu offers sign-up and the languages; the logo is whole', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const lang of ['en', 'hi', 'ar']) {
    await page.goto(`/?lang=${lang}`);
    await waitForHydration(page);
    await expectNothingSideways(page);
    const logo = page.getByRole('banner').getByRole('link').first().locator('img');
    const drawn = await logo.evaluate((img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return { left: r.left, right: r.right, ratio: r.width / r.height, natural: img.naturalWidth / img.naturalHeight };
    });
    expect(drawn.left, lang).toBeGreaterThanOrEqual(0);
    expect(drawn.right, lang).toBeLessThanOrEqual(PHONE.width);
    expect(drawn.ratio, lang).toBeCloseTo(drawn.natural, 1);
    // Nor does the menu button run off the screen (in Arabic that would not scroll the page).
    const button = (await page.locator('header summary').boundingBox())!;
    expect(button.x, lang).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width, lang).toBeLessThanOrEqual(PHONE.width);
  }

  await page.goto('/?lang=en');
  await waitForHydration(page);
  const menu = page.locator('header details');
  await menu.locator('summary').click();
  await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
  const languages = menu.getByRole('navigation', { name: 'Language' });
  await expect(languages.getByRole('link')).toHaveText(['English', 'हिन्दी', 'العربية']);
  await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await shot(page, 'phone-menu');
  await expectAccessible(page);
  await languages.getByRole('link', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await menu.locator('summary').click();
  await expect(menu.getByRole('link', { name: 'إنشاء حساب' })).toBeVisible();
  await shot(page, 'phone-menu-ar');

  await menu.getByRole('link', { name: 'إنشاء حساب' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the app bar never covers the end of the page, closes, and gives listings its place', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const lang of ['en', 'ar']) {
    await page.goto(`/?lang=${lang}`);
    await waitForHydration(page);
    const bar = page.locator('.app-bar');
    await expect(bar).toBeVisible();
    // Mid-page it stays at the bottom of the screen.
    const atTop = (await bar.boundingBox())!;
    expect(atTop.y + atTop.height).toBeCloseTo(PHONE.height, 0);
    // At the end, the footer's last line is above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.getByRole('contentinfo').locator('p').last();
    const line = (await lastLine.boundingBox())!;
    // (Boxes meet at a fraction of a pixel.)
    expect(line.y + line.height, lang).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
    await shot(page, `home-end${lang === 'en' ? '' : '-ar'}`);
  }

  // Closed, it stays closed, and the page's end is the footer.
  await page.locator('.app-bar').getByRole('button').click();
  await expect(page.locator('.app-bar')).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('.app-bar')).toBeHidden();

  // A listing's page has a bottom bar of its own: no app bar there.
  await page.evaluate(() => localStorage.removeItem('download_app_bar_closed'));
  const card = (await (await page.request.get('/api/get-property-list?limit=1')).json()).data[0];
  await page.goto(`/properties-details/${card.slug_id}`);
  await waitForHydration(page);
  await expect(page.locator('.app-bar')).toHaveCount(0);
  await page.goto('/');
  await expect(page.locator('.app-bar')).toBeVisible();
});

test('a visitor who jumps straight to the end of the home page finds the lower sections filled', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForHydration(page);
  await page.keyboard.press('End');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('section[aria-labelledby="faqs"] details').first()).toBeVisible();
  await expect(page.locator('section[aria-labelledby="agents"] li').first()).toBeVisible();
  await shot(page, 'home-end-jump');
});
