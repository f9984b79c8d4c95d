import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, expectAccessible, shot, test, waitForHydration } from './fixtures.ts';

type Card = { id: number; slug_id: string; title: string; is_premium: boolean };

// The demo user (apps/server/src/demo/seed.ts) has a few favourites of the seeded market already.
const DEMO = { email: 'demo@gharbazaar.example.com', password: 'Demo@12345' };

async function demoSession(request: APIRequestContext) {
  const answer = await (await request.post('/api/user_signup', { data: { type: 3, ...DEMO } })).json();
  return { token: answer.token as string, data: answer.data, auth: { authorization: `Bearer ${answer.token}` } };
}

/** Listed, non-premium listings the demo user has not favourited, newest first. */
async function notFavourited(request: APIRequestContext, auth: Record<string, string>, count: number): Promise<Card[]> {
  const marks = (await (await request.get('/api/get-user-marks', { headers: auth })).json()).data as { favourite_ids: number[] };
  const cards = (await (await request.get('/api/get-property-list?limit=60&is_premium=0')).json()).data as Card[];
  return cards.filter((c) => !marks.favourite_ids.includes(c.id)).slice(0, count);
}

async function logInAs(page: Page, session: Awaited<ReturnType<typeof demoSession>>) {
  await page.goto('/');
  await page.evaluate((s) => localStorage.setItem('root', JSON.stringify({ user: { token: s.token, data: s.data } })), session);
}

test('a visitor’s heart leads to log-in and back to the listing, with the favourite set', async ({ page, request }) => {
  const session = await demoSession(request);
  const [listing] = await notFavourited(request, session.auth, 1);
  expect(listing, 'a listing the demo user has not favourited').toBeTruthy();

  await page.setViewportSize(PHONE);
  await page.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(page);
  const heart = page.getByRole('button', { name: `Save ${listing.title} to favourites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // "I'm interested" sits in the phone's contact bar beside Call and WhatsApp.
  await expect(page.getByTestId('contact-bar').getByRole('button', { name: "I'm interested" })).toBeVisible();
  await shot(page, 'listing-heart-visitor');
  await heart.click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/properties-details/${listing.slug_id}$`));
  await expect(page.getByRole('button', { name: `Save ${listing.title} to favourites` })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => ((await (await request.get('/api/get-user-marks', { headers: session.auth })).json()).data.favourite_ids as number[]).includes(listing.id))
    .toBe(true);
  const detail = (await (await request.get(`/api/get_property?slug_id=${listing.slug_id}`, { headers: session.auth })).json()).data[0];
  expect(detail.is_favourite).toBe(1);
  await shot(page, 'listing-heart-set');
  await expectAccessible(page);
  // Wide screens: the heart beside the price, "I'm interested" under the contact card.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByTestId('contact-bar')).toBeHidden();
  await expect(page.getByRole('button', { name: "I'm interested" })).toBeVisible();
  await shot(page, 'listing-heart-set');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);

  // The heart toggles back off, for the server too.
  await page.getByRole('button', { name: `Save ${listing.title} to favourites` }).click();
  await expect(page.getByRole('button', { name: `Save ${listing.title} to favourites` })).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(async () => (await (await request.get(`/api/get_property?slug_id=${listing.slug_id}`, { headers: session.auth })).json()).data[0].is_favourite)
    .toBe(0);

  // "I'm interested" tells the owner, and the button says it is on.
  await page.getByTestId('contact-bar').getByRole('button', { name: "I'm interested" }).click();
  await expect(page.getByTestId('contact-bar').getByRole('button', { name: "I'm interested" })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await (await request.get(`/api/get_property?slug_id=${listing.slug_id}`, { headers: session.auth })).json()).data[0].is_interested)
    .toBe(1);
  await shot(page, 'listing-interested');
  await page.getByTestId('contact-bar').getByRole('button', { name: "I'm interested" }).click();
  await expect
    .poll(async () => (await (await request.get(`/api/get_property?slug_id=${listing.slug_id}`, { headers: session.auth })).json()).data[0].is_interested)
    .toBe(0);
});

test('a visitor’s “I’m interested” leads to log-in and back, with the interest sent', async ({ page, request }) => {
  const session = await demoSession(request);
  const marks = (await (await request.get('/api/get-user-marks', { headers: session.auth })).json()).data as { interested_ids: number[] };
  const cards = (await (await request.get('/api/get-property-list?limit=60&is_premium=0&sort_by=oldest')).json()).data as Card[];
  const listing = cards.find((c) => !marks.interested_ids.includes(c.id))!;
  const isInterested = async () => (await (await request.get(`/api/get_property?slug_id=${listing.slug_id}`, { headers: session.auth })).json()).data[0].is_interested;

  await page.setViewportSize(PHONE);
  await page.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(page);
  await page.getByTestId('contact-bar').getByRole('button', { name: "I'm interested" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/properties-details/${listing.slug_id}$`));
  await expect(page.getByTestId('contact-bar').getByRole('button', { name: "I'm interested" })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(isInterested).toBe(1);
  await page.getByTestId('contact-bar').getByRole('button', { name: "I'm interested" }).click();
  await expect.poll(isInterested).toBe(0);
});

test('compare shows two favourites side by side, with the choice in the URL, at phone and desktop widths', async ({ page, request }) => {
  const session = await demoSession(request);
  const [first, second] = await notFavourited(request, session.auth, 2);
  await logInAs(page, session);

  // Hearts on the result cards add them.
  await page.setViewportSize(DESKTOP);
  for (const listing of [first, second]) {
    await page.goto(`/properties?search=${encodeURIComponent(listing.title)}`);
    await waitForHydration(page);
    const heart = page.getByRole('button', { name: `Save ${listing.title} to favourites` }).first();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  await expect
    .poll(async () => ((await (await request.get('/api/get-user-marks', { headers: session.auth })).json()).data.favourite_ids as number[]).slice(0, 2))
    .toEqual([second.id, first.id]);

  await page.goto('/user/favourites');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My favourites' })).toBeVisible();
  const list = page.getByTestId('favourites');
  await expect(list.getByRole('link', { name: second.title })).toBeVisible();
  // The choice is a navigation (it lives in the URL): the box is ticked once it lands.
  for (const listing of [second, first]) {
    const box = list.getByRole('checkbox', { name: `Compare ${listing.title}` });
    await box.click();
    await expect(box).toBeChecked();
  }
  await expect(page).toHaveURL(new RegExp(`compare=${second.id}(%2C|,)${first.id}`));
  await shot(page, 'favourites');
  await expectAccessible(page);
  await page.getByTestId('compare-link').click();

  await expect(page).toHaveURL(new RegExp(`/user/favourites/compare\\?ids=${second.id}(%2C|,)${first.id}$`));
  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.getByRole('link', { name: first.title, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: second.title, exact: true })).toBeVisible();
  for (const row of ['Price', 'Price per unit area', 'Type', 'Nearby places']) await expect(table.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
  await shot(page, 'compare');
  await expectAccessible(page);

  // A phone scrolls the listings sideways under the labels, which stay put.
  await page.setViewportSize(PHONE);
  await page.reload();
  await waitForHydration(page);
  const label = table.getByRole('rowheader', { name: 'Price', exact: true });
  const before = await label.boundingBox();
  await page.getByRole('region', { name: 'Your favourites side by side' }).evaluate((el) => el.scrollBy({ left: 400 }));
  const after = await label.boundingBox();
  expect(after?.x).toBe(before?.x);
  await page.getByRole('region', { name: 'Your favourites side by side' }).evaluate((el) => el.scrollTo({ left: 0 }));
  await shot(page, 'compare');
  await expectAccessible(page);

  // Removed from the favourites page, a favourite leaves the list and the server.
  await page.goto('/user/favourites');
  await waitForHydration(page);
  await shot(page, 'favourites');
  for (const listing of [first, second]) await page.getByTestId('favourites').getByRole('button', { name: `Remove ${listing.title}` }).click();
  await expect(page.getByTestId('favourites').getByRole('link', { name: first.title })).toHaveCount(0);
  await expect
    .poll(async () => ((await (await request.get('/api/get-user-marks', { headers: session.auth })).json()).data.favourite_ids as number[]).filter((id) => id === first.id || id === second.id))
    .toEqual([]);
});

test('the favourites page of a user with none says how to add some', async ({ page, request }) => {
  const email = `fav-${Date.now()}@example.com`;
  const password = 'Empty#12345';
  await request.post('/api/user-register', { data: { name: 'Empty Favourites', email, password, re_password: password } });
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [message] = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}&limit=1`)).json()).data as { body: string }[];
      code = message?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  const verified = await (await request.get(`/api/verify-otp?email=${encodeURIComponent(email)}&otp=${code}`)).json();
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.evaluate((s) => localStorage.setItem('root', JSON.stringify({ user: { token: s.token, data: s.data } })), verified);
  await page.goto('/user/favourites');
  await waitForHydration(page);
  await expect(page.getByText('You have not saved any properties yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse properties' })).toBeVisible();
  await shot(page, 'favourites-empty');
  await expectAccessible(page);
});
