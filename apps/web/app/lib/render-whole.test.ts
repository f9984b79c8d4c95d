import { createElement as h, Fragment, Suspense, use, useId, type ReactNode } from 'react';
import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { handOverData, renderStreamed, renderWhole } from './render-whole.ts';

/** What the streaming renderer writes once everything is ready (the entry's fallback). */
const streamed = async (element: ReactNode) => (await renderStreamed(element, { abortAfterMs: 5_000 })).html.toString();

function Labelled({ children }: { children: string }) {
  const id = useId();
  return h(Fragment, null, h('label', { htmlFor: id }, children, ' ', 2, ' rooms'), h('input', { id, defaultValue: 'a "quoted" <value>' }));
}

const documentOf = (body: ReactNode) =>
  h('html', { lang: 'en' }, h('head', null, h('title', null, 'A listing'), h('link', { rel: 'modulepreload', href: '/assets/a.js' })), h('body', null, body));

const never = new Promise<never>(() => {});
function Waits(): ReactNode {
  return use(never);
}
function Fails(): ReactNode {
  throw new Error('broken part');
}

describe('renderWhole', () => {
  it('writes what the streaming renderer writes, doctype included, when nothing waits', async () => {
    const page = documentOf(h('main', null, h(Labelled, null, 'Bedrooms'), h(Suspense, { fallback: 'Loading…' }, h('p', null, 'Ready ', 'now', ' ₹ 45,00,000'))));
    const whole = renderWhole(page)?.toString();
    expect(whole).toBe(await streamed(page));
    expect(whole?.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
  });

  it('adds no doctype to what is not a document', () => {
    expect(renderWhole(h('p', null, 'a part'))?.toString()).toBe('<p>a part</p>');
  });

  it('gives each page its own bytes, however long', () => {
    const short = renderWhole(documentOf(h('p', null, 'हिन्दी')));
    const long = renderWhole(documentOf(h('p', null, 'العربية '.repeat(50_000))));
    const longest = renderWhole(documentOf(h('p', null, '₹'.repeat(1_500_000))));
    expect(short?.toString()).toBe('<!DOCTYPE html><html lang="en"><head><title>A listing</title><link rel="modulepreload" href="/assets/a.js"/></head><body><p>हिन्दी</p></body></html>');
    expect(long?.toString()).toContain(`<p>${'العربية '.repeat(50_000)}</p>`);
    // Beyond the scratch buffer's 4 MB, encoded apart, doctype and all.
    expect(longest?.toString().startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(longest?.toString()).toContain(`<p>${'₹'.repeat(1_500_000)}</p></body></html>`);
    expect(renderWhole(h('p', null, 'next'))?.toString()).toBe('<p>next</p>');
    // What was handed over before is unchanged by what was encoded after.
    expect(short?.toString()).toContain('<p>हिन्दी</p>');
    expect(long?.subarray(0, 15).toString()).toBe('<!DOCTYPE html>');
  });

  it('answers null when a part would wait or has failed, so the page is rendered the streaming way', async () => {
    expect(renderWhole(documentOf(h(Suspense, { fallback: 'Loading…' }, h(Waits))))).toBeNull();
    expect(renderWhole(documentOf(h(Suspense, { fallback: 'Loading…' }, h(Fails))))).toBeNull();
    // A page whose text shows the marker is still written whole: React escapes it.
    expect(renderWhole(h('p', null, '<!--$!-->'))?.toString()).toBe('<p>&lt;!--$!--&gt;</p>');
  });
});

describe('renderStreamed, the fallback', () => {
  it('waits for a part that suspends, and says when a part failed', async () => {
    const soon = new Promise<string>((resolve) => setTimeout(() => resolve('Ready later'), 20));
    function Later(): ReactNode {
      return h('p', null, use(soon));
    }
    const page = documentOf(h(Suspense, { fallback: 'Loading…' }, h(Later)));
    expect(renderWhole(page)).toBeNull();
    const later = await renderStreamed(page, { abortAfterMs: 5_000 });
    expect(later.failed).toBe(false);
    expect(later.html.toString()).toContain('<p>Ready later</p>');
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (error: unknown) => void errors.push(error);
    try {
      const failing = await renderStreamed(documentOf(h(Suspense, { fallback: 'Loading…' }, h(Fails))), { abortAfterMs: 5_000 });
      expect(failing.failed).toBe(true);
      expect(failing.html.toString()).toContain('<!--$!-->');
    } finally {
      console.error = log;
    }
  });
});

describe('handOverData', () => {
  const contextWith = (chunks: Uint8Array[] | null) =>
    ({
      serverHandoffStream: chunks
        ? new ReadableStream<Uint8Array>({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(chunk);
              controller.close();
            },
          })
        : undefined,
    }) as unknown as EntryContext;

  it('reads the loader data into the cache React Router reads first, one entry a read, characters split across chunks whole', async () => {
    const bytes = new TextEncoder().encode('[{"title":"₹ 45 लाख"},"done"]');
    const split = bytes.indexOf(0xe0) + 1; // inside the first Devanagari letter's three bytes
    const context = contextWith([bytes.subarray(0, split), bytes.subarray(split)]);
    await handOverData(context);
    const cache = context.renderMeta?.streamCache ?? {};
    expect(Object.keys(cache)).toEqual(['0', '1', '2']);
    expect(cache[0].result?.done).toBe(false);
    expect(cache[1].result?.done).toBe(false);
    expect(cache[2].result).toEqual({ done: true, value: '' });
    expect(cache[0].result!.value + cache[1].result!.value).toBe('[{"title":"₹ 45 लाख"},"done"]');
    expect(cache[0].result!.value).not.toContain('\uFFFD');
    // React Router reads a result only off a promise it can wait on.
    await expect(cache[0]).resolves.toBeUndefined();
    // Its ServerRouter takes a reader of the stream as it renders, cache or not.
    expect(context.serverHandoffStream!.locked).toBe(false);
  });

  it('keeps a read that failed as the error React Router throws where the data goes', async () => {
    const failure = new Error('encoding failed');
    let sent = false;
    const context = {
      serverHandoffStream: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return controller.error(failure);
          sent = true;
          controller.enqueue(new TextEncoder().encode('[{"a":1}'));
        },
      }),
    } as unknown as EntryContext;
    await handOverData(context);
    const cache = context.renderMeta?.streamCache ?? {};
    expect(Object.keys(cache)).toEqual(['0', '1']);
    expect(cache[0].result).toEqual({ done: false, value: '[{"a":1}' });
    expect(cache[1].error).toBe(failure);
    expect(cache[1].result).toBeUndefined();
  });

  it('leaves a page without loader data alone', async () => {
    const context = contextWith(null);
    await handOverData(context);
    expect(context.renderMeta).toBeUndefined();
  });

  describe('a hand-over read before', () => {
    const text = '[{"_1":2},"loaderData",{"title":"₹ 45 लाख"}]\n';
    /** A page's context: its loader answers, and a stream that counts its reads (it fails any after `failAfter`). */
    const page = (loaderData: Record<string, unknown>, opts: { errors?: unknown; actionData?: unknown; chunks?: string[] } = {}) => {
      const counted = { reads: 0 };
      const chunks = opts.chunks ?? [text];
      const context = {
        staticHandlerContext: { loaderData, actionData: opts.actionData ?? null, errors: opts.errors ?? null },
        serverHandoffStream: new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              const chunk = chunks[counted.reads++];
              if (chunk === undefined) controller.close();
              else controller.enqueue(new TextEncoder().encode(chunk));
            },
          },
          { highWaterMark: 0 },
        ),
      } as unknown as EntryContext;
      return { context, counted };
    };
    const reads = (context: EntryContext) => Object.values(context.renderMeta?.streamCache ?? {}).map((entry) => entry.result);

    it('is handed to a page whose loaders answered the same objects, and its stream is never read', async () => {
      const site = { lang: 'en' };
      const listing = { title: '₹ 45 लाख' };
      const first = page({ root: site, 'routes/listing': listing });
      await handOverData(first.context);
      expect(first.counted.reads).toBe(2);
      expect(reads(first.context)).toEqual([
        { done: false, value: text },
        { done: true, value: '' },
      ]);
      const again = page({ root: site, 'routes/listing': listing });
      await handOverData(again.context);
      expect(again.counted.reads).toBe(0);
      expect(reads(again.context)).toEqual(reads(first.context));
      // Each page's cache is its own: React Router writes into what it reads.
      expect(again.context.renderMeta!.streamCache![0]).not.toBe(first.context.renderMeta!.streamCache![0]);
      expect(again.context.renderMeta!.streamCache![0].result).not.toBe(first.context.renderMeta!.streamCache![0].result);
      await expect(again.context.renderMeta!.streamCache![0]).resolves.toBeUndefined();
    });

    it('is not handed over when any answer is another object, a route is added, or there are errors or action data', async () => {
      const site = { lang: 'en' };
      const listing = { title: 'A house' };
      await handOverData(page({ root: site, 'routes/listing': listing }).context);
      const others = [
        page({ root: { lang: 'en' }, 'routes/listing': listing }),
        page({ root: site, 'routes/listing': { title: 'A house' } }),
        page({ root: site, extra: null, 'routes/listing': listing }),
        page({ 'routes/listing': listing }),
        page({ root: site, 'routes/listing': listing }, { errors: { 'routes/listing': new Error('gone') } }),
        page({ root: site, 'routes/listing': listing }, { actionData: { saved: true } }),
      ];
      for (const other of others) {
        await handOverData(other.context);
        expect(other.counted.reads).toBe(2);
      }
      // With errors, nothing was kept: the same page errs again and is read again.
      const erring = page({ root: site, 'routes/listing': listing }, { errors: { 'routes/listing': new Error('gone') } });
      await handOverData(erring.context);
      expect(erring.counted.reads).toBe(2);
    });

    it('is not kept when the data came in more than one chunk (a promise among the answers), nor when no answer is an object', async () => {
      const deferred = { title: 'A house' };
      const streamed = () => page({ 'routes/listing': deferred }, { chunks: ['[{"_1":2}]\n', 'P1:["later"]\n'] });
      const first = streamed();
      await handOverData(first.context);
      expect(first.counted.reads).toBe(3);
      const second = streamed();
      await handOverData(second.context);
      expect(second.counted.reads).toBe(3);
      expect(reads(second.context).map((r) => r?.value)).toEqual(['[{"_1":2}]\n', 'P1:["later"]\n', '']);
      for (let i = 0; i < 2; i++) {
        const plain = page({ root: null, 'routes/count': 3 });
        await handOverData(plain.context);
        expect(plain.counted.reads).toBe(2);
      }
    });
  });
});

