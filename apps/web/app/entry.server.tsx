/**
 * React Router 7.18's default Node entry (streaming, bots and SPA mode wait for all content), plus
 * the answer's CSP nonce from the hosting server: on React Router's own scripts and React's
 * streaming scripts, and in context for the root layout's inline script; and the shell's scripts
 * start after the first paint (lib/paint-first.ts).
 */
import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
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
    const userAgent = request.headers.get('user-agent');

    // Bots and SPA mode wait for all content to load before the answer starts.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the render after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // React writes the whole shell while `pipe` runs: it is kept until then and goes out
          // rewritten so that the page paints before its scripts load (lib/paint-first.ts).
          // What React streams after (suspended parts) passes as it comes.
          let shell: Buffer[] | null = [];
          const releaseShell = () => {
            if (!shell) return;
            if (shell.length) body.push(paintFirst(Buffer.concat(shell)));
            shell = null;
          };
          const body = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              if (shell) shell.push(chunk);
              else this.push(chunk);
              callback();
            },
            flush(callback) {
              releaseShell();
              // Clear the timeout so its closure is not retained.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          releaseShell();
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
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
