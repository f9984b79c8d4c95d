// Issue 13, entitlements: get-package (and its older name get_package), check-package-limit for the
// seven feature types of spec §4, the package granted at sign-up, and the service API listings use
// to spend and give back a unit inside their own transaction — on PGlite and on PostgreSQL.
import { FEATURE_TYPES, featureUnavailableMessage, type FeatureType } from '@estate/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/seed.ts';
import { PaymentRequired } from '../src/platform/errors.ts';
import { createUserWithToken, holdPackageFor } from './factories.ts';
import { startGoogleKeys } from './google.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

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
let ipCounter = 0;
// Each sign-up from its own address, so the per-IP limits of the account routes stay out of the way.
const nextIp = () => `10.77.${Math.floor(ipCounter / 256) % 256}.${ipCounter++ % 256}`;
const unique = () => `entitled${Date.now()}${counter++}@example.com`;

const holdPackage = (userId: number, limits: Partial<Record<FeatureType, number | null>>, endsInHours = 720, used: Partial<Record<FeatureType, number>> = {}) =>
  holdPackageFor(t.db, userId, limits, endsInHours, used);

async function usedOf(userPackageId: number, feature: FeatureType): Promise<number> {
  const [row] = await rows<{ used_limit: number }>(
    t.db,
    sql`select used_limit from user_package_features where user_package_id = ${userPackageId} and feature_id = (select id from features where name = ${feature})`,
  );
  return row.used_limit;
}

const packagesOf = (userId: number) =>
  rows<{ name: string; hours: number; features: number }>(
    t.db,
    sql`select p.name, (extract(epoch from (up.end_date - up.start_date)) / 3600)::int as hours,
          (select count(*)::int from user_package_features upf where upf.user_package_id = up.id) as features
        from user_packages up join packages p on p.id = up.package_id where up.user_id = ${userId} order by up.id`,
  );

const consume = (userId: number, feature: FeatureType) => t.db.transaction((tx) => t.services.packages.consumeFeature(tx, userId, feature));
const check = (auth: Record<string, string>, type?: string) => t.get('/api/check-package-limit', type === undefined ? {} : { type }, auth);

describe('get-package', () => {
  it('answers a visitor the packages on sale, cheapest first, every feature, and no active packages', async () => {
    const res = await t.get('/api/get-package');
    expect(res.status).toBe(200);
    expect(res.body.error).toBe(false);
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['Free', 'Premium Unlock Day Pass', 'Basic', 'Pro']);
    const basic = res.body.data.find((p: { name: string }) => p.name === 'Basic');
    expect(basic).toMatchObject({ package_type: 'paid', price: 999, duration: 720 });
    expect(basic.features).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), name: 'property_list', limit_type: 'limited', limit: 10 },
        { id: expect.any(Number), name: 'mortgage_calculator_detail', limit_type: 'unlimited', limit: null },
      ]),
    );
    expect(res.body.active_packages).toEqual([]);
    expect(res.body.all_features.map((f: { name: string }) => f.name)).toEqual([...FEATURE_TYPES]);
  });

  it('answers the same under its older name get_package', async () => {
    const { auth } = await createUserWithToken(t.db);
    for (const headers of [{}, auth]) {
      const current = await t.get('/api/get-package', {}, headers);
      const older = await t.get('/api/get_package', {}, headers);
      expect(older.status).toBe(200);
      expect(older.body).toEqual(current.body);
    }
  });

  it('answers a user their running packages with used_limit and total_limit per feature', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const held = await holdPackage(user.id, { property_list: 3, mortgage_calculator_detail: null }, 48, { property_list: 1 });
    const res = await t.get('/api/get-package', {}, auth);
    expect(res.status).toBe(200);
    expect(res.body.active_packages).toHaveLength(1);
    const [active] = res.body.active_packages;
    expect(active).toMatchObject({ user_package_id: held, package_type: 'paid' });
    expect(new Date(active.end_date).getTime() - new Date(active.start_date).getTime()).toBe((24 + 48) * 3_600_000);
    expect(active.features).toEqual([
      { id: expect.any(Number), name: 'property_list', limit_type: 'limited', limit: 3, used_limit: 1, total_limit: 3 },
      { id: expect.any(Number), name: 'mortgage_calculator_detail', limit_type: 'unlimited', limit: null, used_limit: 0, total_limit: null },
    ]);
  });

  it('treats a bad token as a visitor (A*), and never shows one user another’s packages', async () => {
    const owner = await createUserWithToken(t.db);
    await holdPackage(owner.user.id, { property_list: 5 });
    const other = await createUserWithToken(t.db);
    expect((await t.get('/api/get-package', {}, { authorization: 'Bearer undefined' })).body.active_packages).toEqual([]);
    expect((await t.get('/api/get-package', {}, other.auth)).body.active_packages).toEqual([]);
    expect((await t.get('/api/get-package', {}, owner.auth)).body.active_packages).toHaveLength(1);
  });

  it('leaves out a package that has ended', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    await holdPackage(user.id, { property_list: 5 }, -1);
    expect((await t.get('/api/get-package', {}, auth)).body.active_packages).toEqual([]);
  });
});

describe('check-package-limit', () => {
  it('needs a session (401)', async () => {
    const res = await t.get('/api/check-package-limit', { type: 'property_list' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: true, message: 'Authentication failed. Please login to continue.' });
  });

  it('refuses a missing or unknown type with the field’s message (400)', async () => {
    const { auth } = await createUserWithToken(t.db);
    const missing = await check(auth);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: true, message: 'type is required', errors: { type: ['type is required'] } });
    for (const bad of ['property', 'PROPERTY_LIST', '1']) {
      const res = await check(auth, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(`type must be one of ${FEATURE_TYPES.join(', ')}`);
      expect(res.body.errors.type).toEqual([res.body.message]);
    }
  });

  it('answers a user without a package “not available” for all seven types, with the spec’s message for each', async () => {
    const { auth } = await createUserWithToken(t.db);
    for (const type of FEATURE_TYPES) {
      const res = await check(auth, type);
      expect(res.status, type).toBe(200);
      expect(res.body.data).toEqual({ package_available: false, feature_available: false, limit_available: false });
      expect(res.body.message).toBe(featureUnavailableMessage(type));
    }
  });

  it('answers each of the seven types from the user’s packages: feature held, limit left, limit spent', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    // Limited with units left, limited and spent, unlimited, and missing from the package.
    await holdPackage(user.id, { property_list: 2, property_feature: 1, project_list: 1, mortgage_calculator_detail: null, premium_properties: 3 }, 720, { property_feature: 1 });
    const expected: Record<FeatureType, { feature: boolean; limit: boolean; allowed: boolean }> = {
      property_list: { feature: true, limit: true, allowed: true },
      property_feature: { feature: true, limit: false, allowed: false },
      project_list: { feature: true, limit: true, allowed: true },
      project_feature: { feature: false, limit: false, allowed: false },
      mortgage_calculator_detail: { feature: true, limit: true, allowed: true },
      premium_properties: { feature: true, limit: true, allowed: true },
      project_access: { feature: false, limit: false, allowed: false },
    };
    for (const type of FEATURE_TYPES) {
      const res = await check(auth, type);
      expect(res.status, type).toBe(200);
      expect(res.body.data, type).toEqual({ package_available: true, feature_available: expected[type].feature, limit_available: expected[type].limit });
      expect(res.body.message, type).toBe(expected[type].allowed ? 'Feature available' : featureUnavailableMessage(type));
    }
  });

  it('says “not available” once the package has expired', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const held = await holdPackage(user.id, { property_list: 2 });
    expect((await check(auth, 'property_list')).body.data.limit_available).toBe(true);
    await t.db.execute(sql`update user_packages set end_date = now() - interval '1 second' where id = ${held}`);
    const res = await check(auth, 'property_list');
    expect(res.body.data).toEqual({ package_available: false, feature_available: false, limit_available: false });
    expect(res.body.message).toBe('Property list limit or package not available');
  });
});

describe('spending and giving back units (the service API)', () => {
  it('spends one unit per call inside the caller’s transaction, then refuses with PaymentRequired (403 and the spec’s message)', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const held = await holdPackage(user.id, { property_list: 2 });
    expect(await consume(user.id, 'property_list')).toEqual({ feature: 'property_list', userPackageId: held });
    await consume(user.id, 'property_list');
    expect(await usedOf(held, 'property_list')).toBe(2);
    const refused = await consume(user.id, 'property_list').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentRequired);
    expect(refused).toMatchObject({ statusCode: 403, feature: 'property_list', message: 'Property list limit or package not available' });
    expect(await usedOf(held, 'property_list')).toBe(2);
    expect((await check(auth, 'property_list')).body.data).toEqual({ package_available: true, feature_available: true, limit_available: false });
  });

  it('takes nothing when the caller’s transaction rolls back', async () => {
    const { user } = await createUserWithToken(t.db);
    const held = await holdPackage(user.id, { project_list: 1 });
    const failed = await t.db
      .transaction(async (tx) => {
        await t.services.packages.consumeFeature(tx, user.id, 'project_list');
        throw new Error('the listing could not be written');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('the listing could not be written');
    expect(await usedOf(held, 'project_list')).toBe(0);
  });

  it('gives a unit back to the package it came from (a listing deleted before approval)', async () => {
    const { user, auth } = await createUserWithToken(t.db);
    const held = await holdPackage(user.id, { property_list: 1 });
    const use = await consume(user.id, 'property_list');
    expect((await check(auth, 'property_list')).body.data.limit_available).toBe(false);
    expect(await t.db.transaction((tx) => t.services.packages.releaseFeature(tx, user.id, 'property_list', use))).toBe(true);
    expect(await usedOf(held, 'property_list')).toBe(0);
    expect((await check(auth, 'property_list')).body.data.limit_available).toBe(true);
    // Nothing spent: nothing to give back, and the count never goes below zero.
    expect(await t.db.transaction((tx) => t.services.packages.releaseFeature(tx, user.id, 'property_list'))).toBe(false);
    expect(await usedOf(held, 'property_list')).toBe(0);
  });

  it('spends an unlimited feature without limit, counting each use, and before a limited one', async () => {
    const { user } = await createUserWithToken(t.db);
    const limited = await holdPackage(user.id, { property_list: 1 }, 24);
    const unlimited = await holdPackage(user.id, { property_list: null }, 720);
    for (let i = 0; i < 3; i++) expect((await consume(user.id, 'property_list')).userPackageId).toBe(unlimited);
    expect(await usedOf(unlimited, 'property_list')).toBe(3);
    expect(await usedOf(limited, 'property_list')).toBe(0);
  });

  it('spends from the limited package that ends first, then the next', async () => {
    const { user } = await createUserWithToken(t.db);
    const later = await holdPackage(user.id, { property_feature: 1 }, 500);
    const sooner = await holdPackage(user.id, { property_feature: 1 }, 50);
    expect((await consume(user.id, 'property_feature')).userPackageId).toBe(sooner);
    expect((await consume(user.id, 'property_feature')).userPackageId).toBe(later);
    await expect(consume(user.id, 'property_feature')).rejects.toBeInstanceOf(PaymentRequired);
  });

  it('spends nothing from a package that has expired', async () => {
    const { user } = await createUserWithToken(t.db);
    const expired = await holdPackage(user.id, { property_list: 5 }, -1);
    await expect(consume(user.id, 'property_list')).rejects.toMatchObject({ statusCode: 403, feature: 'property_list' });
    expect(await usedOf(expired, 'property_list')).toBe(0);
  });

  it('gives the last unit to exactly one of many concurrent spenders', async () => {
    const { user } = await createUserWithToken(t.db);
    const held = await holdPackage(user.id, { property_list: 3 }, 720, { property_list: 2 });
    // Each spender keeps its transaction open a moment after spending, as a listing write would.
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        t.db.transaction(async (tx) => {
          const use = await t.services.packages.consumeFeature(tx, user.id, 'property_list');
          await tx.execute(sql`select pg_sleep(0.05)`);
          return use;
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refusals = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refusals).toHaveLength(5);
    for (const r of refusals) expect(r.reason).toBeInstanceOf(PaymentRequired);
    expect(await usedOf(held, 'property_list')).toBe(3);
  });

  it('shares the units of two packages among concurrent spenders, one each, never more', async () => {
    const { user } = await createUserWithToken(t.db);
    const first = await holdPackage(user.id, { project_list: 1 }, 100);
    const second = await holdPackage(user.id, { project_list: 1 }, 200);
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        t.db.transaction(async (tx) => {
          const use = await t.services.packages.consumeFeature(tx, user.id, 'project_list');
          await tx.execute(sql`select pg_sleep(0.05)`);
          return use;
        }),
      ),
    );
    const spent = attempts.filter((a) => a.status === 'fulfilled').map((a) => a.value.userPackageId);
    expect(spent.sort()).toEqual([first, second].sort());
    expect([await usedOf(first, 'project_list'), await usedOf(second, 'project_list')]).toEqual([1, 1]);
  });

  it('never spends or gives back another user’s units', async () => {
    const owner = await createUserWithToken(t.db);
    const held = await holdPackage(owner.user.id, { property_list: 2 }, 720, { property_list: 1 });
    const other = await createUserWithToken(t.db);
    await expect(consume(other.user.id, 'property_list')).rejects.toBeInstanceOf(PaymentRequired);
    expect(await t.db.transaction((tx) => t.services.packages.releaseFeature(tx, other.user.id, 'property_list', { userPackageId: held }))).toBe(false);
    expect(await usedOf(held, 'property_list')).toBe(1);
    expect((await check(other.auth, 'property_list')).body.data.package_available).toBe(false);
  });
});

describe('the package every sign-up gets (settings signup_package_id)', () => {
  const post = (url: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, remoteAddress: nextIp() });
  const lastCode = async (recipient: string) => {
    const [msg] = await rows<{ body: string }>(t.db, sql`select body from outbox where recipient = ${recipient} order by id desc limit 1`);
    return /\b(\d{6})\b/.exec(msg.body)![1];
  };
  const userIdOf = async (where: ReturnType<typeof sql>) => (await rows<{ id: number }>(t.db, sql`select id from users where ${where}`))[0].id;
  const setSignupPackage = (value: string) =>
    t.db.execute(sql`insert into settings (key, value) values ('signup_package_id', ${value}) on conflict (key) do update set value = excluded.value`);

  it('is the demo’s Free package, which every seeded account but the administrator holds', async () => {
    const [setting] = await rows<{ value: string }>(t.db, sql`select value from settings where key = 'signup_package_id'`);
    const [pkg] = await rows<{ name: string }>(t.db, sql`select name from packages where id = ${Number(setting.value)}`);
    expect(pkg.name).toBe('Free');
    const demo = await userIdOf(sql`email = ${DEMO_ACCOUNTS.user.email}`);
    expect(await packagesOf(demo)).toEqual([{ name: 'Free', hours: 720, features: 2 }]);
    const admin = await userIdOf(sql`email = ${DEMO_ACCOUNTS.admin.email}`);
    expect(await packagesOf(admin)).toEqual([]);
    const [{ without }] = await rows<{ without: number }>(
      t.db,
      sql`select count(*)::int as without from users u where u.role <> 'admin' and u.email like '%gharbazaar.example.com' and not exists (select 1 from user_packages up where up.user_id = u.id)`,
    );
    expect(without).toBe(0);
  });

  it('is granted on e-mail registration, phone sign-up and Google sign-up, and shows in get-package', async () => {
    const email = unique();
    expect((await post('/api/user-register', { name: 'Kavya Menon', email, password: 'Secret#123', re_password: 'Secret#123' })).status).toBe(200);
    expect(await packagesOf(await userIdOf(sql`email = ${email}`))).toEqual([{ name: 'Free', hours: 720, features: 2 }]);
    const verified = await t.get('/api/verify-otp', { email, otp: await lastCode(email) });
    const answer = await t.get('/api/get-package', {}, { authorization: `Bearer ${verified.body.token}` });
    expect(answer.body.active_packages.map((p: { name: string }) => p.name)).toEqual(['Free']);
    expect(answer.body.active_packages[0].features.find((f: { name: string }) => f.name === 'property_list')).toMatchObject({ used_limit: 0, total_limit: 2 });

    const number = `+9198${String(Date.now()).slice(-8)}`;
    expect((await t.request({ method: 'GET', url: '/api/get-otp', query: { number }, remoteAddress: nextIp() })).status).toBe(200);
    const proof = await t.request({ method: 'GET', url: '/api/verify-otp', query: { number, otp: await lastCode(number) }, remoteAddress: nextIp() });
    const phone = await post('/api/user_signup', { type: 1, mobile: number, auth_id: proof.body.data.auth_id, name: 'Ravi' });
    expect(phone.status).toBe(200);
    expect(await packagesOf(phone.body.data.id)).toEqual([{ name: 'Free', hours: 720, features: 2 }]);

    const googleEmail = unique();
    const idToken = await google.sign({ sub: `g-${googleEmail}`, email: googleEmail, email_verified: true, name: 'Meera Iyer' });
    const viaGoogle = await post('/api/user_signup', { type: 0, auth_id: idToken });
    expect(viaGoogle.status).toBe(200);
    expect(await packagesOf(viaGoogle.body.data.id)).toEqual([{ name: 'Free', hours: 720, features: 2 }]);
    // Logging in again is not signing up: still one package.
    const again = await post('/api/user_signup', { type: 0, auth_id: await google.sign({ sub: `g-${googleEmail}`, email: googleEmail, email_verified: true, jti: 'again' }) });
    expect(again.status).toBe(200);
    expect(await packagesOf(viaGoogle.body.data.id)).toHaveLength(1);
  });

  it('grants nothing when the setting is empty or names a package no longer on sale', async () => {
    const [{ value }] = await rows<{ value: string }>(t.db, sql`select value from settings where key = 'signup_package_id'`);
    try {
      await setSignupPackage('');
      const emptyEmail = unique();
      expect((await post('/api/user-register', { name: 'No Package', email: emptyEmail, password: 'Secret#123', re_password: 'Secret#123' })).status).toBe(200);
      expect(await packagesOf(await userIdOf(sql`email = ${emptyEmail}`))).toEqual([]);

      await setSignupPackage(value);
      await t.db.execute(sql`update packages set is_active = false where id = ${Number(value)}`);
      const retiredEmail = unique();
      expect((await post('/api/user-register', { name: 'Retired Package', email: retiredEmail, password: 'Secret#123', re_password: 'Secret#123' })).status).toBe(200);
      expect(await packagesOf(await userIdOf(sql`email = ${retiredEmail}`))).toEqual([]);
    } finally {
      await t.db.execute(sql`update packages set is_active = true where id = ${Number(value)}`);
      await setSignupPackage(value);
    }
  });

  it('can name a paid package (the operator’s choice), granted for its own duration', async () => {
    const [{ value }] = await rows<{ value: string }>(t.db, sql`select value from settings where key = 'signup_package_id'`);
    const [pro] = await rows<{ id: number }>(t.db, sql`select id from packages where name = 'Pro'`);
    try {
      await setSignupPackage(String(pro.id));
      const email = unique();
      expect((await post('/api/user-register', { name: 'Pro Owner', email, password: 'Secret#123', re_password: 'Secret#123' })).status).toBe(200);
      expect(await packagesOf(await userIdOf(sql`email = ${email}`))).toEqual([{ name: 'Pro', hours: 2160, features: 7 }]);
    } finally {
      await setSignupPackage(value);
    }
  });
});
