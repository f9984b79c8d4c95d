/**
 * A page rendered in one synchronous pass, as its pieces of HTML (entry.server.tsx).
 *
 * A page's data is loaded before it renders, and nothing on it suspends on the server but React
 * Router's hand-over of that data to the browser (`StreamTransfer`, which reads the loader data's
 * turbo-stream chunk by chunk, suspending on each read). So the hand-over is read first
 * (`handOverData`), into the cache `StreamTransfer` looks in before it reads, and then the page
 * renders with nothing left to wait for: `renderToString` writes it in one pass, appending strings,
 * where `renderToPipeableStream` encodes each of thousands of small pieces into 4 KB byte views
 * and writes them to a stream. Measured side by side on the bench database, the server's CPU a
 * rendered page went from 6.4–8.6 to 3.8–5.5 ms on a listing and 8.6–10.6 to 4.9–7.5 ms on a
 * results page (performance history, session 40); the HTML is byte for byte the same but for the
 * doctype, which `renderToString` leaves out and `renderWhole` puts back as it encodes the page.
 * The server's build has `renderToString` hand over the page's pieces rather than join them into
 * one string (build-tools/render-in-parts.ts), and `renderWhole` encodes them a part at a time.
 *
 * Should anything else suspend (or throw inside a Suspense boundary), `renderToString` would
 * write that boundary's fallback for the browser to render: `renderWhole` then answers null, and
 * the caller renders the page the streaming way, which waits for it.
 */
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { keepingMarkup, keepMarked, stopKeepingMarkup } from './kept-markup.ts';

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>;

/** One read of the hand-over, decoded. */
type HandedOverRead = { done: boolean; value: string };
/** A hand-over read before: the loader answers it encoded, by route, and its reads. */
type HandedOver = { routes: string[]; values: unknown[]; reads: HandedOverRead[] };
/**
 * Hand-overs read before, by the last object among the page's loader answers (the page's own,
 * usually): while that object lives, a page whose loaders answered the same objects is handed the
 * same text. Loaders answer the same objects for the same kept API answers (lib/same-for.ts).
 */
const handedOver = new WeakMap<object, HandedOver>();

/** The page's loader answers, by route, when a hand-over of them can be kept: no action data, no errors, an object among them. */
function handedOverKey(context: EntryContext): { routes: string[]; values: unknown[]; leaf: object } | null {
  const state = context.staticHandlerContext as EntryContext['staticHandlerContext'] | undefined;
  if (!state || state.actionData != null || state.errors != null || state.loaderData == null) return null;
  const { loaderData } = state;
  const routes = Object.keys(loaderData);
  const values = routes.map((route) => loaderData[route]);
  const leaf = values.findLast((value): value is object => typeof value === 'object' && value !== null);
  return leaf === undefined ? null : { routes, values, leaf };
}

const sameAnswers = (kept: HandedOver, key: { routes: string[]; values: unknown[] }) =>
  kept.routes.length === key.routes.length && kept.routes.every((route, i) => route === key.routes[i] && kept.values[i] === key.values[i]);

/**
 * Reads React Router's hand-over of the loader data (`serverHandoffStream`) into the cache its
 * `StreamTransfer` reads first: entry `i` is the stream's `i`th read, decoded as `StreamTransfer`
 * decodes it (one decoder, streaming, so a character split across chunks comes out whole). A read
 * that fails is kept as `StreamTransfer` keeps it, as the entry's `error`, which it throws where it
 * renders: the page fails as it did when `StreamTransfer` read the stream itself.
 *
 * When the page's loaders answered the very objects a page read before was handed (the same routes,
 * each answer the same object), its reads are that page's and the stream is never read, so never
 * encoded (the build encodes it at its first read: build-tools/handoff-on-read.ts). Only a
 * hand-over read whole in one chunk is kept: one with data still to come (a promise among the
 * answers) is read afresh every time. The answers are never changed once a loader has answered
 * them (React Router's data is read-only to the page), so the same objects encode to the same text.
 */
export async function handOverData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const cache: StreamCache = {};
  (context.renderMeta ??= {}).streamCache = cache;
  const key = handedOverKey(context);
  const kept = key && handedOver.get(key.leaf);
  if (kept && sameAnswers(kept, key)) {
    kept.reads.forEach((result, i) => (cache[i] = Object.assign(Promise.resolve(), { result: { ...result } })));
    return;
  }
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const reads: HandedOverRead[] = [];
  for (let i = 0; ; i++) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch (error) {
      cache[i] = Object.assign(Promise.resolve(), { error });
      break;
    }
    const result = { done: read.done, value: decoder.decode(read.value, { stream: true }) };
    reads.push(result);
    cache[i] = Object.assign(Promise.resolve(), { result: { ...result } });
    if (read.done) break;
  }
  reader.releaseLock();
  if (key && reads.length === 2 && reads[1].done) handedOver.set(key.leaf, { routes: key.routes, values: key.values, reads });
}

/** How React marks a Suspense boundary it left for the browser to render (React escapes `<` in text and attributes, so only React writes it). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
/** What renderToPipeableStream writes before a document, and renderToString does not. */
const DOCTYPE = '<!DOCTYPE html>';

/** The page's HTML as UTF-8, or null when a part of it suspended or failed and only the browser would render it. */
export function renderWhole(element: ReactNode): Buffer | null {
  return wholeFrom(renderToString as RenderToString, element);
}

/** React DOM's `renderToString`, which fills `parts` when the build has rewritten it (build-tools/render-in-parts.ts). */
export type RenderToString = (element: ReactNode, options?: { parts?: string[] }) => string;

/** `renderWhole` with a given `renderToString`: the build's, or in tests, React DOM as the build rewrites it. */
export function wholeFrom(render: RenderToString, element: ReactNode): Buffer | null {
  const parts: string[] = [];
  // Elements whose inside was rendered before for the same data are written as it was (lib/kept-markup.ts).
  const marks = keepingMarkup();
  let html: string;
  try {
    html = render(element, { parts });
  } finally {
    stopKeepingMarkup();
  }
  // React DOM not rewritten (tests on the sources, `vite dev`): its one string is the one part.
  if (parts.length === 0) parts.push(html);
  keepMarked(parts, marks);
  const page = utf8(parts);
  if (page.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  return page;
}

/** Where pages are encoded, grown to the largest page yet (at most MAX_SCRATCH). */
let scratch = Buffer.allocUnsafe(0);
const MAX_SCRATCH = 4 * 1024 * 1024;
/** Characters appended before they are written: a two-byte part, with the piece that crosses this, stays an ordinary object (V8's largest is 128 KB). */
const PART_CHARACTERS = 48 * 1024;
const DOCTYPE_BYTES = Buffer.from(DOCTYPE);
const DOCUMENT_START = Buffer.from('<html');

/**
 * The page's pieces as UTF-8, the doctype first when it is a document (`<html`), which
 * `renderToString` leaves out. The pieces are joined a part at a time (some 48K characters) and
 * each part written after the room the doctype needs, into a scratch buffer: no string is the
 * page's length (build-tools/render-in-parts.ts says what that cost), and the page is copied once,
 * out of the scratch buffer, as its own bytes. A page past the scratch buffer's limit is encoded
 * apart.
 */
function utf8(pieces: string[]): Buffer {
  let characters = 0;
  for (const piece of pieces) characters += piece.length;
  const most = DOCTYPE_BYTES.length + characters * 3;
  if (most > MAX_SCRATCH) {
    const page = Buffer.concat(pieces.map((piece) => Buffer.from(piece)));
    return page.subarray(0, DOCUMENT_START.length).equals(DOCUMENT_START) ? Buffer.concat([DOCTYPE_BYTES, page]) : page;
  }
  if (scratch.length < most) scratch = Buffer.allocUnsafe(Math.min(MAX_SCRATCH, Math.max(most, 2 * scratch.length)));
  const start = DOCTYPE_BYTES.length;
  let written = start;
  // A part appended piece by piece and flattened as it is written. Timed in the server, a listing's
  // 5,953 pieces took 264–270 µs so in parts of 48K characters, 296–309 µs in parts of 16K, and
  // 404–490 µs joined as slices (`join`); one string of the page, 178–196 µs (session 44).
  let part = '';
  for (const piece of pieces) {
    part += piece;
    if (part.length >= PART_CHARACTERS) {
      written += scratch.write(part, written);
      part = '';
    }
  }
  written += scratch.write(part, written);
  const isDocument = scratch.subarray(start, start + DOCUMENT_START.length).equals(DOCUMENT_START);
  if (isDocument) DOCTYPE_BYTES.copy(scratch, 0);
  return Buffer.from(scratch.subarray(isDocument ? 0 : start, written));
}

/**
 * The page the streaming way, collected once every part is ready (or aborted after `abortAfterMs`,
 * leaving its boundaries to the browser); `failed` when a part failed after the shell. A failing
 * shell rejects, as `renderToString` throws.
 */
export function renderStreamed(element: ReactNode, { nonce, abortAfterMs }: { nonce?: string; abortAfterMs: number }): Promise<{ html: Buffer; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const timeoutId = setTimeout(() => abort(), abortAfterMs);
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve({ html: Buffer.concat(chunks), failed });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        // Errors in the shell reject and are logged by React Router; log those streamed later.
        if (shellRendered) console.error(error);
      },
    });
  });
}
