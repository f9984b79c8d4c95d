import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Node's flags for the server as `npm start` runs it (scripts/start.mjs; decision 20): every bench
 * starts the server with them, so it measures what runs.
 */
export const SERVER_NODE_FLAGS: string[] = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'server-node-flags.json'), 'utf8'));

/** Starts a process from the repository root and resolves once `readyUrl` answers 200. */
export function startProcess(cmd: string, args: string[], env: Record<string, string>, readyUrl: string, timeoutMs = 60_000): Promise<ChildProcess> {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() - started > timeoutMs) return reject(new Error(`${cmd} did not start`));
      setTimeout(poll, 250);
    };
    child.on('exit', (code) => reject(new Error(`${cmd} exited with ${code}`)));
    void poll();
  });
}

/** What a server's `/healthz` says of its search index (app.ts). */
export interface Health {
  search_index?: string;
  search_words?: { learned: number; queued: number };
}

export async function health(base: string): Promise<Health> {
  return (await (await fetch(`${base}/healthz`)).json()) as Health;
}

/** Until the server's search index has loaded: it answers searches from SQL before (decision 13). */
export async function untilSearchIndexLoaded(base: string): Promise<void> {
  while ((await health(base)).search_index === 'loading') await new Promise((resolve) => setTimeout(resolve, 250));
}

/**
 * The newest listings that are not premium, once the server has them: a first start on a new data
 * folder answers while the demo is still being seeded, and the search index loads beside the first
 * requests.
 */
export async function sampleListings(base: string, limit: number): Promise<{ slug_id: string; city: string }[]> {
  await untilSearchIndexLoaded(base);
  for (let tries = 0; ; tries++) {
    const sample = (await (await fetch(`${base}/api/get-property-list?limit=${limit}&is_premium=0`)).json()) as { data: { slug_id: string; city: string }[] };
    if (sample.data.length || tries > 600) return sample.data;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * CPU seconds so far of the server's process (`serverPid`), of PostgreSQL's and of the rest, from
 * /proc (clock ticks, 1/100 s). PostgreSQL's connections that closed meanwhile take their CPU with
 * them, so a difference of its figure can fall below zero.
 */
/** CPU seconds each of a process's threads has used, by thread name (`main` for the main thread: the event loop). */
export function threadCpuSeconds(pid: number | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!pid) return out;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    out[name] = (out[name] ?? 0) + (utime + stime) / 100;
  }
  return out;
}

export function cpuSeconds(serverPid: number | undefined): Record<'server' | 'postgres' | 'other', number> {
  const sum = { server: 0, postgres: 0, other: 0 };
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    const k = pid === String(serverPid) ? 'server' : comm.startsWith('postgres') ? 'postgres' : 'other';
    sum[k] += (utime + stime) / 100;
  }
  return sum;
}
