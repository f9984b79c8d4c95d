import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, drawnPicture, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

type Session = { token: string; data: { id: number; name: string | null } };
type Category = { id: number; parameter_types: { id: number; type_of_parameter: string; type_values: string[] | null; is_required: number }[] };

const ADMIN = { type: 3, email: 'admin@gharbazaar.example.com', password: 'Admin@12345' };
const auth = (s: Session) => ({ authorization: `Bearer ${s.token}` });

/** The administrator's listings need no review: posting one puts it live, as an approval does. */
async function postListing(request: APIRequestContext, page: Page, owner: Session, fields: { title: string; city: string; price: string }) {
  const categories = (await (await request.get('/api/get_categories?limit=100')).json()).data as Category[];
  const usable = categories.filter((c) => !c.parameter_types.some((p) => p.is_required && p.type_of_parameter === 'file'));
  const category = usable.sort((a, b) => a.parameter_types.filter((p) => p.is_required).length - b.parameter_types.filter((p) => p.is_required).length)[0];
  const parameters: Record<string, string> = {};
  category.parameter_types
    .filter((p) => p.is_required)
    .forEach((p, i) => {
      parameters[`parameters[${i}][parameter_id]`] = String(p.id);
      const first = p.type_values?.[0] ?? '';
      const value = p.type_of_parameter === 'number' ? '3' : ['dropdown', 'radiobutton', 'checkbox'].includes(p.type_of_parameter) ? first : 'Sea facing';
      parameters[p.type_of_parameter === 'checkbox' ? `parameters[${i}][value][0]` : `parameters[${i}][value]`] = value;
    });
  const answer = await request.post('/api/post_property', {
    headers: auth(owner),
    multipart: {
      ...fields,
      description: 'Bright two-bedroom flat with a balcony over the park.',
      category_id: String(category.id),
      property_type: '0',
      state: 'Maharashtra',
      country: 'India',
      address: 'Park Street',
      ...parameters,
      title_image: { name: 'front.png', mimeType: 'image/png', buffer: await drawnPicture(page, 200) },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data[0] as { id: number; slug_id: string };
}

// Issue 15: a user saves a search from the results page, manages it under "Saved searches", and
// is told when a new listing matching it goes live — and again when a matching one gets cheaper.
test('a saved search alerts on a new match and on a price drop', async ({ page, request }) => {
  const city = `Alertnagar ${Date.now() % 100000}`;
  const hunter = await signUpByEmail(request, 'Kavya Iyer', 'alerts');

  await page.setViewportSize(PHONE);
  await logInAs(page, hunter);
  await page.goto(`/properties?property_type=0&city=${encodeURIComponent(city)}&max_price=9000000&search=balcony`);
  await waitForHydration(page);
  const control = page.getByTestId('save-alert');
  // The words search is on screen but not watched by an alert: the control says so.
  await expect(control.getByRole('button', { name: 'Save search & alert me' })).toHaveAccessibleDescription(/your other filters are not part of it/);
  await shot(page, 'save-search-alert');
  await control.getByRole('button', { name: 'Save search & alert me' }).click();
  await expect(page.getByTestId('alert-saved')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await shot(page, 'save-search-alert');

  // Saved searches: its filters in words, push on, the daily e-mail off until switched on.
  await page.setViewportSize(PHONE);
  await page.getByTestId('alert-saved').click();
  await expect(page).toHaveURL(/\/user\/alerts$/);
  const row = page.getByTestId('alert-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('list', { name: 'What this search watches' }).getByRole('listitem')).toHaveText(['For sale', city, /^Up to .*(90L|9M)\u2069$/]);
  await expect(row.getByTestId('alert-push')).toBeChecked();
  await expect(row.getByTestId('alert-digest')).not.toBeChecked();
  await row.getByTestId('alert-digest').check();
  await expect
    .poll(async () => ((await (await request.get('/api/search-alerts', { headers: auth(hunter) })).json()).data as { email_digest: boolean }[])[0]?.email_digest)
    .toBe(true);
  await expectAccessible(page);
  await shot(page, 'search-alerts');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'search-alerts');

  // A matching listing goes live; one elsewhere does not alert.
  const admin = (await (await request.post('/api/user_signup', { data: ADMIN })).json()) as Session;
  await postListing(request, page, admin, { title: `Somewhere else ${city}`, city: 'Pune', price: '5000000' });
  const listing = await postListing(request, page, admin, { title: `Park-view flat in ${city}`, city, price: '8800000' });
  await page.setViewportSize(PHONE);
  await page.goto('/user/notifications');
  await waitForHydration(page);
  const notices = page.getByTestId('notification-list').getByRole('listitem');
  await expect(notices.filter({ hasText: 'New listing for your search' })).toContainText(`Park-view flat in ${city}`);
  await expect(notices.filter({ hasText: `Somewhere else ${city}` })).toHaveCount(0);

  // The owner lowers the price: a second notice, and it leads to the listing.
  expect((await request.post('/api/update_post_property', { headers: auth(admin), data: { id: listing.id, price: 8000000 } })).ok()).toBe(true);
  await page.reload();
  await waitForHydration(page);
  const cheaper = notices.filter({ hasText: 'Cheaper now, for your search' });
  await expect(cheaper).toContainText(`Park-view flat in ${city}`);
  await shot(page, 'search-alert-notices');
  await cheaper.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/properties-details/${listing.slug_id}$`));

  // In Arabic the page reads right to left, and the notices are said in Arabic.
  await page.goto('/user/notifications?lang=ar');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(notices.filter({ hasText: 'عقار جديد يطابق بحثك' })).toContainText(`Park-view flat in ${city}`);
  await page.goto('/user/alerts?lang=ar');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('عمليات البحث المحفوظة');
  await expect(page.getByTestId('alert-row').getByRole('listitem').first()).toHaveText('للبيع');
  await shot(page, 'search-alerts-ar');

  // Deleting the saved search leaves the list empty.
  await page.goto('/user/alerts?lang=en');
  await waitForHydration(page);
  await page.getByTestId('alert-row').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('alert-row')).toHaveCount(0);
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
});
