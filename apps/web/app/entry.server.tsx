/**
 * React Router 7.18's Node entry, with the answer's CSP nonce from the hosting server (on React
 * Router's own scripts and React's streaming scripts, and in context for the root layout's inline
 * script), and the shell's scripts starting after the first paint (lib/paint-first.ts).
 *
 * The page is written whole, for every visitor (React Router's default streams the shell to people
 * and waits for all content only for bots): a page's data is loaded before it renders and nothing
 * on it suspends on the server but React Router's own hand-over of that data, which is read first
 * (lib/render-whole.ts), so the page renders in one synchronous pass to one string. Should a part
 * suspend after all, it is rendered again the streaming way, which waits for it. Whole, the
 * document goes to the hosting server as one buffer (`takeDocument`), which compresses it in one
 * call and sends it with its length, instead of passing it through a transform, a web stream and a
 * streaming compressor: measured side by side, 0.92–1.0 of the server's CPU a rendered page
 * (performance history, session 37).
 */
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { NonceContext } from './lib/nonce.ts';
import { paintFirst } from './lib/paint-first.ts';
import { handOverData, renderStreamed, renderWhole } from './lib/render-whole.ts';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  const page = () => (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  await handOverData(routerContext);
  const whole = renderWhole(page());
  if (whole !== null) return respond(whole, responseStatusCode, responseHeaders, loadContext);

  // A part suspended or failed: rendered again, streaming, to wait for it (the data is handed over already).
  const { html, failed } = await renderStreamed(page(), { nonce, abortAfterMs: streamTimeout + 1000 });
  return respond(html, failed ? 500 : responseStatusCode, responseHeaders, loadContext);
}

/** The page as the hosting server takes it (one buffer, `takeDocument`), or as a body. */
function respond(document: Buffer, status: number, headers: Headers, loadContext: AppLoadContext): Response {
  headers.set('Content-Type', 'text/html');
  const html = paintFirst(document);
  loadContext.takeDocument?.(html);
  return new Response(loadContext.takeDocument ? null : new Uint8Array(html), { headers, status });
}

/**
 * The hosting server makes its request handler with this, so that the handler and the pages share
 * one copy of React Router: a production build bundles React Router's production build (vite.config.ts),
 * and a handler from another copy would not recognise its `data()` answers or route errors.
 */
export { createRequestHandler } from 'react-router';
