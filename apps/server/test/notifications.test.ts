// Issue 15: get_notification_list — what a user was told (a purchase, a price drop on a favourite,
// what was sent to everyone), newest first, read when listed, and announced live on the socket.
// Runs on PGlite and on PostgreSQL.
import { SANDBOX_CARDS } from '@estate/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(() => t?.close());

const post = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, headers: auth });

describe('get_notification_list', () => {
  it('lists a purchase and a price drop on a favourite, newest first, announces them live and marks them read', async () => {
    const fan = await createUserWithToken(t.db);
    const owner = await createUserWithToken(t.db, { verificationStatus: 'success' });
    const listing = await createProperty(t.db, { ownerId: owner.user.id, price: '10000000' });
    await post('/api/add_favourite', fan.auth, { property_id: listing.id, type: 1 });

    const ws = new WebSocket(base);
    const events: { type: string; unread?: number }[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'auth', token: fan.token }));
    await expect.poll(() => events.some((e) => e.type === 'ready')).toBe(true);

    const [pkg] = await rows<{ id: number }>(t.db, sql`select id from packages where package_type = 'paid' and is_active order by price limit 1`);
    const intent = (await post('/api/create-payment-intent', fan.auth, { package_id: pkg.id })).body.data.payment_intent;
    await post('/api/sandbox-pay', fan.auth, { payment_transaction_id: intent.payment_transaction_id, card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' });
    await expect.poll(() => events.filter((e) => e.type === 'notification').at(-1)?.unread).toBe(1);

    const lowered = await post('/api/update_post_property', owner.auth, { id: listing.id, price: 9_000_000 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    await expect.poll(() => events.filter((e) => e.type === 'notification').at(-1)?.unread).toBe(2);

    const list = await t.get('/api/get_notification_list', {}, fan.auth);
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(2);
    expect(list.body.data.map((n: { title: string }) => n.title)).toEqual(['Price reduced', 'Package purchased']);
    expect(list.body.data[0]).toMatchObject({ type: 2, property: { id: listing.id, slug_id: listing.slugId }, message: expect.stringContaining('10% cheaper'), created: 'just now' });
    expect((await t.get('/api/get_notification_list', {}, fan.auth)).body.unread).toBe(0);
    await expect.poll(() => events.filter((e) => e.type === 'notification').at(-1)?.unread).toBe(0);
    ws.close();

    // The owner, who favourited nothing, was told nothing of the price.
    expect((await t.get('/api/get_notification_list', {}, owner.auth)).body.data).toEqual([]);
    expect((await t.get('/api/get_notification_list', {})).status).toBe(401);
  });

  it('includes what was sent to everyone after the user joined', async () => {
    const user = await createUserWithToken(t.db);
    await t.db.execute(sql`insert into notifications (title, message, send_type) values ('Welcome to the new site', 'Hello all', 1)`);
    const list = await t.get('/api/get_notification_list', {}, user.auth);
    expect(list.body.data.map((n: { title: string }) => n.title)).toContain('Welcome to the new site');
  });
});
