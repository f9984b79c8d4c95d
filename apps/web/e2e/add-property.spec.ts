import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, drawnPicture, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

type Session = { token: string; data: { id: number; name: string | null } };
type Owned = {
  id: number;
  slug_id: string;
  title: string;
  price: number;
  property_type: string;
  rentduration: string | null;
  request_status: string;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  title_image: string | null;
  gallery: { id: number }[];
  parameters: { name: string; value: string | string[] }[];
  assign_facilities: { name: string; distance: number }[];
  meta_title: string | null;
};

const auth = (s: Session) => ({ authorization: `Bearer ${s.token}` });

async function ownListing(request: APIRequestContext, session: Session, id: number): Promise<Owned> {
  const answer = await (await request.get(`/api/get-added-properties?id=${id}`, { headers: auth(session) })).json();
  return answer.data[0] as Owned;
}

const SCREENS = path.resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screens');

/**
 * A step as a person first sees it: the top of the page, with the sticky step bar and the sticky
 * Previous / Next bar where they are (a whole-page picture draws sticky bars out of place).
 */
async function stepShot(page: Page, name: string, { top = true } = {}) {
  if (top) await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForFunction(() => document.fonts.status === 'loaded', null, { timeout: 5_000 }).catch(() => {});
  await page.screenshot({ path: path.join(SCREENS, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

/** Nothing on the page reaches past the screen's edge (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** An input by its label; a required one's label ends in "(required)" for screen readers. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*(\\*\\s*)?(\\(required\\))?$`));
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name: new RegExp(`${name}$`) });
const next = (page: Page) => page.getByRole('button', { name: /^Next/ }).click();

test('a new owner is stopped by the profile gate, then adds a property in steps with three photos placed on the map, and edits it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const session = await signUpByEmail(request, 'Ananya Rao');
  await logInAs(page, session);
  await page.setViewportSize(PHONE);

  // Spec §5 / §8: no complete profile, no form — the 'Oops' pop-up leads to the profile.
  await page.goto('/user/properties');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a property' })).toBeVisible();
  const gate = page.getByRole('dialog', { name: 'Oops' });
  await expect(gate).toBeVisible();
  await expect(page.getByTestId('listing-form')).toHaveCount(0);
  await shot(page, 'add-property-profile-gate');
  await gate.getByRole('button', { name: 'Complete your profile' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await waitForHydration(page);
  await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawnPicture(page, 200) });
  await page.getByLabel('Mobile number').fill(`+91 98${String(Date.now()).slice(-8)}`);
  await page.getByLabel('Address').fill('7 Pali Hill, Bandra West, Mumbai');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is complete.')).toBeVisible();

  // The form: one column on a phone, the steps sticky at the top.
  await page.goto('/user/properties');
  await waitForHydration(page);
  const form = page.getByTestId('listing-form');
  await expect(stepHeading(page, 'Basics')).toBeVisible();
  const title = `Sunny two-bedroom flat ${Date.now()}`;
  // The shared schema speaks before the server does.
  await field(page, 'Title').fill('ab');
  await field(page, 'Title').blur();
  await expect(form.getByText('Use at least 3 characters.')).toBeVisible();
  await field(page, 'Title').fill(title);
  await expect(form.getByText('Use at least 3 characters.')).toHaveCount(0);
  await page.getByLabel('Description').fill('Corner flat on the fifth floor with morning sun, two balconies and covered parking.');
  await field(page, 'Category').selectOption({ label: 'Apartment' });
  await page.getByRole('radio', { name: 'Rent' }).check();
  await field(page, 'Rent amount').fill('45000');
  await page.getByLabel('Rent is per').selectOption('Monthly');
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'add-property-basics');
  await expectAccessible(page);
  await next(page);

  // The draft survives a reload (text only), on the step the owner was on.
  await expect(stepHeading(page, 'Location')).toBeVisible();
  await page.waitForTimeout(500);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('We kept what you typed last time.', { exact: false })).toBeVisible();
  await expect(stepHeading(page, 'Location')).toBeVisible();
  await page.getByTestId('step-basics').click();
  await expect(field(page, 'Title')).toHaveValue(title);
  await expect(field(page, 'Rent amount')).toHaveValue('45000');
  await page.getByTestId('step-location').click();

  // Location: the picker works even when the address cannot be looked up; the fields stay editable.
  const map = page.getByTestId('pin-map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.route('**/api/reverse-geocode**', (route) => route.abort());
  await page.getByLabel('Latitude').fill('19.0596');
  await page.getByLabel('Longitude').fill('72.8295');
  const pin = page.getByTestId('pin-map-pin');
  await expect(pin).toBeVisible();
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('location-status')).toHaveText('The address could not be looked up. Type it below.');
  await expect(page.getByLabel('Latitude')).not.toHaveValue('19.0596');
  await page.unroute('**/api/reverse-geocode**');
  // Moved with the keyboard this time; the address comes from the server's reverse geocoding.
  await pin.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('location-status')).toHaveText(/filled in from the map/);
  await expect(page.getByLabel('City')).not.toHaveValue('');
  await expect(page.getByLabel('Country')).toHaveValue('India');
  await field(page, 'Address').fill('Flat 5B, Sea Breeze, 14th Road, Khar West');
  const latitude = Number(await page.getByLabel('Latitude').inputValue());
  const longitude = Number(await page.getByLabel('Longitude').inputValue());
  expect(Math.abs(latitude - 19.0596)).toBeLessThan(0.05);
  expect(Math.abs(longitude - 72.8295)).toBeLessThan(0.05);
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'add-property-location');
  await next(page);

  // Details: the category's parameters, by type. A required one left empty is said on Next.
  await expect(stepHeading(page, 'Details')).toBeVisible();
  await next(page);
  await expect(field(page, 'Bedrooms')).toBeFocused();
  await expect(form.getByText('Please fill this in.').first()).toBeVisible();
  await field(page, 'Bedrooms').fill('2');
  await field(page, 'Bathrooms').fill('2');
  await field(page, 'Area (sq ft)').fill('980');
  await page.getByLabel('Furnishing').selectOption({ index: 1 });
  await page.getByRole('radio', { name: 'Yes' }).check();
  const amenities = page.getByRole('group', { name: 'Amenities' });
  await amenities.getByRole('checkbox').nth(0).check();
  await amenities.getByRole('checkbox').nth(2).check();
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'add-property-details');
  await next(page);

  // Nearby places, in the site's unit.
  await expect(stepHeading(page, 'Nearby places')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'School' }).fill('1.2');
  await page.getByRole('spinbutton', { name: 'Hospital' }).fill('2.5');
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'add-property-facilities');
  await next(page);

  // Photos: a title picture and three gallery photos, reordered.
  await expect(stepHeading(page, 'Photos and files')).toBeVisible();
  await next(page);
  await expect(form.getByText('Choose a title picture.')).toBeVisible();
  await page.getByLabel('Choose a picture: Title picture').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await drawnPicture(page, 20, 'image/jpeg') });
  await expect(page.getByRole('img', { name: 'Preview: Title picture' })).toBeVisible();
  await page.getByLabel('Choose photos: Gallery photos').setInputFiles([
    { name: 'living.png', mimeType: 'image/png', buffer: await drawnPicture(page, 90) },
    { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await drawnPicture(page, 160, 'image/jpeg') },
    { name: 'bedroom.png', mimeType: 'image/png', buffer: await drawnPicture(page, 260) },
  ]);
  const items = page.getByTestId('gallery-item');
  await expect(items).toHaveCount(3);
  await page.getByRole('button', { name: 'Move Photo 3 earlier' }).click();
  await expect(page.getByText('Photo 3 is now photo 2.')).toBeAttached();
  // A photo made the title picture swaps places with it.
  await page.getByRole('button', { name: /^Make title picture\s*: Photo 1$/ }).click();
  await expect(page.getByText('Photo 1 is now the title picture.')).toBeAttached();
  await expect(items).toHaveCount(3);
  // Too large a picture is refused before anything is sent.
  await page.getByLabel('Choose photos: Gallery photos').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
  await expect(form.getByText('huge.png is larger than 10 MB.')).toBeVisible();
  await expect(items).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'add-property-media');
  await page.getByTestId('gallery-list').scrollIntoViewIfNeeded();
  await stepShot(page, 'add-property-media-gallery', { top: false });
  await expectAccessible(page);
  await next(page);

  await expect(stepHeading(page, 'Search engines')).toBeVisible();
  await page.getByLabel('Title for search engines').fill('2 BHK for rent in Khar West');
  await stepShot(page, 'add-property-seo');
  await next(page);

  // Review; the server's field message (here made up for the test) opens the step that holds the field.
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'add-property-review');
  await shot(page, 'add-property-review-whole');
  await expectAccessible(page);
  let refusedOnce = false;
  await page.route('**/api/post_property', async (route) => {
    if (refusedOnce) return route.fallback();
    refusedOnce = true;
    await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: true, message: 'price must be at most 1000', errors: { price: ['price must be at most 1000'] } }) });
  });
  await page.getByRole('button', { name: 'Add the property' }).click();
  await expect(stepHeading(page, 'Basics')).toBeVisible();
  await expect(field(page, 'Rent amount')).toBeFocused();
  await expect(form.getByText('Enter 1,000 or less.')).toBeVisible();
  await page.getByTestId('step-review').click();

  await page.getByRole('button', { name: 'Add the property' }).click();
  await expect(page).toHaveURL(/\/my-property\/[\w-]+$/, { timeout: 60_000 });
  const slug = page.url().split('/my-property/')[1];
  // The draft is gone once the listing is sent.
  expect(await page.evaluate((id) => localStorage.getItem(`listing_draft:${id}:new`), session.data.id)).toBeNull();

  const added = (await (await request.get(`/api/get-added-properties?slug_id=${slug}`, { headers: auth(session) })).json()).data[0] as Owned;
  expect(added).toMatchObject({ title, price: 45000, property_type: 'rent', rentduration: 'Monthly', request_status: 'pending', meta_title: '2 BHK for rent in Khar West' });
  expect(added.gallery).toHaveLength(3);
  expect(added.title_image).toMatch(/\/media\//);
  expect(added.latitude).toBeCloseTo(latitude, 5);
  expect(added.longitude).toBeCloseTo(longitude, 5);
  expect(added.parameters.find((p) => p.name === 'Bedrooms')?.value).toBe('2');
  expect(added.assign_facilities.map((f) => [f.name, f.distance])).toEqual(expect.arrayContaining([['School', 1.2], ['Hospital', 2.5]]));

  // Edit at desktop width: one photo less, a lower rent. Every step pictured at 1280 px.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/user/edit-property/${added.id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit property' })).toBeVisible();
  await expect(field(page, 'Title')).toHaveValue(title);
  await field(page, 'Rent amount').fill('42000');
  await stepShot(page, 'edit-property-basics');
  for (const [step, name] of [
    ['location', 'Location'],
    ['details', 'Details'],
    ['facilities', 'Nearby places'],
    ['media', 'Photos and files'],
    ['seo', 'Search engines'],
  ] as const) {
    await page.getByTestId(`step-${step}`).click();
    await expect(stepHeading(page, name)).toBeVisible();
    if (step === 'location') await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    if (step === 'media') {
      await expect(items).toHaveCount(3);
      await page.getByRole('button', { name: 'Remove Photo 1' }).click();
      await expect(items).toHaveCount(2);
    }
    await stepShot(page, `edit-property-${step}`);
  }
  await page.getByTestId('step-review').click();
  await stepShot(page, 'edit-property-review');
  await shot(page, 'edit-property-review-whole');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save the changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-property/${added.slug_id}$`), { timeout: 60_000 });
  const edited = await ownListing(request, session, added.id);
  expect(edited.price).toBe(42000);
  expect(edited.gallery.map((g) => g.id)).toEqual(added.gallery.slice(1).map((g) => g.id));

  // Right to left: the form in Arabic on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`/user/edit-property/${added.id}?lang=ar`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'تعديل العقار' })).toBeVisible();
  await expect(stepHeading(page, 'الأساسيات')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'edit-property-basics-ar');
  await page.getByTestId('step-media').click();
  await expect(items).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await stepShot(page, 'edit-property-media-ar');
  await page.goto('/?lang=en');
});
