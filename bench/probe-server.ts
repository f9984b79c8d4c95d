// `npx tsx bench/probe-server.ts`: the production server on the bench database under distinct searches
// only, all and without text search (which SQL answers), with the CPU a request costs the server's
// process and PostgreSQL's (the load generator runs in this one, so it is left out); `PROF=1`
// writes a CPU profile to /tmp/ib/prof (`node --cpu-prof`), `ONLY=all|no text` runs one mix,
// `ROUNDS=n` runs each mix n times in a row (10 s each): a fresh server learning its words.
import autocannon from './autocannon.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { cpuSeconds, startProcess, untilSearchIndexLoaded, SERVER_NODE_FLAGS } from './process.ts';
import { distinctSearches, loadSearchMarket } from './search-mixes.ts';

const url = 'postgres://postgres@127.0.0.1:5432/estate_bench';
const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
const market = await loadSearchMarket(handle.db);
await handle.close();
const port = 3950;
const app = await startProcess('node', [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/ib/prof'] : []), ...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], { PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_DATA: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, SETTINGS_ENCRYPTION_KEY: '42'.repeat(32), DATABASE_URL: url, DATABASE_POOL_SIZE: '16' }, `http://127.0.0.1:${port}/healthz`);
await untilSearchIndexLoaded(`http://127.0.0.1:${port}`);
const cpu = () => cpuSeconds(app.pid);
for (const [name, filter] of [['all', () => true], ['no text', (p: string) => !p.includes('search=')]].filter(([n]) => !process.env.ONLY || n === process.env.ONLY) as [string, (p: string) => boolean][]) {
  const paths = distinctSearches(market, process.env.MAP ? '/api/get-property-map-points' : '/api/get-property-list', 40_000, { seed: 5, forMap: Boolean(process.env.MAP) }).filter(filter);
  let i = 0;
  for (let round = 1; round <= Number(process.env.ROUNDS ?? 1); round++) {
    const before = cpu();
    const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 32, duration: 10, headers: { 'accept-encoding': 'br, gzip' }, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }] });
    const after = cpu();
    const perRequest = (k: 'server' | 'postgres') => (((after[k] - before[k]) * 1000) / r.requests.total).toFixed(2);
    console.log(process.env.ROUNDS ? `${name} (round ${round})` : name, 'req/s', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'cpu ms a request: server', perRequest('server'), 'postgres', perRequest('postgres'));
  }
}
app.kill('SIGTERM');
await new Promise((r) => app.once('exit', r));
