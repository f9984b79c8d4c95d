import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
let dataDir: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function start(port: number): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_DATA: '0', LOG_LEVEL: 'info', DATABASE_URL: '' },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  for (let i = 0; i < 200; i++) {
    if (output.includes('marketplace on')) return { child, output: () => output, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estate-lifecycle-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('start-up and shutdown', () => {
  it('SIGTERM lets a request in flight finish, then closes the database cleanly', async () => {
    const port = await freePort();
    const server = await start(port);
    const body = JSON.stringify({ first_name: 'Drain', last_name: 'Test', email: 'drain@example.com', subject: 'In flight', message: 'Sent across a shutdown.' });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/contct_us', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      // Half the body now, SIGTERM, then the rest: the request is in flight across the signal.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    const { status, text } = await response;
    expect(status, text).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('closed cleanly');

    // The write survived and the database opens again without recovery complaints.
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from contact_messages where email = 'drain@example.com'`);
    expect(rows[0].n).toBe(1);
    await db.close();
  }, 60_000);

  it('starts again on the same data without re-running migrations', async () => {
    const port = await freePort();
    const server = await start(port);
    const res = await fetch(`http://127.0.0.1:${port}/api/get_report_reasons`);
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
