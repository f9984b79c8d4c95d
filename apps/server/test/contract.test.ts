// Issue 10 "Done means": every call of the public API answers exactly what the contract says. Each
// answer is parsed with its route's own 200 schema made deep-strict (strict-schema.ts), so a key the
// contract does not name fails, and so does a missing or renamed one. Calls come from the OpenAPI
// document, so a new call is checked from the day it is added: a GET that cannot be called without
// input, or any POST, fails here until `inputs` says how to call it.
//
// The app runs with NODE_ENV=production on purpose: elsewhere answers are encoded through their
// schemas, which drops unknown keys (and turns a missing one into a 500) before a test could see
// them; production sends what the presenters build, as real clients receive it.
import { SANDBOX_CARDS, SEO_PAGES } from '@estate/core';
import { sql } from 'drizzle-orm';
import type * as Fastify from 'fastify';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../src/demo/seed.ts';
import { recommendationPreferences } from '../src/db/schema/index.ts';
import sharp from 'sharp';
import { createProject, createProperty, createSession, createUserWithToken, grantFeature, holdPackageFor } from './factories.ts';
import { multipart } from './multipart.ts';
import { createTestApp, rows, type ApiResponse } from './harness.ts';
import { startFlutterwave, startPaypal } from './payment-stand-ins.ts';
import { deepStrict, describeIssues } from './strict-schema.ts';

// Fastify keeps a route's schema to itself once it is registered (findRoute answers only its
// handler and params), so every app built in this file records its routes as they are added.
const routeTable = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof Fastify>();
  const recording = (options?: Parameters<typeof fastify.default>[0]) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => {
      routeTable.push(route as RouteOptions);
    });
    return app;
  };
  return { ...fastify, default: recording };
});

describe('deepStrict', () => {
  const listing = z.object({ id: z.number(), photos: z.array(z.object({ url: z.string() })).nullable() });

  it('refuses an extra key on an object in an array inside a nullable, and still a missing one', () => {
    const strict = deepStrict(listing);
    expect(strict.safeParse({ id: 1, photos: [{ url: 'a' }] }).success).toBe(true);
    expect(strict.safeParse({ id: 1, photos: null }).success).toBe(true);
    const extra = strict.safeParse({ id: 1, photos: [{ url: 'a' }, { url: 'b', width: 3 }] });
    expect(extra.success).toBe(false);
    expect(describeIssues(extra.error!.issues)).toEqual(['photos.1: Unrecognized key: "width"']);
    expect(strict.safeParse({ id: 1 }).success).toBe(false);
    expect(listing.safeParse({ id: 1, photos: [{ url: 'b', width: 3 }] }).success).toBe(true);
  });

  it('reaches objects in unions, records, intersections, optionals, pipes and lazy schemas', () => {
    const leaf = z.object({ a: z.string() });
    const cases: [z.ZodType, unknown][] = [
      [z.union([leaf, z.number()]), { a: 'x', b: 1 }],
      [z.record(z.string(), leaf), { k: { a: 'x', b: 1 } }],
      [z.object({ o: leaf.optional() }), { o: { a: 'x', b: 1 } }],
      [z.object({ a: z.string() }).pipe(z.object({ a: z.string() })), { a: 'x', b: 1 }],
      [z.lazy(() => leaf), { a: 'x', b: 1 }],
      [z.intersection(leaf, z.object({ c: z.number() })), { a: 'x', c: 1, b: 1 }],
    ];
    for (const [schema, value] of cases) expect(deepStrict(schema).safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(deepStrict(z.intersection(leaf, z.object({ c: z.number() }))).safeParse({ a: 'x', c: 1 }).success).toBe(true);
  });

  it('keeps a catchall object open to extra keys of its type, and keeps refinements', () => {
    const settings = deepStrict(z.object({ name: z.string(), logo: z.object({ url: z.string() }) }).catchall(z.string()));
    expect(settings.safeParse({ name: 'n', logo: { url: 'u' }, any_setting: 'v' }).success).toBe(true);
    expect(settings.safeParse({ name: 'n', logo: { url: 'u' }, any_setting: 1 }).success).toBe(false);
    expect(settings.safeParse({ name: 'n', logo: { url: 'u', size: '1' } }).success).toBe(false);
    const refined = deepStrict(z.object({ a: z.number() }).refine((v) => v.a > 0, 'a must be positive'));
    expect(refined.safeParse({ a: -1 }).success).toBe(false);
  });
});

// ------------------------------------------------------------------------------ the public API

// PayPal and Flutterwave answer through local stand-ins (their calls need them on); the sandbox stays on beside them.
const paypalStandIn = await startPaypal();
const flutterwaveStandIn = await startFlutterwave();
const t = await createTestApp({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1', ...paypalStandIn.env, ...flutterwaveStandIn.env });
afterAll(async () => {
  await t.close();
  await Promise.all([paypalStandIn.close(), flutterwaveStandIn.close()]);
});

interface Operation {
  method: string;
  path: string;
  secured: boolean;
  requiredQuery: string[];
}

const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[]; parameters?: { in: string; name: string; required?: boolean }[] }>> };
const operations: Operation[] = Object.entries(spec.paths)
  .flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      secured: Boolean(op.security?.length),
      requiredQuery: (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
    })),
  )
  .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));

/** The 200 schema each route declares, by `METHOD /path`. */
const answerSchemas = new Map<string, z.ZodType>();
for (const route of routeTable) {
  const answer = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
  if (!(answer instanceof z.ZodType)) continue;
  // OpenAPI spells path parameters {name}, Fastify :name.
  for (const method of [route.method].flat()) answerSchemas.set(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`, answer);
}

// ------------------------------------------------------------------------------ demo data

const loggedIn = await createUserWithToken(t.db, { city: 'Mumbai' });
const user = loggedIn.auth;

const [ordinary] = await rows<{ slug_id: string }>(
  t.db,
  sql`select p.slug_id from properties p where p.is_premium = false and p.status = 1 and p.request_status = 'approved'
      and exists (select 1 from property_documents d where d.property_id = p.id) order by p.id limit 1`,
);
const [premium] = await rows<{ slug_id: string; owner_id: number }>(
  t.db,
  sql`select slug_id, owner_id from properties where is_premium = true and status = 1 and request_status = 'approved' and owner_id is not null order by id limit 1`,
);
const premiumOwner = { authorization: `Bearer ${await createSession(t.db, premium.owner_id)}` };
const [category] = await rows<{ id: number; slug_id: string }>(t.db, sql`select id, slug_id from categories order by id limit 1`);
// Saved preferences: homepage-data then recommends listings to this user.
await t.db.insert(recommendationPreferences).values({ userId: loggedIn.user.id, categoryIds: [category.id] });
const firstOf = async (url: string, query: Record<string, string> = {}) => {
  const res = await t.get(url, query);
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data[0] as { slug_id: string; id: number };
};
const project = await firstOf('/api/get-projects');
const article = await firstOf('/api/get_articles');
const agents = (await t.get('/api/agent-list', { limit: 50 })).body.data as { slug_id: string; property_count: number; projects_count: number; is_admin: boolean }[];
const agentWithListings = agents.find((a) => !a.is_admin && a.property_count > 0)!;
const agentWithProjects = agents.find((a) => !a.is_admin && a.projects_count > 0)!;

const mumbai = '72.7,18.8,73.1,19.4';
const loan = { loan_amount: 5_000_000, down_payment: 1_000_000, interest_rate: 8.5, loan_term_years: 20 };
const subscription = await createUserWithToken(t.db);
await grantFeature(t.db, subscription.user.id, 'mortgage_calculator_detail');
const subscriber = subscription.auth;

// Favourites and interest: the user keeps one favourite and owns a listing another user is interested in.
const [favourite] = await rows<{ id: number }>(t.db, sql`select id from properties where is_premium = false and status = 1 and request_status = 'approved' order by id desc limit 1`);
expect((await t.request({ method: 'POST', url: '/api/add_favourite', headers: user, payload: { property_id: favourite.id, type: 1 } })).status).toBe(200);
const ownListing = await createProperty(t.db, { ownerId: loggedIn.user.id });
expect((await t.request({ method: 'POST', url: '/api/interested_users', headers: subscriber, payload: { property_id: ownListing.id, type: 1 } })).status).toBe(200);

// An owner who passes every gate of post_property / post_project, with a listing and a project of their own.
// Verified, so an edit keeps its listing approved whatever order the calls run in.
const owner = await createUserWithToken(t.db, { mobile: '+919700000001', profile: 'profiles/owner-w160.webp', address: '1 Contract Road, Mumbai', verificationStatus: 'success' });
await holdPackageFor(t.db, owner.user.id, { property_list: null, project_list: null, property_feature: null, project_feature: null });
const ownerAuth = owner.auth;
const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } }).jpeg().toBuffer();
const requiredParameters = Object.fromEntries(
  (await rows<{ id: number }>(t.db, sql`select p.id from category_parameters cp join parameters p on p.id = cp.parameter_id where cp.category_id = ${category.id} and p.is_required`)).flatMap((p, i) => [
    [`parameters[${i}][parameter_id]`, String(p.id)],
    [`parameters[${i}][value]`, '2'],
  ]),
);
const newListing = () =>
  multipart(
    { title: `Contract listing ${Date.now()}`, category_id: String(category.id), property_type: '1', price: '25000', city: 'Mumbai', ...requiredParameters },
    { name: 'title_image', filename: 'front.jpg', type: 'image/jpeg', data: jpeg },
    { name: 'documents[0]', filename: 'Plan.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
  );
const newProject = () =>
  multipart(
    { title: `Contract project ${Date.now()}`, category_id: String(category.id), type: 'upcoming', 'plans[0][title]': '2 BHK' },
    { name: 'image', filename: 'front.jpg', type: 'image/jpeg', data: jpeg },
    { name: 'plans[0][document]', filename: 'plan.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
  );
const postAs = async (url: string, body: { payload: Buffer; headers: Record<string, string> }) => {
  const res = await t.request({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...ownerAuth } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const ownedListing = (await postAs('/api/post_property', newListing()))[0] as { id: number; slug_id: string };
const ownedProject = (await postAs('/api/post_project', newProject())) as { id: number };
await t.db.execute(sql`update properties set request_status = 'approved' where id = ${ownedListing.id}`);
await t.db.execute(sql`update projects set request_status = 'approved' where id = ${ownedProject.id}`);
// One advertisement already running, so get-featured-data has something to answer.
const featureAListing = async () => ({ feature_for: 'property', property_id: (await createProperty(t.db, { ownerId: owner.user.id })).id });
expect((await t.request({ method: 'POST', url: '/api/store_advertisement', headers: ownerAuth, payload: await featureAListing() })).status).toBe(200);

// A buyer with a payment in the sandbox, pending, to pay, fail and look at.
const buyer = (await createUserWithToken(t.db)).auth;
const [paidPackage] = await rows<{ id: number }>(t.db, sql`select id from packages where package_type = 'paid' and is_active order by price limit 1`);
const startPayment = async () => {
  const res = await t.request({ method: 'POST', url: '/api/create-payment-intent', headers: buyer, payload: { package_id: paidPackage.id, payment_method: 'sandbox' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.payment_intent as { payment_transaction_id: number; id: string };
};
const pendingPayment = await startPayment();

// A subscriber with a search locked to their package (search-criteria calls), and a way to make more.
const lockedSearch = { property_type: 0, rooms: { bedrooms: 2, bathrooms: null, living_rooms: null, floors: null }, min_price: 100000, max_price: 9000000, category_ids: [category.id], outdoor_facility_ids: [], city: 'Mumbai', state: 'Maharashtra', country: 'India', location: 'Mumbai, Maharashtra, India' };
const lockHolder = async () => {
  const account = await createUserWithToken(t.db);
  const userPackageId = await holdPackageFor(t.db, account.user.id, {});
  const saved = await t.request({ method: 'POST', url: '/api/search-criteria', headers: account.auth, payload: lockedSearch });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { ...account, userPackageId };
};
const locker = await lockHolder();

// A conversation: a buyer writes to the owner about the owner's listing.
const chatter = await createUserWithToken(t.db);
const sendAs = async (from: { auth: Record<string, string> }, to: number, message: string) => {
  const res = await t.request({ method: 'POST', url: '/api/send_message', headers: from.auth, payload: { receiver_id: to, property_id: ownedListing.id, message } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
};
await sendAs(chatter, owner.user.id, 'Is it still available?');

// The owner's saved search, so listing them finds one.
expect((await t.request({ method: 'POST', url: '/api/search-alerts', headers: ownerAuth, payload: { city: 'Mumbai' } })).status).toBe(200);
// A notice sent to everyone, so every account made above has one to list.
await t.db.execute(sql`insert into notifications (title, message, send_type) values ('Contract notice', 'Sent to everyone', 1)`);

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${counter++}`;
const email = () => `${unique('contract')}@example.com`;
const phone = (prefix: string) => `+91${prefix}${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, '0')}`;
const password = 'Contract#123';

async function lastCode(recipient: string): Promise<string> {
  await t.services.background.idle();
  const [message] = await rows<{ body: string }>(t.db, sql`select body from outbox where recipient = ${recipient} order by id desc limit 1`);
  return /\b(\d{6})\b/.exec(message.body)![1];
}

/** A verified e-mail account made through the API, with its session token. */
async function verifiedAccount() {
  const address = email();
  const registered = await t.request({ method: 'POST', url: '/api/user-register', payload: { name: 'Contract Test', email: address, password, re_password: password } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const verified = await t.get('/api/verify-otp', { email: address, otp: await lastCode(address) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { email: address, auth: { authorization: `Bearer ${verified.body.token}` } };
}

// ------------------------------------------------------------------------------ how to call each

interface Call {
  name: string;
  /** The request; `url` and `method` default to the operation's. */
  request: () => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;
}

const as = (who: 'visitor' | 'user', query: Record<string, string | number> = {}): Call => ({
  name: `as a ${who}${Object.keys(query).length ? ` with ${JSON.stringify(query)}` : ''}`,
  request: () => ({ query: query as Record<string, string>, headers: who === 'user' ? user : {} }),
});
const both = (query: Record<string, string | number> = {}): Call[] => [as('visitor', query), as('user', query)];
const withHeaders = (name: string, headers: Record<string, string>, query: Record<string, string | number>): Call => ({
  name,
  request: () => ({ query: query as Record<string, string>, headers }),
});

/**
 * How to call an operation, by `METHOD /path`, when a visitor's and a user's plain call will not do:
 * every POST, every GET with a required input (or one that refuses to answer without one), and
 * every GET whose other forms answer other shapes. An entry replaces the plain calls.
 */
/** An application answering every field of the demo form, the file field with a small PDF. */
async function verificationApplication(headers: Record<string, string>): Promise<Partial<InjectOptions>> {
  const fields = await rows<{ id: number; field_type: string; option: string | null }>(
    t.db,
    sql`select f.id, f.field_type, (select min(o.value) from verification_field_options o where o.field_id = f.id) as option from verification_fields f where f.is_active order by f.sequence`,
  );
  const values: Record<string, string> = {};
  let file = '';
  fields.forEach((f, i) => {
    values[`form_fields[${i}][id]`] = String(f.id);
    if (f.field_type === 'file') file = `form_fields[${i}][value]`;
    else values[`form_fields[${i}][value]`] = f.option ?? (f.field_type === 'number' ? '5' : 'Contract answer');
  });
  const body = multipart(values, { name: file, filename: 'id.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
  return { headers: { ...headers, ...body.headers }, payload: body.payload };
}

// The console's people and trust calls, as an administrator.
const adminAuth = (await createUserWithToken(t.db, { role: 'admin' })).auth;
const asAdmin = (name: string, request: () => Promise<Partial<InjectOptions>> | Partial<InjectOptions> = () => ({})): Call => ({ name, request: async () => ({ ...(await request()), headers: adminAuth }) });
/** A listed property with an open report. */
const reportedListing = async () => {
  const listing = await createProperty(t.db);
  await t.request({ method: 'POST', url: '/api/add_reports', headers: user, payload: { property_id: listing.id, other_message: 'Contract report' } });
  return listing.id;
};
/** An agent whose verification waits for a decision, answering every active field. */
const pendingApplicant = async () => {
  const agent = await createUserWithToken(t.db, { role: 'agent' });
  const [request] = await rows<{ id: number }>(t.db, sql`insert into verification_requests (user_id, status) values (${agent.user.id}, 'pending') returning id`);
  await t.db.execute(sql`insert into verification_answers (request_id, field_id, value) select ${request.id}, id, case when field_type = 'file' then 'verification/contract.pdf' else 'Contract answer' end from verification_fields where is_active`);
  await t.db.execute(sql`update users set verification_status = 'pending' where id = ${agent.user.id}`);
  return agent.user.id;
};
/** A person's conversation with the platform about a listing it owns (the console's inbox). */
const platformChat = async () => {
  const person = await createUserWithToken(t.db);
  const listing = await createProperty(t.db);
  const res = await t.request({ method: 'POST', url: '/api/send_message', headers: person.auth, payload: { receiver_id: 0, property_id: listing.id, message: 'A question for the platform' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [chat] = await rows<{ id: number }>(t.db, sql`select chat_id as id from chat_messages where id = ${res.body.id as number}`);
  return { chatId: chat.id, person, listingId: listing.id };
};
// One waits in the inbox before its list is called.
await platformChat();
const newFormField = async () => (await t.request({ method: 'POST', url: '/api/admin/verification-fields', headers: adminAuth, payload: { name: 'Contract field', field_type: 'dropdown', options: ['One', 'Two'] } })).body.data.id as number;

// The console's catalogue, content and language calls, as an administrator.
const adminMade = async (url: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url, headers: adminAuth, payload });
  if (res.status !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
};
const contractPicture = () => sharp({ create: { width: 32, height: 24, channels: 3, background: '#0f766e' } }).png().toBuffer();
const slideForm = async () => multipart({ type: '4', heading: 'Contract slide', link: 'https://example.com/' }, { name: 'image', filename: 's.png', type: 'image/png', data: await contractPicture() });
const frenchTexts = async () => {
  const languages = (await t.get('/api/admin/languages', {}, adminAuth)).body.data as { id: number; code: string }[];
  return languages.find((l) => l.code === 'fr')?.id ?? (await adminMade('/api/admin/languages', { code: 'fr', name: 'Français' }));
};

// The console's money and settings calls, as an administrator.
const contractPlan = { name: 'Contract plan', package_type: 'paid', price: 99, duration: 48, features: [{ name: 'property_list', limit_type: 'limited', limit: 2 }, { name: 'premium_properties', limit_type: 'unlimited' }] };
const moneyPackage = () => adminMade('/api/admin/packages', contractPlan);
/** A successful sandbox payment of a new buyer's. */
const sandboxPayment = async () => {
  const buyer = await createUserWithToken(t.db);
  const [pkg] = await rows<{ id: number }>(t.db, sql`select id from packages where package_type = 'paid' and is_active order by price limit 1`);
  const intent = await t.request({ method: 'POST', url: '/api/create-payment-intent', headers: buyer.auth, payload: { package_id: pkg.id, payment_method: 'sandbox' } });
  const id = intent.body.data.payment_intent.payment_transaction_id as number;
  await t.request({ method: 'POST', url: '/api/sandbox-pay', headers: buyer.auth, payload: { payment_transaction_id: id, card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
  return id;
};
/** A running featured listing of a new owner's. */
const liveAd = async () => {
  const adOwner = await createUserWithToken(t.db);
  const listing = await createProperty(t.db, { ownerId: adOwner.user.id });
  const [ad] = await rows<{ id: number }>(t.db, sql`insert into advertisements (user_id, feature_for, property_id, status, start_date, end_date) values (${adOwner.user.id}, 'property', ${listing.id}, 0, now(), now() + interval '3 days') returning id`);
  return ad.id;
};
const logoForm = async () => multipart({}, { name: 'file', filename: 'logo.png', type: 'image/png', data: await contractPicture() });

const inputs: Record<string, Call[]> = {
  // The console's moderation, dashboard and audit log.
  'GET /api/admin/dashboard': [asAdmin('the figures, queues and 30 days')],
  'GET /api/admin/listings/{kind}': [
    asAdmin('properties waiting for review, by title', () => ({ url: '/api/admin/listings/property', query: { status: 'pending', sort: 'title', order: 'asc' } })),
    asAdmin('every project', () => ({ url: '/api/admin/listings/project' })),
  ],
  'POST /api/admin/listings/{kind}/moderate': [
    asAdmin('approve a pending property', async () => ({ url: '/api/admin/listings/property/moderate', payload: { ids: [(await createProperty(t.db, { requestStatus: 'pending' })).id], action: 'approve' } })),
    asAdmin('reject a pending project with a reason', async () => ({ url: '/api/admin/listings/project/moderate', payload: { ids: [(await createProject(t.db, { requestStatus: 'pending' })).id], action: 'reject', reason: 'Contract reason' } })),
  ],
  'GET /api/admin/audit': [
    asAdmin('the approvals, after one', async () => {
      const listing = await createProperty(t.db, { requestStatus: 'pending' });
      await t.request({ method: 'POST', url: '/api/admin/listings/property/moderate', headers: adminAuth, payload: { ids: [listing.id], action: 'approve' } });
      return { query: { action: 'property.approve' } };
    }),
  ],
  'GET /api/admin/packages': [asAdmin('every package'), asAdmin('on sale, by price', () => ({ query: { active: '1', sort: 'price', order: 'asc' } }))],
  'GET /api/admin/packages/{id}': [asAdmin('a package', async () => ({ url: `/api/admin/packages/${await moneyPackage()}` }))],
  'POST /api/admin/packages': [asAdmin('a package with a limited and an unlimited feature', () => ({ payload: contractPlan }))],
  'POST /api/admin/packages/{id}': [asAdmin('change a package', async () => ({ url: `/api/admin/packages/${await moneyPackage()}`, payload: { ...contractPlan, name: 'Contract plan, changed', price: 149 } }))],
  'POST /api/admin/packages/{id}/active': [asAdmin('take off sale', async () => ({ url: `/api/admin/packages/${await moneyPackage()}/active`, payload: { is_active: 0 } }))],
  'DELETE /api/admin/packages/{id}': [asAdmin('an unsold package', async () => ({ url: `/api/admin/packages/${await moneyPackage()}` }))],
  'GET /api/admin/payments': [asAdmin('a successful sandbox payment', async () => ({ query: { status: 'success', gateway: 'sandbox', q: String(await sandboxPayment()) } }))],
  'GET /api/admin/payments/export': [asAdmin('the CSV of successful payments', () => ({ query: { status: 'success' } }))],
  'POST /api/admin/payments/{id}/refund': [asAdmin('a sandbox payment', async () => ({ url: `/api/admin/payments/${await sandboxPayment()}/refund`, payload: { reason: 'Contract refund' } }))],
  'GET /api/admin/advertisements': [asAdmin('a running one', async () => ({ query: { state: 'live', q: String(await liveAd()) } }))],
  'POST /api/admin/advertisements/{id}/end': [asAdmin('a running one', async () => ({ url: `/api/admin/advertisements/${await liveAd()}/end`, payload: {} }))],
  'POST /api/admin/advertisements/{id}/extend': [asAdmin('a running one by 5 days', async () => ({ url: `/api/admin/advertisements/${await liveAd()}/extend`, payload: { days: 5 } }))],
  'GET /api/admin/settings': [asAdmin('the settings')],
  'POST /api/admin/settings': [asAdmin('a colour and a secret', () => ({ payload: { values: { category_background: '#eefdf5', google_maps_api_key: 'AIzaContractKey12345' } } }))],
  'POST /api/admin/settings/media/{key}': [
    {
      name: 'the footer logo (multipart)',
      request: async () => {
        const form = await logoForm();
        return { url: '/api/admin/settings/media/web_footer_logo', payload: form.payload, headers: { ...adminAuth, ...form.headers } };
      },
    },
  ],
  'DELETE /api/admin/settings/media/{key}': [asAdmin('the footer logo', () => ({ url: '/api/admin/settings/media/web_footer_logo' }))],
  'GET /api/get_property': [
    withHeaders('an ordinary listing by slug as a visitor', {}, { slug_id: ordinary.slug_id }),
    withHeaders('an ordinary listing by slug as a user', user, { slug_id: ordinary.slug_id }),
    withHeaders('a premium listing as a visitor (the premium_locked teaser)', {}, { slug_id: premium.slug_id }),
    withHeaders('a premium listing as its owner (the full record)', premiumOwner, { slug_id: premium.slug_id }),
    ...both(),
    ...both({ category_id: category.id }),
    ...both({ top_rated: 1, limit: 5 }),
  ],
  'GET /api/get-property-list': [...both(), ...both({ category_slug_id: category.slug_id, sort_by: 'price_desc' }), ...both({ is_premium: 1 }), ...both({ bbox: mumbai })],
  'GET /api/get-property-map-points': [...both(), ...both({ bbox: mumbai })],
  'GET /api/get_nearby_properties': [...both(), ...both({ city: 'Mumbai' })],
  'GET /api/get-projects': [...both(), ...both({ slug_id: project.slug_id })],
  'GET /api/get-project-detail': both({ slug_id: project.slug_id }),
  'GET /api/get_articles': [...both(), ...both({ slug_id: article.slug_id })],
  // Without a slug_id it answers 404 (no agent named), though the schema makes slug_id optional.
  'GET /api/agent-properties': [...both({ slug_id: agentWithListings.slug_id }), ...both({ slug_id: agentWithProjects.slug_id, is_projects: 1 }), ...both({ is_admin: 1 })],
  'GET /api/get_languages': [...both(), ...both({ language_code: 'hi', web_language_file: 1 })],
  'GET /api/get_categories': [...both(), ...both({ has_property: 1 })],
  'GET /api/get_seo_settings': [...both(), ...both({ page: SEO_PAGES[0] })],
  // A subscriber's answer carries active_packages, so their shape is checked with something in them.
  'GET /api/get-package': [...both(), withHeaders('a subscriber (active_packages)', subscriber, {})],
  'GET /api/get_package': [...both(), withHeaders('a subscriber (active_packages)', subscriber, {})],
  'GET /api/check-package-limit': [
    withHeaders('a feature the user lacks', user, { type: 'property_list' }),
    withHeaders('a feature the subscriber holds', subscriber, { type: 'mortgage_calculator_detail' }),
  ],
  'GET /api/mortgage-calculator': [
    ...both(loan),
    withHeaders('the schedule for a holder of mortgage_calculator_detail', subscriber, { ...loan, show_all_details: 1 }),
  ],
  'GET /api/reverse-geocode': [
    ...both({ latitude: 19.076, longitude: 72.8777 }),
    withHeaders('mid-ocean (Unknown parts, “Location information unavailable”)', {}, { latitude: 30, longitude: -40 }),
  ],
  // Either number or email (the schema can only say so in a refinement).
  'GET /api/get-otp': [
    { name: 'for an e-mail address', request: () => ({ query: { email: email() } }) },
    { name: 'for a phone number', request: () => ({ query: { number: phone('98') } }) },
  ],
  'GET /api/verify-otp': [
    {
      name: 'a phone number’s code (answers auth_id)',
      request: async () => {
        const number = phone('97');
        expect((await t.get('/api/get-otp', { number })).status).toBe(200);
        return { query: { number, otp: await lastCode(number) } };
      },
    },
    {
      name: 'an e-mail address’s code (answers a session)',
      request: async () => {
        const address = email();
        await t.request({ method: 'POST', url: '/api/user-register', payload: { name: 'Contract Test', email: address, password, re_password: password } });
        return { query: { email: address, otp: await lastCode(address) } };
      },
    },
  ],
  'GET /api/forgot-password': [{ name: 'for the demo user', request: () => ({ query: { email: DEMO_ACCOUNTS.user.email } }) }],
  'POST /api/user-register': [{ name: 'a new e-mail account', request: () => ({ payload: { name: 'Contract Test', email: email(), password, re_password: password } }) }],
  'POST /api/user_signup': [
    { name: 'e-mail and password (type 3)', request: () => ({ payload: { type: 3, email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password } }) },
  ],
  'POST /api/reset-password': [
    {
      name: 'with the code forgot-password sent',
      request: async () => {
        const account = await verifiedAccount();
        expect((await t.get('/api/forgot-password', { email: account.email })).status).toBe(200);
        return { payload: { email: account.email, otp: await lastCode(account.email), password: 'Changed#123', re_password: 'Changed#123' } };
      },
    },
  ],
  'POST /api/update_profile': [{ name: 'a new name and city', request: () => ({ headers: user, payload: { name: 'Renamed by the contract test', city: 'Mumbai' } }) }],
  'POST /api/update-fcm-id': [{ name: 'a device token', request: () => ({ headers: user, payload: { fcm_id: unique('fcm') } }) }],
  'POST /api/before-logout': [{ name: 'ending a session', request: async () => ({ headers: (await createUserWithToken(t.db)).auth }) }],
  'POST /api/delete_user': [{ name: 'one’s own account', request: async () => ({ headers: (await verifiedAccount()).auth, payload: {} }) }],
  'POST /api/add_favourite': [
    { name: 'adding a favourite', request: async () => ({ headers: user, payload: { property_id: (await createProperty(t.db)).id, type: 1 } }) },
    { name: 'removing one (form body, as the apps send it)', request: () => ({ headers: { ...user, 'content-type': 'application/x-www-form-urlencoded' }, payload: `property_id=${ownListing.id}&type=0` }) },
  ],
  'GET /api/get_favourite_property': [as('user'), as('user', { limit: 1, offset: 0 })],
  'POST /api/interested_users': [
    { name: 'marking interest', request: async () => ({ headers: subscriber, payload: { property_id: (await createProperty(t.db)).id, type: 1 } }) },
    { name: 'unmarking it', request: () => ({ headers: subscriber, payload: { property_id: favourite.id, type: 0 } }) },
  ],
  'GET /api/get_interested_users': [
    withHeaders('the owner, by property_id', user, { property_id: ownListing.id }),
    withHeaders('the owner, by slug_id', user, { slug_id: ownListing.slugId }),
  ],
  'POST /api/post_property': [
    { name: 'a rent listing with a picture and a document (multipart)', request: () => { const body = newListing(); return { payload: body.payload, headers: { ...body.headers, ...ownerAuth } }; } },
  ],
  'POST /api/update_post_property': [{ name: 'a lower price', request: () => ({ headers: ownerAuth, payload: { id: ownedListing.id, price: 24000 } }) }],
  'POST /api/delete_property': [
    { name: 'one’s own listing', request: async () => ({ headers: ownerAuth, payload: { id: (await postAs('/api/post_property', newListing()))[0].id } }) },
  ],
  'POST /api/update_property_status': [{ name: 'rented', request: () => ({ headers: ownerAuth, payload: { property_id: ownedListing.id, status: 3 } }) }],
  'POST /api/change-property-status': [{ name: 'paused', request: () => ({ headers: ownerAuth, payload: { property_id: ownedListing.id, status: 0 } }) }],
  'GET /api/get-added-properties': [withHeaders('the owner', ownerAuth, {})],
  'POST /api/post_project': [
    { name: 'a new project with a plan (multipart)', request: () => { const body = newProject(); return { payload: body.payload, headers: { ...body.headers, ...ownerAuth } }; } },
    { name: 'an edit of one’s own', request: () => ({ headers: ownerAuth, payload: { id: ownedProject.id, description: 'Edited by the contract test.' } }) },
  ],
  'POST /api/delete_project': [{ name: 'one’s own project', request: async () => ({ headers: ownerAuth, payload: { id: (await postAs('/api/post_project', newProject())).id } }) }],
  'POST /api/change-project-status': [{ name: 'paused', request: () => ({ headers: ownerAuth, payload: { project_id: ownedProject.id, status: 0 } }) }],
  'GET /api/get-added-projects': [withHeaders('the owner', ownerAuth, {})],
  'GET /api/get_payment_settings': [as('user')],
  'POST /api/create-payment-intent': [
    { name: 'a paid package in the sandbox', request: () => ({ headers: buyer, payload: { package_id: paidPackage.id, platform_type: 'web', payment_method: 'sandbox' } }) },
    { name: 'a paid package through PayPal', request: () => ({ headers: buyer, payload: { package_id: paidPackage.id, platform_type: 'web', payment_method: 'paypal' } }) },
  ],
  'GET /api/paypal': [withHeaders('the page for a paid package, its amount ignored', buyer, { package_id: paidPackage.id, amount: 1 })],
  'POST /api/flutterwave': [{ name: 'the checkout link for a paid package', request: () => ({ headers: buyer, payload: { package_id: paidPackage.id } }) }],
  'GET /api/payment-return/{payment_transaction_id}': [
    {
      name: 'back from PayPal after approving (the order is captured)',
      request: async () => {
        const res = await t.request({ method: 'POST', url: '/api/create-payment-intent', headers: (await createUserWithToken(t.db)).auth, payload: { package_id: paidPackage.id, payment_method: 'paypal' } });
        const intent = res.body.data.payment_intent as { payment_transaction_id: number; id: string };
        paypalStandIn.approve(intent.id);
        return { url: `/api/payment-return/${intent.payment_transaction_id}?token=${intent.id}&PayerID=STANDIN` };
      },
    },
  ],
  'POST /api/payment-return/{payment_transaction_id}': [
    {
      name: 'posted back by a hosted checkout (Razorpay’s callback; here a PayPal order, asked of its API the same way)',
      request: async () => {
        const res = await t.request({ method: 'POST', url: '/api/create-payment-intent', headers: (await createUserWithToken(t.db)).auth, payload: { package_id: paidPackage.id, payment_method: 'paypal' } });
        const intent = res.body.data.payment_intent as { payment_transaction_id: number; id: string };
        paypalStandIn.approve(intent.id);
        return {
          url: `/api/payment-return/${intent.payment_transaction_id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ razorpay_payment_id: 'pay_contract', razorpay_order_id: intent.id }).toString(),
        };
      },
    },
  ],
  'POST /api/createPaymentIntent': [{ name: 'the older call, its amount ignored', request: () => ({ headers: buyer, payload: { package_id: paidPackage.id, amount: 1, currency: 'USD' } }) }],
  'GET /api/payment-status': [withHeaders('the buyer', buyer, { payment_transaction_id: pendingPayment.payment_transaction_id })],
  'GET /api/get_payment_details': [withHeaders('the buyer', buyer, {})],
  'POST /api/sandbox-pay': [
    {
      name: 'the success card',
      request: async () => ({ headers: buyer, payload: { payment_transaction_id: (await startPayment()).payment_transaction_id, card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' } }),
    },
  ],
  'POST /api/payment-transaction-fail': [{ name: 'giving up', request: () => ({ headers: buyer, payload: { payment_transaction_id: pendingPayment.payment_transaction_id } }) }],
  'POST /api/webhooks/{gateway}': [
    {
      name: 'a signed sandbox event',
      request: async () => {
        const intent = await startPayment();
        const signed = await t.services.payments.sandbox.signEvent({ eventId: unique('evt'), orderId: intent.id, status: 'success', transactionId: 'contract' });
        return { url: '/api/webhooks/sandbox', payload: signed.body, headers: { 'content-type': 'application/json', 'x-sandbox-signature': signed.signature } };
      },
    },
  ],
  'POST /api/store_advertisement': [
    { name: 'featuring one’s listing', request: async () => ({ headers: ownerAuth, payload: await featureAListing() }) },
    { name: 'featuring one’s project', request: async () => ({ headers: ownerAuth, payload: { feature_for: 'project', project_id: (await createProject(t.db, { ownerId: owner.user.id })).id } }) },
  ],
  'GET /api/get-featured-data': [withHeaders('the owner', ownerAuth, {}), withHeaders('the owner, properties', ownerAuth, { type: 'property' })],
  'POST /api/direct-save-search': [
    { name: 'as the spec’s clients send it (JSON with the caller’s own user_id and user_package_id)', request: () => ({ headers: locker.auth, payload: { ...lockedSearch, user_id: locker.user.id, user_package_id: locker.userPackageId } }) },
  ],
  'GET /api/direct-get-criteria': [
    withHeaders('a locked search, by the caller’s user_id and user_package_id', locker.auth, { user_id: locker.user.id, user_package_id: locker.userPackageId }),
    withHeaders('a user with none (data null)', user, {}),
  ],
  'POST /api/search-criteria': [{ name: 'a search (JSON)', request: () => ({ headers: locker.auth, payload: lockedSearch }) }],
  'GET /api/search-criteria': [withHeaders('a locked search', locker.auth, {}), as('user')],
  'DELETE /api/search-criteria': [{ name: 'ending one’s lock', request: async () => ({ headers: (await lockHolder()).auth }) }],
  'POST /api/package-search-criteria': [{ name: 'a search (JSON)', request: () => ({ headers: locker.auth, payload: { ...lockedSearch, city: 'Thane', location: 'Thane' } }) }],
  'GET /api/package-search-criteria': [withHeaders('a locked search', locker.auth, {}), as('user')],
  'DELETE /api/package-search-criteria': [{ name: 'ending one’s lock', request: async () => ({ headers: (await lockHolder()).auth }) }],
  'GET /api/user-profile': [as('user'), withHeaders('a subscriber (user_package_id)', locker.auth, {})],
  'GET /api/get_chats': [withHeaders('the owner', ownerAuth, {})],
  'GET /api/get_messages': [
    withHeaders('the owner, with the buyer', ownerAuth, { user_id: chatter.user.id, property_id: ownedListing.id }),
    { name: 'a person, with the platform', request: async () => { const c = await platformChat(); return { headers: c.person.auth, query: { user_id: '0', property_id: String(c.listingId) } }; } },
  ],
  'POST /api/send_message': [
    { name: 'a reply', request: () => ({ headers: ownerAuth, payload: { receiver_id: chatter.user.id, property_id: ownedListing.id, message: 'Yes, it is.' } }) },
    { name: 'to the platform', request: async () => ({ headers: (await createUserWithToken(t.db)).auth, payload: { receiver_id: 0, property_id: (await createProperty(t.db)).id, message: 'Hello platform' } }) },
  ],
  'POST /api/delete_chat_message': [{ name: 'one’s own message', request: async () => ({ headers: chatter.auth, payload: { message_id: await sendAs(chatter, owner.user.id, 'Oops') } }) }],
  'POST /api/block-user': [{ name: 'a person', request: async () => ({ headers: ownerAuth, payload: { to_user_id: (await createUserWithToken(t.db)).user.id, reason: 'Spam' } }) }],
  'POST /api/unblock-user': [{ name: 'a person', request: async () => ({ headers: ownerAuth, payload: { to_user_id: (await createUserWithToken(t.db)).user.id } }) }],
  'GET /api/get_notification_list': [withHeaders('a user', ownerAuth, {}), withHeaders('a user, second page size', ownerAuth, { limit: 1, offset: 0 })],
  'POST /api/add_reports': [
    { name: 'a reason', request: async () => ({ headers: user, payload: { property_id: (await createProperty(t.db)).id, reason_id: (await rows<{ id: number }>(t.db, sql`select min(id) as id from report_reasons`))[0].id } }) },
    { name: '"other" with text', request: async () => ({ headers: user, payload: { property_id: (await createProperty(t.db)).id, reason_id: 0, other_message: 'Not as described' } }) },
  ],
  'POST /api/apply-agent-verification': [{ name: 'a full application with a PDF', request: async () => verificationApplication((await createUserWithToken(t.db)).auth) }],
  'GET /api/get-agent-verification-form-values': [
    { name: 'an applicant', request: async () => { const applicant = await createUserWithToken(t.db); const application = await verificationApplication(applicant.auth); await t.request({ method: 'POST', url: '/api/apply-agent-verification', headers: application.headers as Record<string, string>, payload: application.payload as Buffer }); return { headers: applicant.auth }; } },
  ],
  'POST /api/personalised-fields': [
    { name: 'every preference (JSON)', request: () => ({ headers: user, payload: { category_ids: [category.id], outdoor_facilitiy_ids: [], price_range: [0, 9_000_000], property_type: [0, 1], city: 'Mumbai' } }) },
  ],
  'GET /api/personalised-fields': [as('user'), { name: 'a user with none saved', request: async () => ({ headers: (await createUserWithToken(t.db)).auth }) }],
  'DELETE /api/personalised-fields': [{ name: 'a user’s own', request: async () => ({ headers: (await createUserWithToken(t.db)).auth }) }],
  'GET /api/get_user_recommendation': [as('user'), as('user', { limit: 2, offset: 1 })],
  'POST /api/search-alerts': [{ name: 'an alert', request: () => ({ headers: ownerAuth, payload: { name: 'Flats in Pune', city: 'Pune', property_type: 1, max_price: 50000 } }) }],
  'GET /api/search-alerts': [withHeaders('the owner', ownerAuth, {})],
  'POST /api/update-search-alert': [
    {
      name: 'one’s own alert, the daily e-mail on and push off',
      request: async () => ({ headers: ownerAuth, payload: { id: (await t.request({ method: 'POST', url: '/api/search-alerts', headers: ownerAuth, payload: { city: 'Agra' } })).body.data.id, push: 0, email_digest: 1 } }),
    },
  ],
  'POST /api/delete-search-alert': [
    {
      name: 'one’s own alert',
      request: async () => ({ headers: ownerAuth, payload: { id: (await t.request({ method: 'POST', url: '/api/search-alerts', headers: ownerAuth, payload: { city: 'Goa' } })).body.data.id } }),
    },
  ],
  'GET /api/admin/reports': [asAdmin('open reports', async () => ({ query: { state: 'open', q: String(await reportedListing()) } }))],
  'POST /api/admin/reports/{id}/decide': [asAdmin('dismiss a reported listing', async () => ({ url: `/api/admin/reports/${await reportedListing()}/decide`, payload: { action: 'dismiss' } }))],
  'GET /api/admin/verifications': [asAdmin('pending applications', async () => ({ query: { q: String(await pendingApplicant()) } }))],
  'POST /api/admin/verifications/{id}/decide': [asAdmin('approve an application', async () => ({ url: `/api/admin/verifications/${await pendingApplicant()}/decide`, payload: { status: 'success' } }))],
  'GET /api/admin/verification-fields': [asAdmin('the form')],
  'POST /api/admin/verification-fields': [asAdmin('a dropdown field', () => ({ payload: { name: 'Agency', field_type: 'dropdown', is_required: 1, options: ['Own', 'Franchise'] } }))],
  'POST /api/admin/verification-fields/order': [
    asAdmin('every field, last first', async () => ({ payload: { ids: (await rows<{ id: number }>(t.db, sql`select id from verification_fields order by sequence desc, id desc`)).map((r) => r.id) } })),
  ],
  'POST /api/admin/verification-fields/{id}': [asAdmin('rename a field', async () => ({ url: `/api/admin/verification-fields/${await newFormField()}`, payload: { name: 'Renamed', field_type: 'radio', options: ['Yes', 'No'] } }))],
  'POST /api/admin/verification-fields/{id}/delete': [asAdmin('a field without answers', async () => ({ url: `/api/admin/verification-fields/${await newFormField()}/delete` }))],
  'GET /api/admin/inbox': [asAdmin('unread first'), asAdmin('by name, waiting only', () => ({ query: { sort: 'name', order: 'asc', unread: '1' } }))],
  'GET /api/admin/inbox/unread': [asAdmin('the count')],
  'GET /api/admin/inbox/{id}': [asAdmin('a conversation', async () => ({ url: `/api/admin/inbox/${(await platformChat()).chatId}` }))],
  'POST /api/admin/inbox/{id}/reply': [asAdmin('an answer', async () => ({ url: `/api/admin/inbox/${(await platformChat()).chatId}/reply`, payload: { message: 'Yes, it is.' } }))],
  'GET /api/admin/people': [asAdmin('everyone'), asAdmin('agents by name', () => ({ query: { role: 'agent', sort: 'name', order: 'asc' } }))],
  'GET /api/admin/people/{id}': [asAdmin('a person', () => ({ url: `/api/admin/people/${owner.user.id}` }))],
  'POST /api/admin/people/{id}/active': [asAdmin('deactivate', async () => ({ url: `/api/admin/people/${(await createUserWithToken(t.db)).user.id}/active`, payload: { active: 0, reason: 'Contract check' } }))],
  'POST /api/admin/people/{id}/role': [asAdmin('make an agent', async () => ({ url: `/api/admin/people/${(await createUserWithToken(t.db)).user.id}/role`, payload: { role: 'agent' } }))],
  'POST /api/admin/people/{id}/reset-verification': [asAdmin('a pending applicant', async () => ({ url: `/api/admin/people/${await pendingApplicant()}/reset-verification` }))],
  'POST /api/admin/people/{id}/message': [asAdmin('a notice', async () => ({ url: `/api/admin/people/${(await createUserWithToken(t.db)).user.id}/message`, payload: { title: 'Hello', message: 'A message from the platform.' } }))],
  'GET /api/admin/articles': [asAdmin('every article'), asAdmin('published, by title', () => ({ query: { published: '1', sort: 'title', order: 'asc' } }))],
  'POST /api/admin/articles': [asAdmin('an article', () => ({ payload: { title: 'Contract article', description: '<p>Hello <script>x()</script></p>' } }))],
  'GET /api/admin/articles/{id}': [asAdmin('one article', async () => ({ url: `/api/admin/articles/${await adminMade('/api/admin/articles', { title: 'Contract read', description: '<p>Hi</p>' })}` }))],
  'PUT /api/admin/articles/{id}': [
    asAdmin('unpublish an article', async () => ({ url: `/api/admin/articles/${await adminMade('/api/admin/articles', { title: 'Contract edit', description: '<p>Hi</p>' })}`, payload: { title: 'Contract edited', description: '<p>Again</p>', is_published: 0 } })),
  ],
  'DELETE /api/admin/articles/{id}': [asAdmin('an article', async () => ({ url: `/api/admin/articles/${await adminMade('/api/admin/articles', { title: 'Contract gone', description: '<p>Hi</p>' })}` }))],
  'GET /api/admin/article-categories': [asAdmin('every category')],
  'POST /api/admin/article-categories': [asAdmin('a category', () => ({ payload: { category: 'Contract guides' } }))],
  'PUT /api/admin/article-categories/{id}': [asAdmin('rename', async () => ({ url: `/api/admin/article-categories/${await adminMade('/api/admin/article-categories', { category: 'Contract old' })}`, payload: { category: 'Contract new' } }))],
  'DELETE /api/admin/article-categories/{id}': [asAdmin('an empty one', async () => ({ url: `/api/admin/article-categories/${await adminMade('/api/admin/article-categories', { category: 'Contract empty' })}` }))],
  'GET /api/admin/faqs': [asAdmin('every FAQ')],
  'POST /api/admin/faqs': [asAdmin('a FAQ with Hindi', () => ({ payload: { question: 'Contract?', answer: 'Yes.', translations: { hi: { question: 'अनुबंध?' } } } }))],
  'PUT /api/admin/faqs/{id}': [asAdmin('switch off', async () => ({ url: `/api/admin/faqs/${await adminMade('/api/admin/faqs', { question: 'Q?', answer: 'A.' })}`, payload: { question: 'Q?', answer: 'A.', is_active: 0 } }))],
  'DELETE /api/admin/faqs/{id}': [asAdmin('a FAQ', async () => ({ url: `/api/admin/faqs/${await adminMade('/api/admin/faqs', { question: 'Gone?', answer: 'Yes.' })}` }))],
  'POST /api/admin/faqs/order': [asAdmin('one first', async () => ({ payload: { ids: [await adminMade('/api/admin/faqs', { question: 'First?', answer: 'Yes.' })] } }))],
  'GET /api/admin/pages': [asAdmin('the pages')],
  'PUT /api/admin/pages': [asAdmin('the about page', () => ({ payload: { about_us: '<p>About <b>us</b></p>' } }))],
  'GET /api/admin/categories': [asAdmin('every category')],
  'GET /api/admin/categories/{id}': [asAdmin('one', () => ({ url: `/api/admin/categories/${category.id}` }))],
  'POST /api/admin/categories': [asAdmin('a category', () => ({ payload: { category: 'Contract category', translations: { ar: { category: 'فئة' } } } }))],
  'PUT /api/admin/categories/{id}': [asAdmin('switch off', async () => ({ url: `/api/admin/categories/${await adminMade('/api/admin/categories', { category: 'Contract old category' })}`, payload: { category: 'Contract renamed', is_active: 0 } }))],
  'DELETE /api/admin/categories/{id}': [asAdmin('an unused one', async () => ({ url: `/api/admin/categories/${await adminMade('/api/admin/categories', { category: 'Contract unused' })}` }))],
  'GET /api/admin/parameters': [asAdmin('every parameter')],
  'POST /api/admin/parameters': [asAdmin('a dropdown', () => ({ payload: { name: 'Contract facing', type_of_parameter: 'dropdown', type_values: ['North', 'South'] } }))],
  'PUT /api/admin/parameters/{id}': [asAdmin('make it required', async () => ({ url: `/api/admin/parameters/${await adminMade('/api/admin/parameters', { name: 'Contract p', type_of_parameter: 'textbox' })}`, payload: { name: 'Contract p', type_of_parameter: 'textbox', is_required: 1 } }))],
  'DELETE /api/admin/parameters/{id}': [asAdmin('an unused one', async () => ({ url: `/api/admin/parameters/${await adminMade('/api/admin/parameters', { name: 'Contract gone', type_of_parameter: 'number' })}` }))],
  'GET /api/admin/facilities': [asAdmin('every facility')],
  'POST /api/admin/facilities': [asAdmin('a facility', () => ({ payload: { name: 'Contract park' } }))],
  'PUT /api/admin/facilities/{id}': [asAdmin('rename', async () => ({ url: `/api/admin/facilities/${await adminMade('/api/admin/facilities', { name: 'Contract old' })}`, payload: { name: 'Contract new', translations: { hi: { name: 'पार्क' } } } }))],
  'DELETE /api/admin/facilities/{id}': [asAdmin('an unused one', async () => ({ url: `/api/admin/facilities/${await adminMade('/api/admin/facilities', { name: 'Contract unused' })}` }))],
  'GET /api/admin/cities': [asAdmin('every city')],
  'POST /api/admin/cities': [asAdmin('a city', () => ({ payload: { name: 'Contractpur', state: 'Contract', latitude: 20, longitude: 78 } }))],
  'PUT /api/admin/cities/{id}': [asAdmin('rename', async () => ({ url: `/api/admin/cities/${await adminMade('/api/admin/cities', { name: 'Contract old city' })}`, payload: { name: 'Contract new city' } }))],
  'DELETE /api/admin/cities/{id}': [asAdmin('a city', async () => ({ url: `/api/admin/cities/${await adminMade('/api/admin/cities', { name: 'Contract gone city' })}` }))],
  'GET /api/admin/sliders': [asAdmin('every slide')],
  'POST /api/admin/sliders': [
    {
      name: 'a link slide with its picture (multipart)',
      request: async () => {
        const form = await slideForm();
        return { payload: form.payload, headers: { ...adminAuth, ...form.headers } };
      },
    },
  ],
  'PUT /api/admin/sliders/{id}': [
    asAdmin('switch off', async () => {
      const form = await slideForm();
      const id = (await t.request({ method: 'POST', url: '/api/admin/sliders', payload: form.payload, headers: { ...adminAuth, ...form.headers } })).body.data.id;
      return { url: `/api/admin/sliders/${id}`, payload: { type: 4, link: '/properties', is_active: 0 } };
    }),
  ],
  'DELETE /api/admin/sliders/{id}': [
    asAdmin('a slide', async () => {
      const form = await slideForm();
      return { url: `/api/admin/sliders/${(await t.request({ method: 'POST', url: '/api/admin/sliders', payload: form.payload, headers: { ...adminAuth, ...form.headers } })).body.data.id}` };
    }),
  ],
  'GET /api/admin/report-reasons': [asAdmin('every reason')],
  'POST /api/admin/report-reasons': [asAdmin('a reason', () => ({ payload: { reason: 'Contract reason' } }))],
  'PUT /api/admin/report-reasons/{id}': [asAdmin('rename', async () => ({ url: `/api/admin/report-reasons/${await adminMade('/api/admin/report-reasons', { reason: 'Contract old' })}`, payload: { reason: 'Contract new' } }))],
  'DELETE /api/admin/report-reasons/{id}': [asAdmin('an unused one', async () => ({ url: `/api/admin/report-reasons/${await adminMade('/api/admin/report-reasons', { reason: 'Contract unused' })}` }))],
  'GET /api/admin/languages': [asAdmin('every language')],
  'POST /api/admin/languages': [asAdmin('a language', () => ({ payload: { code: 'ur', name: 'اردو', rtl: 1 } }))],
  'PUT /api/admin/languages/{id}': [asAdmin('rename', async () => ({ url: `/api/admin/languages/${await frenchTexts()}`, payload: { name: 'French', rtl: 0 } }))],
  'DELETE /api/admin/languages/{id}': [asAdmin('a language', async () => ({ url: `/api/admin/languages/${await adminMade('/api/admin/languages', { code: 'sv', name: 'Svenska' })}` }))],
  'GET /api/admin/languages/{id}/texts': [asAdmin('missing texts', async () => ({ url: `/api/admin/languages/${await frenchTexts()}/texts`, query: { missing: '1', per_page: '5' } }))],
  'PUT /api/admin/languages/{id}/texts': [asAdmin('a text', async () => ({ url: `/api/admin/languages/${await frenchTexts()}/texts`, payload: { texts: { aboutUs: 'À propos' } } }))],
  'POST /api/contct_us': [
    { name: 'a message', request: () => ({ payload: { first_name: 'Contract', last_name: 'Test', email: email(), subject: 'Checking answers', message: 'Hello from the contract test.' } }) },
  ],
};

function callsOf(op: Operation): Call[] | null {
  const listed = inputs[`${op.method} ${op.path}`];
  if (listed) return listed;
  if (op.method !== 'GET' || op.requiredQuery.length) return null;
  return op.secured ? [as('user')] : both();
}

// ------------------------------------------------------------------------------ the checks

describe('the operations', () => {
  it('are read from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it('each have a way to be called here (a GET without a required input, or an entry in `inputs`)', () => {
    const uncallable = operations.filter((op) => !callsOf(op)).map((op) => `${op.method} ${op.path}${op.requiredQuery.length ? ` (needs ${op.requiredQuery.join(', ')})` : ''}`);
    expect(uncallable, 'add these to `inputs`').toEqual([]);
    const stale = Object.keys(inputs).filter((key) => !operations.some((op) => `${op.method} ${op.path}` === key));
    expect(stale, 'inputs for operations that no longer exist').toEqual([]);
  });

  it('each declare a zod schema for their 200 answer', () => {
    const unschemed = operations.filter((op) => !answerSchemas.has(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path}`);
    expect(unschemed).toEqual([]);
  });

  it('are checked strictly enough to catch a stray key deep in a real answer', async () => {
    const schema = deepStrict(answerSchemas.get('GET /api/get_property')!);
    const answer = (await t.get('/api/get_property', { slug_id: ordinary.slug_id })).body;
    expect(schema.safeParse(answer).success).toBe(true);
    answer.data[0].documents[0].stray = 'x';
    expect(describeIssues(schema.safeParse(answer).error!.issues)).toEqual(['data.0.documents.0: Unrecognized key: "stray"']);
  });
});

function check(op: Operation, res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // An empty list would pass whatever its items look like.
  if (Array.isArray(res.body.data)) expect(res.body.data.length, 'the inputs should find something to check').toBeGreaterThan(0);
  const result = deepStrict(answerSchemas.get(`${op.method} ${op.path}`)!).safeParse(res.body);
  const issues = result.success ? [] : describeIssues(result.error.issues);
  expect(issues, `${op.method} ${op.path}: the answer differs from the contract`).toEqual([]);
}

for (const op of operations) {
  const calls = callsOf(op);
  if (!calls) continue;
  describe(`${op.method} ${op.path}`, () => {
    for (const call of calls) {
      it(`answers the contract: ${call.name}`, async () => {
        const request = await call.request();
        check(op, await t.request({ method: op.method as InjectOptions['method'], url: op.path, ...request } as InjectOptions));
      });
    }
  });
}

describe('the answers these calls are known for', () => {
  it('get_property answers a visitor a premium listing’s teaser, its owner the full record', async () => {
    const teaser = (await t.get('/api/get_property', { slug_id: premium.slug_id })).body.data[0];
    expect(teaser).toMatchObject({ is_premium: true, premium_locked: true, email: null, mobile: null, gallery: [], documents: [] });
    const full = (await t.get('/api/get_property', { slug_id: premium.slug_id }, premiumOwner)).body.data[0];
    expect(full).toMatchObject({ is_premium: true, premium_locked: false });
    const detail = (await t.get('/api/get_property', { slug_id: ordinary.slug_id })).body.data[0];
    expect(detail).toMatchObject({ is_premium: false, premium_locked: false });
    expect(detail.documents.length).toBeGreaterThan(0);
  });

  it('homepage-data adds nearby and recommended listings for a user with a city', async () => {
    const forVisitor = (await t.get('/api/homepage-data')).body.data;
    const forUser = (await t.get('/api/homepage-data', {}, user)).body.data;
    expect(forUser.nearby_properties?.length, 'nearby_properties').toBeGreaterThan(0);
    expect(forUser.user_recommendation?.length, 'user_recommendation').toBeGreaterThan(0);
    expect(forVisitor.nearby_properties ?? []).toEqual([]);
  });
});
