// The console's people and trust pages (issue 16), as the demo administrator: review a reported
// listing and hide it (its public page is then gone), approve an agent's verification (the badge
// shows on their page), and look at people, a person and the verification form. 390 and 1280 px, axe.
import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';
import { auth, completeProfile, postListing, type Session } from './listings.ts';

const ADMIN = { email: 'admin@gharbazaar.example.com', password: 'Admin@12345' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type FormField = { id: number; field_type: string; form_fields_values: { value: string }[] };

test('the administrator hides a reported listing and verifies an agent', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const admin = (await (await request.post('/api/user_signup', { data: { type: 3, ...ADMIN } })).json()) as Session;

  // A live listing, reported by two people.
  const stamp = Date.now();
  const owner = await completeProfile(request, page, await signUpByEmail(request, 'Vikram Shah', 'reported'));
  const listing = await postListing(request, page, owner, `Too-good flat ${stamp}`);
  const approved = await request.post('/api/admin/listings/property/moderate', { headers: auth(admin), data: { ids: [listing.id], action: 'approve' } });
  expect(approved.ok(), await approved.text()).toBe(true);
  const [reason] = (await (await request.get('/api/get_report_reasons')).json()).data as { id: number; reason: string }[];
  for (const [i, body] of [{ reason_id: reason.id }, { other_message: 'The price is far too low to be real.' }].entries()) {
    const reporter = await signUpByEmail(request, `Reporter ${i}`, 'reporter');
    const sent = await request.post('/api/add_reports', { headers: auth(reporter), data: { property_id: listing.id, ...body } });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
  const live = await page.request.get(`/properties-details/${listing.slug_id}`);
  expect(live.status(), (await live.text()).slice(0, 300)).toBe(200);

  // An agent who applied for verification with a file.
  const agent = await signUpByEmail(request, `Nisha Agent ${stamp}`, 'applicant');
  const fields = (await (await request.get('/api/get-agent-verification-form-fields', { headers: auth(agent) })).json()).data as FormField[];
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
  fields.forEach((f, i) => {
    multipart[`form_fields[${i}][id]`] = String(f.id);
    multipart[`form_fields[${i}][value]`] = f.field_type === 'file' ? { name: 'id.pdf', mimeType: 'application/pdf', buffer: PDF } : (f.form_fields_values[0]?.value ?? (f.field_type === 'number' ? '4' : 'P51800054321'));
  });
  const applied = await request.post('/api/apply-agent-verification', { headers: auth(agent), multipart });
  expect(applied.ok(), await applied.text()).toBe(true);
  const agentSlug = String(agent.data.slug_id);
  await page.goto(`/agent-details/${agentSlug}`);
  await expect(page.getByText('Verified agent')).toHaveCount(0);

  // --- The reports queue, on a phone.
  await logInAs(page, admin);
  await page.setViewportSize(PHONE);
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports/);
  await page.getByRole('searchbox', { name: 'Search by listing, owner or id' }).fill(String(listing.id));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: listing.title })).toBeVisible();
  await expect(page.getByText(`${reason.reason} × 1`)).toBeVisible();
  await expect(page.getByText('“The price is far too low to be real.”')).toBeVisible();
  await shot(page, 'admin-reports');
  await expectAccessible(page);
  // Nothing scrolls sideways on a phone (the console's menu swipes on its own).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await page.getByRole('button', { name: `Hide listing ${listing.title}` }).click();
  const hide = page.getByRole('dialog', { name: `Hide listing: ${listing.title}` });
  await expect(hide).toBeVisible();
  await hide.getByRole('textbox').fill('Reported as a fake offer; please send proof of ownership.');
  await shot(page, 'admin-reports-hide-dialog');
  await expectAccessible(page);
  await hide.getByRole('button', { name: 'Hide listing' }).click();
  await expect(page.getByText('Listing hidden', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: listing.title })).toHaveCount(0);
  // Gone from the public site; its owner was told why.
  expect((await page.request.get(`/properties-details/${listing.slug_id}`)).status()).toBe(404);
  const told = (await (await request.get('/api/get_notification_list', { headers: auth(owner) })).json()).data as { title: string }[];
  expect(told[0].title).toBe('Your listing was hidden');

  // The decision is in the "Decided" view.
  await page.setViewportSize(DESKTOP);
  await page.getByLabel('State').selectOption('closed');
  await expect(page).toHaveURL(/state=closed/);
  await expect(page.getByRole('link', { name: listing.title })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Listing hidden/ })).toBeVisible();
  await shot(page, 'admin-reports');
  await expectAccessible(page);

  // --- Agent verification.
  await page.getByRole('link', { name: 'Agent verification' }).click();
  await expect(page).toHaveURL(/\/admin\/verifications/);
  await page.getByRole('searchbox', { name: 'Search by name, e-mail or id' }).fill(agent.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const applicant = page.getByRole('row', { name: new RegExp(`Nisha Agent ${stamp}`) });
  await expect(applicant).toBeVisible();
  await expect(applicant.getByRole('link', { name: /^Open file/ }).first()).toHaveAttribute('href', /\/media\/verification\/documents\/.+\.pdf$/);
  await shot(page, 'admin-verifications');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await shot(page, 'admin-verifications');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Approve Nisha Agent ${stamp}` }).click();
  const approve = page.getByRole('dialog', { name: /Verify this agent\?/ });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Agent verified')).toBeVisible();
  await page.goto(`/agent-details/${agentSlug}`);
  await expect(page.getByText('Verified agent')).toBeVisible();
  const notices = (await (await request.get('/api/get_notification_list', { headers: auth(agent) })).json()).data as { title: string }[];
  expect(notices[0].title).toBe('You are verified');

  // --- The form agents fill in.
  await page.goto('/admin/verification-form');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Verification form', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a field' }).click();
  await expect(page.getByLabel('Question')).toBeVisible();
  await page.getByLabel('Kind of answer').selectOption('radio');
  await shot(page, 'admin-verification-form');
  await expectAccessible(page);
  await page.getByLabel('Question').fill(`Agency name ${stamp}`);
  await page.getByLabel('Options, one per line').fill('Own office\nFranchise');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Field added')).toBeVisible();
  const added = page.getByRole('listitem').filter({ hasText: `Agency name ${stamp}` });
  await expect(added).toContainText('Own office, Franchise');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'admin-verification-form');
  await expectAccessible(page);
  await added.getByRole('button', { name: `Remove Agency name ${stamp}` }).click();
  await page.getByRole('dialog', { name: /Remove this field\?/ }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Field removed')).toBeVisible();
  await expect(added).toHaveCount(0);

  // A second live listing of the owner's: it leaves the public site with its owner and comes back with them.
  const second = await postListing(request, page, owner, `Second flat ${stamp}`);
  expect((await request.post('/api/admin/listings/property/moderate', { headers: auth(admin), data: { ids: [second.id], action: 'approve' } })).ok()).toBe(true);
  const publicStatus = async () => (await page.request.get(`/properties-details/${second.slug_id}`)).status();
  expect(await publicStatus()).toBe(200);

  // --- People, and the owner's page.
  await page.goto('/admin/people');
  await waitForHydration(page);
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or id' }).fill((owner.data as { email: string }).email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Vikram Shah' })).toBeVisible();
  await shot(page, 'admin-people');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Vikram Shah' }).click();
  await expect(page.getByRole('heading', { name: 'Vikram Shah', level: 1 })).toBeVisible();
  await expect(page.getByText('Reports against them')).toBeVisible();
  await shot(page, 'admin-person');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await shot(page, 'admin-person');
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Deactivate (the owner's session ends), then reactivate.
  await page.getByRole('button', { name: 'Deactivate account' }).click();
  const deactivate = page.getByRole('dialog', { name: 'Deactivate this account?' });
  await deactivate.getByRole('textbox').fill('Fake listings, see the reports.');
  await deactivate.getByRole('button', { name: 'Deactivate account' }).click();
  await expect(page.getByText('Account deactivated')).toBeVisible();
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
  expect((await request.get('/api/get_notification_list', { headers: auth(owner) })).status()).toBe(401);
  expect(await publicStatus()).toBe(404);
  // The hidden (reported) listing stays hidden; the live one is held with its owner.
  await expect(page.getByText('Hidden: owner deactivated')).toBeVisible();
  await shot(page, 'admin-person-deactivated');
  await page.getByRole('button', { name: 'Reactivate account' }).click();
  await page.getByRole('dialog', { name: 'Reactivate this account?' }).getByRole('button', { name: 'Reactivate account' }).click();
  await expect(page.getByText('Account reactivated')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Hidden: owner deactivated')).toHaveCount(0);
  expect(await publicStatus()).toBe(200);
  // Journeys share one database: the second listing leaves the public site again (rejected).
  const rejected = await request.post('/api/admin/listings/property/moderate', { headers: auth(admin), data: { ids: [second.id], action: 'reject', reason: 'Journey clean-up.' } });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  await page.goto('/admin/people');
  await waitForHydration(page);
  await shot(page, 'admin-people');
  await expectAccessible(page);

  // Arabic, right to left.
  await page.goto('/admin/reports?state=closed&lang=ar');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'البلاغات', level: 1 })).toBeVisible();
  await shot(page, 'admin-reports-ar');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
