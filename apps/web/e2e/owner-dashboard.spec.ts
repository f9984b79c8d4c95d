import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, drawnPicture, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';
import { auth, completeProfile, postListing, type Listing, type Session } from './listings.ts';

async function ownListings(request: APIRequestContext, session: Session): Promise<Listing[]> {
  return (await (await request.get('/api/get-added-properties?limit=50', { headers: auth(session) })).json()).data;
}

const card = (page: Page, title: string) => page.getByTestId('owned-property').filter({ has: page.getByRole('heading', { name: title }) });

/** Nothing on the page reaches past the screen's right edge (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a new listing waits for approval on its owner’s dashboard, is deleted only after a confirmation, and no one else sees it', async ({ page, request }) => {
  await page.goto('/');
  const newcomer = await signUpByEmail(request, 'Kavya Menon');

  // Spec §5 / §8: an incomplete profile is stopped before the project form, and led to the profile.
  await logInAs(page, newcomer);
  await page.setViewportSize(PHONE);
  await page.goto('/user/add-project');
  await waitForHydration(page);
  const oops = page.getByRole('dialog', { name: 'Oops' });
  await expect(oops.getByTestId('account-gate-message')).toHaveText('You have not completed your profile.');
  await expect(page.getByTestId('project-form')).toHaveCount(0);
  await shot(page, 'add-project-profile-gate');
  await oops.getByRole('button', { name: 'Complete your profile' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);

  const owner = await completeProfile(request, page, newcomer);
  const other = await signUpByEmail(request, 'Rohan Iyer');
  const title = `Sea-view flat ${Date.now()}`;
  const listing = await postListing(request, page, owner, title);
  expect(listing.request_status).toBe('pending');

  await logInAs(page, owner);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/user/dashboard');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My properties' })).toHaveAttribute('aria-current', 'page');
    const row = card(page, title);
    await expect(row.getByTestId('status-badge')).toHaveText('Pending approval');
    await expect(row.getByTestId('stat-views')).toHaveText('0 views');
    // Pending: it can be edited or deleted, not paused or marked sold before it is approved.
    await expect(row.getByRole('link', { name: `Edit ${title}` })).toHaveAttribute('href', `/user/edit-property/${listing.id}`);
    await expect(row.getByRole('button', { name: `Delete ${title}` })).toBeVisible();
    await expect(row.getByRole('button', { name: new RegExp(`^(Pause|Mark sold) ${title}`) })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add property' })).toHaveAttribute('href', '/user/properties');
    await expect(page.getByRole('link', { name: 'Add project' })).toHaveAttribute('href', '/user/add-project');
    await expectNoSidewaysScroll(page);
    await shot(page, 'owner-dashboard-pending');
    await expectAccessible(page);
  }

  // The user menu leads here.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: /Kavya Menon/ }).click();
  await page.getByRole('link', { name: 'My listings' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // Filters are kept in the URL: a pending listing is not among the sold ones.
  await page.getByLabel('State').selectOption('sold');
  await expect(page).toHaveURL(/state=sold/);
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(card(page, title)).toBeVisible();

  // The owner's own page of the listing: its state and what it has drawn.
  await card(page, title).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/my-property/${listing.slug_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Pending approval');
  await expect(page.getByText('Our team checks every new or edited listing.')).toBeVisible();
  await expect(page.getByText('Nobody has said they are interested yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See it as visitors do' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot(page, 'owner-listing-pending');
  await expectAccessible(page);

  // A second user: neither the dashboard nor the owner's page shows it, and the API agrees.
  expect((await ownListings(request, other)).map((l) => l.id)).not.toContain(listing.id);
  await logInAs(page, other);
  await page.goto('/user/dashboard');
  await waitForHydration(page);
  await expect(page.getByText('You have not listed a property yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await shot(page, 'owner-dashboard-empty');
  await page.goto(`/my-property/${listing.slug_id}`);
  await waitForHydration(page);
  await expect(page.getByText('This is not one of your listings, or it has been deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  // The API refuses the second user's changes and nothing changes.
  expect((await request.post('/api/delete_property', { headers: auth(other), data: { id: listing.id } })).status()).toBe(404);
  expect((await request.post('/api/update_property_status', { headers: auth(other), data: { property_id: listing.id, status: 2 } })).status()).toBe(404);

  // Back as the owner: Cancel keeps it, Delete takes it away.
  await logInAs(page, owner);
  await page.goto('/user/dashboard');
  await waitForHydration(page);
  await card(page, title).getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this property?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'owner-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await ownListings(request, owner)).map((l) => l.id)).toContain(listing.id);
  await card(page, title).getByRole('button', { name: `Delete ${title}` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Property deleted.' })).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  await expect(page.getByText('You have not listed a property yet.')).toBeVisible();
  expect((await ownListings(request, owner)).map((l) => l.id)).not.toContain(listing.id);
});

test('an approved listing is marked sold and back, paused and re-activated, shows its price history and interested people, and is deleted from its own page', async ({ page, request }) => {
  await page.goto('/');
  // The administrator's own listings need no review (modules/owners/gates.ts): an approved listing to work with.
  const login = await request.post('/api/user_signup', { data: { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' } });
  const admin = (await login.json()) as Session;
  const buyer = await signUpByEmail(request, 'Ananya Rao');
  const title = `Garden villa ${Date.now()}`;
  const listing = await postListing(request, page, admin, title);
  expect(listing.request_status).toBe('approved');
  // A lower price (kept in the history) and someone interested.
  expect((await request.post('/api/update_post_property', { headers: auth(admin), multipart: { id: String(listing.id), price: '7980000' } })).ok()).toBe(true);
  expect((await request.post('/api/interested_users', { headers: auth(buyer), data: { property_id: listing.id, type: 1 } })).ok()).toBe(true);

  await logInAs(page, admin);
  await page.setViewportSize(PHONE);
  await page.goto('/user/dashboard');
  await waitForHydration(page);
  const row = card(page, title);
  await expect(row.getByTestId('status-badge')).toHaveText('Approved');
  await expect(row.getByTestId('stat-interested')).toHaveText('1 interested');

  // Sold, and back on sale.
  await row.getByRole('button', { name: `Mark sold ${title}` }).click();
  await expect(row.getByTestId('status-badge')).toHaveText('Sold');
  await expect(row.getByRole('button', { name: `Pause ${title}` })).toHaveCount(0);
  await shot(page, 'owner-dashboard-sold');
  expect((await ownListings(request, admin)).find((l) => l.id === listing.id)?.property_type).toBe('sold');
  await row.getByRole('button', { name: `Back on sale ${title}` }).click();
  await expect(row.getByTestId('status-badge')).toHaveText('Approved');

  // Paused: visitors no longer find it; re-activated: they do again.
  await row.getByRole('button', { name: `Pause ${title}` }).click();
  await expect(row.getByTestId('status-badge')).toHaveText('Paused');
  await expect(row.getByRole('button', { name: `Mark sold ${title}` })).toHaveCount(0);
  await expect.poll(async () => (await request.get(`/api/get_property?slug_id=${listing.slug_id}`)).status()).toBe(404);
  await page.getByLabel('State').selectOption('paused');
  await expect(card(page, title)).toBeVisible();
  await shot(page, 'owner-dashboard-paused');
  await card(page, title).getByRole('button', { name: `Re-activate ${title}` }).click();
  // Re-activated, it leaves the paused filter.
  await expect(card(page, title)).toHaveCount(0);
  await page.getByLabel('State').selectOption('');
  await expect(card(page, title).getByTestId('status-badge')).toHaveText('Approved');
  await expect.poll(async () => (await request.get(`/api/get_property?slug_id=${listing.slug_id}`)).status()).toBe(200);

  // Its own page: statistics, the price history, who is interested with how to reach them.
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/my-property/${listing.slug_id}`);
    await waitForHydration(page);
    await expect(page.getByTestId('stat-interested')).toHaveText('1');
    await expect(page.getByTestId('price-history')).toContainText(/Reduced by \u2066?5%/);
    const interested = page.getByTestId('interested-users');
    await expect(interested).toContainText('Ananya Rao');
    await expect(interested.getByRole('link', { name: /@example\.com$/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: 'See it as visitors do' })).toHaveAttribute('href', `/properties-details/${listing.slug_id}`);
    await expectNoSidewaysScroll(page);
    await shot(page, 'owner-listing-approved');
    await expectAccessible(page);
  }

  // Deleted from its own page, the owner lands back on the dashboard.
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete this property?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(card(page, title)).toHaveCount(0);
  expect((await ownListings(request, admin)).map((l) => l.id)).not.toContain(listing.id);
});

test('the dashboard and the add-project form in Arabic read right to left on a phone', async ({ page, request }) => {
  await page.goto('/');
  const owner = await completeProfile(request, page, await signUpByEmail(request, 'Layla Haddad'));
  const title = `شقة مطلة على البحر ${Date.now()}`;
  await postListing(request, page, owner, title);
  await logInAs(page, owner);
  await page.setViewportSize(PHONE);
  await page.goto('/user/dashboard?lang=ar');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'إعلاناتي' })).toBeVisible();
  await expect(card(page, title).getByTestId('status-badge')).toHaveText('بانتظار الموافقة');
  await expectNoSidewaysScroll(page);
  await shot(page, 'owner-dashboard-ar');
  await expectAccessible(page);

  await page.goto('/user/add-project?lang=ar');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'إضافة مشروع' })).toBeVisible();
  // The sign-up package holds no project listings: the spec §8 pop-up names the feature.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'add-project-gate-ar');
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(page.getByTestId('gate-refused')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

/** The smallest PDF a reader opens: one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a project is added through the form with pictures, a document and a plan, paused and re-activated, edited (a plan and a photo taken off) and deleted', async ({ page, request }) => {
  await page.goto('/');
  // The administrator needs no package for a project (the sign-up package holds no project listings).
  const admin = (await (await request.post('/api/user_signup', { data: { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' } })).json()) as Session;
  const title = `Lakeside Residences ${Date.now()}`;
  const [front, side, garden, plan] = [await drawnPicture(page, 30), await drawnPicture(page, 90), await drawnPicture(page, 150), await drawnPicture(page, 260)];
  await logInAs(page, admin);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/user/add-project');
    await waitForHydration(page);
    await expect(page.getByTestId('project-form')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'add-project-form');
  }
  await expectAccessible(page);

  // Sent empty: the contract's own checks, in a person's words, on their fields.
  await page.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
  await expect(page.getByText('Please fill this in.').first()).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Two towers of lake-facing flats with a clubhouse and a jogging track.');
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel('Under construction').check();
  await page.getByLabel('Latitude', { exact: true }).fill('19.1197');
  await page.getByLabel('Longitude', { exact: true }).fill('72.9051');
  await page.getByLabel('Address', { exact: true }).fill('Powai Lake Road');
  await page.getByLabel('City', { exact: true }).fill('Mumbai');
  await page.getByLabel('State', { exact: true }).fill('Maharashtra');
  await page.getByLabel('Country', { exact: true }).fill('India');
  await page.getByLabel('Main picture', { exact: true }).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: front });
  await expect(page.getByRole('img', { name: 'Main picture: preview' })).toBeVisible();
  await page.getByLabel('Gallery', { exact: true }).setInputFiles([
    { name: 'side.png', mimeType: 'image/png', buffer: side },
    { name: 'garden.png', mimeType: 'image/png', buffer: garden },
  ]);
  await expect(page.getByTestId('gallery-items').getByRole('img')).toHaveCount(2);
  await page.getByLabel('Documents', { exact: true }).setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByLabel('Video link', { exact: true }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Add a plan' }).click();
  await page.getByLabel('Plan title').fill('2 BHK, 850 sq ft');
  await page.getByLabel('Plan (picture or PDF)').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: plan });
  await page.getByLabel('Title for search engines').fill('Lakeside Residences, Powai');
  await shot(page, 'add-project-filled');
  await page.getByRole('button', { name: 'Send for approval' }).click();

  await expect(page).toHaveURL(/\/user\/dashboard\?tab=projects$/);
  await expect(page.getByRole('status').filter({ hasText: 'Project added.' })).toBeVisible();
  const row = page.getByTestId('owned-project').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(row.getByTestId('status-badge')).toHaveText('Approved');
  const stored = ((await (await request.get('/api/get-added-projects?limit=50', { headers: auth(admin) })).json()).data as { id: number; title: string; type: string; gallary_images: unknown[]; documents: unknown[]; plans: { title: string }[]; meta_title: string }[]).find((p) => p.title === title)!;
  expect(stored).toMatchObject({ type: 'under_construction', meta_title: 'Lakeside Residences, Powai' });
  expect([stored.gallary_images.length, stored.documents.length, stored.plans.map((p) => p.title)]).toEqual([2, 1, ['2 BHK, 850 sq ft']]);
  await expectNoSidewaysScroll(page);
  await shot(page, 'owner-projects');

  await row.getByRole('button', { name: `Pause ${title}` }).click();
  await expect(row.getByTestId('status-badge')).toHaveText('Paused');
  await row.getByRole('button', { name: `Re-activate ${title}` }).click();
  await expect(row.getByTestId('status-badge')).toHaveText('Approved');

  // Edit: the stored values come back; a plan and a photo are taken off, the title changes.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/edit-project/${stored.id}$`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Under construction')).toBeChecked();
  await expect(page.getByLabel('Plan title')).toHaveValue('2 BHK, 850 sq ft');
  await page.getByRole('button', { name: 'Remove plan 1' }).click();
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(page.getByText('Removed on saving')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(`${title} Phase II`);
  await shot(page, 'edit-project-form');
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Project saved.' })).toBeVisible();
  const edited = page.getByTestId('owned-project').filter({ has: page.getByRole('heading', { name: `${title} Phase II` }) });
  await expect(edited).toBeVisible();
  const after = ((await (await request.get(`/api/get-added-projects?id=${stored.id}`, { headers: auth(admin) })).json()).data as { gallary_images: unknown[]; plans: unknown[]; documents: unknown[] }[])[0];
  expect([after.gallary_images.length, after.plans.length, after.documents.length]).toEqual([1, 0, 1]);

  await edited.getByRole('button', { name: `Delete ${title} Phase II` }).click();
  await page.getByRole('dialog', { name: 'Delete this project?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Project deleted.' })).toBeVisible();
  await expect(edited).toHaveCount(0);
  expect((await (await request.get(`/api/get-added-projects?id=${stored.id}`, { headers: auth(admin) })).json()).data).toEqual([]);
});
