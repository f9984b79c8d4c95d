// Security suite, issue 9 findings 1–7: account takeover, lock-outs, enumeration, log-out and
// authenticating before a body is read. Runs on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleKeys } from '../google.ts';
import { createTestApp, rows, type TestApp } from '../harness.ts';

let t: TestApp;
let google: Awaited<ReturnType<typeof startGoogleKeys>>;

beforeAll(async () => {
  google = await startGoogleKeys();
  t = await createTestApp(google.env);
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

let counter = 0;
const unique = () => `sec${Date.now()}${counter++}@example.com`;
const uniqueNumber = () => `+9197${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, '0')}`;
let ipCounter = 0;
const nextIp = () => `10.90.${Math.floor(ipCounter / 256) % 256}.${ipCounter++ % 256}`;
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = nextIp()) => t.request({ method: 'POST', url, payload, headers, remoteAddress });
const get = (url: string, query: Record<string, string> = {}, headers: Record<string, string> = {}, remoteAddress = nextIp()) => t.request({ method: 'GET', url, query, headers, remoteAddress });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const password = 'Secret#123';

async function lastCode(recipient: string): Promise<string> {
  await t.services.background.idle();
  const [msg] = await rows<{ body: string }>(t.db, sql`select body from outbox where recipient = ${recipient} order by id desc limit 1`);
  return /\b(\d{6})\b/.exec(msg.body)![1];
}

const register = (email: string, extra: Record<string, unknown> = {}) => post('/api/user-register', { name: 'Someone', email, password, re_password: password, ...extra });

async function verifiedAccount(email = unique(), extra: Record<string, unknown> = {}) {
  expect((await register(email, extra)).status).toBe(200);
  const verified = await get('/api/verify-otp', { email, otp: await lastCode(email) });
  expect(verified.status).toBe(200);
  return { email, token: verified.body.token as string, id: verified.body.data.id as number };
}

async function phoneProof(number: string): Promise<string> {
  expect((await get('/api/get-otp', { number })).status).toBe(200);
  const proof = await get('/api/verify-otp', { number, otp: await lastCode(number) });
  expect(proof.status).toBe(200);
  return proof.body.data.auth_id;
}

describe('finding 1: the development mailbox answers this machine only', () => {
  it('refuses another address, and a loopback request that a proxy forwarded', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: '/dev/mailbox.json', remoteAddress, headers });
    expect((await from('203.0.113.7')).status).toBe(404);
    expect((await from('192.168.1.20')).status).toBe(404);
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
    expect((await from('::1', { forwarded: 'for=203.0.113.7' })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.7' })).status).toBe(404);
    const local = await from('127.0.0.1');
    expect(local.status).toBe(200);
    expect(local.body.data).toBeInstanceOf(Array);
  });

  it('writes each code to the server log in development', () => {
    expect(t.services.otp.revealCode).toBeTypeOf('function');
  });
});

describe('finding 2: the five tries of a code cannot be raced', () => {
  it('counts 40 concurrent wrong guesses as five, and refuses the right code after them', async () => {
    const email = unique();
    expect((await register(email)).status).toBe(200);
    const code = await lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 40 }, () => get('/api/verify-otp', { email, otp: wrong })));
    expect(answers.map((a) => a.status).every((s) => s === 400)).toBe(true);
    const [row] = await rows<{ attempts: number }>(t.db, sql`select attempts from otp_codes where identifier = ${email} order by id desc limit 1`);
    expect(row.attempts).toBe(5);
    const right = await get('/api/verify-otp', { email, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.errors.otp).toEqual(['Too many wrong tries. Ask for a new code.']);
  });
});

describe('finding 3: an unverified account is never entered by another proof of identity', () => {
  it('Google sign-in with a squatted e-mail gets its own account; the squatter’s password and account are gone', async () => {
    const victim = unique();
    expect((await register(victim)).status).toBe(200);
    const [squatter] = await rows<{ id: number }>(t.db, sql`select id from users where email = ${victim}`);
    const token = await google.sign({ sub: `g-${victim}`, email: victim, email_verified: true, name: 'Victim' });
    const signIn = await post('/api/user_signup', { type: 0, auth_id: token });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.id).not.toBe(squatter.id);
    expect(signIn.body.data.email).toBe(victim);
    const attacker = await post('/api/user_signup', { type: 3, email: victim, password });
    expect(attacker.status).toBe(400);
    const [gone] = await rows<{ deleted_at: Date | null; password_hash: string | null }>(t.db, sql`select deleted_at, password_hash from users where id = ${squatter.id}`);
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.password_hash).toBeNull();
  });

  it('a phone log-in never lands in an account that only claimed the number; that account loses the claim and its sessions', async () => {
    const number = uniqueNumber();
    const attacker = await verifiedAccount(unique(), { mobile: number });
    const login = await post('/api/user_signup', { type: 1, mobile: number, auth_id: await phoneProof(number), name: 'Victim' });
    expect(login.status).toBe(200);
    expect(login.body.data.id).not.toBe(attacker.id);
    expect(login.body.data.mobile).toBe(number);
    expect((await get('/api/get-user-data', {}, bearer(attacker.token))).status).toBe(401);
    const [claim] = await rows<{ mobile: string | null }>(t.db, sql`select mobile from users where id = ${attacker.id}`);
    expect(claim.mobile).toBeNull();
  });

  it('registering an address that an unverified account squats replaces the squatter', async () => {
    const email = unique();
    expect((await register(email)).status).toBe(200);
    // (past the minute a new code waits for)
    await t.db.execute(sql`update otp_codes set created_at = created_at - interval '2 minutes' where identifier = ${email}`);
    const mine = await verifiedAccount(email);
    expect((await get('/api/get-user-data', {}, bearer(mine.token))).body.data.email).toBe(email);
    expect(await rows(t.db, sql`select 1 from users where lower(email) = ${email} and deleted_at is null`)).toHaveLength(1);
  });

  it('a Google ID token works once', async () => {
    const email = unique();
    const token = await google.sign({ sub: `g-${email}`, email, email_verified: true });
    expect((await post('/api/user_signup', { type: 0, auth_id: token })).status).toBe(200);
    const replay = await post('/api/user_signup', { type: 0, auth_id: token });
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toHaveProperty('auth_id');
    const racing = await google.sign({ sub: `g-${email}`, email, email_verified: true, jti: `race-${email}` });
    const both = await Promise.all([post('/api/user_signup', { type: 0, auth_id: racing }), post('/api/user_signup', { type: 0, auth_id: racing })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('finding 4: failed log-ins lock an account only from the address they came from', () => {
  it('ten wrong passwords from one address do not refuse the owner elsewhere', async () => {
    const { email } = await verifiedAccount();
    for (let i = 0; i < 10; i++) expect((await post('/api/user_signup', { type: 3, email, password: 'Wrong#123' }, {}, '198.51.100.66')).status).toBe(400);
    expect((await post('/api/user_signup', { type: 3, email, password }, {}, '198.51.100.66')).status).toBe(429);
    expect((await post('/api/user_signup', { type: 3, email, password }, {}, '198.51.100.67')).status).toBe(200);
  });
});

describe('finding 5: nobody learns which addresses have accounts', () => {
  it('update_profile is rate-limited per account', async () => {
    const { token } = await verifiedAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await post('/api/update_profile', { email: unique() }, bearer(token))).status);
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('forgot-password answers before any work that depends on the address', async () => {
    const { email } = await verifiedAccount();
    const otp = t.services.otp;
    const send = otp.send;
    let started = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // A send that does not finish until the answers are in: they must not wait for it.
    otp.send = () => {
      started++;
      return held;
    };
    try {
      const [known, unknown] = await Promise.all([get('/api/forgot-password', { email }), get('/api/forgot-password', { email: unique() })]);
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
    } finally {
      release();
      await t.services.background.idle();
      otp.send = send;
    }
    expect(started).toBe(1);
  });
});

describe('finding 6: log-out always ends the session', () => {
  for (const [name, opts] of [
    ['no body', {}],
    ['an empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' }],
    ['a malformed JSON body', { headers: { 'content-type': 'application/json' }, payload: '{"fcm' }],
    ['a form', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'fcm_id=abc' }],
  ] as const) {
    it(`with ${name}`, async () => {
      const { token } = await verifiedAccount();
      const out = await t.request({ method: 'POST', url: '/api/before-logout', remoteAddress: nextIp(), ...opts, headers: { ...bearer(token), ...('headers' in opts ? opts.headers : {}) } });
      expect(out.status).toBe(200);
      expect((await get('/api/get-user-data', {}, bearer(token))).status).toBe(401);
    });
  }
});

describe('finding 7: a visitor is refused before any body is read', () => {
  it('an oversized upload without a token gets 401, not 413', async () => {
    const boundary = 'x-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      Buffer.alloc(25 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request({ method: 'POST', url: '/api/update_profile', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload, remoteAddress: nextIp() });
    expect(res.status).toBe(401);
  });

  it('every call that needs a token answers a visitor 401 whatever the body: none is parsed first', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const secured = Object.entries(spec.paths).flatMap(([url, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => ['post', 'put', 'patch', 'delete'].includes(method) && op.security?.length)
        .map(([method]) => ({ method: method.toUpperCase() as 'POST', url })),
    );
    expect(secured.map((s) => s.url)).toEqual(expect.arrayContaining(["/api/add_favourite", "/api/interested_users", "/api/update_profile"]));
    for (const { method, url } of secured) {
      // Broken JSON would be a 400 if the body were read before the token was checked.
      const res = await t.request({ method, url, headers: { 'content-type': 'application/json' }, payload: '{"broken', remoteAddress: nextIp() });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });
});
