import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, expectAccessible, shot, test, waitForHydration } from './fixtures.ts';

/** A new e-mail account, signed up and verified through the API (the code from /dev/mailbox); answers its session. */
async function signUp(request: APIRequestContext) {
  const email = `packages-${Date.now()}@example.com`;
  const password = 'Packages#123';
  const registered = await request.post('/api/user-register', { data: { name: 'Neha Kulkarni', email, password, re_password: password } });
  expect(registered.ok()).toBe(true);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [message] = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}&limit=1`)).json()).data as { body: string }[];
      code = message?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  const verified = await request.get(`/api/verify-otp?email=${encodeURIComponent(email)}&otp=${code}`);
  expect(verified.ok()).toBe(true);
  return (await verified.json()) as { token: string; data: { id: number } };
}

async function logIn(page: Page, session: { token: string; data: unknown }) {
  await page.goto('/');
  await page.evaluate((s) => localStorage.setItem('root', JSON.stringify({ user: { token: s.token, data: s.data } })), session);
}

test('a new account holds the sign-up package: My package shows what is left, and a missing feature’s pop-up leads to the plans', async ({ page, request }) => {
  const session = await signUp(request);
  await logIn(page, session);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/user/profile');
    await waitForHydration(page);
    const panel = page.getByTestId('my-package');
    await expect(panel.getByRole('heading', { name: 'My package' })).toBeVisible();
    // The demo's sign-up package: two listings and the full mortgage breakdown, for 30 days.
    await expect(panel.getByRole('heading', { name: 'Free' })).toBeVisible();
    const ends = new Date(Date.now() + 720 * 3_600_000).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' });
    await expect(panel.getByText(`until ${ends}`, { exact: true })).toBeVisible();
    await expect(panel.getByTestId('left-property_list')).toHaveText('2 of 2 left');
    await expect(panel.getByTestId('left-mortgage_calculator_detail')).toHaveText('Unlimited');
    await expect(panel.getByRole('button', { name: /^Get it/ })).toHaveCount(5);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'my-package');
    await expectAccessible(page);

    // A feature the package lacks: the server is asked, says no, and the pop-up names that feature.
    const asked = page.waitForResponse((r) => r.url().includes('/api/check-package-limit?type=property_feature'));
    await panel.getByRole('button', { name: 'Get it: Featured properties' }).click();
    expect((await (await asked).json()).data).toEqual({ package_available: true, feature_available: false, limit_available: false });
    const dialog = page.getByRole('dialog', { name: 'Feature not available' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('Property feature limit or package not available');
    await shot(page, 'feature-unavailable');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }

  // Each type has its own message; confirming goes to the plans page.
  const panel = page.getByTestId('my-package');
  await panel.getByRole('button', { name: 'Get it: Project access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature not available' });
  await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('Project access limit or package not available');
  await dialog.getByRole('button', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/);
});

test('My package and the feature pop-up in Hindi', async ({ page, request }) => {
  const session = await signUp(request);
  await logIn(page, session);
  await page.setViewportSize(PHONE);
  await page.goto('/user/profile?lang=hi');
  await waitForHydration(page);
  const panel = page.getByTestId('my-package');
  await expect(panel.getByRole('heading', { name: 'मेरा पैकेज' })).toBeVisible();
  await expect(panel.getByTestId('left-property_list')).toHaveText('2 में से 2 बाकी');
  await panel.getByRole('button', { name: 'पाएँ: प्रोजेक्ट लिस्टिंग' }).click();
  const dialog = page.getByRole('dialog', { name: 'सुविधा उपलब्ध नहीं है' });
  await expect(dialog.getByTestId('feature-unavailable-message')).toHaveText('प्रोजेक्ट लिस्टिंग की सीमा या पैकेज उपलब्ध नहीं है');
  await shot(page, 'feature-unavailable-hi');
  await expectAccessible(page);
});
