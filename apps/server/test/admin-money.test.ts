// The admin console's money and settings (issue 16): packages with features and limits (on sale at
// once, a bought one never deleted), payments filtered, exported as CSV (escaped, formula-safe)
// and refunded through the provider that took them (sandbox and the Stripe stand-in), featured
// listings ended and extended, and settings — secrets sealed with SETTINGS_ENCRYPTION_KEY and
// only ever answered masked. Every change audited. Runs on PGlite and PostgreSQL.
import { SANDBOX_CARDS } from '@estate/core';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { withStoredSecrets } from '../src/modules/admin/settings-service.ts';
import { packageRepository } from '../src/modules/packages/repository.ts';
import { csvField } from '../src/modules/admin/payments-service.ts';
import { maskSecret, SecretBox } from '../src/platform/secret-box.ts';
import { createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { startPaymentStandIns, startStripe, type SignedWebhook } from './payment-stand-ins.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Mona Money' });
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = admin.auth) => t.request({ method: 'POST', url, payload, headers });
const audits = (entity: string, id: number | string) =>
  rows<{ action: string; actor_id: number; before: unknown; after: unknown }>(t.db, sql`select action, actor_id, before, after from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`);

const gold = {
  name: 'Gold Admin Plan',
  package_type: 'paid',
  price: 499.5,
  duration: 720,
  features: [
    { name: 'property_list', limit_type: 'limited', limit: 12 },
    { name: 'premium_properties', limit_type: 'unlimited' },
  ],
};

describe('packages', () => {
  it('creates a package that is on sale at once, with its features and limits, and audits it', async () => {
    const res = await post('/api/admin/packages', gold);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pkg = res.body.data;
    expect(pkg).toMatchObject({ name: 'Gold Admin Plan', package_type: 'paid', price: 499.5, duration: 720, is_active: true, purchases: 0 });
    expect(pkg.features).toEqual([
      { name: 'property_list', limit_type: 'limited', limit: 12 },
      { name: 'premium_properties', limit_type: 'unlimited', limit: null },
    ]);
    const offers = (await t.get('/api/get-package')).body.data as { id: number; price: number; features: { name: string; limit: number | null }[] }[];
    const offered = offers.find((o) => o.id === pkg.id)!;
    expect(offered.price).toBe(499.5);
    expect(offered.features.map((f) => [f.name, f.limit])).toEqual([['property_list', 12], ['premium_properties', null]]);
    const [entry] = await audits('package', pkg.id);
    expect(entry).toMatchObject({ action: 'package.create', actor_id: admin.user.id, before: null, after: { name: 'Gold Admin Plan', price: 499.5 } });

    const list = await t.get('/api/admin/packages', { q: 'Gold Admin', sort: 'price', order: 'asc' }, admin.auth);
    expect(list.body).toMatchObject({ total: 1, data: [{ id: pkg.id }] });
  });

  it('refuses bad input with the field’s message and writes nothing', async () => {
    const before = (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from packages`))[0].n;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...gold, price: 0 }, 'A paid package needs a price above 0'],
      [{ ...gold, package_type: 'free' }, 'A free package costs 0'],
      [{ ...gold, price: 1.234 }, 'price has at most 2 decimals'],
      [{ ...gold, duration: 0 }, 'duration must be at least 1'],
      [{ ...gold, name: 'A' }, 'name must be at least 2 characters'],
      [{ ...gold, features: [] }, 'Choose at least one feature'],
      [{ ...gold, features: [{ name: 'teleport', limit_type: 'unlimited' }] }, 'features: name must be one of property_list, property_feature, project_list, project_feature, mortgage_calculator_detail, premium_properties, project_access'],
      [{ ...gold, features: [{ name: 'property_list', limit_type: 'limited' }] }, 'Give property_list a limit, or make it unlimited'],
      [{ ...gold, features: [{ name: 'project_access', limit_type: 'limited', limit: 3 }] }, 'project_access is not counted: make it unlimited'],
      [{ ...gold, features: [{ name: 'property_list', limit_type: 'unlimited' }, { name: 'property_list', limit_type: 'unlimited' }] }, 'features lists property_list twice'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/admin/packages', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.get('/api/admin/packages', { sort: 'password' }, admin.auth)).body.message).toBe('sort must be one of created_at, name, price, duration, id');
    expect((await rows<{ n: number }>(t.db, sql`select count(*)::int as n from packages`))[0].n).toBe(before);
  });

  it('edits a package without touching what buyers hold; deactivating takes it off sale', async () => {
    const pkg = (await post('/api/admin/packages', { ...gold, name: 'Editable Plan' })).body.data;
    const buyer = await createUserWithToken(t.db);
    // The buyer holds a copy with 12 listings.
    await packageRepository.grant(t.db, pkg.id, [buyer.user.id]);

    const edited = await post(`/api/admin/packages/${pkg.id}`, { ...gold, name: 'Edited Plan', price: 799, features: [{ name: 'property_list', limit_type: 'limited', limit: 3 }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Edited Plan', price: 799, purchases: 1, features: [{ name: 'property_list', limit: 3 }] });
    const held = (await t.get('/api/get-package', {}, buyer.auth)).body.active_packages.find((p: { id: number }) => p.id === pkg.id);
    expect(held.features.find((f: { name: string }) => f.name === 'property_list').total_limit).toBe(12);

    const off = await post(`/api/admin/packages/${pkg.id}/active`, { is_active: 0 });
    expect(off.body.data.is_active).toBe(false);
    expect(((await t.get('/api/get-package')).body.data as { id: number }[]).map((o) => o.id)).not.toContain(pkg.id);
    expect((await post('/api/create-payment-intent', { package_id: pkg.id }, buyer.auth)).status).toBe(404);
    expect((await audits('package', pkg.id)).map((a) => a.action)).toEqual(['package.create', 'package.update', 'package.deactivate']);
    expect((await t.get('/api/admin/packages', { active: 0, q: 'Edited Plan' }, admin.auth)).body.total).toBe(1);
  });

  it('refuses to delete a package that was bought (409) and deletes one nobody bought', async () => {
    const bought = (await post('/api/admin/packages', { ...gold, name: 'Bought Plan' })).body.data;
    const buyer = await createUserWithToken(t.db);
    await packageRepository.grant(t.db, bought.id, [buyer.user.id]);
    const refused = await t.request({ method: 'DELETE', url: `/api/admin/packages/${bought.id}`, headers: admin.auth });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This package was bought, so it is kept for its buyers’ records. Deactivate it to take it off sale.');
    expect(await rows(t.db, sql`select id from packages where id = ${bought.id}`)).toHaveLength(1);

    const unsold = (await post('/api/admin/packages', { ...gold, name: 'Unsold Plan' })).body.data;
    const gone = await t.request({ method: 'DELETE', url: `/api/admin/packages/${unsold.id}`, headers: admin.auth });
    expect(gone.status).toBe(200);
    expect(await rows(t.db, sql`select id from packages where id = ${unsold.id}`)).toHaveLength(0);
    expect((await audits('package', unsold.id)).map((a) => a.action)).toEqual(['package.create', 'package.delete']);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/packages/${unsold.id}`, headers: admin.auth })).status).toBe(404);
  });
});

/** A sandbox purchase of `packageId`: answers the payment id. */
async function buy(auth: Record<string, string>, packageId: number, card: string = SANDBOX_CARDS.success): Promise<number> {
  const intent = await post('/api/create-payment-intent', { package_id: packageId, platform_type: 'web' }, auth);
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const id = intent.body.data.payment_intent.payment_transaction_id as number;
  const paid = await post('/api/sandbox-pay', { payment_transaction_id: id, card_number: card, expiry: '12/39', cvc: '123' }, auth);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return id;
}

describe('payments', () => {
  let pkgId: number;
  let buyer: Awaited<ReturnType<typeof createUserWithToken>>;
  let good: number;
  let declined: number;
  beforeAll(async () => {
    pkgId = (await post('/api/admin/packages', { ...gold, name: 'Payments Plan' })).body.data.id;
    // A name a spreadsheet would run as a formula, with a comma and a quote in it.
    buyer = await createUserWithToken(t.db, { name: '=HYPERLINK("http://evil.example","Click, me")' });
    good = await buy(buyer.auth, pkgId);
    declined = await buy(buyer.auth, pkgId, SANDBOX_CARDS.decline);
  });

  it('lists payments with the buyer, filtered by status, gateway, buyer and dates', async () => {
    const all = await t.get('/api/admin/payments', { user_id: buyer.user.id, sort: 'id', order: 'asc' }, admin.auth);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.data[0]).toMatchObject({ id: good, payment_status: 'success', payment_gateway: 'sandbox', amount: 499.5, refundable: true, user: { id: buyer.user.id }, package_name: 'Payments Plan' });
    expect(all.body.data[1]).toMatchObject({ id: declined, payment_status: 'failed', refundable: false });
    expect((await t.get('/api/admin/payments', { user_id: buyer.user.id, status: 'failed' }, admin.auth)).body.data.map((p: { id: number }) => p.id)).toEqual([declined]);
    expect((await t.get('/api/admin/payments', { user_id: buyer.user.id, gateway: 'stripe' }, admin.auth)).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.get('/api/admin/payments', { user_id: buyer.user.id, from: today, to: today }, admin.auth)).body.total).toBe(2);
    expect((await t.get('/api/admin/payments', { user_id: buyer.user.id, to: '2001-01-01' }, admin.auth)).body.total).toBe(0);
    expect((await t.get('/api/admin/payments', { q: 'HYPERLINK' }, admin.auth)).body.total).toBe(2);
  });

  it('refuses bad filters with the field’s message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'stolen' }, 'status must be one of pending, success, failed, refunded'],
      [{ gateway: 'cash' }, 'gateway must be one of sandbox, stripe, paypal, flutterwave, razorpay, paystack, free'],
      [{ from: '2026-02-30' }, 'from must be a date (YYYY-MM-DD)'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to must not be before from'],
      [{ sort: 'user_email' }, 'sort must be one of created_at, amount, payment_status, payment_gateway, id'],
    ];
    for (const [query, message] of cases) {
      const res = await t.get('/api/admin/payments', query, admin.auth);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.request({ method: 'GET', url: '/api/admin/payments/export?status=stolen', headers: admin.auth })).status).toBe(400);
    // A sort the table does not have is a 400 before any line is sent, never a file cut off mid-way.
    const badSort = await t.request({ method: 'GET', url: '/api/admin/payments/export?sort=2147483648', headers: admin.auth });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toMatch(/^sort must be one of /);
  });

  it('exports the filtered payments as CSV, quoted and formula-safe', async () => {
    const res = await t.request({ method: 'GET', url: `/api/admin/payments/export?user_id=${buyer.user.id}&sort=id&order=asc`, headers: admin.auth });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.raw.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.raw.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,created_at,user_id,user_name,user_email,package,amount,currency,gateway,status,order_id,transaction_id,platform');
    expect(lines).toHaveLength(4); // header, two payments, the final empty line
    expect(lines[1].startsWith(`${good},`)).toBe(true);
    // The name starts with =: an apostrophe first, then quoted with its quotes doubled.
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click, me"")",`);
    expect(lines[1]).toMatch(/,499\.50,[A-Z]{3},sandbox,success,/);
    expect(lines[2]).toContain(',failed,');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-2)).toBe('-2');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(null)).toBe('');
  });

  it('refunds a sandbox payment: success → refunded, the package it granted ends, audited; never twice, never a failed one', async () => {
    const limit = async () => (await t.get('/api/check-package-limit', { type: 'premium_properties' }, buyer.auth)).body.data;
    expect((await limit()).package_available).toBe(true);
    expect((await post(`/api/admin/payments/${declined}/refund`, {})).status).toBe(409);

    const res = await post(`/api/admin/payments/${good}/refund`, { reason: 'Bought by mistake' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: good, payment_status: 'refunded', transaction_id: `sbx_rfnd_${good}`, refundable: false });
    expect(await limit()).toMatchObject({ package_available: false });
    const history = (await t.get('/api/get_payment_details', {}, buyer.auth)).body.data as { id: number; payment_status: string }[];
    expect(history.find((p) => p.id === good)!.payment_status).toBe('refunded');
    expect(await audits('payment', good)).toEqual([
      {
        action: 'payment.refund',
        actor_id: admin.user.id,
        before: { payment_status: 'success', transaction_id: `sbx_txn_${good}` },
        after: { payment_status: 'refunded', refund_id: `sbx_rfnd_${good}`, provider_status: 'succeeded', reason: 'Bought by mistake', package_ended: true },
      },
    ]);
    const again = await post(`/api/admin/payments/${good}/refund`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payment was already refunded.');
    // The buyer is told.
    expect((await t.get('/api/get_notification_list', {}, buyer.auth)).body.data[0]).toMatchObject({ title: 'Payment refunded' });
    expect((await post('/api/admin/payments/999999/refund', {})).status).toBe(404);
  });

  it('refunds through Stripe’s API (the stand-in): one refund however often asked, and Stripe’s own refund webhook changes nothing after', async () => {
    const stripe = await startStripe();
    const s = await createTestApp({ ...stripe.env });
    try {
      const boss = await createUserWithToken(s.db, { role: 'admin' });
      const payer = await createUserWithToken(s.db);
      const [pkg] = await rows<{ id: number }>(s.db, sql`select id from packages where package_type = 'paid' and is_active order by price limit 1`);
      const started = await s.request({ method: 'POST', url: '/api/create-payment-intent', headers: payer.auth, payload: { package_id: pkg.id, payment_method: 'stripe' } });
      const intent = started.body.data.payment_intent as { id: string; payment_transaction_id: number };
      const hook = stripe.pay(intent.id, 'succeeded');
      expect((await s.request({ method: 'POST', url: '/api/webhooks/stripe', payload: hook.body, headers: hook.headers })).status).toBe(200);
      const paymentId = intent.payment_transaction_id;

      // Two admins click at once: Stripe is asked once, one of them is told it is under way or done.
      const [a, b] = await Promise.all([1, 2].map(() => s.request({ method: 'POST', url: `/api/admin/payments/${paymentId}/refund`, headers: boss.auth, payload: {} })));
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(stripe.refunds).toHaveLength(1);
      expect(stripe.refunds[0]).toMatchObject({ payment_intent: intent.id, metadata: { payment_id: String(paymentId) } });
      expect(stripe.calls.filter((c) => c.path === '/v1/refunds').every((c) => c.headers['idempotency-key'] === `refund-${paymentId}`)).toBe(true);
      const [row] = await rows<{ payment_status: string; transaction_id: string }>(s.db, sql`select payment_status, transaction_id from payments where id = ${paymentId}`);
      expect(row).toEqual({ payment_status: 'refunded', transaction_id: stripe.refunds[0].id });
      const running = await rows(s.db, sql`select id from user_packages where user_id = ${payer.user.id} and end_date > now()`);
      expect(running).toHaveLength(0);

      // Stripe then sends charge.refunded: recorded, nothing moves.
      const refunded = stripe.refund(intent.id);
      expect((await s.request({ method: 'POST', url: '/api/webhooks/stripe', payload: refunded.body, headers: refunded.headers })).status).toBe(200);
      expect((await rows<{ payment_status: string }>(s.db, sql`select payment_status from payments where id = ${paymentId}`))[0].payment_status).toBe('refunded');

      // A payment Stripe refuses to refund (declined, never charged) is not refundable.
      const other = await s.request({ method: 'POST', url: '/api/create-payment-intent', headers: (await createUserWithToken(s.db)).auth, payload: { package_id: pkg.id, payment_method: 'stripe' } });
      expect((await s.request({ method: 'POST', url: `/api/admin/payments/${other.body.data.payment_intent.payment_transaction_id}/refund`, headers: boss.auth, payload: {} })).status).toBe(409);
    } finally {
      await s.close();
      await stripe.close();
    }
  });

  it('refunds through PayPal (the capture), Flutterwave (the transaction), Paystack (the reference) and Razorpay (the captured payment), each through its own API', async () => {
    const standIns = await startPaymentStandIns();
    const s = await createTestApp({ ...standIns.env });
    try {
      const boss = await createUserWithToken(s.db, { role: 'admin' });
      const [pkg] = await rows<{ id: number }>(s.db, sql`select id from packages where package_type = 'paid' and is_active order by price limit 1`);
      const drivers: [string, (orderId: string) => SignedWebhook | null, () => { length: number }, string][] = [
        ['paypal', (id) => standIns.paypal.approve(id, 'COMPLETED'), () => standIns.paypal.refunds, '/v2/payments/captures/'],
        ['flutterwave', (id) => standIns.flutterwave.pay(id, 'successful'), () => standIns.flutterwave.refunds, '/v3/transactions/'],
        ['paystack', (id) => standIns.paystack.pay(id, 'success'), () => standIns.paystack.refunds, '/refund'],
        ['razorpay', (id) => standIns.razorpay.pay(id, 'captured'), () => standIns.razorpay.refunds, '/v1/payments/'],
      ];
      for (const [gateway, succeed, refunds, path] of drivers) {
        const payer = await createUserWithToken(s.db);
        const started = await s.request({ method: 'POST', url: '/api/create-payment-intent', headers: payer.auth, payload: { package_id: pkg.id, payment_method: gateway } });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        const intent = started.body.data.payment_intent as { id: string; payment_transaction_id: number };
        const hook = succeed(intent.id)!;
        expect((await s.request({ method: 'POST', url: `/api/webhooks/${gateway}`, payload: hook.body, headers: hook.headers })).status).toBe(200);
        expect((await rows<{ payment_status: string }>(s.db, sql`select payment_status from payments where id = ${intent.payment_transaction_id}`))[0].payment_status, gateway).toBe('success');

        const res = await s.request({ method: 'POST', url: `/api/admin/payments/${intent.payment_transaction_id}/refund`, headers: boss.auth, payload: {} });
        expect(res.status, `${gateway}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.data.payment_status).toBe('refunded');
        expect(refunds().length, gateway).toBe(1);
        expect(standIns[gateway as 'paypal'].calls.some((c) => c.method === 'POST' && c.path.startsWith(path) && (path === '/refund' || c.path.endsWith('/refund'))), gateway).toBe(true);
        expect(await rows(s.db, sql`select id from user_packages where user_id = ${payer.user.id} and end_date > now()`), gateway).toHaveLength(0);
      }
    } finally {
      await s.close();
      await standIns.close();
    }
  });

  it('answers 502 and keeps the payment when the provider refuses, so it can be tried again', async () => {
    const stripe = await startStripe();
    const s = await createTestApp({ ...stripe.env });
    try {
      const boss = await createUserWithToken(s.db, { role: 'admin' });
      const payer = await createUserWithToken(s.db);
      const [pkg] = await rows<{ id: number }>(s.db, sql`select id from packages where package_type = 'paid' and is_active order by price limit 1`);
      const intent = (await s.request({ method: 'POST', url: '/api/create-payment-intent', headers: payer.auth, payload: { package_id: pkg.id, payment_method: 'stripe' } })).body.data.payment_intent;
      const hook = stripe.pay(intent.id, 'succeeded');
      await s.request({ method: 'POST', url: '/api/webhooks/stripe', payload: hook.body, headers: hook.headers });
      // Refunded in Stripe's dashboard meanwhile: Stripe refuses a second refund.
      (stripe.intents.get(intent.id) as Record<string, unknown>).refunded = true;
      const res = await s.request({ method: 'POST', url: `/api/admin/payments/${intent.payment_transaction_id}/refund`, headers: boss.auth, payload: {} });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/^stripe refused the refund/);
      expect((await rows<{ payment_status: string }>(s.db, sql`select payment_status from payments where id = ${intent.payment_transaction_id}`))[0].payment_status).toBe('success');
      (stripe.intents.get(intent.id) as Record<string, unknown>).refunded = false;
      expect((await s.request({ method: 'POST', url: `/api/admin/payments/${intent.payment_transaction_id}/refund`, headers: boss.auth, payload: {} })).status).toBe(200);
    } finally {
      await s.close();
      await stripe.close();
    }
  });
});

describe('advertisements', () => {
  it('lists featured listings with their dates, ends one early and extends it again; searches follow', async () => {
    const owner = await createUserWithToken(t.db, { name: 'Advert Owner' });
    const listing = await createProperty(t.db, { ownerId: owner.user.id, title: 'Featured admin flat' });
    const [{ id }] = await rows<{ id: number }>(
      t.db,
      sql`insert into advertisements (user_id, feature_for, property_id, status, start_date, end_date) values (${owner.user.id}, 'property', ${listing.id}, 0, now() - interval '1 day', now() + interval '6 days') returning id`,
    );
    const promoted = async () => ((await t.get('/api/get-property-list', { promoted: 1, limit: 50 })).body.data as { id: number }[]).map((p) => p.id);
    expect(await promoted()).toContain(listing.id);

    const list = await t.get('/api/admin/advertisements', { state: 'live', q: 'Featured admin flat' }, admin.auth);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id, feature_for: 'property', status: 'approved', live: true, listing: { id: listing.id, title: 'Featured admin flat', slug_id: listing.slugId }, owner: expect.objectContaining({ name: 'Advert Owner' }) })]);

    const ended = await post(`/api/admin/advertisements/${id}/end`, {});
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'expired', live: false });
    expect(await promoted()).not.toContain(listing.id);
    expect((await post(`/api/admin/advertisements/${id}/end`, {})).status).toBe(409);

    const extended = await post(`/api/admin/advertisements/${id}/extend`, { days: 10 });
    expect(extended.body.data).toMatchObject({ status: 'approved', live: true });
    const days = (Date.parse(extended.body.data.end_date) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);
    expect(await promoted()).toContain(listing.id);
    expect((await audits('advertisement', id)).map((a) => a.action)).toEqual(['advertisement.end', 'advertisement.extend']);

    expect((await post(`/api/admin/advertisements/${id}/extend`, { days: 0 })).body.message).toBe('days must be at least 1');
    expect((await post(`/api/admin/advertisements/${id}/extend`, { days: 366 })).body.message).toBe('days must be at most 365');
    expect((await t.get('/api/admin/advertisements', { state: 'gone' }, admin.auth)).body.message).toBe('state must be live, approved, pending, rejected or expired');
    expect((await post('/api/admin/advertisements/999999/end', {})).status).toBe(404);
  });
});

describe('settings', () => {
  it('changes what web-settings answers (currency, colour, flags) and audits the change', async () => {
    const res = await post('/api/admin/settings', { values: { currency_code: 'eur', currency_symbol: '€', currency_name: 'Euro', system_color: '#AA3300', web_maintenance_mode: 0, auto_approve: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.values).toMatchObject({ currency_code: 'EUR', currency_symbol: '€', system_color: '#aa3300', auto_approve: '1' });
    const web = (await t.get('/api/web-settings')).body.data;
    expect(web).toMatchObject({ currency_symbol: '€', system_color: '#aa3300', auto_approve: '1', selected_currency_data: { code: 'EUR', name: 'Euro', symbol: '€' } });
    const [entry] = await rows(t.db, sql`select action, actor_id, before, after from audit_log where action = 'settings.update' order by id desc limit 1`);
    expect(entry).toMatchObject({ action: 'settings.update', actor_id: admin.user.id, after: { currency_code: 'EUR', system_color: '#aa3300', auto_approve: '1' } });
    // New payments are taken in the new currency.
    const buyer = await createUserWithToken(t.db);
    const [pkg] = await rows<{ id: number }>(t.db, sql`select id from packages where package_type = 'paid' and is_active order by price limit 1`);
    expect((await post('/api/create-payment-intent', { package_id: pkg.id }, buyer.auth)).body.data.payment_intent.currency).toBe('EUR');
  });

  it('refuses bad values with the field’s message, and unknown settings', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ system_color: 'red' }, 'system_color must be a colour like #0f766e'],
      [{ currency_code: 'RUPEE' }, 'currency_code must be at most 3 characters'],
      [{ currency_code: 'R1' }, 'currency_code must be a 3-letter ISO 4217 code, e.g. INR'],
      [{ company_email: 'nope' }, 'company_email must be an e-mail address'],
      [{ web_maintenance_mode: 'maybe' }, 'web_maintenance_mode must be 0 or 1'],
      [{ min_price: '500', max_price: '100' }, 'max_price must not be below min_price'],
      [{ password_hash: 'x' }, 'Unknown setting: password_hash'],
      [{}, 'Change at least one setting'],
      [{ stripe_secret_key: 'not-a-key' }, 'stripe_secret_key must be a Stripe secret key (sk_… or rk_…)'],
      [{ stripe_secret_key: 'sk_test_123456789012' }, 'stripe_publishable_key, stripe_webhook_secret are needed with stripe_secret_key'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/admin/settings', { values: payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await rows(t.db, sql`select key from settings where key like 'secret.%'`)).toEqual([]);
  });

  it('stores secrets encrypted, answers them masked only, audits them masked, and never sends them to the public', async () => {
    const secret = 'sk_test_SuperSecretValue9876';
    const res = await post('/api/admin/settings', { values: { stripe_secret_key: secret, stripe_publishable_key: 'pk_test_PublicKey1234', stripe_webhook_secret: 'whsec_HookSecret5555', smtp_url: 'smtp://user:pa55word@mail.example:587' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.secrets.stripe_secret_key).toEqual({ set: true, hint: '••••9876' });
    expect(res.body.data.secrets.paypal_client_secret).toEqual({ set: false, hint: '' });
    const everything = JSON.stringify((await t.get('/api/admin/settings', {}, admin.auth)).body);
    for (const plain of [secret, 'whsec_HookSecret5555', 'pa55word']) expect(everything).not.toContain(plain);

    const stored = await rows<{ key: string; value: string }>(t.db, sql`select key, value from settings where key like 'secret.%' order by key`);
    expect(stored.map((r) => r.key)).toEqual(['secret.smtp_url', 'secret.stripe_publishable_key', 'secret.stripe_secret_key', 'secret.stripe_webhook_secret']);
    for (const r of stored) {
      expect(r.value.startsWith('enc:v1:')).toBe(true);
      expect(r.value).not.toContain('Secret');
    }
    const audit = JSON.stringify(await rows(t.db, sql`select before, after from audit_log where action = 'settings.update'`));
    expect(audit).not.toContain(secret);
    expect(audit).not.toContain('pa55word');
    expect(audit).toContain('••••9876');
    const web = JSON.stringify((await t.get('/api/web-settings')).body);
    expect(web).not.toContain('enc:v1:');
    expect(web).not.toContain('secret.');

    // Read back at start-up with the same key: they fill the unset environment variables.
    // (The test app's configuration: the same DATA_DIR, so the same derived key.)
    const testConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' });
    const config = await withStoredSecrets(testConfig, t.db);
    expect(config).toMatchObject({ STRIPE_SECRET_KEY: secret, STRIPE_WEBHOOK_SECRET: 'whsec_HookSecret5555', SMTP_URL: 'smtp://user:pa55word@mail.example:587' });
    // Another key reads nothing.
    const other = await withStoredSecrets({ ...testConfig, SETTINGS_ENCRYPTION_KEY: 'cd'.repeat(32) }, t.db);
    expect(other.STRIPE_SECRET_KEY).toBeUndefined();

    // Sending one empty removes it; leaving the others out keeps them.
    const cleared = await post('/api/admin/settings', { values: { smtp_url: '' } });
    expect(cleared.body.data.secrets).toMatchObject({ smtp_url: { set: false }, stripe_secret_key: { set: true } });
    // The group rule holds on removal too.
    expect((await post('/api/admin/settings', { values: { stripe_webhook_secret: '' } })).status).toBe(400);
    await post('/api/admin/settings', { values: { stripe_secret_key: '', stripe_publishable_key: '', stripe_webhook_secret: '' } });
    expect(await rows(t.db, sql`select key from settings where key like 'secret.%'`)).toEqual([]);
  });

  it('uploads a logo through the media store; web-settings answers its URL; removing it goes back to none', async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const body = multipart({}, { name: 'file', filename: 'logo.png', type: 'image/png', data: png });
    const res = await t.request({ method: 'POST', url: '/api/admin/settings/media/web_logo', payload: body.payload, headers: { ...admin.auth, ...body.headers } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.media.web_logo).toMatch(/\/media\/settings\/.+\.webp$/);
    expect((await t.get('/api/web-settings')).body.data.web_logo).toBe(res.body.data.media.web_logo);

    const text = multipart({}, { name: 'file', filename: 'logo.png', type: 'image/png', data: Buffer.from('not a picture') });
    const bad = await t.request({ method: 'POST', url: '/api/admin/settings/media/web_logo', payload: text.payload, headers: { ...admin.auth, ...text.headers } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('file must be a photo (JPEG, PNG, WebP, GIF, AVIF or HEIC)');
    expect((await t.request({ method: 'POST', url: '/api/admin/settings/media/password', payload: body.payload, headers: { ...admin.auth, ...body.headers } })).status).toBe(400);

    const removed = await t.request({ method: 'DELETE', url: '/api/admin/settings/media/web_logo', headers: admin.auth });
    expect(removed.body.data.media.web_logo).toBeNull();
    expect((await t.get('/api/web-settings')).body.data.web_logo).toBeNull();
    expect((await rows<{ action: string }>(t.db, sql`select action from audit_log where entity = 'settings' and entity_id = 'web_logo'`)).map((r) => r.action)).toEqual(['settings.media', 'settings.media']);
  });
});

describe('the secret box', () => {
  it('opens only what it sealed, for the same setting, untampered', () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal('stripe_secret_key', 'sk_live_abc');
    expect(sealed).not.toContain('sk_live_abc');
    expect(box.seal('stripe_secret_key', 'sk_live_abc')).not.toBe(sealed); // a fresh nonce each time
    expect(box.open('stripe_secret_key', sealed)).toBe('sk_live_abc');
    expect(box.open('paypal_client_secret', sealed)).toBeNull();
    expect(new SecretBox(Buffer.alloc(32, 8)).open('stripe_secret_key', sealed)).toBeNull();
    const parts = sealed.split(':');
    parts[4] = Buffer.from('sk_live_abd').toString('base64url');
    expect(box.open('stripe_secret_key', parts.join(':'))).toBeNull();
    expect(maskSecret('short')).toEqual({ set: true, hint: '••••' });
    expect(maskSecret('')).toEqual({ set: false, hint: '' });
  });
});
