import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, expectAccessible, logInAs, shot, signUpByEmail, test, waitForHydration } from './fixtures.ts';

// The e2e server runs PayPal and Razorpay against the API tests' local stand-ins (scripts/e2e-payment-stand-ins.ts):
// their APIs, and the provider pages a buyer walks through.
type Payment = { id: number; package_id: number; payment_gateway: string; payment_status: string };

const plan = (page: Page, name: string) => page.getByTestId('plan').filter({ has: page.getByRole('heading', { name, exact: true }) });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function buyer(page: Page, request: APIRequestContext, name: string) {
  const session = await signUpByEmail(request, name, 'providers');
  await logInAs(page, session);
  const settings = (await (await request.get('/api/get_payment_settings', { headers: auth(session.token) })).json()).data;
  expect(settings, 'the e2e server has the sandbox, PayPal and Razorpay on').toMatchObject({ sandbox_status: '1', paypal_status: '1', razorpay_status: '1' });
  return session;
}

/** Chooses Basic on the plans page, then `provider` on the checkout (which starts with the sandbox). */
async function checkoutWith(page: Page, provider: 'PayPal' | 'Razorpay') {
  await page.goto('/subscription-plan');
  await waitForHydration(page);
  await plan(page, 'Basic').getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page).toHaveURL(/\/subscription-plan\/checkout\/\d+$/);
  const methods = page.getByRole('group', { name: 'How would you like to pay?' });
  await expect(methods.getByRole('radio', { name: 'Test card (sandbox)' })).toBeChecked();
  const sandboxCheckout = page.url();
  // Choosing another way to pay starts the checkout again: a new payment, its own address.
  await methods.getByRole('radio', { name: provider }).click();
  await expect(page).not.toHaveURL(sandboxCheckout);
  await expect(methods.getByRole('radio', { name: provider })).toBeChecked();
  return Number(/checkout\/(\d+)/.exec(page.url())![1]);
}

async function lastPayment(request: APIRequestContext, token: string): Promise<Payment> {
  return ((await (await request.get('/api/get_payment_details?limit=1', { headers: auth(token) })).json()).data as Payment[])[0];
}

test('PayPal end to end: the checkout sends the buyer to PayPal’s page, the approval comes back through the return route, the capture grants the plan', async ({ page, request }) => {
  const session = await buyer(page, request, 'Priya PayPal');
  await page.setViewportSize(PHONE);
  await checkoutWith(page, 'PayPal');
  await expect(page.getByTestId('redirect-pane')).toContainText('You will pay on PayPal’s own page, then come back here.');
  await shot(page, 'checkout-paypal');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();

  // PayPal's page (the stand-in, on its own origin): the buyer approves.
  await expect(page.getByRole('heading', { name: 'PayPal (stand-in)' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/checkoutnow');
  await page.getByRole('link', { name: 'Approve the payment' }).click();

  // Back through /api/payment-return (the order captured there), then the success view.
  const success = page.getByTestId('payment-success');
  await expect(success.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 15_000 });
  await expect(success).toContainText('Your Basic plan is active now.');
  await shot(page, 'paypal-success');
  const paid = await lastPayment(request, session.token);
  expect(paid).toMatchObject({ payment_gateway: 'paypal', payment_status: 'success' });
  const packages = (await (await request.get('/api/get-package', { headers: auth(session.token) })).json()).active_packages as { name: string }[];
  expect(packages.map((p) => p.name)).toContain('Basic');
});

test('PayPal declined: the capture is refused, the failure view says so, and a retry through PayPal pays', async ({ page, request }) => {
  const session = await buyer(page, request, 'Dev Declined');
  await page.setViewportSize(DESKTOP);
  await checkoutWith(page, 'PayPal');
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.getByRole('link', { name: 'Approve with a card that will be declined' }).click();
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await shot(page, 'paypal-declined');
  expect(await lastPayment(request, session.token)).toMatchObject({ payment_gateway: 'paypal', payment_status: 'failed' });

  // Retry: a new checkout; paying with PayPal again (approved this time) grants the plan.
  const failedUrl = page.url();
  await failed.getByRole('button', { name: 'Retry' }).click();
  const idOf = (url: string) => /checkout\/(\d+)/.exec(url)?.[1];
  await expect.poll(() => idOf(page.url())).not.toBe(idOf(failedUrl));
  await waitForHydration(page);
  const paypal = page.getByRole('group', { name: 'How would you like to pay?' }).getByRole('radio', { name: 'PayPal' });
  if (!(await paypal.isChecked())) {
    const retryUrl = page.url();
    await paypal.click();
    await expect(page).not.toHaveURL(retryUrl);
  }
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.getByRole('link', { name: 'Approve the payment' }).click();
  await expect(page.getByTestId('payment-success').getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 15_000 });
  expect(await lastPayment(request, session.token)).toMatchObject({ payment_gateway: 'paypal', payment_status: 'success' });
});

test('Razorpay end to end: the checkout posts the order to Razorpay’s hosted checkout, the buyer pays and is posted back, and the plan is granted', async ({ page, request }) => {
  const session = await buyer(page, request, 'Rahul Razorpay');
  await page.setViewportSize(PHONE);
  const firstId = await checkoutWith(page, 'Razorpay');
  const pane = page.getByTestId('razorpay-pane');
  await expect(pane).toContainText('You will pay on Razorpay’s own page, then come back here.');
  await expect(pane.getByRole('button', { name: 'Continue to Razorpay' })).toBeEnabled();
  await shot(page, 'checkout-razorpay');
  await expectAccessible(page);
  await pane.getByRole('button', { name: 'Continue to Razorpay' }).click();

  // Razorpay's hosted checkout (the stand-in): the plan and amount the server's order holds.
  await expect(page.getByRole('heading', { name: 'Razorpay (stand-in)' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/v1/checkout/embedded');
  await expect(page.getByText('Pay 999.00 INR')).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Payment successful')).toBeVisible();
  await page.getByRole('button', { name: 'Return to the merchant' }).click();

  // Posted back to /api/payment-return, which asked Razorpay's API: the success view.
  const success = page.getByTestId('payment-success');
  await expect(success.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'razorpay-success');
  const paid = await lastPayment(request, session.token);
  expect(paid).toMatchObject({ payment_gateway: 'razorpay', payment_status: 'success' });
  expect(paid.id).toBe(firstId);
});

test('Razorpay cancelled: the hosted checkout’s Cancel brings the buyer back to the failure view, with a retry', async ({ page, request }) => {
  await buyer(page, request, 'Kiran Cancel');
  await page.setViewportSize(DESKTOP);
  await checkoutWith(page, 'Razorpay');
  await page.getByTestId('razorpay-pane').getByRole('button', { name: 'Continue to Razorpay' }).click();
  await expect(page.getByRole('heading', { name: 'Razorpay (stand-in)' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/subscription-plan\/checkout\/\d+\?cancelled=1/);
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, 'razorpay-cancelled');
});
