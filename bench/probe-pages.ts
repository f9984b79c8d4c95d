// `npx tsx bench/probe-pages.ts`: the production server on the bench database (`estate_bench`, seeded
// by `npm run bench`) with every page rendered (`PAGE_CACHE=0`; `CACHED=1` keeps the page cache):
// home, the results pages and listing pages under 16 connections, with the CPU a request costs the
// server's process and PostgreSQL's. `PROF=1` writes a CPU profile to /tmp/ib/pprof, `ONLY=home|results|listing`
// runs one page, `ROUNDS=n` runs each n times in a row (`BENCH_SECONDS` each, default 8). `RATE=n`
// asks for the pages at n a second as visitors arrive (open-loop.ts) instead of from 16 connections.
// `DISTINCT=n` makes the listing pages n listings drawn at random from the whole table, each asked
// for about once: the long tail a page cache cannot help, where every page's listing is new to it.
import pg from 'pg';
import autocannon from './autocannon.ts';
import { openLoop } from './open-loop.ts';
import { cpuSeconds, sampleListings, startProcess, SERVER_NODE_FLAGS, threadCpuSeconds } from './process.ts';

const url = 'postgres://postgres@127.0.0.1:5432/estate_bench';
const port = 3951;
const base = `http://127.0.0.1:${port}`;
const app = await startProcess(
  'node',
  [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/ib/pprof'] : []), ...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
  { PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_DATA: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: base, SETTINGS_ENCRYPTION_KEY: '42'.repeat(32), DATABASE_URL: url, DATABASE_POOL_SIZE: '16', REDIS_URL: '', PAGE_CACHE: process.env.CACHED ? '1' : '0' },
  `${base}/healthz`,
  300_000,
);
const cpu = () => cpuSeconds(app.pid);

async function randomListings(n: number): Promise<{ slug_id: string }[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ slug_id: string }>(
      "select slug_id from properties tablesample system (5) where status = 1 and request_status = 'approved' and not is_premium order by random() limit $1",
      [n],
    );
    return rows;
  } finally {
    await client.end();
  }
}
// The same pages as bench/pages.ts.
const sample = await sampleListings(base, 20);
const cities = [...new Set(sample.map((c) => c.city))];
const pages = [
  { name: 'home', paths: ['/'] },
  { name: 'results', paths: ['/properties', '/properties?property_type=0', ...cities.map((c) => `/properties?city=${encodeURIComponent(c)}`)] },
  { name: 'listing', paths: (process.env.DISTINCT ? await randomListings(Number(process.env.DISTINCT)) : sample).map((c) => `/properties-details/${c.slug_id}`) },
].filter((p) => !process.env.ONLY || p.name === process.env.ONLY);
for (const page of pages) {
  // Each page once to warm up; with DISTINCT, only the first 20 listings, which the load then skips.
  const warmed = process.env.DISTINCT && page.name === 'listing' ? 20 : 0;
  for (const p of warmed ? page.paths.slice(0, warmed) : page.paths) await (await fetch(`${base}${p}`)).arrayBuffer();
  if (warmed) page.paths = page.paths.slice(warmed);
  for (let round = 1; round <= Number(process.env.ROUNDS ?? 1); round++) {
    let i = 0;
    const before = cpu();
    const threadsBefore = threadCpuSeconds(app.pid);
    const duration = Number(process.env.BENCH_SECONDS ?? 8);
    const headers = { 'accept-encoding': 'br, gzip' };
    const r = process.env.RATE
      ? await openLoop({ url: base, rate: Number(process.env.RATE), duration, paths: page.paths, headers, seed: round }).then((o) => ({ rps: o.rps, p99: o.p99, errors: o.errors, total: o.total, more: `p50 ${o.p50} max ${o.max}` }))
      : await autocannon({ url: base, connections: 16, duration, headers, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: page.paths[i++ % page.paths.length] }) }] }).then((a) => ({ rps: a.requests.average, p99: a.latency.p99, errors: a.errors + a.non2xx, total: a.requests.total, more: '' }));
    const after = cpu();
    const threadsAfter = threadCpuSeconds(app.pid);
    const perRequest = (k: 'server' | 'postgres' | 'other') => (((after[k] - before[k]) * 1000) / r.total).toFixed(2);
    console.log(page.name, `(round ${round})`, 'req/s', r.rps.toFixed(1), 'p99', r.p99, r.more, 'errors', r.errors, 'cpu ms a request: server', perRequest('server'), 'postgres', perRequest('postgres'), 'the load and the rest', perRequest('other'));
    // Where the server's CPU went, thread by thread: the main thread is the one limit that more cores do not lift.
    const byThread = Object.entries(threadsAfter)
      .map(([name, s]) => [name, ((s - (threadsBefore[name] ?? 0)) * 1000) / r.total] as const)
      .filter(([, ms]) => ms >= 0.05)
      .sort((a, b) => b[1] - a[1]);
    console.log('  cpu ms a request by thread:', byThread.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', '));
  }
}
app.kill('SIGTERM');
await new Promise((r) => app.once('exit', r));
