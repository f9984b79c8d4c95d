import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/seed.ts';
import { createProperty } from './factories.ts';
import { startGoogleKeys } from './google.ts';
import { multipart } from './multipart.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let google: Awaited<ReturnType<typeof startGoogleKeys>>;
const signGoogle = (claims: Record<string, unknown>, audience?: string) => google.sign(claims, audience);

beforeAll(async () => {
  google = await startGoogleKeys();
  t = await createTestApp(google.env);
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

let counter = 0;
const unique = () => `person${Date.now()}${counter++}@example.com`;
// Each call from its own address, so the per-IP limits of these routes stay out of the way
// (the per-address and per-identifier limits have tests of their own).
let ipCounter = 0;
const nextIp = () => `10.${200 + Math.floor(ipCounter / 65536) % 50}.${Math.floor(ipCounter / 256) % 256}.${ipCounter++ % 256}`;
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = nextIp()) => t.request({ method: 'POST', url, payload, headers, remoteAddress });
const get = (url: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, query, headers, remoteAddress: nextIp() });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function lastCode(recipient: string): Promise<string> {
  const [msg] = await rows<{ body: string }>(t.db, sql`select body from outbox where recipient = ${recipient} order by id desc limit 1`);
  return /\b(\d{6})\b/.exec(msg.body)![1];
}

/** Registers and verifies an e-mail account; answers its session token. */
async function verifiedAccount(email = unique(), password = 'Secret#123') {
  expect((await post('/api/user-register', { name: 'Asha Rao', email, password, re_password: password })).status).toBe(200);
  const verified = await get('/api/verify-otp', { email, otp: await lastCode(email) });
  expect(verified.status).toBe(200);
  return { email, password, token: verified.body.token as string, user: verified.body.data };
}

const allowResend = (identifier: string) => t.db.execute(sql`update otp_codes set created_at = created_at - interval '2 minutes' where identifier = ${identifier}`);

describe('e-mail sign-up and log-in', () => {
  it('registers, refuses log-in until the code is verified, then logs in', async () => {
    const email = unique();
    const reg = await post('/api/user-register', { name: 'Asha Rao', email, mobile: '+91 98200 11111', password: 'Secret#123', re_password: 'Secret#123' });
    expect(reg.status).toBe(200);
    expect(reg.body.data).toMatchObject({ email, mobile: '+919820011111', email_verified: false, logintype: 3 });
    expect(JSON.stringify(reg.body)).not.toMatch(/scrypt|password_hash/i);

    const early = await post('/api/user_signup', { type: 3, email, password: 'Secret#123' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Email is not verified');

    const verified = await get('/api/verify-otp', { email, otp: await lastCode(email) });
    expect(verified.body.data.email_verified).toBe(true);
    expect(verified.body.token).toMatch(/^[\w-]{40,}$/);

    const login = await post('/api/user_signup', { type: 3, email: email.toUpperCase(), password: 'Secret#123', fcm_id: 'device-token-123' });
    expect(login.status).toBe(200);
    expect(login.body.data.fcm_id).toBe('device-token-123');
    const me = await get('/api/get-user-data', {}, bearer(login.body.token));
    expect(me.body.data.email).toBe(email);
    const [session] = await rows<{ token_hash: string }>(t.db, sql`select token_hash from sessions order by id desc limit 1`);
    expect(session.token_hash).not.toBe(login.body.token);
  });

  it('creates no account when its code cannot be sent', async () => {
    const email = unique();
    await t.services.accounts.requestCode({ email }).catch(() => {});
    // A code for this address went out a moment ago, so registering now is throttled…
    await t.db.execute(sql`insert into otp_codes (channel, identifier, purpose, code_hash, expires_at) values ('email', ${email}, 'verify', 'x', now() + interval '10 minutes')`);
    expect((await post('/api/user-register', { name: 'A', email, password: 'Secret#123', re_password: 'Secret#123' })).status).toBe(429);
    // …and leaves no half-made account behind.
    expect(await rows(t.db, sql`select 1 from users where email = ${email}`)).toHaveLength(0);
  });

  it('refuses mismatched passwords, short passwords and an e-mail that has a verified account', async () => {
    const email = unique();
    const mismatch = await post('/api/user-register', { name: 'A', email, password: 'Secret#123', re_password: 'Secret#124' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.re_password).toEqual(['re_password must match password']);
    expect((await post('/api/user-register', { name: 'A', email, password: 'short', re_password: 'short' })).body.errors).toHaveProperty('password');
    expect((await post('/api/user-register', { name: 'A', email: 'not-an-email', password: 'Secret#123', re_password: 'Secret#123' })).body.errors).toHaveProperty('email');
    await verifiedAccount(email);
    const again = await post('/api/user-register', { name: 'B', email: email.toUpperCase(), password: 'Secret#123', re_password: 'Secret#123' });
    expect(again.status).toBe(409);
  });

  it('refuses a wrong password with the field named, and throttles repeated failures', async () => {
    const { email } = await verifiedAccount();
    const wrong = await post('/api/user_signup', { type: 3, email, password: 'Wrong#123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('password');
    const unknown = await post('/api/user_signup', { type: 3, email: unique(), password: 'Wrong#123' });
    expect(unknown.body.message).toBe(wrong.body.message);
    for (let i = 0; i < 10; i++) await post('/api/user_signup', { type: 3, email, password: 'Wrong#123' }, {}, '10.1.0.1');
    expect((await post('/api/user_signup', { type: 3, email, password: 'Secret#123' }, {}, '10.1.0.1')).status).toBe(429);
  });

  it('refuses a deactivated account with the contract message', async () => {
    const { email, password, user } = await verifiedAccount();
    await t.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    const res = await post('/api/user_signup', { type: 3, email, password });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Account Deactivated by Administrative please connect to them');
  });
});

describe('one-time codes', () => {
  it('counts wrong tries and refuses the sixth, even with the right code', async () => {
    const email = unique();
    await post('/api/user-register', { name: 'A', email, password: 'Secret#123', re_password: 'Secret#123' });
    const code = await lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await get('/api/verify-otp', { email, otp: wrong })).body.message);
    expect(messages[0]).toBe('The code is wrong. 4 tries left.');
    expect(messages[4]).toBe('Too many wrong tries. Ask for a new code.');
    const sixth = await get('/api/verify-otp', { email, otp: code });
    expect(sixth.status).toBe(400);
    expect(sixth.body.errors.otp[0]).toBe('Too many wrong tries. Ask for a new code.');
  });

  it('refuses an expired code, throttles resends, and a fresh code works', async () => {
    const email = unique();
    await post('/api/user-register', { name: 'A', email, password: 'Secret#123', re_password: 'Secret#123' });
    const first = await lastCode(email);
    await t.db.execute(sql`update otp_codes set expires_at = now() - interval '1 second' where identifier = ${email}`);
    expect((await get('/api/verify-otp', { email, otp: first })).body.message).toBe('The code has expired. Ask for a new one.');
    const tooSoon = await get('/api/get-otp', { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/wait \d+ seconds/);
    await allowResend(email);
    expect((await get('/api/get-otp', { email })).status).toBe(200);
    expect((await get('/api/verify-otp', { email, otp: await lastCode(email) })).status).toBe(200);
  });

  it('validates codes and identifiers', async () => {
    expect((await get('/api/verify-otp', { email: unique(), otp: '12ab56' })).body.errors).toHaveProperty('otp');
    expect((await get('/api/get-otp', {})).status).toBe(400);
    expect((await get('/api/get-otp', { email: unique(), number: '+919820000000' })).status).toBe(400);
    expect((await get('/api/get-otp', { number: '12' })).body.errors).toHaveProperty('number');
  });

  it('does not say whether an e-mail has an account', async () => {
    const unknown = await get('/api/get-otp', { email: unique() });
    const { email } = await verifiedAccount();
    const known = await get('/api/get-otp', { email });
    expect(unknown.body).toEqual(known.body);
  });
});

describe('phone log-in', () => {
  it('sends a code by SMS, answers a single-use proof, and logs in with it', async () => {
    const number = `+9198${String(Date.now()).slice(-8)}`;
    expect((await get('/api/get-otp', { number })).status).toBe(200);
    const [sms] = await rows<{ channel: string; body: string }>(t.db, sql`select channel, body from outbox where recipient = ${number}`);
    expect(sms.channel).toBe('sms');
    const proof = await get('/api/verify-otp', { number, otp: /\d{6}/.exec(sms.body)![0] });
    expect(proof.status).toBe(200);
    const authId = proof.body.data.auth_id;
    const login = await post('/api/user_signup', { type: 1, mobile: number, auth_id: authId, name: 'Ravi' });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ mobile: number, logintype: 1, name: 'Ravi' });
    const reused = await post('/api/user_signup', { type: 1, mobile: number, auth_id: authId });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toHaveProperty('auth_id');
    expect((await post('/api/user_signup', { type: 1, mobile: '+919999999999', auth_id: 'made-up' })).status).toBe(400);
  });
});

describe('Google sign-in', () => {
  it('verifies the ID token against the key set and signs the person up once', async () => {
    const email = unique();
    const token = await signGoogle({ sub: `g-${email}`, email, email_verified: true, name: 'Meera Iyer' });
    const first = await post('/api/user_signup', { type: 0, auth_id: token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ email, name: 'Meera Iyer', logintype: 0, email_verified: true });
    const again = await signGoogle({ sub: `g-${email}`, email, email_verified: true, name: 'Meera Iyer', jti: 'second' });
    const second = await post('/api/user_signup', { type: 0, auth_id: again });
    expect(second.body.data.id).toBe(first.body.data.id);
  });

  it('refuses a token for another client or a forged one', async () => {
    const forOther = await signGoogle({ sub: 'x', email: unique(), email_verified: true }, 'someone-else');
    expect((await post('/api/user_signup', { type: 0, auth_id: forOther })).status).toBe(400);
    expect((await post('/api/user_signup', { type: 0, auth_id: 'a.b.c' })).status).toBe(400);
    expect((await post('/api/user_signup', { type: 2, auth_id: 'apple' })).status).toBe(400);
  });
});

describe('forgotten password', () => {
  it('sends a code only for real accounts, resets the password and ends every other session', async () => {
    const { email, token } = await verifiedAccount();
    const unknown = unique();
    const a = await get('/api/forgot-password', { email: unknown });
    const b = await get('/api/forgot-password', { email });
    await t.services.background.idle();
    expect(a.body).toEqual(b.body);
    expect(await rows(t.db, sql`select 1 from outbox where recipient = ${unknown}`)).toHaveLength(0);

    const code = await lastCode(email);
    const bad = await post('/api/reset-password', { email, otp: code, password: 'Newpass#1', re_password: 'Newpass#2' });
    expect(bad.body.errors).toHaveProperty('re_password');
    expect((await post('/api/reset-password', { email, otp: code, password: 'Newpass#1', re_password: 'Newpass#1' })).status).toBe(200);
    expect((await get('/api/get-user-data', {}, bearer(token))).status).toBe(401);
    expect((await post('/api/user_signup', { type: 3, email, password: 'Secret#123' })).status).toBe(400);
    expect((await post('/api/user_signup', { type: 3, email, password: 'Newpass#1' })).status).toBe(200);
    expect((await post('/api/reset-password', { email, otp: code, password: 'Again#123', re_password: 'Again#123' })).status).toBe(400);
  });
});

describe('sessions', () => {
  it('a token stops working after log-out', async () => {
    const { token } = await verifiedAccount();
    expect((await get('/api/get-user-data', {}, bearer(token))).status).toBe(200);
    expect((await post('/api/before-logout', { fcm_id: 'x' }, bearer(token))).status).toBe(200);
    const after = await get('/api/get-user-data', {}, bearer(token));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Authentication failed. Please login to continue.');
  });

  it('an expired session is refused, and (A) calls need a token', async () => {
    const { token, user } = await verifiedAccount();
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await get('/api/get-user-data', {}, bearer(token))).status).toBe(401);
    expect((await post('/api/update_profile', { name: 'x' })).status).toBe(401);
    expect((await post('/api/delete_user', {})).status).toBe(401);
  });

  it('stores the push token on the session and the user', async () => {
    const { token, user } = await verifiedAccount();
    expect((await post('/api/update-fcm-id', { fcm_id: 'push-abc' }, bearer(token))).status).toBe(200);
    const [row] = await rows<{ fcm_id: string }>(t.db, sql`select fcm_id from users where id = ${user.id}`);
    expect(row.fcm_id).toBe('push-abc');
  });
});

describe('profile', () => {
  it('completes the profile with a picture, re-encoded to WebP without EXIF', async () => {
    const { token } = await verifiedAccount();
    const before = (await get('/api/get-user-data', {}, bearer(token))).body.data;
    expect(before.missing_profile_fields).toEqual(['mobile', 'profile', 'address']);
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker', Make: 'TestCam' } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret-exif-marker'))).toBe(true);
    const body = multipart({ mobile: '+919811122233', address: '12 MG Road, Pune', notification: '0' }, { name: 'profile', filename: 'me.jpg', type: 'image/jpeg', data: jpeg });
    const res = await t.request({ method: 'POST', url: '/api/update_profile', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.missing_profile_fields).toEqual([]);
    expect(res.body.data.notification).toBe(0);
    expect(res.body.data.profile).toMatch(/\/media\/profiles\/.+\.webp$/);
    const stored = await t.request({ method: 'GET', url: new URL(res.body.data.profile).pathname });
    const meta = await sharp(stored.raw.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.raw.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
  });

  it('refuses a file that is not an image, and a contact another account uses', async () => {
    const { token } = await verifiedAccount();
    const other = await verifiedAccount();
    const body = multipart({ name: 'X' }, { name: 'profile', filename: 'evil.jpg', type: 'image/jpeg', data: Buffer.from('not really a jpeg') });
    const res = await t.request({ method: 'POST', url: '/api/update_profile', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('profile');
    expect((await post('/api/update_profile', { email: other.email }, bearer(token))).status).toBe(409);
  });

  it("cannot touch another user's profile or account", async () => {
    const mine = await verifiedAccount();
    const theirs = await verifiedAccount();
    expect((await post('/api/update_profile', { userid: theirs.user.id, name: 'Hijacked' }, bearer(mine.token))).status).toBe(403);
    expect((await post('/api/delete_user', { userid: theirs.user.id }, bearer(mine.token))).status).toBe(403);
    expect((await get('/api/get-user-data', {}, bearer(theirs.token))).body.data.name).toBe('Asha Rao');
  });
});

describe('account deletion', () => {
  it('erases personal data, ends sessions and deletes the listings', async () => {
    const { token, user, email } = await verifiedAccount();
    const listing = await createProperty(t.db, { ownerId: user.id });
    expect((await post('/api/delete_user', { userid: user.id }, bearer(token))).status).toBe(200);
    expect((await get('/api/get-user-data', {}, bearer(token))).status).toBe(401);
    const [row] = await rows<{ email: string | null; name: string; password_hash: string | null; deleted_at: Date | null }>(t.db, sql`select email, name, password_hash, deleted_at from users where id = ${user.id}`);
    expect(row).toMatchObject({ email: null, name: 'Deleted user', password_hash: null });
    expect(row.deleted_at).not.toBeNull();
    expect(await rows(t.db, sql`select 1 from properties where id = ${listing.id}`)).toHaveLength(0);
    // The address is free for a new account.
    await allowResend(email);
    expect((await post('/api/user-register', { name: 'New', email, password: 'Secret#123', re_password: 'Secret#123' })).status).toBe(200);
  });
});

describe('administrator and mailbox', () => {
  it('the demo accounts of the README log in', async () => {
    const user = await post('/api/user_signup', { type: 3, email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password });
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({ role: 'user', city: 'Mumbai', missing_profile_fields: [] });
    const admin = await post('/api/user_signup', { type: 3, email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password });
    expect(admin.body.data.role).toBe('admin');
  });

  it('ensureAdmin creates an administrator who can log in', async () => {
    const email = unique();
    await t.services.accounts.ensureAdmin(email, 'Admin#1234', 'Ops');
    const login = await post('/api/user_signup', { type: 3, email, password: 'Admin#1234' });
    expect(login.body.data.role).toBe('admin');
  });

  it('/dev/mailbox shows the codes outside production', async () => {
    const email = unique();
    await post('/api/user-register', { name: 'A', email, password: 'Secret#123', re_password: 'Secret#123' });
    const json = await t.get('/dev/mailbox.json', { to: email });
    expect(json.body.data[0]).toMatchObject({ to: email, channel: 'email', subject: 'Your verification code' });
    const html = await t.request({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(html.raw.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(await lastCode(email));
    for (const env of [{ NODE_ENV: 'production' }, { SMTP_URL: 'smtp://127.0.0.1:2525' }] as Record<string, string>[]) {
      const other = await createTestApp(env);
      try {
        expect((await other.get('/dev/mailbox.json')).status, JSON.stringify(env)).toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});
