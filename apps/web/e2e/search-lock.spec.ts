import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@estate/core';
import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

const DAY = 86_400_000;

const stored = (page: Page, key: string, where: 'local' | 'session' = 'local') =>
  page.evaluate(([k, w]) => (w === 'local' ? localStorage : sessionStorage).getItem(k), [key, where] as const);

test('a subscriber locks a search, cannot change it, and when the date passes sees “Your Subscription Has Expired” with the filters unlocked', async ({ page, request }) => {
  const session = await signUpByEmail(request, 'Arjun Mehta', 'search-lock');
  const auth = { authorization: `Bearer ${session.token}` };
  // The browser's clock is Playwright's, so the lock's date can be reached without waiting a month.
  await page.clock.install();
  await logInAs(page, session);

  await page.setViewportSize(PHONE);
  await page.goto('/properties?property_type=0&city=Mumbai');
  await waitForHydration(page);
  const save = page.getByTestId('save-search');
  await expect(save).toBeVisible();
  await shot(page, 'search-lock-save');

  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Lock this search to your subscription?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'search-lock-confirm');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/search-criteria') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save and lock' }).click();
  const answer = await (await saved).json();
  expect(answer.data).toMatchObject({ city: 'Mumbai', property_type: 0, user_id: session.data.id });
  const expires = Date.parse(answer.data.expiration_date);
  // 30 days, or the end of the sign-up package (30 days from sign-up) if sooner.
  expect(expires).toBeGreaterThan(Date.now() + 29 * DAY);
  expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY + 60_000);

  const banner = page.getByTestId('search-locked');
  const until = new Date(expires).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' });
  await expect(banner).toContainText(`Your search is active and locked until ${until}`);
  await expect(page.getByTestId('save-search')).toHaveCount(0);
  expect(JSON.parse((await stored(page, STORAGE_KEYS.lockedSearchCriteria))!)).toEqual({ filters: { property_type: '0', city: 'Mumbai' }, permanent: false });
  expect(await stored(page, STORAGE_KEYS.lockedSearchCriteria, 'session')).toBe('true');
  expect(await stored(page, STORAGE_KEYS.subscriptionExpiration)).toBe(new Date(expires).toISOString());

  // Locked filters: chips cannot be removed, the sheet's fields are disabled under its banner.
  await expect(page.getByTestId('chip-city')).toHaveText('Mumbai');
  await expect(page.getByRole('link', { name: /Remove filter/ })).toHaveCount(0);
  await expect(page.getByTestId('clear-all')).toHaveCount(0);
  await page.getByTestId('open-filters').click();
  const sheet = page.getByTestId('filters-sheet');
  await expect(sheet.getByTestId('s-filters-locked')).toHaveText('These filters are locked to your saved search.');
  await expect(sheet.getByLabel('City')).toBeDisabled();
  await expect(sheet.getByTestId('s-apply')).toBeDisabled();
  await shot(page, 'search-lock-sheet');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await shot(page, 'search-lock-locked');
  await expectAccessible(page);

  // Another search in the address goes back to the locked one (the sort may change).
  await page.goto('/properties?city=Pune&sort_by=price_asc');
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/properties\?property_type=0&city=Mumbai&sort_by=price_asc$/);
  await expect(page.getByTestId('search-locked')).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await expect(page.getByTestId('f-filters-locked')).toBeVisible();
  await expect(page.locator('#f-city')).toBeDisabled();
  await shot(page, 'search-lock-locked');
  await expectAccessible(page);

  // A month and a day later: the lock has run out.
  await page.clock.fastForward(31 * DAY);
  const expired = page.getByTestId('subscription-expired');
  await expect(expired).toBeVisible();
  await expect(expired).toContainText('Your Subscription Has Expired');
  await expect(expired).toContainText('Search Criteria Unlocked');
  await expect(page.getByTestId('search-locked')).toHaveCount(0);
  await expect(page.locator('#f-city')).toBeEnabled();
  await expect(page.getByTestId('f-filters-locked')).toHaveCount(0);
  await expect(page.getByTestId('clear-all')).toBeVisible();
  expect(await stored(page, STORAGE_KEYS.lockedSearchCriteria)).toBeNull();
  expect(await stored(page, STORAGE_KEYS.subscriptionExpiration)).toBeNull();
  expect(await stored(page, STORAGE_KEYS.lockedSearchCriteria, 'session')).toBeNull();
  expect(await stored(page, STORAGE_KEYS.subscriptionJustExpired)).toBe('true');
  // The server's copy went with it.
  await expect.poll(async () => (await (await request.get('/api/search-criteria', { headers: auth })).json()).data).toBeNull();
  await shot(page, 'search-lock-expired');
  await expectAccessible(page);

  // The filters are the user's again; the notice stays until dismissed.
  await page.goto('/properties?city=Pune');
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/properties\?city=Pune$/);
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('subscription-expired')).toBeVisible();
  await shot(page, 'search-lock-expired');
  await page.getByRole('button', { name: 'Dismiss this notice' }).click();
  await expect(page.getByTestId('subscription-expired')).toHaveCount(0);
  expect(await stored(page, STORAGE_KEYS.subscriptionJustExpired)).toBeNull();
});

test('a visitor is asked to log in to save a search, and after five searches sees “Login Required”', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/properties?city=Mumbai');
  await waitForHydration(page);
  await page.getByTestId('save-search').click();
  await expect(page.getByTestId('save-search-problem')).toHaveText('Please log in to save your search criteria Log in');
  await expect(page.getByTestId('login-required')).toHaveCount(0);

  for (const city of ['Pune', 'Delhi', 'Bengaluru', 'Chennai']) {
    await page.goto(`/properties?city=${city}`);
    await waitForHydration(page);
  }
  const banner = page.getByTestId('login-required');
  await expect(banner).toContainText('Login Required: Please login or register to view all properties');
  await expect(banner).toContainText("You've reached the limit of free searches");
  await shot(page, 'search-lock-login-required');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'search-lock-login-required');
  await expectAccessible(page);

  // In Arabic, right to left.
  await page.setViewportSize(PHONE);
  await page.goto('/properties?city=Chennai&lang=ar');
  await waitForHydration(page);
  await expect(page.getByTestId('login-required')).toContainText('تسجيل الدخول مطلوب: يرجى تسجيل الدخول أو التسجيل لعرض جميع العقارات');
  await expect(page.getByTestId('save-search')).toHaveText('احفظ هذا البحث');
  await shot(page, 'search-lock-login-required-ar');
});
