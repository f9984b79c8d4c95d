import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { arrivals, openLoop, percentile } from './open-loop.ts';

describe('arrivals', () => {
  it('come at the rate asked, the same for the same seed', () => {
    const due = arrivals(300, 20, 3);
    expect(due.length / 20).toBeGreaterThan(285);
    expect(due.length / 20).toBeLessThan(315);
    expect(arrivals(300, 20, 3)).toEqual(due);
    expect(arrivals(300, 20, 4)).not.toEqual(due);
    expect(due.every((t, i) => t >= 0 && t < 20_000 && (i === 0 || t >= due[i - 1]))).toBe(true);
  });

  it('are Poisson: gaps exponential, their spread about their mean', () => {
    const due = arrivals(1000, 30, 5);
    const gaps = due.slice(1).map((t, i) => t - due[i]);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - mean) ** 2, 0) / gaps.length);
    expect(mean).toBeCloseTo(1, 1);
    // Evenly spaced arrivals would have no spread at all.
    expect(sd / mean).toBeGreaterThan(0.9);
    expect(sd / mean).toBeLessThan(1.1);
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 1)).toBe(100);
    expect(percentile([], 0.99)).toBe(0);
  });
});

describe('openLoop', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server answering after `delay(n)` ms its `n`th request, busy-waiting, as a render holds the event loop. */
  async function serve(delay: (n: number) => number): Promise<string> {
    let n = 0;
    server = http.createServer((req, res) => {
      const until = Date.now() + delay(n++);
      while (Date.now() < until);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }

  it('sends at the rate asked and times quick answers as quick', async () => {
    const url = await serve(() => 0);
    const r = await openLoop({ url, rate: 200, duration: 2, paths: ['/a', '/b'], seed: 2 });
    expect(r.errors).toBe(0);
    expect(r.total).toBe(arrivals(200, 2, 2).length);
    expect(r.offered).toBeGreaterThan(170);
    // Loose bounds: what is checked is that quick answers read as quick, not how quick this machine is.
    expect(r.rps).toBeGreaterThan(100);
    expect(r.p50).toBeLessThan(250);
  });

  it('counts the time a request waited behind a stalled server, not only its own answer', async () => {
    // The 50th request holds the server for 600 ms: every request due meanwhile waits for it. A
    // closed load would send none of them until it ended, and time only its own 600 ms.
    const url = await serve((n) => (n === 50 ? 600 : 0));
    const r = await openLoop({ url, rate: 200, duration: 2, paths: ['/'], seed: 9 });
    expect(r.errors).toBe(0);
    // Some 120 requests were due in those 600 ms, over a quarter of the load: the p99 shows the stall.
    expect(r.p99).toBeGreaterThan(300);
    expect(r.max).toBeGreaterThanOrEqual(550);
  });

  it('counts a failed or refused request as an error', async () => {
    server = http.createServer((req, res) => {
      res.statusCode = 500;
      res.end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const r = await openLoop({ url, rate: 100, duration: 1, paths: ['/'] });
    expect(r.errors).toBe(r.total);
    const closed = await openLoop({ url: 'http://127.0.0.1:9', rate: 50, duration: 0.5, paths: ['/'] });
    expect(closed.errors).toBe(closed.total);
  });
});
