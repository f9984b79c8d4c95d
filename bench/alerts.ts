// `npm run bench:alerts -w @estate/bench`: what matching a listing against saved-search alerts
// costs as alerts grow (issue 15: "must stay cheap with many saved searches"). Seeds 10k, then
// 100k alerts (5,000 users, 40 cities, a fifth naming no city; the deal, category, price and
// bedrooms each set on some) into a scratch PostgreSQL database and into an in-memory PGlite, and
// times the one matching statement (modules/alerts/repository.ts) for 300 listings.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, openPglite, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { matchingAlertsQuery, type MatchedListing } from '../apps/server/src/modules/alerts/repository.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DB = 'estate_bench_alerts';
const SIZES = (process.env.BENCH_ALERTS ?? '10000,100000').split(',').map(Number);
const PROBES = 300;
/**
 * Per mille of alerts that leave a filter open: `typical` names a city on 95% (people search where
 * they mean to live), `broad` leaves the city, deal and category open far more often — more alerts
 * match each listing, and every match is a user to tell.
 */
const MIXES = {
  typical: { noCity: 50, anyDeal: 200, anyCategory: 500 },
  broad: { noCity: 200, anyDeal: 500, anyCategory: 700 },
} as const;
type Mix = keyof typeof MIXES;
const CITIES = 40;
const USERS = 5000;

/** A small deterministic random source, so every run and database sees the same alerts and listings. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function seed(db: Database, mix: Mix, upTo: number, have: number) {
  if (have === 0 && !rowsOf(await db.execute(sql`select 1 from users where slug_id = 'bench-alert-user-1'`)).length) {
    await db.execute(sql`insert into users (slug_id, name, email, role) select 'bench-alert-user-' || g, 'Alert user ' || g, 'alert-user-' || g || '@bench.test', 'user' from generate_series(1, ${USERS}::int) g`);
  }
  const [{ first }] = rowsOf<{ first: number }>(await db.execute(sql`select min(id)::int as first from users where slug_id like 'bench-alert-user-%'`));
  // Set-wise, from hashes of the row number: the same alerts on both databases. r(k) is 0..999.
  const r = (k: string) => sql.raw(`(abs(('x' || substr(md5(g::text || '${k}'), 1, 7))::bit(28)::int) % 1000)`);
  const m = MIXES[mix];
  await db.execute(sql`
    insert into search_alerts (user_id, city, property_type, category_id, min_price, max_price, min_bedrooms)
    select ${first}::int + (g % ${USERS}::int),
      case when ${r('c')} < ${m.noCity} then null else 'City ' || (${r('cn')} % ${CITIES}::int) end,
      case when ${r('t')} < ${m.anyDeal} then null else ${r('tv')} % 2 end,
      case when ${r('k')} < ${m.anyCategory} then null else 1 + ${r('kv')} % 8 end,
      case when ${r('lo')} < 300 then 1000000 * (${r('lov')} % 40) else null end,
      case when ${r('hi')} < 700 then 1000000 * (40 + ${r('hiv')} % 160) else null end,
      case when ${r('b')} < 400 then 1 + ${r('bv')} % 4 else null end
    from generate_series(${have + 1}::int, ${upTo}::int) g`);
  // As autovacuum leaves a table in steady use: statistics, visibility map and hint bits set.
  await db.execute(sql`vacuum analyze search_alerts`);
}

function probes(): MatchedListing[] {
  const next = random(42);
  return Array.from({ length: PROBES }, (_, i) => ({
    id: i + 1,
    ownerId: null,
    propertyType: next() < 0.5 ? 0 : 1,
    categoryId: 1 + Math.floor(next() * 8),
    city: `City ${Math.floor(next() * CITIES)}`,
    price: Math.round(next() * 200) * 1_000_000,
    bedrooms: Math.floor(next() * 5),
  }));
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(db: Database, label: string, mix: Mix) {
  const lines: string[] = [];
  let have = 0;
  await db.execute(sql`truncate search_alerts cascade`);
  for (const size of SIZES) {
    await seed(db, mix, size, have);
    have = size;
    const listings = probes();
    for (const l of listings.slice(0, 20)) await db.execute(matchingAlertsQuery(l)); // warm
    const times: number[] = [];
    let matched = 0;
    for (const l of listings) {
      const start = performance.now();
      matched += rowsOf(await db.execute(matchingAlertsQuery(l))).length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    // Inside the database alone (EXPLAIN ANALYZE's execution time): less noisy than the round trip.
    const inside: number[] = [];
    for (const l of listings.slice(0, 100)) {
      const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (analyze, format json) ${matchingAlertsQuery(l)}`));
      const doc = (typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN']) as { 'Execution Time': number }[];
      inside.push(doc[0]['Execution Time']);
    }
    inside.sort((a, b) => a - b);
    lines.push(`${label.padEnd(10)} ${mix.padEnd(7)} ${String(size).padStart(7)} alerts: p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms, ${(matched / listings.length).toFixed(0)} alerts matched a listing on average; in the database p50 ${pct(inside, 50).toFixed(2)} ms, p99 ${pct(inside, 99).toFixed(2)} ms`);
    console.log(lines.at(-1));
  }
  return lines;
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${BENCH_DB}`);
await admin.query(`create database ${BENCH_DB}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${BENCH_DB}`;
const server = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
await server.migrate();
const out = [...(await measure(server.db, 'PostgreSQL', 'broad')), ...(await measure(server.db, 'PostgreSQL', 'typical'))];
const plan = rowsOf<{ 'QUERY PLAN': string }>(await server.db.execute(sql`explain analyze ${matchingAlertsQuery(probes()[0])}`)).map((r) => r['QUERY PLAN']);
await server.close();

const embedded = await openPglite(undefined);
await embedded.migrate();
out.push(...(await measure(embedded.db, 'PGlite', 'broad')), ...(await measure(embedded.db, 'PGlite', 'typical')));
await embedded.close();

console.log(`\nmatching one listing against saved searches (${PROBES} listings, one statement each)\n${out.join('\n')}\n\nPostgreSQL plan at ${SIZES.at(-1)} typical alerts:\n${plan.join('\n')}`);
