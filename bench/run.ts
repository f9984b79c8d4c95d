// `npm run bench`: seeds N listings into the configured database, then loads the busiest public
// calls with autocannon next to a bare Fastify hello-world, and prints throughput ratios and p99.
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createRng } from '../apps/server/src/demo/assets/random.ts';
import { insertListings } from '../apps/server/src/demo/listings.ts';
import { loadListingMarket, seedDemoDataOnce } from '../apps/server/src/demo/seed.ts';
import { MediaStore } from '../apps/server/src/platform/media.ts';
import { startProcess } from './process.ts';

const root = path.resolve(import.meta.dirname, '..');
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const APP_PORT = 3900;
const HELLO_PORT = 3901;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DB = 'estate_bench';

async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount;
  if (!exists) await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await handle.migrate();
  const media = new MediaStore(path.join(root, 'data', 'bench-media'));
  await seedDemoDataOnce(handle.db, media, { small: true });
  const have = ((await handle.db.execute(sql`select count(*)::int as n from properties`)) as unknown as { rows: { n: number }[] }).rows[0].n;
  if (have < LISTINGS) {
    console.log(`seeding ${LISTINGS - have} more listings (have ${have})…`);
    const market = await loadListingMarket(handle.db);
    const started = Date.now();
    await insertListings(handle.db, createRng(have + 1), market.listing, market.pool, LISTINGS - have, {
      batchSize: 1000,
      onProgress: (n) => process.stdout.write(`\r  ${n} / ${LISTINGS - have}`),
    });
    console.log(`\n  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // What autovacuum would do on a live server: statistics and the visibility map.
    await handle.db.execute(sql`vacuum analyze`);
  }
  await handle.close();
  return url.toString();
}

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function load(name: string, base: string, paths: string[]): Promise<Result> {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  const errors = result.errors + result.non2xx;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors };
}

const dbUrl = await prepareDatabase();
const app = await startProcess('node', ['--import', 'tsx', 'apps/server/src/main.ts'], { DATABASE_URL: dbUrl, PORT: String(APP_PORT), HOST: '127.0.0.1', SEED_DEMO_DATA: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`, DATABASE_POOL_SIZE: '16' }, `http://127.0.0.1:${APP_PORT}/healthz`);
const hello = await startProcess('node', ['bench/hello.mjs'], { PORT: String(HELLO_PORT) }, `http://127.0.0.1:${HELLO_PORT}/`);

try {
  const base = `http://127.0.0.1:${APP_PORT}`;
  const sample = (await (await fetch(`${base}/api/get-property-list?limit=100&sort_by=price_asc&is_premium=0`)).json()) as { data: { slug_id: string; city: string; category_id: number; latitude: number; longitude: number }[] };
  const cities = [...new Set(sample.data.map((c) => c.city))];
  const mixes = [
    '/api/get-property-list',
    '/api/get-property-list?property_type=0',
    ...cities.map((c) => `/api/get-property-list?city=${encodeURIComponent(c)}&property_type=1`),
    ...cities.map((c) => `/api/get-property-list?city=${encodeURIComponent(c)}&min_price=2000000&max_price=9000000`),
    `/api/get-property-list?category_id=${sample.data[0].category_id}&sort_by=price_asc`,
    '/api/get-property-list?bedrooms=3&property_type=0',
    '/api/get-property-list?most_viewed=1',
    '/api/get-property-list?search=sea%20view',
    '/api/get-property-list?offset=240&limit=12',
    ...sample.data.slice(0, 5).map((c) => `/api/get-property-list?latitude=${c.latitude}&longitude=${c.longitude}&radius=5`),
    ...sample.data.slice(5, 10).map((c) => `/api/get-property-list?bbox=${c.longitude - 0.1},${c.latitude - 0.1},${c.longitude + 0.1},${c.latitude + 0.1}`),
  ];
  const details = sample.data.map((c) => `/api/get_property?slug_id=${c.slug_id}`);

  const results: Result[] = [];
  results.push(await load('hello-world (bare Fastify)', `http://127.0.0.1:${HELLO_PORT}`, ['/']));
  results.push(await load(`get-property-list (${mixes.length} filter mixes)`, base, mixes));
  // Every request a new filter set: nothing can come from the public cache.
  const open = mixes.filter((m) => !m.includes('max_price'));
  const uncached = Array.from({ length: 200_000 }, (_, i) => `${open[i % open.length]}${open[i % open.length].includes('?') ? '&' : '?'}max_price=${900_000_000 + i}`);
  results.push(await load('get-property-list, uncached (distinct filters)', base, uncached));
  // The map's markers: the same searches, up to 2,000 slim points each (mixes without paging).
  const mapMixes = mixes.filter((m) => !m.includes('offset=')).map((m) => m.replace('/api/get-property-list', '/api/get-property-map-points'));
  results.push(await load(`get-property-map-points (${mapMixes.length} filter mixes)`, base, mapMixes));
  const mapOpen = mapMixes.filter((m) => !m.includes('max_price'));
  const mapUncached = Array.from({ length: 200_000 }, (_, i) => `${mapOpen[i % mapOpen.length]}${mapOpen[i % mapOpen.length].includes('?') ? '&' : '?'}max_price=${900_000_000 + i}`);
  results.push(await load('get-property-map-points, uncached', base, mapUncached));
  results.push(await load(`get_property (${details.length} listings)`, base, details));
  results.push(await load('homepage-data', base, ['/api/homepage-data']));

  const helloRps = results[0].rps;
  const targets: Record<string, { ratio: number; p99?: number }> = { 'get-property-list (': { ratio: 0.2, p99: 50 }, get_property: { ratio: 0.4 } };
  console.log(`\n${LISTINGS.toLocaleString()} listings · ${CONNECTIONS} connections · ${DURATION} s each · ${dbUrl.replace(/\/\/[^@]*@/, '//')}\n`);
  console.log('call'.padEnd(48), 'req/s'.padStart(9), 'ratio'.padStart(7), 'p99 ms'.padStart(8), 'errors'.padStart(7), '  target');
  for (const r of results) {
    const ratio = r.rps / helloRps;
    const target = Object.entries(targets).find(([k]) => r.name.startsWith(k))?.[1];
    const verdict = target ? `${ratio >= target.ratio && (target.p99 === undefined || r.p99 <= target.p99) ? 'met' : 'MISSED'} (≥ ${target.ratio}×${target.p99 ? `, p99 ≤ ${target.p99} ms` : ''})` : '';
    console.log(r.name.padEnd(48), r.rps.toFixed(0).padStart(9), ratio.toFixed(2).padStart(7), String(r.p99).padStart(8), String(r.errors).padStart(7), ' ', verdict);
  }
} finally {
  app.kill('SIGTERM');
  hello.kill('SIGTERM');
}
