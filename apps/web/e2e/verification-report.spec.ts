// Reports, agent verification and recommendation preferences (issue 15): a new user reports a
// listing (once, then "Reported"), applies for verification with a PDF (pending, shown on the
// profile) and saves recommendation preferences; at 390 and 1280 px, with axe, and in Arabic.
import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('report a listing, apply for verification with a file, save preferences', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await signUpByEmail(request, 'Asha Report', 'report');
  const auth = { authorization: `Bearer ${session.token}` };
  const [listing] = (await (await request.get('/api/get-property-list?limit=5&is_premium=0')).json()).data as { id: number; slug_id: string }[];
  await logInAs(page, session);

  // --- Report, on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`/properties-details/${listing.slug_id}`);
  await waitForHydration(page);
  const report = page.getByTestId('report-button');
  await report.scrollIntoViewIfNeeded();
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tell us what is wrong.');
  await dialog.getByLabel('What is wrong?').fill('The photos are of another building.');
  await expect(dialog.getByRole('alert')).toBeHidden();
  await shot(page, 'report-dialog');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(report).toHaveText('Reported');
  await expect(report).toBeDisabled();
  const detail = (await (await request.get(`/api/get_property?slug_id=${listing.slug_id}`, { headers: auth })).json()).data[0];
  expect(detail.is_reported).toBe(true);
  await page.setViewportSize(DESKTOP);
  await report.scrollIntoViewIfNeeded();
  await expect(report).toBeInViewport();
  await shot(page, 'report-done');

  // --- Agent verification, reached from the user menu.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: /Asha Report/ }).click();
  await page.getByRole('link', { name: 'Agent verification' }).click();
  await expect(page).toHaveURL(/\/user\/verification$/);
  await expect(page.getByTestId('verification-status')).toHaveAttribute('data-status', 'initial');
  const form = page.getByTestId('verification-form');
  await form.getByLabel('Full name as on ID').fill('Asha Report');
  await form.getByLabel('RERA registration number').fill('P51800012345');
  await form.getByLabel('Years of experience').selectOption('3–5 years');
  await form.getByLabel(/ID proof/).setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: PDF });
  await shot(page, 'verification-form');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Apply for verification' }).click();
  await expect(page.getByTestId('verification-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByText('Your verification is pending review')).toBeVisible();
  await expect(page.getByRole('link', { name: /^View file/ })).toHaveAttribute('href', /\/media\/verification\/documents\/.+\.pdf$/);
  await shot(page, 'verification-pending');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'verification-pending');
  await expectAccessible(page);
  // The profile says so too.
  await page.goto('/user/profile');
  await waitForHydration(page);
  await expect(page.getByTestId('verification-status')).toHaveAttribute('data-status', 'pending');

  // --- Preferences.
  await page.setViewportSize(PHONE);
  await page.goto('/user/preferences');
  await waitForHydration(page);
  const prefs = page.getByTestId('preferences-form');
  await prefs.getByTestId('preference-categories').getByRole('checkbox').first().check();
  await prefs.getByLabel('Min price').fill('1000000');
  await prefs.getByLabel('Max price').fill('9000000');
  await prefs.getByLabel('For rent').check();
  await prefs.getByLabel('City').fill('Mumbai');
  await shot(page, 'preferences-form');
  await expectAccessible(page);
  await prefs.getByRole('button', { name: 'Save preferences' }).click();
  await expect(prefs.getByRole('button', { name: 'Clear preferences' })).toBeVisible();
  const saved = (await (await request.get('/api/personalised-fields', { headers: auth })).json()).data;
  expect(saved).toMatchObject({ price_range: [1_000_000, 9_000_000], property_type: [1], city: 'Mumbai' });
  expect(saved.category_ids).toHaveLength(1);
  await page.setViewportSize(DESKTOP);
  await shot(page, 'preferences-form');

  // Arabic, right to left.
  await page.setViewportSize(PHONE);
  await page.goto('/user/preferences?lang=ar');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'تفضيلات التوصيات' })).toBeVisible();
  await expect(page.getByTestId('preferences-form').getByLabel('للإيجار')).toBeChecked();
  await shot(page, 'preferences-ar');
});
