import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';
import { auth, completeProfile, postListing, type Session } from './listings.ts';

const ADMIN = { email: 'admin@gharbazaar.example.com', password: 'Admin@12345' };

test('the administrator approves one pending listing and rejects another with a reason; each owner sees the outcome', async ({ page, request }) => {
  await page.goto('/');
  const admin = (await (await request.post('/api/user_signup', { data: { type: 3, ...ADMIN } })).json()) as Session;
  const first = await completeProfile(request, page, await signUpByEmail(request, 'Meera Kulkarni', 'moderated'));
  const second = await completeProfile(request, page, await signUpByEmail(request, 'Rohan Iyer', 'moderated'));
  const stamp = Date.now();
  const approved = await postListing(request, page, first, `Sea-view flat ${stamp}`);
  const rejected = await postListing(request, page, second, `Copied flat ${stamp}`);
  expect([approved.request_status, rejected.request_status]).toEqual(['pending', 'pending']);
  // Not public yet.
  expect((await page.request.get(`/properties-details/${approved.slug_id}`)).status()).toBe(404);

  await logInAs(page, admin);
  await page.setViewportSize(PHONE);
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('queue-listings')).not.toHaveText('0');
  await shot(page, 'admin-dashboard');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Listings to review' }).first().click();
  await expect(page).toHaveURL(/\/admin\/listings/);
  await page.getByRole('searchbox', { name: 'Search by title, city, owner or id' }).fill(String(stamp));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: approved.title })).toBeVisible();
  await expect(page.getByRole('link', { name: rejected.title })).toBeVisible();
  await shot(page, 'admin-listings');
  await expectAccessible(page);

  // The preview shows the listing as a visitor will see it; approve it from there.
  await page.getByRole('link', { name: approved.title }).click();
  await expect(page.getByRole('heading', { name: approved.title, level: 1 })).toBeVisible();
  await expect(page.getByText('Waiting for review')).toBeVisible();
  await shot(page, 'admin-preview');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve 1 listing?' });
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('1 listing approved')).toBeVisible();
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();

  // Reject the other from the table, with a reason.
  await page.getByRole('link', { name: 'Back to the listings' }).click();
  await page.getByRole('searchbox', { name: 'Search by title, city, owner or id' }).fill(String(stamp));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: approved.title })).toHaveCount(0);
  await page.getByRole('button', { name: `Reject ${rejected.title}` }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject 1 listing' });
  await rejectDialog.getByRole('textbox').fill('no');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  // Too short: the browser keeps the dialog open and sends nothing.
  expect(await rejectDialog.getByRole('textbox').evaluate((el) => (el as HTMLTextAreaElement).validity.tooShort)).toBe(true);
  await expect(rejectDialog).toBeVisible();
  const reason = 'The photos show a different building.';
  await rejectDialog.getByRole('textbox').fill(reason);
  await shot(page, 'admin-reject-dialog');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('1 listing rejected')).toBeVisible();

  // The audit log has both decisions.
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/audit');
  await expect(page.getByText(`property.approve #${approved.id}`)).toBeVisible();
  await expect(page.getByText(`property.reject #${rejected.id}`)).toBeVisible();
  await shot(page, 'admin-audit');
  await expectAccessible(page);
  // The dashboard's charts, loaded after its figures.
  await page.goto('/admin');
  await expect(page.getByText('Takings, last 30 days')).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await shot(page, 'admin-dashboard');
  await expectAccessible(page);

  // The approved listing is public; its owner was told. The other owner reads the reason.
  expect((await page.request.get(`/properties-details/${approved.slug_id}`)).status()).toBe(200);
  const told = (await (await request.get('/api/get_notification_list', { headers: auth(first) })).json()).data as { title: string }[];
  expect(told[0].title).toBe('Your listing is live');
  await logInAs(page, second);
  await page.setViewportSize(PHONE);
  await page.goto('/user/dashboard');
  await waitForHydration(page);
  await expect(page.getByText(reason)).toBeVisible();
  await shot(page, 'admin-rejected-owner-view');
});

test('a user who is not an administrator is kept out of the console', async ({ page, request }) => {
  const user = await signUpByEmail(request, 'Curious Visitor', 'notadmin');
  await logInAs(page, user);
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'This area is for administrators' })).toBeVisible();
  expect((await request.get('/api/admin/dashboard', { headers: auth(user) })).status()).toBe(403);
});
