import { STORAGE_KEYS } from '@estate/core';
import { DESKTOP, PHONE, expect, expectAccessible, shot, test, waitForHydration } from './fixtures.ts';

type Card = { slug_id: string; title: string; is_premium: boolean };

test('a premium listing: results mark it, a visitor sees its teaser and the Subscribe Now / Cancel pop-up, an entitled user sees it all', async ({ page, request }) => {
  const [premium] = (await (await request.get('/api/get-property-list?limit=1&is_premium=1')).json()).data as Card[];
  expect(premium, 'the demo market has premium listings').toBeTruthy();

  // Results mark premium listings.
  await page.setViewportSize(PHONE);
  await page.goto(`/properties?search=${encodeURIComponent(premium.title)}`);
  await waitForHydration(page);
  const card = page.locator('article', { has: page.getByRole('link', { name: premium.title }) }).first();
  await expect(card.getByText('Premium', { exact: true })).toBeVisible();

  // The teaser: title, price and picture, the rest held back, and the way to unlock it.
  await page.goto(`/properties-details/${premium.slug_id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: premium.title })).toBeVisible();
  const lock = page.getByTestId('premium-lock');
  await expect(lock).toBeVisible();
  await expect(page.getByTestId('listing-map')).toHaveCount(0);
  await shot(page, 'premium-teaser');
  await expectAccessible(page);

  await lock.getByRole('button', { name: 'Unlock this listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Premium property' });
  await expect(dialog).toBeVisible();
  await shot(page, 'premium-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await lock.getByRole('button', { name: 'Unlock this listing' }).click();
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/);
  const pending = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEYS.pendingSearchCriteria);
  expect(pending).toMatchObject({ property_slug: premium.slug_id });

  // An administrator is entitled: the page asks again with the session and shows everything.
  await page.setViewportSize(DESKTOP);
  const login = await request.post('/api/user_signup', { data: { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' } });
  const session = await login.json();
  await page.goto('/');
  await page.evaluate((root) => localStorage.setItem('root', JSON.stringify({ user: { token: root.token, data: root.data } })), session);
  await page.goto(`/properties-details/${premium.slug_id}`);
  await waitForHydration(page);
  await expect(page.getByTestId('premium-lock')).toHaveCount(0);
  const full = (await (await request.get(`/api/get_property?slug_id=${premium.slug_id}`, { headers: { authorization: `Bearer ${session.token}` } })).json()).data[0];
  expect(full.premium_locked).toBe(false);
  await expect(page.getByTestId('listing-address')).toContainText(full.address);
  await shot(page, 'premium-entitled');
});
