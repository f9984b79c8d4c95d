// Issue 9 "Done means": every route of the OpenAPI document, fuzzed with values made from its own
// schema and hostile variants of them, answers without a 5xx and within 2 s. Property-based and
// seeded (FUZZ_SEED to replay a run, FUZZ_RUNS to change its size); routes come from the
// document, so a new route is fuzzed from the day it is added. Nothing in the document is skipped;
// what is not in it (hidden: /healthz, /dev/mailbox, the docs UI, the web pages) is not the API
// contract and has tests of its own (errors.test.ts covers the mailbox's NUL case).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/demo/seed.ts';
import { createUserWithToken } from '../factories.ts';
import { createTestApp, rows, type TestApp } from '../harness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_509);
const SLOW_MS = 2_000;
/** Set FUZZ_SURVEY=1 to send every request and list all failures instead of stopping at the first. */
const SURVEY = process.env.FUZZ_SURVEY === '1';

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  secured: boolean;
  query: { name: string; required: boolean; schema: JsonSchema }[];
  params: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
  [fc.toStringMethod]: () => string;
}

type Encoding = 'json' | 'form' | 'multipart' | 'multipart-file' | 'json-malformed' | 'multipart-malformed' | 'text' | 'empty-json' | 'none';
type Auth = 'none' | 'real' | 'random' | 'malformed';

interface FuzzRequest {
  op: Operation;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body: unknown;
  encoding: Encoding;
  malformed: string;
  auth: Auth;
  randomToken: string;
  headers: Record<string, string>;
}

let t: TestApp;
let operations: Operation[] = [];
/** Values that exist in the seeded demo market, by field name, so requests reach past "not found". */
const known: Record<string, unknown[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[]; parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const parameters = op.parameters ?? [];
      operations.push({
        // How fast-check prints the operation in a counterexample.
        [fc.toStringMethod]: () => `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: Boolean(op.security?.length),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema })),
        params: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        body: Object.values(op.requestBody?.content ?? {})[0]?.schema ?? null,
      });
    }
  }
  operations = operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));

  const pick = async (query: ReturnType<typeof sql>) => (await rows<{ v: unknown }>(t.db, query)).map((r) => r.v);
  const [propertyIds, propertySlugs, projectSlugs, categoryIds, categorySlugs, articleSlugs, userIds, userSlugs, cities, parameterIds, facilityIds] = await Promise.all([
    pick(sql`select id as v from properties order by id limit 5`),
    pick(sql`select slug_id as v from properties order by id limit 5`),
    pick(sql`select slug_id as v from projects order by id limit 5`),
    pick(sql`select id as v from categories order by id limit 5`),
    pick(sql`select slug_id as v from categories order by id limit 5`),
    pick(sql`select slug_id as v from articles order by id limit 5`),
    pick(sql`select id as v from users order by id limit 5`),
    pick(sql`select slug_id as v from users where id in (select owner_id from properties) order by id limit 5`),
    pick(sql`select name as v from cities order by id limit 5`),
    pick(sql`select id as v from parameters order by id limit 5`),
    pick(sql`select id as v from outdoor_facilities order by id limit 5`),
  ]);
  Object.assign(known, {
    id: [...propertyIds, 1, 2],
    property_id: [...propertyIds, 1],
    slug_id: [...propertySlugs, ...projectSlugs, ...articleSlugs, ...userSlugs],
    category_id: categoryIds,
    category_slug_id: categorySlugs,
    userid: userIds,
    city: cities,
    parameter_id: parameterIds,
    facility_ids: [facilityIds.join(','), ...facilityIds],
    email: [DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.admin.email, 'nobody@example.com'],
    password: [DEMO_ACCOUNTS.user.password, 'Secret#123', 'wrong-password'],
    re_password: ['Secret#123'],
    mobile: ['+919820012345', '+14155550100'],
    number: ['+919820012345', '+14155550100'],
    otp: ['123456', '000000'],
    bbox: ['72.8,18.9,73,19.2', '-180,-90,180,90', '73,19.2,72.8,18.9'],
    polygon: ['72.8 18.9,73 18.9,73 19.2,72.8 19.2', '0 0,1 1,0 0'],
    latitude: [19.07, -90, 90],
    longitude: [72.87, -180, 180],
    radius: [0.01, 5, 500],
    language_code: ['en', 'hi', 'xx'],
    type: [0, 1, 3, 'sell', 'rent', 'property_list', 'premium_properties'],
    limit: [1, 10, 100],
    offset: [0, 10, 99_999],
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- values from a schema

const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(100_000),
  '9'.repeat(400),
  'ß'.repeat(5_000),
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0x1f',
  '1,2,3',
  ',,,',
  '__proto__',
  'constructor',
  "' OR '1'='1' --",
  '%',
  '_',
  '\\',
  '*',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '\ud800',
  '🏠🏡👨‍👩‍👧',
  '\u202eevil',
  '\r\nX-Injected: 1',
  '{"a":1}',
  '[1,2]',
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -0, 0.1 + 0.2)) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 8 }), { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map((depth) => Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: inner }), 'deep')) },
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value the schema means to accept (mostly), using the demo market's real values when it has them. */
function validValue(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const choices: fc.Arbitrary<unknown>[] = [];
  if (known[name]?.length) choices.push(fc.constantFrom(...known[name]));
  if (schema.enum?.length) choices.push(fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) choices.push(fc.constant(schema.const));
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) choices.push(validValue(alternative, name));
  for (const type of typesOf(schema)) {
    if (type === 'string') {
      const maxLength = Math.min(schema.maxLength ?? 60, 60);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      if (/email/.test(name)) choices.push(fc.emailAddress());
      else choices.push(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme-ascii', minLength, maxLength }));
    } else if (type === 'number' || type === 'integer') {
      const min = schema.minimum ?? -5;
      const max = schema.maximum ?? 1_000;
      const low = Math.ceil(Math.max(min, -1e6));
      const high = Math.max(low, Math.floor(Math.min(max, 1e9)));
      // Most numbers of the contract are whole (limits, ids, flags): small integers first.
      choices.push(fc.integer({ min: Math.max(low, 0), max: Math.max(low, Math.min(high, 20)) }), fc.integer({ min: low, max: high }));
      if (type === 'number') choices.push(fc.double({ min: low, max: high, noNaN: true }));
    } else if (type === 'boolean') choices.push(fc.boolean(), fc.constantFrom(0, 1, '0', '1'));
    else if (type === 'array') choices.push(fc.array(validValue(schema.items ?? {}, name), { maxLength: 5 }));
    else if (type === 'object') choices.push(objectValue(schema));
    else if (type === 'null') choices.push(fc.constant(null));
  }
  // An unconstrained schema ({}), e.g. the profile picture: anything, a file comes with multipart.
  if (!choices.length) choices.push(fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null)));
  return fc.oneof(...choices);
}

const MISSING = Symbol('missing');

/**
 * A field: in a clean object valid or (optional ones) left out, so requests reach the services;
 * in a hostile one sometimes hostile, and sometimes left out even when required.
 */
function fieldValue(schema: JsonSchema, name: string, required: boolean, hostile: boolean): fc.Arbitrary<unknown> {
  if (!hostile) return required ? validValue(schema, name) : fc.oneof(validValue(schema, name), fc.constant(MISSING));
  return fc.oneof(
    { weight: 10, arbitrary: validValue(schema, name) },
    { weight: 3, arbitrary: hostileValue },
    { weight: required ? 1 : 4, arbitrary: fc.constant(MISSING) },
  );
}

const junkKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a\u0000b', '', 'x'.repeat(300), 'prototype', 'role', 'is_admin', 'id'), fc.string({ maxLength: 10 }));

/** An object of the schema's fields: clean two times in five, else with hostile values and unknown keys. */
function objectValue(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, s]) => ({ name, schema: s, required: schema.required?.includes(name) ?? false }));
  const build = (hostile: boolean) =>
    fc.tuple(fc.tuple(...fields.map((f) => fieldValue(f.schema, f.name, f.required, hostile).map((value) => [f.name, value] as const))), hostile ? fc.array(fc.tuple(junkKey, hostileValue), { maxLength: 2 }) : fc.constant([])).map(([values, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of values) if (value !== MISSING) out[key] = value;
      // Unknown keys, "__proto__" among them (defineProperty, so it is a key of its own).
      for (const [key, value] of extra) Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      return out;
    });
  return fc.oneof({ weight: 2, arbitrary: build(false) }, { weight: 3, arbitrary: build(true) });
}

// ---------------------------------------------------------------- requests

const ENCODINGS: Encoding[] = ['json', 'json', 'json', 'json', 'form', 'multipart', 'multipart-file', 'json-malformed', 'multipart-malformed', 'text', 'empty-json', 'none'];

const MALFORMED_JSON = ['{"name":', '{', '[', 'nul', '{"a":1}}', '{"a":"\\ud800"}', '{"__proto__":{"isAdmin":true}}', '\u0000', '{"a":' + '['.repeat(10_000)];
const MALFORMED_MULTIPART = [
  'no-boundary',
  'empty-boundary',
  'long-boundary',
  'truncated',
  'truncated-file',
  'no-headers',
  'huge-header',
];

const headerValue = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('en', 'hi', 'xx', '*', 'en-US,en;q=0.9', 'a'.repeat(2_000), ';;;', 'q=abc'),
);

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const queryShape: JsonSchema = { properties: Object.fromEntries(op.query.map((q) => [q.name, q.schema])), required: op.query.filter((q) => q.required).map((q) => q.name) };
  const paramShape: JsonSchema = { properties: Object.fromEntries(op.params.map((p) => [p.name, p.schema])), required: op.params.map((p) => p.name) };
  const authWeights: { weight: number; arbitrary: fc.Arbitrary<Auth> }[] = op.secured
    ? [{ weight: 6, arbitrary: fc.constant('real') }, { weight: 1, arbitrary: fc.constant('none') }, { weight: 1, arbitrary: fc.constant('random') }, { weight: 2, arbitrary: fc.constant('malformed') }]
    : [{ weight: 6, arbitrary: fc.constant('none') }, { weight: 2, arbitrary: fc.constant('real') }, { weight: 1, arbitrary: fc.constant('random') }, { weight: 1, arbitrary: fc.constant('malformed') }];
  return fc.record({
    op: fc.constant(op),
    query: objectValue(queryShape),
    params: objectValue(paramShape).map((p) => Object.fromEntries(Object.entries(p).filter(([k]) => op.params.some((x) => x.name === k)))),
    body: op.body ? fc.oneof({ weight: 9, arbitrary: validValue(op.body, 'body') }, { weight: 1, arbitrary: hostileValue }) : fc.constant(undefined),
    encoding: op.method === 'GET' ? fc.constant<Encoding>('none') : fc.constantFrom(...ENCODINGS),
    malformed: fc.constantFrom(...MALFORMED_JSON, ...MALFORMED_MULTIPART),
    auth: fc.oneof(...authWeights),
    randomToken: fc.oneof(fc.string({ minLength: 40, maxLength: 64, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_') }), fc.constantFrom('', 'x'.repeat(10_000), 'null', 'undefined', '\u00e9t\u00e9')),
    headers: fc.record({ 'accept-language': headerValue, 'accept-encoding': fc.constantFrom(undefined, 'br', 'gzip', 'identity', '*', 'gzip;q=0, br;q=abc'), 'if-none-match': fc.constantFrom(undefined, '"x"', '*', 'W/"abc"') }).map(
      (h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>,
    ),
  });
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) search.append(key, asText(item));
    else search.append(key, asText(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// A 1×1 PNG, and bytes that only claim to be one.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const NOT_PNG = Buffer.from('\x89PNG\r\n\x1a\nnot really an image');

function multipartBody(fields: Record<string, unknown>, withFile: boolean, boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, '%22')}"\r\n\r\n${asText(item)}\r\n`));
    }
  }
  if (withFile) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), Object.keys(fields).length % 2 ? NOT_PNG : PNG, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

function malformedMultipart(kind: string): { contentType: string; payload: string } {
  const part = '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha';
  switch (kind) {
    case 'no-boundary':
      return { contentType: 'multipart/form-data', payload: part };
    case 'empty-boundary':
      return { contentType: 'multipart/form-data; boundary=', payload: part };
    case 'long-boundary':
      return { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: part };
    case 'truncated-file':
      return { contentType: 'multipart/form-data; boundary=XYZ', payload: '--XYZ\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG' };
    case 'no-headers':
      return { contentType: 'multipart/form-data; boundary=XYZ', payload: '--XYZ\r\n\r\nvalue\r\n--XYZ--\r\n' };
    case 'huge-header':
      return { contentType: 'multipart/form-data; boundary=XYZ', payload: `--XYZ\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nv\r\n--XYZ--\r\n` };
    default:
      return { contentType: 'multipart/form-data; boundary=XYZ', payload: part };
  }
}

let ipCounter = 0;
/** A new address per request: the per-IP limits must not turn the run into a wall of 429s. */
const nextIp = () => `10.${100 + (Math.floor(ipCounter / 65_536) % 100)}.${Math.floor(ipCounter / 256) % 256}.${ipCounter++ % 256}`;

async function toInject(req: FuzzRequest): Promise<InjectOptions> {
  let url = req.op.path;
  // A lone surrogate cannot be percent-encoded: a client sends U+FFFD in its place, as the query string does.
  for (const p of req.op.params) url = url.replace(`{${p.name}}`, encodeURIComponent(asText(req.params[p.name] ?? '').replace(/\p{Cs}/gu, '\ufffd')));
  const headers: Record<string, string> = { ...req.headers };
  // The console's calls are fuzzed as an administrator, so their validation is reached, not just the guard.
  if (req.auth === 'real') headers.authorization = `Bearer ${(await createUserWithToken(t.db, req.op.path.startsWith('/api/admin/') ? { role: 'admin' } : {})).token}`;
  else if (req.auth === 'random') headers.authorization = `Bearer ${req.randomToken}`;
  else if (req.auth === 'malformed') headers.authorization = req.randomToken.length % 2 ? `Basic ${req.randomToken}` : 'Bearer';
  const options: InjectOptions = { method: req.op.method, url: url + queryString(req.query), headers, remoteAddress: nextIp() };
  const body = req.body === undefined ? {} : req.body;
  switch (req.encoding) {
    case 'json':
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(body);
      break;
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      options.payload = typeof body === 'object' && body !== null && !Array.isArray(body) ? queryString(body as Record<string, unknown>).slice(1) : asText(body);
      break;
    case 'multipart':
    case 'multipart-file': {
      const boundary = `fuzz${randomUUID().slice(0, 8)}`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : { value: body };
      options.payload = multipartBody(fields, req.encoding === 'multipart-file', boundary);
      break;
    }
    case 'json-malformed':
      headers['content-type'] = 'application/json';
      options.payload = MALFORMED_JSON.includes(req.malformed) ? req.malformed : '{"a":';
      break;
    case 'multipart-malformed': {
      const { contentType, payload } = malformedMultipart(req.malformed);
      headers['content-type'] = contentType;
      options.payload = payload;
      break;
    }
    case 'text':
      headers['content-type'] = 'text/plain';
      options.payload = JSON.stringify(body);
      break;
    case 'empty-json':
      headers['content-type'] = 'application/json';
      options.payload = '';
      break;
    case 'none':
      break;
  }
  return options;
}

function describeRequest(options: InjectOptions): string {
  const payload = options.payload === undefined ? '' : Buffer.isBuffer(options.payload) ? options.payload.toString('latin1') : String(options.payload);
  const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  return `${options.method} ${short(String(options.url))} ${short(JSON.stringify(options.headers))} ${short(JSON.stringify(payload))}`;
}

it('fuzzes every route of the OpenAPI document: no 5xx, no answer slower than 2 s', async () => {
  expect(operations.length).toBeGreaterThanOrEqual(31);
  const runs = Number(process.env.FUZZ_RUNS ?? 3_000);
  const statuses = new Map<number, number>();
  const perRoute = new Map<string, number>();
  const failures: string[] = [];
  let sent = 0;
  let slowest = { ms: 0, request: '' };

  // Every operation gets an equal share of the runs.
  const arbitrary = fc.constantFrom(...operations).chain(requestFor);
  const started = performance.now();
  let error: unknown;
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (req) => {
        const options = await toInject(req);
        const began = performance.now();
        const res = await t.app.inject(options);
        const ms = performance.now() - began;
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const route = `${req.op.method} ${req.op.path}`;
        perRoute.set(route, (perRoute.get(route) ?? 0) + 1);
        if (ms > slowest.ms) slowest = { ms, request: describeRequest(options) };
        const bad = res.statusCode >= 500 || ms > SLOW_MS;
        if (bad) failures.push(`${res.statusCode} in ${ms.toFixed(0)} ms: ${describeRequest(options)} → ${res.body.slice(0, 200)}`);
        return SURVEY || !bad;
      }),
      { seed: SEED, numRuns: runs, endOnFailure: false, verbose: 1 },
    );
  } catch (err) {
    error = err;
  }
  const seconds = (performance.now() - started) / 1000;
  const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
  console.log(
    [
      `fuzz (${t.kind}): seed ${SEED}, ${sent} requests over ${perRoute.size} of ${operations.length} operations in ${seconds.toFixed(1)} s`,
      `statuses: ${histogram}`,
      `slowest: ${slowest.ms.toFixed(0)} ms — ${slowest.request}`,
      ...(failures.length ? [`${failures.length} failing requests (replay with FUZZ_SEED=${SEED}; without FUZZ_SURVEY, the first and the shrunk ones):`, ...failures.slice(0, 40)] : []),
    ].join('\n'),
  );
  if (error) {
    // fast-check's own report prints whole 100 kB values; the failing requests above say it better.
    const shrunk = failures.at(-1) ?? String(error);
    throw new Error(`fuzz found a failing request (seed ${SEED}); smallest found: ${shrunk}`, { cause: error });
  }
  expect(failures).toEqual([]);
  expect(perRoute.size).toBe(operations.length);
}, 240_000);
