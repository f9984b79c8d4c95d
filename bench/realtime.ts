// `npm run bench:realtime -w @estate/bench`: the chat socket under load (issue 15).
//  1. 1,000 sockets, each a conversation with one busy sender about the sender's listing: the
//     sender sends for BENCH_SECONDS through ChatService.send (the database write, then the
//     events) with BENCH_IN_FLIGHT messages in flight; deliveries per second and p50/p99 delivery
//     latency (stamp at send → arrival at the socket), on one instance, then on two instances
//     sharing Redis (half the sockets on each, the sender on the first).
//  2. 10,000 idle authenticated sockets on one instance: memory in use (after a collection) and
//     resident, before and after.
// The sender is driven in-process because `send_message` allows a person 120 messages a minute;
// a second line each time pushes events straight into the hub, to show the socket layer alone.
// The sockets live in a child process (realtime-clients.ts); both instances of (1) share this
// process. Figures are noisy on a shared machine.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.ts';
import { seedDemoDataOnce } from '../apps/server/src/demo/seed.ts';
import { MediaStore } from '../apps/server/src/platform/media.ts';
import type { RequestContext } from '../apps/server/src/platform/http.ts';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BENCH_DB = 'estate_bench_realtime';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const PORTS = [3920, 3921];
const IDLE_PORT = 3922;

const now = () => performance.timeOrigin + performance.now();
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function prepare(): Promise<{ url: string; senderId: number; propertyId: number; receivers: { id: number; token: string }[] }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB}`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await handle.migrate();
  await seedDemoDataOnce(handle.db, new MediaStore(path.join(root, 'data', 'bench-media')), { small: true });
  const db = handle.db;
  const people = Math.max(SOCKETS, IDLE_SOCKETS) + 1;
  await db.execute(sql`insert into users (slug_id, name, email, role) select 'bench-rt-' || g, 'Socket user ' || g, 'bench-rt-' || g || '@bench.test', 'user' from generate_series(1, ${people}::int) g`);
  // Each one's session token is `bench-rt-<id>`; the server keeps its SHA-256.
  await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) select id, encode(sha256(convert_to('bench-rt-' || id, 'UTF8')), 'hex'), now() + interval '1 day' from users where slug_id like 'bench-rt-%'`);
  const users = rowsOf<{ id: number }>(await db.execute(sql`select id from users where slug_id like 'bench-rt-%' order by id`));
  const [sender, ...receivers] = users.map((u) => ({ id: u.id, token: `bench-rt-${u.id}` }));
  const [property] = rowsOf<{ id: number }>(await db.execute(sql`select id from properties order by id limit 1`));
  await db.execute(sql`update properties set owner_id = ${sender.id} where id = ${property.id}`);
  await handle.close();
  return { url: url.toString(), senderId: sender.id, propertyId: property.id, receivers };
}

function clients(): { child: ChildProcess; ask: (command: object) => Promise<Record<string, unknown>> } {
  const child = fork(path.join(import.meta.dirname, 'realtime-clients.ts'), [], { execArgv: ['--experimental-websocket', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (command: object) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      child.once('message', (answer) => {
        const a = answer as Record<string, unknown>;
        if (a.error) reject(new Error(String(a.error)));
        else resolve(a);
      });
      child.send(command);
    });
  return { child, ask };
}

const env = (databaseUrl: string, extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://127.0.0.1:3920', SETTINGS_ENCRYPTION_KEY: '42'.repeat(32), DATA_DIR: path.join(root, 'data', 'bench-realtime'), SEED_DEMO_DATA: '0', ...extra });

async function busySender(instances: number, setup: Awaited<ReturnType<typeof prepare>>): Promise<string> {
  const redises = instances > 1 ? Array.from({ length: instances }, () => new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })) : [];
  const handles = await Promise.all(Array.from({ length: instances }, () => openDatabase({ databaseUrl: setup.url, poolSize: 8 })));
  const apps = [];
  for (let i = 0; i < instances; i++) {
    const built = await buildApp({ config: env(setup.url), db: handles[i].db, redis: redises[i] });
    await built.app.listen({ host: '127.0.0.1', port: PORTS[i] });
    apps.push(built);
  }
  const { child, ask } = clients();
  const receivers = setup.receivers.slice(0, SOCKETS);
  await ask({ cmd: 'connect', sockets: receivers.map((r, i) => ({ url: `ws://127.0.0.1:${PORTS[i % instances]}/api/ws`, token: r.token })) });
  const connected = apps.reduce((n, a) => n + a.services.hub.connections, 0);

  const chat = apps[0].services.chat;
  const ctx = { origin: 'http://127.0.0.1:3920', viewer: { id: setup.senderId } } as unknown as RequestContext;
  // Warm the statements, then measure.
  for (let i = 0; i < 20; i++) await chat.send({ receiver_id: receivers[i].id, property_id: setup.propertyId, message: `warm:${now()}` }, ctx);
  await new Promise((r) => setTimeout(r, 500));
  await ask({ cmd: 'reset' });
  const delivered0 = apps.reduce((n, a) => n + a.services.hub.delivered, 0);
  let sent = 0;
  const started = now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (now() < until) {
        const to = receivers[sent++ % receivers.length];
        await chat.send({ receiver_id: to.id, property_id: setup.propertyId, message: `bench:${now()}` }, ctx);
      }
    }),
  );
  const elapsed = (now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const { latencies, frames } = (await ask({ cmd: 'report' })) as { latencies: number[]; frames: number };
  const events = apps.reduce((n, a) => n + a.services.hub.delivered, 0) - delivered0;
  latencies.sort((a, b) => a - b);

  // The socket layer alone: the same message events straight into the first instance's hub, as
  // fast as it takes them (yielding every 100 so the sockets drain), for the same time.
  await ask({ cmd: 'reset' });
  const hub = apps[0].services.hub;
  let pushed = 0;
  const hubStarted = now();
  const hubUntil = hubStarted + SECONDS * 1000;
  while (now() < hubUntil) {
    for (let i = 0; i < 100; i++) hub.send([receivers[pushed++ % receivers.length].id], { type: 'message', message: { message: `bench:${now()}` } });
    await new Promise((r) => setImmediate(r));
  }
  const hubElapsed = (now() - hubStarted) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const hubReport = (await ask({ cmd: 'report' })) as { latencies: number[] };
  const hubLatencies = hubReport.latencies.sort((a, b) => a - b);
  await ask({ cmd: 'close' });
  child.kill();
  for (const a of apps) await a.app.close();
  for (const h of handles) await h.close();
  for (const r of redises) r.disconnect();
  const label = instances === 1 ? 'one instance' : `${instances} instances + Redis`;
  return [
    `${label}, ${connected} sockets — chat messages (ChatService.send: written, then pushed): ${(sent / elapsed).toFixed(0)} sent/s, ${(latencies.length / elapsed).toFixed(0)} delivered/s (${(frames / elapsed).toFixed(0)} socket events/s with the unread counts; ${events} written by the hubs), latency from send to socket p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms; ${latencies.length}/${sent} arrived`,
    `${label}, ${connected} sockets — events alone (hub.send): ${(pushed / hubElapsed).toFixed(0)} pushed/s, ${(hubLatencies.length / hubElapsed).toFixed(0)} delivered/s, latency p50 ${pct(hubLatencies, 50).toFixed(1)} ms, p99 ${pct(hubLatencies, 99).toFixed(1)} ms; ${hubLatencies.length}/${pushed} arrived`,
  ].join('\n');
}

/** The heap and buffers in use after a full collection (run with --expose-gc), and the resident size. */
async function memory(): Promise<{ used: number; rss: number }> {
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
  const m = process.memoryUsage();
  return { used: m.heapUsed + m.external + m.arrayBuffers, rss: m.rss };
}

async function idleMemory(setup: Awaited<ReturnType<typeof prepare>>): Promise<string> {
  if (!(globalThis as { gc?: () => void }).gc) throw new Error('run with node --expose-gc (npm run bench:realtime does)');
  const handle = await openDatabase({ databaseUrl: setup.url, poolSize: 8 });
  const built = await buildApp({ config: env(setup.url), db: handle.db });
  await built.app.listen({ host: '127.0.0.1', port: IDLE_PORT });
  const { child, ask } = clients();
  try {
    // One socket first, so what every connection shares (the socket server, statements) is counted before.
    await ask({ cmd: 'connect', sockets: [{ url: `ws://127.0.0.1:${IDLE_PORT}/api/ws`, token: setup.receivers[0].token }] });
    const before = await memory();
    const started = now();
    await ask({ cmd: 'connect', sockets: setup.receivers.slice(1, IDLE_SOCKETS).map((r) => ({ url: `ws://127.0.0.1:${IDLE_PORT}/api/ws`, token: r.token })) });
    const took = (now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 3000));
    const after = await memory();
    const held = built.services.hub.connections;
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    return `${held} idle sockets on one instance: heap and buffers in use ${mb(before.used)} MB → ${mb(after.used)} MB (${((after.used - before.used) / (held - 1) / 1024).toFixed(1)} KB a socket), resident ${mb(before.rss)} MB → ${mb(after.rss)} MB (${((after.rss - before.rss) / (held - 1) / 1024).toFixed(1)} KB a socket); all authenticated in ${took.toFixed(1)} s`;
  } finally {
    await ask({ cmd: 'close' });
    child.kill();
    await built.app.close();
    await handle.close();
  }
}

const setup = await prepare();
const lines = [await busySender(1, setup), await busySender(2, setup), await idleMemory(setup)];
console.log(`\nchat sockets (${SECONDS} s, ${IN_FLIGHT} messages in flight, PostgreSQL)\n${lines.join('\n')}`);
process.exit(0);
