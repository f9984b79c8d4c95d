// Issue 14 "Done means": each real payment provider against a local stand-in of its HTTP API,
// through the whole app — a success grants the package once, however often its webhook is
// replayed; a decline fails the payment; forged or altered webhooks are refused (400) and change
// nothing; refunds end the package (a partial one does not); returns racing webhooks grant once;
// and no secret key reaches an answer or a log line. Runs on PGlite and on PostgreSQL.
import type { PaymentProviderName } from '@estate/core';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { LIVE_CONFIG_MAX_AGE_MS } from '../src/modules/admin/live-config.ts';
import { SecretBox } from '../src/platform/secret-box.ts';
import { createUserWithToken } from './factories.ts';
import { createTestApp, rows, type ApiResponse, type TestApp } from './harness.ts';
import { startPaymentStandIns, type SignedWebhook } from './payment-stand-ins.ts';

let t: TestApp;
let standIns: Awaited<ReturnType<typeof startPaymentStandIns>>;
let paid: { id: number; price: string };
const logLines: string[] = [];
/** Every answer the app gave in this file, headers and body, for the secrets check at the end. */
const answers: string[] = [];

beforeAll(async () => {
  standIns = await startPaymentStandIns();
  t = await createTestApp({ ...standIns.env, LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
  [paid] = await rows<{ id: number; price: string }>(t.db, sql`select id, price::text as price from packages where package_type = 'paid' and is_active order by price limit 1`);
});
afterAll(async () => {
  await t?.close();
  await standIns?.close();
});

interface Intent {
  payment_transaction_id: number;
  gateway: string;
  id: string;
  amount: number;
  currency: string;
  status: string;
  client_secret: string | null;
  checkout_url: string | null;
  public_key: string | null;
}

async function call(opts: InjectOptions): Promise<ApiResponse> {
  const res = await t.request(opts);
  answers.push(JSON.stringify(res.raw.headers), res.raw.body);
  return res;
}
const deliver = (gateway: string, webhook: SignedWebhook) => call({ method: 'POST', url: `/api/webhooks/${gateway}`, payload: webhook.body, headers: webhook.headers });
const statusOf = async (intent: Intent, auth: Record<string, string>) => (await call({ method: 'GET', url: '/api/payment-status', query: { payment_transaction_id: String(intent.payment_transaction_id) }, headers: auth })).body.data.payment_status as string;
const held = async (userId: number) => (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from user_packages where user_id = ${userId} and package_id = ${paid.id} and end_date > now()`))[0].n;
const returnFrom = (intent: Intent) => call({ method: 'GET', url: `/api/payment-return/${intent.payment_transaction_id}?status=ok&token=${encodeURIComponent(intent.id)}` });

async function start(gateway: PaymentProviderName, auth: Record<string, string>): Promise<Intent> {
  const res = await call({ method: 'POST', url: '/api/create-payment-intent', headers: auth, payload: { package_id: paid.id, platform_type: 'web', payment_method: gateway } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const intent = res.body.data.payment_intent as Intent;
  expect(intent).toMatchObject({ gateway, status: 'pending', amount: Math.round(Number(paid.price) * 100), currency: expect.stringMatching(/^[A-Z]{3}$/) });
  return intent;
}

/** What the test does with each provider: the buyer's outcomes on the stand-in, and the webhooks that report them. */
interface Driver {
  gateway: PaymentProviderName;
  statusKey: string;
  keyField: string;
  publicKey: () => string;
  /** The provider's own record of the amount it was asked to take, in minor units. */
  askedMinor: (intent: Intent) => number;
  /** The buyer pays; the signed webhook that reports it (not yet delivered). */
  succeed: (intent: Intent) => SignedWebhook;
  /** The buyer's payment is declined; the failure reaches the app (a webhook, or the return route where no webhook exists). */
  fail: (intent: Intent) => Promise<void>;
  /** The same event signed with a key that is not the provider's. */
  resign: (webhook: SignedWebhook) => SignedWebhook;
  signatureHeaders: string[];
  /** Whether the signature covers the body's bytes (Flutterwave's verif-hash does not: it re-verifies instead). */
  signsBody: boolean;
  refund?: (intent: Intent, full: boolean) => SignedWebhook;
}

const drivers: Driver[] = [
  {
    gateway: 'stripe',
    statusKey: 'stripe_status',
    keyField: 'stripe_publishable_key',
    publicKey: () => standIns.stripe.keys.publishable,
    askedMinor: (intent) => standIns.stripe.intents.get(intent.id)!.amount,
    succeed: (intent) => standIns.stripe.pay(intent.id, 'succeeded'),
    fail: async (intent) => void expect((await deliver('stripe', standIns.stripe.pay(intent.id, 'declined'))).status).toBe(200),
    resign: (w) => standIns.stripe.sign(JSON.parse(w.body.toString()), 'whsec_not_the_endpoint_secret'),
    signatureHeaders: ['stripe-signature'],
    signsBody: true,
    refund: (intent, full) => standIns.stripe.refund(intent.id, full ? undefined : 100),
  },
  {
    gateway: 'paypal',
    statusKey: 'paypal_status',
    keyField: 'paypal_client_id',
    publicKey: () => standIns.paypal.keys.clientId,
    askedMinor: (intent) => Math.round(Number(standIns.paypal.orders.get(intent.id)!.amount.value) * 100),
    // Approved on PayPal's page: the CHECKOUT.ORDER.APPROVED webhook captures it.
    succeed: (intent) => standIns.paypal.approve(intent.id, 'COMPLETED'),
    fail: async (intent) => void expect((await deliver('paypal', standIns.paypal.approve(intent.id, 'DECLINED'))).status).toBe(200),
    resign: (w) => standIns.paypal.sign(JSON.parse(w.body.toString()), 'WH-ANOTHER-WEBHOOK'),
    signatureHeaders: ['paypal-transmission-sig'],
    signsBody: true,
    refund: (intent, full) => standIns.paypal.refund(intent.id, full),
  },
  {
    gateway: 'flutterwave',
    statusKey: 'flutterwave_status',
    keyField: 'flutterwave_public_key',
    publicKey: () => standIns.flutterwave.keys.public,
    askedMinor: (intent) => Math.round(standIns.flutterwave.byRef.get(intent.id)!.amount * 100),
    succeed: (intent) => standIns.flutterwave.pay(intent.id, 'successful'),
    fail: async (intent) => void expect((await deliver('flutterwave', standIns.flutterwave.pay(intent.id, 'failed'))).status).toBe(200),
    resign: (w) => standIns.flutterwave.sign(JSON.parse(w.body.toString()), 'not-the-secret-hash'),
    signatureHeaders: ['verif-hash'],
    signsBody: false,
  },
  {
    gateway: 'razorpay',
    statusKey: 'razorpay_status',
    keyField: 'razorpay_key',
    publicKey: () => standIns.razorpay.keys.keyId,
    askedMinor: (intent) => standIns.razorpay.orders.get(intent.id)!.amount,
    succeed: (intent) => standIns.razorpay.pay(intent.id, 'captured'),
    fail: async (intent) => void expect((await deliver('razorpay', standIns.razorpay.pay(intent.id, 'failed'))).status).toBe(200),
    resign: (w) => standIns.razorpay.sign(JSON.parse(w.body.toString()), 'not-the-webhook-secret'),
    signatureHeaders: ['x-razorpay-signature'],
    signsBody: true,
    refund: (intent, full) => standIns.razorpay.refund(intent.id, full ? undefined : 100),
  },
  {
    gateway: 'paystack',
    statusKey: 'paystack_status',
    keyField: 'paystack_public_key',
    publicKey: () => standIns.paystack.keys.public,
    askedMinor: (intent) => standIns.paystack.transactions.get(intent.id)!.amount,
    succeed: (intent) => standIns.paystack.pay(intent.id, 'success')!,
    // Paystack sends no webhook for a failed charge: the buyer's return asks its verify call.
    fail: async (intent) => {
      expect(standIns.paystack.pay(intent.id, 'failed')).toBeNull();
      expect((await returnFrom(intent)).status).toBe(200);
    },
    resign: (w) => standIns.paystack.sign(JSON.parse(w.body.toString()), 'sk_test_not_the_secret_key'),
    signatureHeaders: ['x-paystack-signature'],
    signsBody: true,
    refund: (intent, full) => standIns.paystack.refund(intent.id, full ? undefined : 100),
  },
];

describe.each(drivers)('$gateway', (driver) => {
  it('is on in get_payment_settings with its public key only', async () => {
    const { auth } = await createUserWithToken(t.db);
    const res = await call({ method: 'GET', url: '/api/get_payment_settings', headers: auth });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ [driver.statusKey]: '1', [driver.keyField]: driver.publicKey(), sandbox_status: '0' });
    // The original clients read Stripe's key from web-settings too.
    if (driver.gateway === 'stripe') expect((await call({ method: 'GET', url: '/api/web-settings' })).body.data.stripe_publishable_key).toBe(driver.publicKey());
  });

  it('takes the amount from the package, grants it once on success, and 100 replays of the webhook change nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start(driver.gateway, auth);
    expect(driver.askedMinor(intent)).toBe(intent.amount);
    expect(intent.public_key).toBe(driver.publicKey());
    const webhook = driver.succeed(intent);
    expect((await deliver(driver.gateway, webhook)).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('success');
    expect(await held(user.id)).toBe(1);
    for (let i = 0; i < 100; i++) expect((await deliver(driver.gateway, webhook)).status).toBe(200);
    expect(await held(user.id)).toBe(1);
    const [payment] = await rows<{ transaction_id: string | null; moves: number }>(
      t.db,
      sql`select p.transaction_id, (select count(*)::int from payment_events e where e.payment_id = p.id and e.to_status is not null) as moves from payments p where p.id = ${intent.payment_transaction_id}`,
    );
    expect(payment).toMatchObject({ transaction_id: expect.any(String), moves: 1 });
  });

  it('fails the payment on a decline and grants nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start(driver.gateway, auth);
    await driver.fail(intent);
    expect(await statusOf(intent, auth)).toBe('failed');
    expect(await held(user.id)).toBe(0);
  });

  it('refuses a forged, re-signed, unsigned or altered webhook with 400 and changes nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start(driver.gateway, auth);
    const genuine = driver.succeed(intent);
    const unsigned = { body: genuine.body, headers: Object.fromEntries(Object.entries(genuine.headers).filter(([k]) => !driver.signatureHeaders.includes(k))) };
    const garbled = { body: genuine.body, headers: { ...genuine.headers, ...Object.fromEntries(driver.signatureHeaders.map((h) => [h, `${genuine.headers[h].slice(0, -4)}AAAA`])) } };
    const forgeries = [driver.resign(genuine), unsigned, garbled];
    if (driver.signsBody) forgeries.push({ body: Buffer.from(JSON.stringify({ ...JSON.parse(genuine.body.toString()), tampered: true })), headers: genuine.headers });
    for (const forged of forgeries) {
      const res = await deliver(driver.gateway, forged);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, message: 'The event could not be verified.' });
    }
    // Another provider's route does not take this provider's events either.
    const elsewhere = drivers.find((d) => d.gateway !== driver.gateway)!.gateway;
    expect((await deliver(elsewhere, genuine)).status).toBe(400);
    expect(await statusOf(intent, auth)).toBe('pending');
    expect(await held(user.id)).toBe(0);
  });

  it.runIf(driver.refund)('ends the package on a full refund and keeps it on a partial one', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start(driver.gateway, auth);
    expect((await deliver(driver.gateway, driver.succeed(intent))).status).toBe(200);
    expect(await held(user.id)).toBe(1);
    expect((await deliver(driver.gateway, driver.refund!(intent, false))).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('success');
    expect(await held(user.id)).toBe(1);
    expect((await deliver(driver.gateway, driver.refund!(intent, true))).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('refunded');
    expect(await held(user.id)).toBe(0);
    // A late replay of the success moves nothing backwards.
    expect((await deliver(driver.gateway, driver.succeed(intent))).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('refunded');
  });

  it('answers 502, with no key in it, when the provider refuses the server', async () => {
    const { auth } = await createUserWithToken(t.db);
    const keys = standIns[driver.gateway as Exclude<PaymentProviderName, 'sandbox'>].keys as Record<string, string>;
    const field = { stripe: 'secret', paypal: 'clientSecret', flutterwave: 'secret', razorpay: 'keySecret', paystack: 'secret' }[driver.gateway as string]!;
    const real = keys[field];
    keys[field] = `${real}-rotated`;
    // PayPal's access token was issued before: it goes too, as when credentials are revoked.
    standIns.paypal.revokeTokens();
    try {
      const res = await call({ method: 'POST', url: '/api/create-payment-intent', headers: auth, payload: { package_id: paid.id, payment_method: driver.gateway } });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: true, message: 'The payment provider could not be reached. Please try again.' });
    } finally {
      keys[field] = real;
    }
  });
});

describe('PayPal', () => {
  it('GET paypal answers a page (no script) that sends the browser to the approval link, whatever amount is sent', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const res = await call({ method: 'GET', url: '/api/paypal', query: { package_id: String(paid.id), amount: '1' }, headers: auth });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toMatch(/^text\/html/);
    expect(res.raw.headers['cache-control']).toBe('no-store');
    expect(res.raw.headers['content-security-policy']).not.toContain("'unsafe-inline'; script");
    const [payment] = await rows<{ order_id: string; amount: string }>(t.db, sql`select order_id, amount::text as amount from payments where user_id = ${user.id}`);
    expect(Number(payment.amount)).toBe(Number(paid.price));
    const approve = `${standIns.paypal.url}/checkoutnow?token=${payment.order_id}`;
    expect(res.raw.body).toContain(`<meta http-equiv="refresh" content="0;url=${approve}">`);
    expect(res.raw.body).toContain(`<a href="${approve}"`);
    expect(res.raw.body).not.toContain('<script');
    expect((await call({ method: 'GET', url: '/api/paypal', query: { package_id: String(paid.id) } })).status).toBe(401);
  });

  it('captures on the buyer’s return from PayPal’s verified answer; the capture’s webhook and a racing approval grant nothing more', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start('paypal', auth);
    const order = standIns.paypal.orders.get(intent.id)!;
    expect(order.returnUrl).toMatch(new RegExp(`^https?://[^/]+/api/payment-return/${intent.payment_transaction_id}$`));
    const approved = standIns.paypal.approve(intent.id, 'COMPLETED');
    // The browser comes back three times (reloads) while PayPal's approval webhook arrives twice.
    const results = await Promise.all([returnFrom(intent), returnFrom(intent), returnFrom(intent), deliver('paypal', approved), deliver('paypal', approved)]);
    for (const r of results) expect(r.status).toBe(200);
    expect(results[0].raw.body).toContain(`content="0;url=/subscription-plan/checkout/${intent.payment_transaction_id}"`);
    expect(await statusOf(intent, auth)).toBe('success');
    expect(await held(user.id)).toBe(1);
    expect((await deliver('paypal', standIns.paypal.captureEvent(intent.id))).status).toBe(200);
    expect(await held(user.id)).toBe(1);
    expect(standIns.paypal.calls.filter((c) => c.path.endsWith('/capture')).length).toBeGreaterThan(0);
  });

  it('leaves the payment pending when the buyer returns without approving, and fails it on PAYMENT.CAPTURE.DENIED', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start('paypal', auth);
    expect((await returnFrom(intent)).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('pending');
    standIns.paypal.approve(intent.id, 'DECLINED');
    const order = standIns.paypal.orders.get(intent.id)!;
    // Captured elsewhere (the provider's dashboard): only the DENIED webhook reports it.
    order.capture = { id: 'CAPDENIED1', status: 'DECLINED', amount: order.amount, supplementary_data: { related_ids: { order_id: order.id } } };
    expect((await deliver('paypal', standIns.paypal.captureEvent(intent.id))).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('failed');
    expect(await held(user.id)).toBe(0);
  });

  it('answers 200 to verified events it does not act on, and changes nothing', async () => {
    const { auth } = await createUserWithToken(t.db);
    const intent = await start('paypal', auth);
    const other = standIns.paypal.sign(standIns.paypal.event('BILLING.SUBSCRIPTION.CREATED', 'subscription', { id: 'I-STANDIN' }));
    expect((await deliver('paypal', other)).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('pending');
  });
});

describe('Flutterwave', () => {
  it('POST flutterwave answers the hosted checkout link for the package', async () => {
    const { auth } = await createUserWithToken(t.db);
    const res = await call({ method: 'POST', url: '/api/flutterwave', headers: auth, payload: { package_id: paid.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.link).toMatch(new RegExp(`^${standIns.flutterwave.url}/v3/hosted/pay/`));
    expect(res.body.data.payment_intent).toMatchObject({ gateway: 'flutterwave', checkout_url: res.body.data.link, public_key: standIns.flutterwave.keys.public });
    expect(res.body.data.payment_transaction.amount).toBe(Number(paid.price));
  });

  it('counts only what its verify call says: a body claiming success over a failed charge, or a smaller sum, grants nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start('flutterwave', auth);
    const failed = standIns.flutterwave.pay(intent.id, 'failed');
    const lie = standIns.flutterwave.sign({ ...JSON.parse(failed.body.toString()), data: { ...JSON.parse(failed.body.toString()).data, status: 'successful' } });
    expect((await deliver('flutterwave', lie)).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('failed');
    expect(await held(user.id)).toBe(0);

    const second = await start('flutterwave', auth);
    const short = standIns.flutterwave.pay(second.id, 'successful', 1);
    expect((await deliver('flutterwave', short)).status).toBe(200);
    expect(await statusOf(second, auth)).toBe('failed');
    expect(await held(user.id)).toBe(0);
  });

  it('settles on the buyer’s return through verify_by_reference, and the later webhook grants nothing more', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start('flutterwave', auth);
    const webhook = standIns.flutterwave.pay(intent.id, 'successful');
    expect((await returnFrom(intent)).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('success');
    expect((await deliver('flutterwave', webhook)).status).toBe(200);
    expect(await held(user.id)).toBe(1);
  });
});

describe('Razorpay', () => {
  it('grants once for payment.captured, order.paid and the return racing each other', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start('razorpay', auth);
    const captured = standIns.razorpay.pay(intent.id, 'captured');
    const paidEvent = standIns.razorpay.orderPaid(intent.id);
    const results = await Promise.all([deliver('razorpay', captured), deliver('razorpay', paidEvent), returnFrom(intent), deliver('razorpay', captured)]);
    for (const r of results) expect(r.status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('success');
    expect(await held(user.id)).toBe(1);
  });
});

describe('Razorpay hosted checkout', () => {
  /** What Razorpay's hosted page posts to the callback_url after the buyer paid (or not). */
  const postBack = (intent: Intent, fields: Record<string, string>) =>
    call({ method: 'POST', url: `/api/payment-return/${intent.payment_transaction_id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  it('answers the hosted checkout to post the form to, and the buyer posted back after paying gets the package once', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start('razorpay', auth);
    expect(intent.checkout_url).toBe(`${standIns.razorpay.url}/v1/checkout/embedded`);
    expect(intent.public_key).toBe(standIns.razorpay.keys.keyId);
    // Nothing paid yet: the post-back settles nothing.
    expect((await postBack(intent, { 'error[code]': 'BAD_REQUEST_ERROR', 'error[description]': 'Payment cancelled' })).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('pending');
    const captured = standIns.razorpay.pay(intent.id, 'captured');
    const payment = standIns.razorpay.orders.get(intent.id)!.payments[0];
    const back = await postBack(intent, { razorpay_payment_id: payment.id, razorpay_order_id: intent.id, razorpay_signature: 'not-checked-the-api-is-asked' });
    expect(back.status).toBe(200);
    expect(back.raw.headers['content-type']).toMatch(/^text\/html/);
    expect(back.raw.body).toContain(`/subscription-plan/checkout/${intent.payment_transaction_id}`);
    expect(await statusOf(intent, auth)).toBe('success');
    // The webhook after it and a second post-back are replays.
    expect((await deliver('razorpay', captured)).status).toBe(200);
    expect((await postBack(intent, { razorpay_payment_id: payment.id, razorpay_order_id: intent.id })).status).toBe(200);
    expect(await held(user.id)).toBe(1);
  });

  it('lets pages post forms to Razorpay’s origin only when Razorpay is configured', async () => {
    const formAction = (res: ApiResponse) => /form-action ([^;]+)/.exec(String(res.raw.headers['content-security-policy']))?.[1].split(' ');
    expect(formAction(await call({ method: 'GET', url: '/api/web-settings' }))).toEqual(["'self'", new URL(standIns.razorpay.url).origin]);
    const plain = await createTestApp();
    try {
      expect(formAction(await plain.get('/api/web-settings'))).toEqual(["'self'"]);
    } finally {
      await plain.close();
    }
  });
});

describe('Paystack', () => {
  it('settles on the buyer’s return through its verify call; the charge.success webhook after it grants nothing more', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await start('paystack', auth);
    expect(intent.checkout_url).toMatch(new RegExp(`^${standIns.paystack.url}/checkout/`));
    const webhook = standIns.paystack.pay(intent.id, 'success')!;
    expect((await returnFrom(intent)).status).toBe(200);
    expect(await statusOf(intent, auth)).toBe('success');
    expect((await deliver('paystack', webhook)).status).toBe(200);
    expect(await held(user.id)).toBe(1);
  });

  it('answers 200 to verified events it does not act on', async () => {
    const other = standIns.paystack.sign({ event: 'transfer.success', data: { reference: 'x' } });
    expect((await deliver('paystack', other)).status).toBe(200);
  });
});

describe('the return route', () => {
  it('answers 404 for a payment that does not exist, and a page for the sandbox’s (nothing to ask)', async () => {
    expect((await call({ method: 'GET', url: '/api/payment-return/999999999' })).status).toBe(404);
  });
});

describe('secrets', () => {
  it('never appear in an answer or a log line', () => {
    expect(answers.length).toBeGreaterThan(500);
    expect(logLines.length).toBeGreaterThan(0);
    const everything = `${answers.join('\n')}\n${logLines.join('\n')}`;
    for (const secret of standIns.secrets) expect(everything.includes(secret), `a secret of ${secret.slice(0, 6)}… leaked`).toBe(false);
  });
});

describe('keys saved in the console (no restart; the environment wins)', () => {
  const stripeKeys = () => ({ stripe_secret_key: standIns.stripe.keys.secret, stripe_publishable_key: standIns.stripe.keys.publishable, stripe_webhook_secret: standIns.stripe.keys.webhook });

  it('sell through the new adapter from the next payment on, and removing them brings the sandbox back', async () => {
    const app = await createTestApp({ STRIPE_API_URL: standIns.stripe.url });
    try {
      const admin = await createUserWithToken(app.db, { role: 'admin' });
      const buyer = await createUserWithToken(app.db);
      const payments = async () => (await app.get('/api/get_payment_settings', {}, buyer.auth)).body.data;
      const save = (values: Record<string, string>) => app.request({ method: 'POST', url: '/api/admin/settings', headers: admin.auth, payload: { values } });
      // The checkout's pages may load Stripe's Payment Element only while Stripe sells.
      const csp = async () => String((await app.get('/api/web-settings')).raw.headers['content-security-policy']);
      expect(await payments()).toMatchObject({ stripe_status: '0', sandbox_status: '1' });
      expect(await csp()).not.toContain('https://js.stripe.com');
      expect((await app.get('/api/admin/settings', {}, admin.auth)).body.data.from_environment).toEqual([]);

      const saved = await save(stripeKeys());
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await payments()).toMatchObject({ stripe_status: '1', stripe_publishable_key: standIns.stripe.keys.publishable, sandbox_status: '0' });
      expect((await app.get('/api/web-settings')).body.data.stripe_publishable_key).toBe(standIns.stripe.keys.publishable);
      expect(await csp()).toContain('https://js.stripe.com');
      const started = await app.request({ method: 'POST', url: '/api/create-payment-intent', headers: buyer.auth, payload: { package_id: paid.id, platform_type: 'web', payment_method: 'stripe' } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const intent = started.body.data.payment_intent as Intent;
      // The stand-in took it with the key the console saved.
      expect(standIns.stripe.intents.has(intent.id)).toBe(true);
      const webhook = standIns.stripe.pay(intent.id, 'succeeded');
      expect((await app.request({ method: 'POST', url: '/api/webhooks/stripe', payload: webhook.body, headers: webhook.headers })).status).toBe(200);
      const status = await app.get('/api/payment-status', { payment_transaction_id: intent.payment_transaction_id }, buyer.auth);
      expect(status.body.data.payment_status).toBe('success');

      expect((await save({ stripe_secret_key: '', stripe_publishable_key: '', stripe_webhook_secret: '' })).status).toBe(200);
      expect(await payments()).toMatchObject({ stripe_status: '0', sandbox_status: '1' });
      expect((await app.get('/api/web-settings')).body.data.stripe_publishable_key).not.toBe(standIns.stripe.keys.publishable);
      expect(await csp()).not.toContain('https://js.stripe.com');
    } finally {
      await app.close();
    }
  });

  it('reach another instance: with its settings invalidation at once, else on a request once the keys it holds are old', async () => {
    const app = await createTestApp({ STRIPE_API_URL: standIns.stripe.url, PUBLIC_CACHE_SECONDS: '60' });
    try {
      const buyer = await createUserWithToken(app.db);
      const stripeOn = async () => (await app.get('/api/get_payment_settings', {}, buyer.auth)).body.data.stripe_status;
      // What another instance's console writes: the keys, sealed, in the shared settings table.
      const box = SecretBox.fromConfig(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }));
      const write = async (values: Record<string, string> | null) => {
        await app.db.execute(sql`delete from settings where key like 'secret.stripe_%'`);
        for (const [key, value] of Object.entries(values ?? {})) await app.db.execute(sql`insert into settings (key, value) values (${`secret.${key}`}, ${box.seal(key, value)})`);
      };
      await write(stripeKeys());
      expect(await stripeOn()).toBe('0');
      // Its invalidation arrives (through Redis in production): the keys are read again.
      app.services.pages!.invalidate(['site']);
      await expect.poll(stripeOn).toBe('1');
      // Without one, a request reads them again once they are older than LIVE_CONFIG_MAX_AGE_MS.
      await write(null);
      expect(await stripeOn()).toBe('1');
      vi.useFakeTimers({ now: Date.now() + LIVE_CONFIG_MAX_AGE_MS + 1, toFake: ['Date'] });
      try {
        expect(await stripeOn()).toBe('0');
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await app.close();
    }
  });

  it('the environment wins: its keys are shown as fixed and a new one is refused with the reason', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const read = (await t.get('/api/admin/settings', {}, admin.auth)).body.data;
    expect(read.from_environment).toEqual(expect.arrayContaining(['stripe_secret_key', 'stripe_publishable_key', 'stripe_webhook_secret', 'razorpay_key_id', 'paypal_client_id']));
    const refused = await t.request({ method: 'POST', url: '/api/admin/settings', headers: admin.auth, payload: { values: { stripe_secret_key: 'sk_test_NotTheEnvironments1' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.stripe_secret_key).toEqual(['stripe_secret_key is set by the server’s environment (STRIPE_SECRET_KEY), which wins over the console: change it there']);
    expect(await rows(t.db, sql`select key from settings where key like 'secret.%'`)).toEqual([]);
    expect((await t.get('/api/get_payment_settings', {}, admin.auth)).body.data.stripe_publishable_key).toBe(standIns.stripe.keys.publishable);
  });
});
