import { STORAGE_KEYS } from '@estate/core';
import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, expect, expectAccessible, PHONE, shot, test, waitForHydration } from './fixtures.ts';

/** The newest one-time code the outbox holds for `to` (the embedded mailbox, /dev/mailbox). */
async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  // Some codes are sent just after their answer (forgot-password): wait for the message.
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=1`);
      expect(answer.ok()).toBe(true);
      const [message] = (await answer.json()).data as { body: string }[];
      code = message?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    }, { message: `a code in the mail to ${to}` })
    .toBeTruthy();
  return code!;
}

/** A 256×256 picture drawn by the browser itself: nothing from outside the machine. */
async function portrait(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 256;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 256, 256);
    gradient.addColorStop(0, '#0f766e');
    gradient.addColorStop(1, '#f59e0b');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 256, 256);
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.arc(128, 100, 48, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

test('sign up, verify, complete the profile, log out, and land back after logging in', async ({ page, request }) => {
  const email = `journey.${Date.now()}@example.com`;
  const password = 'Journey@2026';

  await page.setViewportSize(DESKTOP);
  await page.goto('/signup');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await shot(page, 'signup');
  await expectAccessible(page);

  // The form checks as the user types, with the server's own rules.
  const emailBox = page.getByLabel('E-mail');
  await emailBox.fill('not-an-address');
  await emailBox.blur();
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await emailBox.fill(email);
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeHidden();
  await page.getByLabel('Full name').fill('Meera Journey');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('Something@else1');
  await page.getByLabel('Confirm password').blur();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create an account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
  // A wrong code is refused with the server's words and nothing is lost.
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
  await expect(page.getByText('The code is wrong. 4 tries left.')).toBeVisible();
  await page.getByLabel('Code').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Verify e-mail' }).click();

  // Logged in; a new account goes on to its profile, which says what is missing.
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const missing = page.getByRole('note');
  await expect(missing).toContainText('Mobile number');
  await expect(missing).toContainText('Profile image');
  await expect(missing).toContainText('Address');
  await expect(page.getByRole('button', { name: /Meera Journey/ })).toBeVisible();
  await shot(page, 'profile-incomplete');
  await expectAccessible(page);

  await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await portrait(page) });
  await expect(page.getByRole('img', { name: 'Your profile image' })).toBeVisible();
  await page.getByLabel('Mobile number').fill('+91 98200 4' + String(Date.now()).slice(-5));
  await page.getByLabel('Address').fill('14 Hill Road, Bandra West, Mumbai');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
  await expect(page.getByText('Your profile is complete.')).toBeVisible();
  // The picture now comes from the server, re-encoded.
  await expect(page.getByRole('img', { name: 'Your profile image' })).toHaveAttribute('src', /\/media\/.+\.webp$/);
  await shot(page, 'profile-complete');

  // The session survives a reload.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: /Meera Journey/ })).toBeVisible();

  await page.getByRole('button', { name: /Meera Journey/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  // A protected page sends a visitor to log in, remembering where they were.
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.redirectAfterLogin)).toBe('/user/profile');
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/password/i).and(page.locator('[aria-live]'))).not.toHaveCount(0);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('Address')).toHaveValue('14 Hill Road, Bandra West, Mumbai');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.redirectAfterLogin)).toBeNull();
});

test('a token the server no longer accepts logs the user out and sends them to log in (spec §8)', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  // A session the server does not know, as after a reset elsewhere.
  await page.evaluate(() =>
    localStorage.setItem(
      'root',
      JSON.stringify({ user: { token: 'expired-token-0000000000', data: { id: 999999, name: 'Gone', email: 'gone@example.com', profile: null, missing_profile_fields: [] } } }),
    ),
  );
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  // No toast for a 401.
  await expect(page.getByText('Authentication failed. Please login to continue.')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').user)).toBeNull();
});

test('the account pages work at phone width', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const [path, name] of [
    ['/login', 'login'],
    ['/signup', 'signup'],
    ['/forgot-password', 'forgot-password'],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    await shot(page, name);
    await expectAccessible(page);
  }
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await shot(page, 'login');
});

test('forgot password: a code by e-mail sets a new password', async ({ page, request }) => {
  await page.goto('/forgot-password');
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill('demo@gharbazaar.example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we sent it a code' })).toBeVisible();
  await page.getByLabel('Code').fill(await latestCode(request, 'demo@gharbazaar.example.com'));
  await page.getByLabel('New password').fill('Demo@12345');
  await page.getByLabel('Confirm password').fill('Demo@12345');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).last().click();
  await page.getByLabel('E-mail').fill('demo@gharbazaar.example.com');
  await page.getByLabel('Password').fill('Demo@12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Priya Sharma' })).toBeVisible();
});

test('Continue with Google (a local stand-in of Google): a cancel says so, a chosen account logs in and lands back', async ({ page }) => {
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/auth\/google$/);
  await expect(page.getByText('Google sign-in was cancelled.')).toBeVisible();
  await shot(page, 'google-cancelled');

  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: /Gauri Google/ }).click();
  // Back where the 401 sent the visitor from, logged in as the Google account; the token is gone from the address.
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('Full name')).toHaveValue('Gauri Google');
  await expect(page.getByLabel('E-mail')).toHaveValue('gauri.google@example.com');
  expect(page.url()).not.toContain('id_token');

  // An answer this tab did not ask for (replayed, or for another request) is refused.
  await page.getByRole('button', { name: /Gauri Google/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/auth/google#id_token=a.b.c&state=forged');
  await expect(page.getByText('This Google sign-in was not started here or has expired. Please try again.')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').user ?? null)).toBeNull();
});

test('deleting the account from the profile ends the session and leaves for the home page', async ({ page, request }) => {
  // A fresh account: registered and verified through the API, then logged in through the page.
  const email = `leaving.${Date.now()}@example.com`;
  const password = 'Leaving@12345';
  expect((await request.post('/api/user-register', { data: { name: 'Lena Leaving', email, password, re_password: password } })).ok()).toBe(true);
  expect((await request.get(`/api/verify-otp?email=${encodeURIComponent(email)}&otp=${await latestCode(request, email)}`)).ok()).toBe(true);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);

  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  // The dialog opens on Cancel; Escape closes it without deleting anything.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await section.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();

  // Home, logged out — not the log-in page a members-only page would send an expired session to.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').user ?? null)).toBeNull();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  // The account is gone: its password no longer logs in.
  const login = await request.post('/api/user_signup', { data: { type: 3, email, password } });
  expect(login.ok()).toBe(false);
});
