import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, expectAccessible, shot, test, waitForHydration } from './fixtures.ts';

type Listing = { slug_id: string; title: string; mobile: string | null; customer_name: string | null; gallery: unknown[]; premium_locked: boolean };

/** A listing a visitor sees in full, with an international phone number and several photos. */
async function listingWithPhotosAndPhone(request: APIRequestContext): Promise<Listing> {
  const cards = (await (await request.get('/api/get-property-list?limit=20&is_premium=0')).json()).data as { slug_id: string }[];
  for (const card of cards) {
    const listing = (await (await request.get(`/api/get_property?slug_id=${card.slug_id}`)).json()).data[0] as Listing;
    if (listing.mobile?.startsWith('+') && listing.customer_name && listing.gallery.length >= 2) return listing;
  }
  throw new Error('the demo market has a listing with photos and a phone number');
}

/** Where an element is on the screen now. */
const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The photo strip has come to rest on a photo (for a screenshot). */
async function snapped(strip: Locator) {
  await expect
    .poll(() =>
      strip.evaluate((el) => {
        const pitch = (el.scrollWidth - el.clientWidth) / (el.children.length - 1);
        const off = Math.abs(el.scrollLeft) % pitch;
        return Math.min(off, pitch - off);
      }),
    )
    .toBeLessThan(1);
}

async function expectNothingSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a listing on a phone: the contact bar stays at hand, the photos swipe, nothing sideways', async ({ page, request }) => {
  const listing = await listingWithPhotosAndPhone(request);
  const photos = listing.gallery.length + 1;
  await page.setViewportSize(PHONE);
  await page.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(page);
  await expectNothingSideways(page);

  // The bar: the number to call and a WhatsApp message with the listing's title and address.
  const bar = page.getByRole('region', { name: 'Contact about this listing' });
  await expect(bar).toBeVisible();
  const call = bar.getByRole('link', { name: `Call ${listing.customer_name}` });
  await expect(call).toHaveAttribute('href', `tel:${listing.mobile!.replace(/[^\d+]/g, '')}`);
  const whatsApp = bar.getByRole('link', { name: `Message ${listing.customer_name} on WhatsApp` });
  const href = new URL((await whatsApp.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${listing.mobile!.replace(/\D/g, '')}`);
  expect(href.searchParams.get('text')).toMatch(new RegExp(`^${listing.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} https?://[^ ]+/properties-details/${listing.slug_id}$`));

  // It stays along the bottom of the screen while the visitor reads down the listing.
  for (const y of [0, 900, 1800]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const at = await box(bar);
    expect(Math.round(at.y + at.height), `bar bottom at scroll ${y}`).toBe(PHONE.height);
    expect(at.width).toBe(PHONE.width);
  }
  await page.evaluate(() => window.scrollTo(0, 900));
  await shot(page, 'listing-contact-bar-scrolled');

  // At the end of the page it has room of its own: above the footer, over nothing of the listing.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await box(page.locator('footer'));
  const end = await box(bar);
  expect(end.y + end.height).toBeLessThanOrEqual(footer.y);
  const lastCard = page.locator('main article article').last();
  if (await lastCard.count()) expect((await box(lastCard)).y + (await box(lastCard)).height).toBeLessThanOrEqual(end.y);
  await shot(page, 'listing-end');

  // The photos: a strip swiped sideways, one photo at a time, its place shown as "2 / 5".
  await page.evaluate(() => window.scrollTo(0, 0));
  const strip = page.getByTestId('gallery-strip');
  const position = page.getByTestId('gallery-position');
  await expect(position).toHaveText(`1 / ${photos}`);
  const stripBox = await box(strip);
  expect(stripBox.width).toBe(PHONE.width);
  await page.mouse.move(stripBox.x + stripBox.width / 2, stripBox.y + stripBox.height / 2);
  await page.mouse.wheel(PHONE.width, 0);
  await expect(position).toHaveText(`2 / ${photos}`);
  await snapped(strip);
  await shot(page, 'listing-contact-bar');
  // The keyboard reaches every photo: each is a link, and the strip follows the focus.
  await strip.getByRole('link').first().focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(strip.getByRole('link').nth(2)).toBeFocused();
  await expect(position).toHaveText(`3 / ${photos}`);
  await snapped(strip);
  await shot(page, 'listing-photo-focus');
  // A photo still opens the full-screen viewer.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gallery-dialog')).toBeVisible();
  await expect(page.getByTestId('gallery-counter')).toHaveText(`3 / ${photos}`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('gallery-dialog')).toBeHidden();
  await expectNothingSideways(page);
  await expectAccessible(page);

  // Desktop keeps the cover over a grid of photos, and the contact card beside the listing.
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeHidden();
  await expect(position).toBeHidden();
  const cover = await box(strip.getByRole('listitem').first());
  const second = await box(strip.getByRole('listitem').nth(1));
  expect(second.y).toBeGreaterThan(cover.y + cover.height - 1);
  expect(second.width).toBeLessThan(cover.width / 3);
  await shot(page, 'listing-desktop');
  await strip.getByRole('listitem').nth(1).scrollIntoViewIfNeeded();
  await shot(page, 'listing-desktop-photos');

  // Right to left, the strip runs the other way and still counts from the first photo.
  await page.setViewportSize(PHONE);
  await page.goto(`/properties-details/${listing.slug_id}?lang=ar`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicStrip = await box(strip);
  await page.mouse.move(arabicStrip.x + arabicStrip.width / 2, arabicStrip.y + arabicStrip.height / 2);
  await page.mouse.wheel(-PHONE.width, 0);
  await expect(position).toHaveText(`2 / ${photos}`);
  await snapped(strip);
  await expect(page.getByRole('region', { name: 'التواصل بشأن هذا الإعلان' }).getByRole('link', { name: `اتصال بـ ${listing.customer_name}` })).toBeVisible();
  await expectNothingSideways(page);
  await shot(page, 'listing-contact-bar-ar');
});

test('a premium teaser on a phone: the bar leads to the unlock instead of a number', async ({ page, request }) => {
  const [premium] = (await (await request.get('/api/get-property-list?limit=1&is_premium=1')).json()).data as { slug_id: string }[];
  await page.setViewportSize(PHONE);
  await page.goto(`/properties-details/${premium.slug_id}`);
  await waitForHydration(page);
  const bar = page.getByRole('region', { name: 'Contact about this listing' });
  await expect(bar.locator('a[href^="tel:"], a[href*="wa.me"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await bar.getByRole('link', { name: 'Unlock to contact' }).click();
  await expect(page).toHaveURL(/#premium-lock$/);
  await expect(page.getByTestId('premium-lock').getByRole('button', { name: 'Unlock this listing' })).toBeInViewport();
  await shot(page, 'listing-premium-bar');
});

test('cards at desktop width: rows end level, long names wrap inside their card', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/properties');
  await waitForHydration(page);
  const cards = page.locator('main li > article');
  await expect(cards.first()).toBeVisible();
  const boxes = await cards.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), height: Math.round(r.height), overflows: el.scrollWidth > el.clientWidth };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(6);
  const rows = new Map<number, typeof boxes>();
  for (const b of boxes) rows.set(b.top, [...(rows.get(b.top) ?? []), b]);
  expect(rows.size).toBeGreaterThan(1);
  for (const [top, row] of rows) expect(new Set(row.map((b) => b.height)).size, `cards in the row at ${top}px`).toBe(1);
  expect(boxes.filter((b) => b.overflows)).toEqual([]);
  await shot(page, 'search-cards');

  // Agents: the longest name on the page is shown whole, not cut to "Sahyadri Property Consult…".
  await page.goto('/agents');
  await waitForHydration(page);
  const names = await page.locator('main article h2').evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent ?? '', clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth })),
  );
  const longest = names.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  expect(longest.text.length).toBeGreaterThan(24);
  expect(longest.clipped, longest.text).toBe(false);
  await expect(page.getByRole('heading', { level: 2, name: longest.text })).toBeVisible();
  await shot(page, 'agents-cards');
  await page.setViewportSize(PHONE);
  await expectNothingSideways(page);
  await shot(page, 'agents-cards');
});
