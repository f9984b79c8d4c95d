// Issue 15: standard Web Push. A browser's subscription, reported with the push-token call, gets
// each notice encrypted (aes128gcm) and signed (VAPID) — checked here by a local stand-in push
// service that decrypts it with the subscription's private key. Runs on PGlite and on PostgreSQL.
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_CARDS } from '@estate/core';
import { sql } from 'drizzle-orm';
// @ts-expect-error http_ece (web-push's own dependency) ships no types.
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyed } from '../src/modules/notifications/messages.ts';
import { parseSubscription } from '../src/platform/push/web-push.ts';
import { createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let pushService: http.Server;
let pushBase: string;
const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let answer = 201;

beforeAll(async () => {
  t = await createTestApp();
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's subscription: its key pair and auth secret, as PushManager makes them. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const json = { endpoint: `${pushBase}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  return { ecdh, auth, json };
}

describe('Web Push', () => {
  it('reads a subscription and skips FCM tokens and keys shorter than 10 characters (spec §5)', () => {
    expect(parseSubscription('short')).toBeNull();
    expect(parseSubscription('fcm-token-from-the-android-app-123456')).toBeNull();
    expect(parseSubscription('{"endpoint":"ftp://x","keys":{"p256dh":"a","auth":"b"}}')).toBeNull();
    expect(parseSubscription(JSON.stringify({ endpoint: 'https://push.example/abc', keys: { p256dh: 'k', auth: 'a' } }))).toEqual({ endpoint: 'https://push.example/abc', keys: { p256dh: 'k', auth: 'a' } });
  });

  it('serves the push service worker at the spec’s path, revalidated each time', async () => {
    const res = await t.request({ method: 'GET', url: '/firebase-messaging-sw.js' });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('application/javascript');
    expect(res.raw.headers['cache-control']).toBe('no-cache');
    expect(res.raw.headers['service-worker-allowed']).toBe('/');
    expect(String(res.body)).toContain("addEventListener('push'");
  });

  it('pushes a bought package to the buyer’s browser, encrypted for it and signed with the key web-settings gives out; a gone subscription is forgotten', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const browser = browserSubscription(`/push/${user.id}`);
    expect((await t.request({ method: 'POST', url: '/api/update-fcm-id', payload: { fcm_id: JSON.stringify(browser.json) }, headers: auth })).status).toBe(200);

    const settings = await t.get('/api/web-settings');
    const vapidKey = settings.body.data.vapid_public_key as string;
    expect(vapidKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(JSON.stringify(settings.body)).not.toContain((await rows<{ value: string }>(t.db, sql`select value from settings where key = 'vapid_private_key'`))[0].value);

    const [pkg] = await rows<{ id: number; name: string }>(t.db, sql`select id, name from packages where package_type = 'paid' and is_active order by price limit 1`);
    const intent = (await t.request({ method: 'POST', url: '/api/create-payment-intent', payload: { package_id: pkg.id }, headers: auth })).body.data.payment_intent;
    await t.request({ method: 'POST', url: '/api/sandbox-pay', payload: { payment_transaction_id: intent.payment_transaction_id, card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' }, headers: auth });

    await expect.poll(() => received.filter((r) => r.path === `/push/${user.id}`).length).toBe(1);
    const push = received.find((r) => r.path === `/push/${user.id}`)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBeDefined();
    const authorization = String(push.headers.authorization);
    expect(authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(authorization.split('k=')[1]).toBe(vapidKey);
    const jwt = JSON.parse(Buffer.from(authorization.slice(8).split('.')[1], 'base64url').toString());
    expect(jwt.aud).toBe(pushBase);
    const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') });
    expect(JSON.parse(plain.toString())).toEqual({ title: 'Package purchased', body: expect.stringContaining(pkg.name), url: '/user/notifications' });

    // The push service says the subscription is gone: it is forgotten.
    answer = 410;
    try {
      await t.services.push.sendTo(user.id, { title: 'x', body: 'y', url: '/' });
      const [session] = await rows<{ fcm_id: string | null }>(t.db, sql`select fcm_id from sessions where user_id = ${user.id}`);
      expect(session.fcm_id).toBeNull();
    } finally {
      answer = 201;
    }
  });

  it('writes a notice by key in the language each browser’s page spoke when it subscribed', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const hindi = browserSubscription(`/push/hi-${user.id}`);
    expect((await t.request({ method: 'POST', url: '/api/update-fcm-id', payload: { fcm_id: JSON.stringify(hindi.json) }, headers: { ...auth, 'content-language': 'hi' } })).status).toBe(200);
    const [session] = await rows<{ push_language: string | null }>(t.db, sql`select push_language from sessions where user_id = ${user.id}`);
    expect(session.push_language).toBe('hi');

    await t.db.transaction((tx) => t.services.notifier.notify(tx, user.id, { kind: 'price-drop', ...keyed('price-drop', { title: 'Lake View 2BHK', percent: 10 }) }));
    t.services.notifier.flush();
    await expect.poll(() => received.filter((r) => r.path === `/push/hi-${user.id}`).length).toBe(1);
    const push = received.find((r) => r.path === `/push/hi-${user.id}`)!;
    const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: hindi.ecdh, authSecret: hindi.auth.toString('base64url') });
    expect(JSON.parse(plain.toString())).toEqual({ title: 'कीमत घटी', body: 'Lake View 2BHK अब 10% सस्ता है।', url: '/user/notifications' });
  });
});
