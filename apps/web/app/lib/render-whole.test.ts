import { Writable } from 'node:stream';
import { createElement as h, Fragment, Suspense, use, useId, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { handOverData, renderWhole } from './render-whole.ts';

/** What the streaming renderer writes once everything is ready (as entry.server.tsx did before). */
function streamed(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString());
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(body), onShellError: reject });
  });
}

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
    const whole = renderWhole(page);
    expect(whole).toBe(await streamed(page));
    expect(whole?.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
  });

  it('adds no doctype to what is not a document', () => {
    expect(renderWhole(h('p', null, 'a part'))).toBe('<p>a part</p>');
  });

  it('answers null when a part would wait or has failed, so the page is rendered the streaming way', async () => {
    expect(renderWhole(documentOf(h(Suspense, { fallback: 'Loading…' }, h(Waits))))).toBeNull();
    expect(renderWhole(documentOf(h(Suspense, { fallback: 'Loading…' }, h(Fails))))).toBeNull();
    // A page whose text shows the marker is still written whole: React escapes it.
    expect(renderWhole(h('p', null, '<!--$!-->'))).toBe('<p>&lt;!--$!--&gt;</p>');
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
  });

  it('leaves a page without loader data alone', async () => {
    const context = contextWith(null);
    await handOverData(context);
    expect(context.renderMeta).toBeUndefined();
  });
});
