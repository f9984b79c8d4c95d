// An open-loop load: requests sent at a given rate, as visitors arrive, whatever the server's answers
// are doing, each one timed from the moment it was due. autocannon's load is closed: each of its
// connections sends its next request when the last one is answered, so at full speed what it
// measures as latency is mostly the queue its own connections make (by Little's law, 32 connections
// at 500 req/s wait 64 ms on average, however fast a page renders). A target of "N requests a
// second with a p99 of M ms" is what visitors arriving N a second see: this load (autocannon's own
// rate limit sends each connection's quota for a second at once, at the second's start, which is a
// burst, not a rate).
//
// Arrivals are Poisson (independent visitors: exponential gaps, a seeded generator, so two runs
// send the same load), a little burstier than evenly spaced requests. A request waiting for a free
// socket, or sent late because the generator's own event loop was busy, counts its wait too
// (no coordinated omission).
import http from 'node:http';
import { mulberry32 } from '../apps/server/src/demo/assets/random.ts';

export interface OpenLoopOptions {
  url: string;
  /** Requests a second, on average. */
  rate: number;
  /** Seconds. */
  duration: number;
  paths: string[];
  headers?: Record<string, string>;
  /**
   * The sockets to send on, kept open between loads (a warm-up's, then the measured load's): a
   * fresh agent opens its sockets during the load's first requests, which then wait for them. By
   * default one of its own, with at most 256 sockets; a request beyond them waits for one, and that
   * wait is counted.
   */
  agent?: http.Agent;
  /** A request not answered in this long counts as an error. */
  timeoutMs?: number;
  seed?: number;
}

export interface OpenLoopResult {
  /** Requests a second sent. */
  offered: number;
  /** Requests a second answered, over the time from the first request due to the last answer. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  total: number;
}

/** The value below which `share` of the sorted values fall (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

/** Due times, in ms from the start, of a Poisson stream of `rate` a second for `duration` seconds. */
export function arrivals(rate: number, duration: number, seed = 1): number[] {
  // A seeded generator: the same seed, the same arrivals.
  const next = mulberry32(seed);
  const due: number[] = [];
  for (let t = -Math.log(1 - next()) * (1000 / rate); t < duration * 1000; t += -Math.log(1 - next()) * (1000 / rate)) due.push(t);
  return due;
}

export async function openLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(opts.url);
  const agent = opts.agent ?? new http.Agent({ keepAlive: true, maxSockets: 256 });
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const due = arrivals(opts.rate, opts.duration, opts.seed);
  const latencies: number[] = [];
  let errors = 0;
  let lastAnswer = 0;
  const start = performance.now() + 20;

  const send = (at: number, path: string) =>
    new Promise<void>((resolve) => {
      const done = (ok: boolean) => {
        if (ok) latencies.push(performance.now() - at);
        else errors++;
        lastAnswer = performance.now();
        resolve();
      };
      const req = http.get({ agent, host: target.hostname, port: target.port, path, headers: opts.headers, timeout: timeoutMs }, (res) => {
        res.on('data', () => {});
        res.on('end', () => done(res.statusCode !== undefined && res.statusCode < 400));
        res.on('error', () => done(false));
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => done(false));
    });

  const answers: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    let sent = 0;
    const tick = () => {
      const now = performance.now() - start;
      while (sent < due.length && due[sent] <= now) {
        answers.push(send(start + due[sent], opts.paths[sent % opts.paths.length]));
        sent++;
      }
      if (sent < due.length) setTimeout(tick, Math.max(0, Math.min(5, due[sent] - now)));
      else resolve();
    };
    setTimeout(tick, 20);
  });
  await Promise.all(answers);
  if (!opts.agent) agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    offered: due.length / opts.duration,
    rps: latencies.length / ((lastAnswer - start) / 1000),
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? 0),
    errors,
    total: due.length,
  };
}
