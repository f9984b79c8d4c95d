import path from 'node:path';
import zlib from 'node:zlib';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallReply, type RenderCall, RenderPool } from '../src/platform/render-pool.ts';
import { DEFAULT_WEB_BUILD_DIR } from '../src/platform/web.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { webBuilt } from './pages.ts';

const serverEntry = path.join(DEFAULT_WEB_BUILD_DIR, 'server', 'index.js');
const ORIGIN = 'http://pages.test';
/** Given to the threads once, when they start; what pages show of it comes from there. */
const PUBLIC_CONFIG = { googleClientId: 'client-id-given-at-start', googleAuthUrl: 'http://accounts.google.test/o/oauth2/auth' };

describe.skipIf(!webBuilt)('render threads', () => {
  let t: TestApp;
  let pool: RenderPool;
  beforeAll(async () => {
    t = await createTestApp();
    pool = new RenderPool({ serverEntry, threads: 2, mode: 'production', publicConfig: PUBLIC_CONFIG });
  });
  afterAll(async () => {
    await pool?.close();
    await t?.close();
  });

  /** The thread's API calls, answered by the test app as the server answers them. */
  const calls: RenderCall[] = [];
  const answer = async (call: RenderCall): Promise<CallReply> => {
    calls.push(call);
    const url = new URL(call.url);
    const res = await t.app.inject({ method: call.method as 'GET', url: url.pathname + url.search, headers: Object.fromEntries(call.headers) });
    return { status: res.statusCode, headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)]), body: res.payload, version: 0 };
  };
  const job = (pathname: string) => ({ url: `${ORIGIN}${pathname}`, headers: [['accept', 'text/html']] as [string, string][], origin: ORIGIN, nonce: 'n0nce', hasAnswers: false, encoding: null });
  const renderersOf = (p: RenderPool) => (p as unknown as { renderers: ({ worker: Worker } | undefined)[] }).renderers;
  const renderers = () => renderersOf(pool);

  it('renders a page on a thread, asking this one for every API answer its loaders read', async () => {
    const rendered = await pool.render(job('/faqs'), answer);
    expect(rendered.status).toBe(200);
    expect(rendered.headers).toContainEqual(['content-type', 'text/html']);
    const page = rendered.document!.toString();
    expect(page).toMatch(/^<!DOCTYPE html>/i);
    expect(page).toContain('nonce="n0nce"');
    expect(page).toContain('client-id-given-at-start');
    expect(calls.map((c) => new URL(c.url).pathname)).toContain('/api/faqs');
    expect(calls.every((c) => c.kind === 'fetch')).toBe(true);
  });

  it('compresses a whole page in the encoding asked for, on the thread, and says so', async () => {
    const plain = await pool.render(job('/faqs'), answer);
    expect(plain.encoding).toBeNull();
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await pool.render({ ...job('/faqs'), encoding }, answer);
      expect(packed.status).toBe(200);
      expect(packed.encoding).toBe(encoding);
      const html = (encoding === 'br' ? zlib.brotliDecompressSync(packed.document!) : zlib.gunzipSync(packed.document!)).toString();
      expect(packed.document!.length).toBeLessThan(html.length / 2);
      // The same page as sent uncompressed (its nonce is the job's).
      expect(html).toBe(plain.document!.toString());
    }
  });

  it('renders the answer the API gave: a missing listing is the missing page, a refused call the error page', async () => {
    const missing = await pool.render(job('/properties-details/no-such-listing'), answer);
    expect(missing.status).toBe(404);
    const refused = await pool.render(job('/faqs'), async () => ({ failed: 'no answer' }));
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(refused.document!.toString()).toMatch(/<html/i);
  });

  it('parses a kept answer once per thread: asked again, it names the version it has and takes "the same"', async () => {
    const one = new RenderPool({ serverEntry, threads: 1, mode: 'production', publicConfig: PUBLIC_CONFIG });
    try {
      const memoCalls: RenderCall[] = [];
      const versions = new Map<string, number>();
      const kept = async (call: RenderCall): Promise<CallReply> => {
        if (call.kind !== 'memo') return answer(call);
        memoCalls.push(call);
        const key = `${call.lang} ${call.url}`;
        if (versions.has(key) && call.have === versions.get(key)) return { same: true };
        const reply = await answer(call);
        versions.set(key, 40 + versions.size);
        return { ...reply, version: versions.get(key)! } as CallReply;
      };
      const first = await one.render({ ...job('/faqs'), hasAnswers: true }, kept);
      const firstCalls = memoCalls.splice(0);
      expect(firstCalls.length).toBeGreaterThan(0);
      expect(firstCalls.every((c) => c.have === undefined)).toBe(true);
      const second = await one.render({ ...job('/faqs'), hasAnswers: true }, kept);
      expect(memoCalls.map((c) => c.url).sort()).toEqual(firstCalls.map((c) => c.url).sort());
      expect(memoCalls.every((c) => c.have === versions.get(`${c.lang} ${c.url}`))).toBe(true);
      expect(second.document!.toString()).toBe(first.document!.toString());
    } finally {
      await one.close();
    }
  });

  it('renders pages side by side on its threads, each with its own calls', async () => {
    const urls = ['/faqs', '/cities', '/agents', '/articles'];
    const seen = new Map<string, string[]>();
    const pages = await Promise.all(
      urls.map((u) =>
        pool.render(job(u), async (call) => {
          seen.set(u, [...(seen.get(u) ?? []), new URL(call.url).pathname]);
          return answer(call);
        }),
      ),
    );
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    expect(renderers().filter(Boolean)).toHaveLength(2);
    expect(seen.get('/cities')).toContain('/api/get-cities-data');
    expect(seen.get('/faqs')).not.toContain('/api/get-cities-data');
  });

  it('starts every thread when asked (the server asks when it is ready), and renders on them', async () => {
    const three = new RenderPool({ serverEntry, threads: 3, mode: 'production', publicConfig: PUBLIC_CONFIG });
    try {
      const workers = () => renderersOf(three).map((r) => r?.worker);
      expect(workers().filter(Boolean)).toHaveLength(0);
      three.startAll();
      const started = workers();
      expect(started.filter(Boolean)).toHaveLength(3);
      expect((await three.render(job('/faqs'), answer)).status).toBe(200);
      // Started once: asked again, it keeps the threads it has.
      three.startAll();
      expect(workers()).toEqual(started);
    } finally {
      await three.close();
    }
    three.startAll();
    await expect(three.render(job('/faqs'), answer)).rejects.toThrow(/closed/);
  });

  it('fails the pages of a thread that stops, and renders the next on a new one', async () => {
    let stopThread: () => void = () => {};
    const asked = new Promise<void>((resolve) => (stopThread = resolve));
    // A page whose first call is never answered, on a thread stopped meanwhile.
    const stuck = pool.render(job('/faqs'), () => {
      stopThread();
      return new Promise<CallReply>(() => {});
    });
    // Its failure is taken as it comes: the thread's exit may come a turn before terminate() resolves.
    const failure = stuck.then(() => null, (error: Error) => error);
    await asked;
    const before = renderers().map((r) => r?.worker);
    await Promise.all(before.map((w) => w?.terminate()));
    expect((await failure)?.message).toMatch(/render thread stopped/);
    const next = await pool.render(job('/faqs'), answer);
    expect(next.status).toBe(200);
    expect(renderers().some((r) => r && !before.includes(r.worker))).toBe(true);
  });
});
