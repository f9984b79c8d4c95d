// Issue 14: buying packages through the built-in sandbox — the amount from the package, a payment
// granted only by a verified (signed) event and exactly once: replays, concurrent Pay clicks and
// racing webhooks grant one package; forged events are refused; statuses only move forward.
// Runs on PGlite and on PostgreSQL.
import { SANDBOX_CARDS } from '@estate/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../src/modules/payments/providers/sandbox.ts';
import { createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let paid: { id: number; price: string; name: string };
let free: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  [paid] = await rows<{ id: number; price: string; name: string }>(t.db, sql`select id, price::text as price, name from packages where package_type = 'paid' and is_active order by price limit 1`);
  [free] = await rows<{ id: number }>(t.db, sql`select id from packages where package_type = 'free' and is_active order by id limit 1`);
});
afterAll(() => t?.close());

const post = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, headers: auth });
const card = (payment: number, number: string) => ({ payment_transaction_id: payment, card_number: number, expiry: '12/39', cvc: '123' });
const held = async (userId: number, packageId: number) =>
  (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from user_packages where user_id = ${userId} and package_id = ${packageId} and end_date > now()`))[0].n;

async function startPayment(auth: Record<string, string>) {
  const res = await post('/api/create-payment-intent', auth, { package_id: paid.id, platform_type: 'web' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { payment_intent: { payment_transaction_id: number; id: string; amount: number; checkout_url: string; gateway: string }; payment_transaction: { amount: number; payment_status: string } };
}

describe('get_payment_settings', () => {
  it('turns the sandbox on when no provider is configured, with no secret in the answer', async () => {
    const { auth } = await createUserWithToken(t.db);
    const res = await t.get('/api/get_payment_settings', {}, auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ sandbox_status: '1', stripe_status: '0', stripe_publishable_key: '' });
    const [secret] = await rows<{ value: string }>(t.db, sql`select value from settings where key = 'sandbox_webhook_secret'`);
    if (secret) expect(JSON.stringify(res.body)).not.toContain(secret.value);
    expect((await t.get('/api/web-settings')).body.data).not.toHaveProperty('sandbox_webhook_secret');
  });
});

describe('create-payment-intent', () => {
  it('takes the amount from the package, whatever the client sends, and reuses a pending checkout for a second click', async () => {
    const { auth } = await createUserWithToken(t.db);
    const first = await startPayment(auth);
    expect(first.payment_transaction).toMatchObject({ amount: Number(paid.price), payment_status: 'pending' });
    expect(first.payment_intent).toMatchObject({ gateway: 'sandbox', amount: Math.round(Number(paid.price) * 100), checkout_url: `/subscription-plan/checkout/${first.payment_intent.payment_transaction_id}` });
    const again = await startPayment(auth);
    expect(again.payment_intent.payment_transaction_id).toBe(first.payment_intent.payment_transaction_id);
    const legacy = await post('/api/createPaymentIntent', auth, { package_id: paid.id, amount: 1, currency: 'USD', description: 'x' });
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.payment_transaction.amount).toBe(Number(paid.price));
  });

  it('grants a free package at once, and only while none of it is running', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const res = await post('/api/create-payment-intent', auth, { package_id: free.id });
    expect(res.status).toBe(200);
    expect(res.body.data.payment_transaction).toMatchObject({ payment_gateway: 'free', payment_status: 'success', amount: 0 });
    expect(await held(user.id, free.id)).toBe(1);
    expect((await post('/api/create-payment-intent', auth, { package_id: free.id })).status).toBe(409);
  });

  it('refuses unknown packages and providers that are off', async () => {
    const { auth } = await createUserWithToken(t.db);
    expect((await post('/api/create-payment-intent', auth, { package_id: 999999 })).status).toBe(404);
    expect((await post('/api/create-payment-intent', auth, { package_id: paid.id, payment_method: 'stripe' })).status).toBe(400);
    expect((await post('/api/create-payment-intent', {}, { package_id: paid.id })).status).toBe(401);
  });
});

describe('paying in the sandbox', () => {
  it('grants the package on the success card, once, however often the event is replayed', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await startPayment(auth);
    const res = await post('/api/sandbox-pay', auth, card(intent.payment_intent.payment_transaction_id, SANDBOX_CARDS.success));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ payment_status: 'success', transaction_id: expect.any(String) });
    expect(await held(user.id, paid.id)).toBe(1);

    const signed = await t.services.payments.sandbox.signEvent({ eventId: `evt_${intent.payment_intent.id}_success`, orderId: intent.payment_intent.id, status: 'success', transactionId: 'x' });
    for (let i = 0; i < 100; i++) {
      const replay = await t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: signed.body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature } });
      expect(replay.status).toBe(200);
    }
    expect(await held(user.id, paid.id)).toBe(1);
    const mine = await t.get('/api/get-package', {}, auth);
    expect(mine.body.active_packages.map((p: { id: number }) => p.id)).toContain(paid.id);
  });

  it('grants one package for ten Pay clicks at once and two webhooks racing them', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await startPayment(auth);
    const signed = await t.services.payments.sandbox.signEvent({ eventId: `evt_other_${intent.payment_intent.id}`, orderId: intent.payment_intent.id, status: 'success', transactionId: 'y' });
    const hook = () => t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: signed.body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature } });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => post('/api/sandbox-pay', auth, card(intent.payment_intent.payment_transaction_id, SANDBOX_CARDS.success))),
      hook(),
      hook(),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect(await held(user.id, paid.id)).toBe(1);
  });

  it('refuses a forged or altered event and changes nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await startPayment(auth);
    const forged = Buffer.from(JSON.stringify({ id: 'evt_forged', type: 'charge.success', order_id: intent.payment_intent.id }));
    const bad = await t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: forged, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'a'.repeat(64) } });
    expect(bad.status).toBe(400);
    const signed = await t.services.payments.sandbox.signEvent({ eventId: 'evt_real', orderId: 'sbx_other', status: 'success', transactionId: null });
    const altered = Buffer.from(signed.body.toString().replace('sbx_other', intent.payment_intent.id));
    expect((await t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: altered, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature } })).status).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: forged, headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await t.get('/api/payment-status', { payment_transaction_id: intent.payment_intent.payment_transaction_id }, auth)).body.data.payment_status).toBe('pending');
    expect(await held(user.id, paid.id)).toBe(0);
  });

  it('fails on the declined card, and a retry with the good card succeeds', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await startPayment(auth);
    const declined = await post('/api/sandbox-pay', auth, card(intent.payment_intent.payment_transaction_id, SANDBOX_CARDS.decline));
    expect(declined.body.data.payment_status).toBe('failed');
    expect(await held(user.id, paid.id)).toBe(0);
    const retry = await startPayment(auth);
    expect(retry.payment_intent.payment_transaction_id).not.toBe(intent.payment_intent.payment_transaction_id);
    expect((await post('/api/sandbox-pay', auth, card(retry.payment_intent.payment_transaction_id, SANDBOX_CARDS.success))).body.data.payment_status).toBe('success');
    expect(await held(user.id, paid.id)).toBe(1);
  });

  it('leaves the timeout card pending until the buyer gives up; an expired card is refused', async () => {
    const { auth } = await createUserWithToken(t.db);
    const intent = await startPayment(auth);
    const id = intent.payment_intent.payment_transaction_id;
    expect((await post('/api/sandbox-pay', auth, card(id, SANDBOX_CARDS.timeout))).body.data.payment_status).toBe('pending');
    expect((await post('/api/sandbox-pay', auth, { ...card(id, SANDBOX_CARDS.success), expiry: '01/20' })).status).toBe(400);
    const failed = await post('/api/payment-transaction-fail', auth, { payment_transaction_id: id });
    expect(failed.body.data.payment_status).toBe('failed');
  });

  it('never moves backwards: a refund ends the package, and a late success after it changes nothing', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await startPayment(auth);
    await post('/api/sandbox-pay', auth, card(intent.payment_intent.payment_transaction_id, SANDBOX_CARDS.success));
    const send = async (eventId: string, status: 'success' | 'failed' | 'refunded') => {
      const signed = await t.services.payments.sandbox.signEvent({ eventId, orderId: intent.payment_intent.id, status, transactionId: null });
      return t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: signed.body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature } });
    };
    await send('evt_fail_late', 'failed');
    expect((await t.get('/api/payment-status', { payment_transaction_id: intent.payment_intent.payment_transaction_id }, auth)).body.data.payment_status).toBe('success');
    await send('evt_refund', 'refunded');
    expect(await held(user.id, paid.id)).toBe(0);
    await send('evt_success_late', 'success');
    expect((await t.get('/api/payment-status', { payment_transaction_id: intent.payment_intent.payment_transaction_id }, auth)).body.data.payment_status).toBe('refunded');
    expect(await held(user.id, paid.id)).toBe(0);
    const transitions = await rows<{ from_status: string; to_status: string | null }>(t.db, sql`select from_status, to_status from payment_events e join payments p on p.id = e.payment_id where p.order_id = ${intent.payment_intent.id} order by e.id`);
    expect(transitions.map((r) => `${r.from_status}→${r.to_status ?? 'ignored'}`)).toEqual(['pending→success', 'success→ignored', 'success→refunded', 'refunded→ignored']);
  });

  it('keeps each buyer to their own payments', async () => {
    const owner = await createUserWithToken(t.db);
    const other = await createUserWithToken(t.db);
    const intent = await startPayment(owner.auth);
    const id = intent.payment_intent.payment_transaction_id;
    expect((await post('/api/sandbox-pay', other.auth, card(id, SANDBOX_CARDS.success))).status).toBe(404);
    expect((await t.get('/api/payment-status', { payment_transaction_id: id }, other.auth)).status).toBe(404);
    expect((await post('/api/payment-transaction-fail', other.auth, { payment_transaction_id: id })).status).toBe(404);
    expect(await held(other.user.id, paid.id)).toBe(0);
    expect((await t.get('/api/get_payment_details', {}, other.auth)).body.total).toBe(0);
    const history = await t.get('/api/get_payment_details', {}, owner.auth);
    expect(history.body.data).toEqual([expect.objectContaining({ id, package_id: paid.id, package_name: paid.name, payment_gateway: 'sandbox', payment_status: 'pending' })]);
  });
});

describe('notices', () => {
  it('tells the buyer by notification and e-mail when a package is bought, and once 3 days before it ends', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const intent = await startPayment(auth);
    await post('/api/sandbox-pay', auth, card(intent.payment_intent.payment_transaction_id, SANDBOX_CARDS.success));
    const notices = async () =>
      rows<{ title: string }>(t.db, sql`select n.title from notifications n join notification_recipients r on r.notification_id = n.id where r.user_id = ${user.id} order by n.id`);
    const mails = async () => rows<{ subject: string }>(t.db, sql`select subject from outbox where user_id = ${user.id} and channel = 'email' order by id`);
    expect((await notices()).map((n) => n.title)).toEqual(['Package purchased']);
    expect((await mails()).map((m) => m.subject)).toEqual([`Your ${paid.name} package is active`]);

    await t.db.execute(sql`update user_packages set end_date = now() + interval '2 days' where user_id = ${user.id}`);
    expect(await t.services.payments.remindExpiring()).toBeGreaterThanOrEqual(1);
    await t.services.payments.remindExpiring();
    expect((await notices()).map((n) => n.title)).toEqual(['Package purchased', 'Your package ends soon']);
    expect((await mails()).map((m) => m.subject)).toEqual([`Your ${paid.name} package is active`, `Your ${paid.name} package ends soon`]);
  });
});
