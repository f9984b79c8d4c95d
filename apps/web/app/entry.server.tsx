/**
 * React Router 7.18's Node entry, with the answer's CSP nonce from the hosting server (on React
 * Router's own scripts and React's streaming scripts, and in context for the root layout's inline
 * script), and the shell's scripts starting after the first paint (lib/paint-first.ts).
 *
 * The page is written whole, for every visitor (React Router's default streams the shell to people
 * and waits for all content only for bots): a page's data is loaded before it renders and nothing
 * on it suspends on the server but React Router's own data scripts, which resolve within the same
 * render, so streaming sent the same bytes later. Whole, the document goes to the hosting server as
 * one buffer (`takeDocument`), which compresses it in one call and sends it with its length,
 * instead of passing it through a transform, a web stream and a streaming compressor: measured side
 * by side, 0.92–1.0 of the server's CPU a rendered page (performance history, session 37).
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { NonceContext } from './lib/nonce.ts';
import { paintFirst } from './lib/paint-first.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Abort the render after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set('Content-Type', 'text/html');
        const html = paintFirst(Buffer.concat(chunks));
        loadContext.takeDocument?.(html);
        const body = loadContext.takeDocument ? null : new Uint8Array(html);
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; log those streamed later.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * The hosting server makes its request handler with this, so that the handler and the pages share
 * one copy of React Router: a production build bundles React Router's production build (vite.config.ts),
 * and a handler from another copy would not recognise its `data()` answers or route errors.
 */
export { createRequestHandler } from 'react-router';
