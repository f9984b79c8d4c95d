import type { Plugin } from 'vite';

/**
 * Makes React Router encode a document's hand-over of its loader data only when it is read.
 *
 * For every document it renders, React Router encodes the page's loader data as a turbo-stream
 * (`encodeViaTurboStream`, with an abort controller, a timer and a listener on the request's
 * signal) as it builds the entry context, before the entry renders. The entry reads that stream
 * first (`handOverData`, lib/render-whole.ts), and when the page's loaders answered the very
 * objects of a page rendered before (their answers kept, lib/same-for.ts), it already has the
 * encoded text and needs none of it: encoding the home page's data was about 15 % of the server's
 * main thread a rendered home page (issue 12, session 49's profile at a million listings).
 *
 * So each document's `serverHandoffStream` becomes a stream that starts encoding at its first
 * read and passes the encoded stream's chunks through as they come (a high-water mark of 0: the
 * stream asks for nothing until it is read), and whose cancelling cancels the encoding. What a
 * reader gets is what React Router's stream gives. The single-fetch answers (`.data`) are left
 * as they are: they are read as soon as they are sent.
 *
 * A React Router release that words the two call sites otherwise fails the build here, so the
 * rewrite is never lost silently.
 */
const CALL = 'serverHandoffStream: encodeViaTurboStream(';
const LAZY = 'serverHandoffStream: __handoffOnRead(encodeViaTurboStream, ';
/** A document's first render, and its render again after an error. */
const CALLS = 2;

/** Added once to the file rewritten. */
const HELPERS = `
/** \`encode(...args)\`'s stream, encoded at its first read. */
function __handoffOnRead(encode, ...args) {
  let reader = null;
  return new ReadableStream(
    {
      async pull(controller) {
        reader ??= encode(...args).getReader();
        let { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader?.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
`;

/** React Router's own files (`dist/**`) that hold `encodeViaTurboStream`, each build of them. */
export function handoffOnRead(): Plugin {
  let done = 0;
  return {
    name: 'estate:handoff-on-read',
    enforce: 'pre',
    buildStart() {
      done = 0;
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id) || !code.includes('function encodeViaTurboStream(')) return null;
      if (code.split(CALL).length - 1 !== CALLS) {
        this.error(`React Router's ${id.split(/[\\/]/).pop()} no longer hands the loader data over as handoff-on-read.ts expects: update the rewrite for this release`);
      }
      done++;
      return { code: code.replaceAll(CALL, LAZY) + HELPERS, map: null };
    },
    generateBundle() {
      // Only the server's bundle renders documents.
      if (this.environment.name !== 'ssr') return;
      if (done === 0) this.error("handoff-on-read.ts found no encodeViaTurboStream in React Router's code");
    },
  };
}
