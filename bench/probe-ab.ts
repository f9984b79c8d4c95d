// `BASE_DIR=/path/to/other/checkout npx tsx bench/probe-ab.ts`: this checkout's production server
// and another's (built, on the same bench database, `estate_bench`) side by side, loaded in
// alternating batches, with the CPU each spends a request. On a shared machine whose speed moves
// ±30 % within an hour, two runs one after the other compare the hours more than the builds; here
// both builds see the same minutes. `KIND=pages` (default: home, results, a listing, rendered every
// request), `lists` or `maps` (distinct searches without text); `ROUNDS` batches of `BATCH`
// requests each (default 10 × 40), 4 at a time. `BASE_DIR=.` measures the method's own spread.
// Each build runs twice, started first and last or second and third (base, this, this, base): later
// servers tend to spend a little less CPU a request (each server's mean is printed). One run's
// ratio still moves ±5 % (one build against itself, lists: 0.905–1.016 over ten runs in session 42):
// run a comparison several times, and both ways (`BASE_DIR` the other checkout, from each), and
// combine the two means as √(this/base ÷ base/this as measured from the other side).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { sampleListings, startProcess } from './process.ts';
import { distinctSearches, loadSearchMarket } from './search-mixes.ts';

const url = 'postgres://postgres@127.0.0.1:5432/estate_bench';
const root = path.resolve(import.meta.dirname, '..');
if (!process.env.BASE_DIR) throw new Error('BASE_DIR: the checkout to compare with (built, with its node_modules)');
const builds = { base: path.resolve(process.env.BASE_DIR), this: root } as const;
type Build = keyof typeof builds;
/** Two servers a build: base first and last, this second and third. */
const SERVERS: { build: Build; port: number }[] = [
  { build: 'base', port: 3971 },
  { build: 'this', port: 3972 },
  { build: 'this', port: 3973 },
  { build: 'base', port: 3974 },
];
const KIND = process.env.KIND ?? 'pages';
const BATCH = Number(process.env.BATCH ?? 40);
const ROUNDS = Number(process.env.ROUNDS ?? 10);

/** CPU milliseconds so far of a process, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
  return (utime + stime) * 10;
}

// Each side runs with its own checkout's Node flags for the server (scripts/server-node-flags.json,
// none before session 35), or with `BASE_NODE_FLAGS` / `THIS_NODE_FLAGS` (e.g. `--max-semi-space-size=32`;
// with `BASE_DIR=.` to compare a runtime setting on one build).
const flagsOf = (build: Build): string[] => {
  const given = process.env[build === 'base' ? 'BASE_NODE_FLAGS' : 'THIS_NODE_FLAGS'];
  if (given !== undefined) return given.split(' ').filter(Boolean);
  const file = path.join(builds[build], 'scripts', 'server-node-flags.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : [];
};
const nodeFlags: Record<Build, string[]> = { base: flagsOf('base'), this: flagsOf('this') };
const servers: ChildProcess[] = [];
for (const { build, port } of SERVERS) {
  const base = `http://127.0.0.1:${port}`;
  servers.push(
    await startProcess(
      'node',
      [...nodeFlags[build], '--import', 'tsx', path.join(builds[build], 'apps/server/src/main.ts')],
      { PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_DATA: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: base, SETTINGS_ENCRYPTION_KEY: '42'.repeat(32), DATABASE_URL: url, DATABASE_POOL_SIZE: '8', REDIS_URL: '', PAGE_CACHE: '0' },
      `${base}/healthz`,
      300_000,
    ),
  );
}
// Every one has loaded its search index once these answer.
const sample = await sampleListings(`http://127.0.0.1:${SERVERS[0].port}`, 20);
for (const { port } of SERVERS.slice(1)) await sampleListings(`http://127.0.0.1:${port}`, 1);

let mixes: { name: string; paths: string[] }[];
if (KIND === 'pages') {
  const cities = [...new Set(sample.map((c) => c.city))];
  mixes = [
    { name: 'home', paths: ['/'] },
    { name: 'results', paths: ['/properties', '/properties?property_type=0', ...cities.map((c) => `/properties?city=${encodeURIComponent(c)}`)] },
    { name: 'listing', paths: sample.map((c) => `/properties-details/${c.slug_id}`) },
  ];
} else {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
  const market = await loadSearchMarket(handle.db);
  await handle.close();
  const forMap = KIND === 'maps';
  const paths = distinctSearches(market, forMap ? '/api/get-property-map-points' : '/api/get-property-list', 40_000, { seed: 5, forMap }).filter((p) => !p.includes('search='));
  mixes = [{ name: KIND, paths }];
}

/** One batch on one server: `BATCH` requests, 4 at a time; each server walks the mix's paths in the same order. */
async function batch(server: number, paths: string[], from: number): Promise<number> {
  const pid = servers[server].pid!;
  const { port } = SERVERS[server];
  const before = cpuMs(pid);
  let i = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (i < BATCH) {
        const p = paths[(from + i++) % paths.length];
        const response = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${SERVERS[server].build} (port ${port}) ${p}: ${response.status}`);
      }
    }),
  );
  return cpuMs(pid) - before;
}

for (const mix of mixes) {
  let next = 0;
  // Warm-up: the first batches of each server are not counted.
  for (let server = 0; server < SERVERS.length; server++) await batch(server, mix.paths, next);
  next += BATCH;
  const cpu: Record<Build, number[]> = { base: [], this: [] };
  const byServer: number[][] = SERVERS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    // Each server in turn, starting one further each round, so none always follows another's garbage collection.
    for (let k = 0; k < SERVERS.length; k++) {
      const server = (round + k) % SERVERS.length;
      const ms = (await batch(server, mix.paths, next)) / BATCH;
      cpu[SERVERS[server].build].push(ms);
      byServer[server].push(ms);
    }
    next += BATCH;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(
    mix.name.padEnd(8),
    `base ${mean(cpu.base).toFixed(2)} ms a request (median ${median(cpu.base).toFixed(2)})`,
    `| this ${mean(cpu.this).toFixed(2)} ms (median ${median(cpu.this).toFixed(2)})`,
    `| this / base ${(mean(cpu.this) / mean(cpu.base)).toFixed(3)}`,
    `| each server in the order started: ${byServer.map((xs, i) => `${SERVERS[i].build} ${mean(xs).toFixed(2)}`).join(', ')}`,
  );
}
for (const server of servers) server.kill('SIGTERM');
await Promise.all(servers.map((server) => new Promise((resolve) => server.once('exit', resolve))));
