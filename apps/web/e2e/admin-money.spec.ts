import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, test, waitForHydration } from './fixtures.ts';
import type { Session } from './listings.ts';

const ADMIN = { email: 'admin@gharbazaar.example.com', password: 'Admin@12345' };
const BRAND = '#7c2d12';

test('the administrator changes the currency and the site colour and the public site follows; a new package shows on /subscription-plan', async ({ page, request, browser }) => {
  // Many pages, each with axe and screenshots at two widths.
  test.setTimeout(180_000);
  await page.goto('/');
  const admin = (await (await request.post('/api/user_signup', { data: { type: 3, ...ADMIN } })).json()) as Session;
  const headers = { authorization: `Bearer ${admin.token}` };
  // Journeys share one database: what this one changes is put back at the end.
  const before = (await (await request.get('/api/admin/settings', { headers })).json()).data.values as Record<string, string>;
  const restore = { currency_code: before.currency_code, currency_name: before.currency_name, currency_symbol: before.currency_symbol, system_color: before.system_color, web_maintenance_mode: '0' };
  const stamp = Date.now().toString(36);
  const plan = `Journey Gold ${stamp}`;

  try {
    await logInAs(page, admin);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/settings');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    // Currency: its own section and Save.
    const currency = page.getByRole('form', { name: 'Currency and numbers' });
    await currency.getByLabel('Currency code (ISO 4217, e.g. INR)').fill('EUR');
    await currency.getByLabel('Currency name').fill('Euro');
    await currency.getByLabel('Currency symbol').fill('€');
    await shot(page, 'admin-settings');
    await expectAccessible(page);
    await currency.getByRole('button', { name: /Save/ }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();

    // A bad colour is refused with the field's message; a good one saved.
    const colours = page.getByRole('form', { name: 'Colours' });
    await colours.getByLabel('Site colour', { exact: true }).fill('orange');
    await colours.getByRole('button', { name: /Save/ }).click();
    await expect(colours.getByText('system_color must be a colour like #0f766e')).toBeVisible();
    await colours.getByLabel('Site colour', { exact: true }).fill(BRAND);
    await colours.getByRole('button', { name: /Save/ }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();

    // A secret is answered masked only.
    const mail = page.getByRole('form', { name: 'Mail and SMS' });
    await mail.getByLabel('SMTP URL (smtp://user:password@host:587)').fill('smtp://mailer:VerySecret123@mail.example:587');
    await mail.getByRole('button', { name: /Save/ }).click();
    await expect(page.getByRole('form', { name: 'Mail and SMS' }).getByText('••••:587')).toBeVisible();
    expect(await page.content()).not.toContain('VerySecret123');

    // A key the server's environment sets (the journeys' PayPal) is shown fixed, with the variable to change.
    const providers = page.getByRole('form', { name: 'Payment providers' });
    await expect(providers.getByLabel('PayPal client id')).toHaveAttribute('readonly', '');
    await expect(providers.getByText('PAYPAL_CLIENT_ID', { exact: true })).toBeVisible();
    await providers.scrollIntoViewIfNeeded();
    await shot(page, 'admin-settings-fixed-keys');

    // A new package, with features and limits.
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/packages');
    await page.getByRole('link', { name: 'New package' }).click();
    await expect(page.getByRole('heading', { name: 'New package', level: 1 })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(plan);
    await page.getByLabel('Price', { exact: true }).fill('1234');
    await page.getByLabel('Duration', { exact: true }).fill('30');
    await page.getByRole('checkbox', { name: 'List properties' }).check();
    await page.getByRole('textbox', { name: 'List properties: how many' }).fill('5');
    await page.getByRole('checkbox', { name: 'Premium properties' }).check();
    await shot(page, 'admin-package-edit');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save package' }).click();
    await expect(page).toHaveURL(/\/admin\/packages$/);
    await expect(page.getByRole('link', { name: plan, exact: true })).toBeVisible();
    await shot(page, 'admin-packages');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-packages');

    // The public site follows, for a visitor: the colour, the currency and the new plan.
    const visitorContext = await browser.newContext({ viewport: PHONE });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/subscription-plan');
    await waitForHydration(visitor);
    const card = visitor.locator('li').filter({ hasText: plan }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText('€');
    expect(await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim())).toBe(BRAND);
    await shot(visitor, 'admin-money-public-plans');

    // Payments and featured listings: tables, the CSV file.
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await shot(page, 'admin-payments');
    await expectAccessible(page);
    // "All" chosen explicitly is no filter, in the table and in the file.
    await page.getByLabel('State', { exact: true }).selectOption('all');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id,created_at,user_id,user_name,user_email,package,amount,currency,gateway,status,order_id,transaction_id,platform');
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-payments');

    await page.goto('/admin/advertisements?state=all');
    await expect(page.getByRole('heading', { name: 'Featured listings', level: 1 })).toBeVisible();
    await shot(page, 'admin-advertisements');
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-advertisements');
    await page.goto('/admin/settings');
    await waitForHydration(page);
    await shot(page, 'admin-settings');

    // The console in Arabic, right to left.
    await page.setViewportSize(PHONE);
    await page.goto('/admin/packages?lang=ar');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'الباقات', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(page, 'admin-packages-ar');
    await expectAccessible(page);
    await page.goto('/admin/settings?lang=en');
    await waitForHydration(page);

    // Maintenance mode: a visitor gets the maintenance page; the administrator works on.
    await request.post('/api/admin/settings', { headers, data: { values: { web_maintenance_mode: 1 } } });
    await visitor.goto('/properties');
    await expect(visitor.getByRole('heading', { name: 'We will be back soon', level: 1 })).toBeVisible();
    await shot(visitor, 'maintenance');
    await expectAccessible(visitor);
    await page.goto('/properties');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'We will be back soon' })).toHaveCount(0);
    await visitorContext.close();
  } finally {
    await request.post('/api/admin/settings', { headers, data: { values: { ...restore, smtp_url: '' } } });
    // The new plan leaves the shop again (never bought, so it can go): later journeys count the plans on sale.
    const made = (await (await request.get('/api/admin/packages', { headers, params: { q: plan } })).json()).data as { id: number; name: string }[] | undefined;
    for (const p of made?.filter((p) => p.name === plan) ?? []) expect((await request.delete(`/api/admin/packages/${p.id}`, { headers })).ok()).toBe(true);
  }
});
