import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAINT_WAIT_MS, paintFirst as paintFirstBytes } from './paint-first.ts';

const paintFirst = (html: string) => paintFirstBytes(Buffer.from(html)).toString();

// The shape React Router 7 and React 19 write (the server test checks it on real pages).
const CODE = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/detail-B.js";
  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client-C.js"}};
import("/assets/entry.client-C.js");`;
const page = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="abc=="/><link rel="modulepreload" href="/assets/root-A.js" nonce="abc=="/><link rel="modulepreload" href="/assets/detail-B.js"/></head><body><main>Hello</main><script nonce="abc==">window.__reactRouterContext = {};</script><script nonce="abc==" type="module" async="">${CODE}</script></body></html>`;

interface Browser {
  visibility?: 'visible' | 'hidden';
  nonce?: string;
  /** Whether it reports paints (PerformanceObserver 'paint'). */
  paints?: boolean;
  /** Whether it has a PerformanceObserver at all. */
  observes?: boolean;
}

/** Runs the rewritten page's start script in a stand-in browser; returns what it added and its pending callbacks. */
function run(html: string, { visibility = 'visible', nonce = 'abc==', paints = true, observes = true }: Browser = {}) {
  const [, kept, script] = /<script nonce="abc==" type="text\/x-after-paint">([\s\S]*?)<\/script><script nonce="abc==">(\(\(modules[\s\S]*?)<\/script>/.exec(html) ?? [];
  const added: { tag: string; props: Record<string, string> }[] = [];
  const element = (tag: string) => {
    const props: Record<string, string> = {};
    return { tag, props, setAttribute: (k: string, v: string) => (props[k] = v), set rel(v: string) { props.rel = v; }, set type(v: string) { props.type = v; }, set nonce(v: string) { props.nonce = v; }, set textContent(v: string) { props.text = v; } };
  };
  const frames: (() => void)[] = [];
  const timers = new Map<number, { f: () => void; ms: number }>();
  const observers: { callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void; connected: boolean }[] = [];
  const append = (e: ReturnType<typeof element>) => added.push({ tag: e.tag, props: e.props });
  class PerformanceObserver {
    static supportedEntryTypes = paints ? ['paint', 'navigation'] : ['navigation'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, connected: false };
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      this.entry.connected = true;
      observers.push(this.entry);
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  vm.runInNewContext(script, {
    document: { currentScript: { nonce, previousElementSibling: { textContent: kept } }, visibilityState: visibility, createElement: element, head: { append }, body: { append } },
    ...(observes ? { PerformanceObserver } : {}),
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms = 0) => (timers.set(timers.size + 1, { f, ms }), timers.size),
    clearTimeout: (id: number) => timers.delete(id),
  });
  const paint = (name: string) => observers.filter((o) => o.connected).forEach((o) => o.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
  return { added, frames, timers, paint };
}

describe('paintFirst', () => {
  it('takes the preloads and the module script out of the page', () => {
    const html = paintFirst(page);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/></head>');
    expect(html).toContain('<script nonce="abc==">window.__reactRouterContext = {};</script>');
    // The code stays in the page as it was, inert, under the same nonce (a cached page hashes it).
    expect(html).toContain(`<script nonce="abc==" type="text/x-after-paint">${CODE}</script>`);
  });

  it('adds them back, the same, once the browser reports the first contentful paint', () => {
    const { added, timers, paint } = run(paintFirst(page));
    expect(added).toEqual([]);
    paint('first-paint');
    expect(added).toEqual([]);
    paint('first-contentful-paint');
    expect(added.map((e) => e.props.href ?? e.props.type)).toEqual(['/assets/entry.client-C.js', '/assets/root-A.js', '/assets/detail-B.js', 'module']);
    expect(added.slice(0, 3).every((e) => e.tag === 'link' && e.props.rel === 'modulepreload')).toBe(true);
    expect(added[3]).toEqual({ tag: 'script', props: { type: 'module', nonce: 'abc==', text: CODE } });
    // Once: the fallback was called off, and a later report adds nothing.
    expect(timers.size).toBe(0);
    paint('first-contentful-paint');
    expect(added).toHaveLength(4);
  });

  it('adds them after PAINT_WAIT_MS when no paint is reported', () => {
    const { added, timers } = run(paintFirst(page));
    const [fallback] = [...timers.values()];
    expect(fallback.ms).toBe(PAINT_WAIT_MS);
    fallback.f();
    expect(added).toHaveLength(4);
  });

  it('adds them after the next frame where the browser reports no paints, or observes no performance', () => {
    for (const browser of [{ paints: false }, { observes: false }]) {
      const { added, frames, timers } = run(paintFirst(page), browser);
      expect(added, JSON.stringify(browser)).toEqual([]);
      frames.shift()!();
      expect(added, JSON.stringify(browser)).toEqual([]);
      [...timers.values()][0].f();
      expect(added, JSON.stringify(browser)).toHaveLength(4);
    }
  });

  it('leaves a module script with attributes it does not know as it is', () => {
    const odd = page.replace('<script nonce="abc==" type="module" async="">', '<script nonce="abc==" integrity="sha384-x" type="module" async="">');
    expect(paintFirst(odd)).toBe(odd);
  });

  it('gives the module script no nonce on a cached page, whose policy allows it by its hash', () => {
    const { added, paint } = run(paintFirst(page), { nonce: '' });
    paint('first-contentful-paint');
    expect(added[3].props).toEqual({ type: 'module', text: CODE });
  });

  it('adds them at once in a tab not shown, which paints nothing', () => {
    const { added, frames, timers } = run(paintFirst(page), { visibility: 'hidden' });
    expect(frames).toEqual([]);
    expect(timers.size).toBe(0);
    expect(added).toHaveLength(4);
  });

  it('keeps every other byte as React wrote it, in any script (Hindi, Arabic)', () => {
    const words = '<main>घर बाज़ार — سوق المنازل</main>';
    const html = paintFirst(page.replace('<main>Hello</main>', words).replace('"/assets/entry.client-C.js"}}', '"/assets/entry.client-C.js", "title": "घर"}}'));
    expect(html).toContain(words);
    expect(html).toContain('"title": "घर"}}');
    expect(html.endsWith('</script></body></html>')).toBe(true);
  });

  it('leaves HTML without the module script as it is', () => {
    const partial = '<div>streamed later</div><script nonce="abc==">$RC("B:0","S:0")</script>';
    expect(paintFirst(partial)).toBe(partial);
  });
});
