/**
 * A thread that renders visitors' public pages (render-pool.ts): the web app's server build, run
 * here instead of on the server's main thread, which keeps the API, the caches and the sockets.
 * Every API call a page's loaders make is asked of the main thread, which answers it in-process as
 * it does for a page rendered there and records what the page shows and owes; this thread keeps
 * only what it parsed of the public answers, by the version the main thread gave them, so a
 * kept answer is parsed and checked once per thread, not once per page.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PublicWebConfig } from '@estate/core';
import type { createRequestHandler, ServerBuild } from 'react-router';
import { compressedWhole } from './compression.ts';
import type { CallReply, FromRenderer, RenderJob, ToRenderer } from './render-pool.ts';
import { COMPRESS_MIN_BYTES } from './response-cache.ts';

const { mode, publicConfig } = workerData as { serverEntry: string; mode: 'production' | 'development'; publicConfig: PublicWebConfig };
const port = parentPort!;
/** The build's own React Router (entry.server.tsx exports its handler), set by `serve`. */
let render: ReturnType<typeof createRequestHandler>;

/** Parsed public answers by language and URL, with the version the main thread kept them as. */
const parsed = new Map<string, { version: number; answer: unknown }>();
const MAX_PARSED = 2000;

let nextCall = 0;
const calls = new Map<number, (reply: CallReply) => void>();
const renders = new Map<number, AbortController>();

function post(message: FromRenderer, transfer: ArrayBuffer[] = []) {
  port.postMessage(message, transfer);
}

function ask(message: Omit<Extract<FromRenderer, { type: 'call' }>, 'type' | 'callId'>): Promise<CallReply> {
  const callId = ++nextCall;
  return new Promise((resolve) => {
    calls.set(callId, resolve);
    post({ type: 'call', callId, ...message });
  });
}

function responseOf(reply: Extract<CallReply, { status: number }>): Response {
  const headers = new Headers();
  for (const [name, value] of reply.headers) headers.append(name, value);
  return new Response(reply.status === 204 || reply.status === 304 ? null : reply.body, { status: reply.status, headers });
}

function headersOf(init: RequestInit | undefined): [string, string][] {
  return [...new Headers(init?.headers)];
}

async function renderJob(job: RenderJob) {
  const aborted = new AbortController();
  renders.set(job.id, aborted);
  try {
    let document: Buffer | null = null;
    const apiFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = input instanceof Request ? input.url : String(input);
      const reply = await ask({ id: job.id, kind: 'fetch', url, method: init?.method ?? 'GET', headers: headersOf(init), body: typeof init?.body === 'string' ? init.body : undefined });
      if ('failed' in reply) throw new Error(reply.failed);
      return responseOf(reply as Extract<CallReply, { status: number }>);
    };
    const answers = job.hasAnswers
      ? {
          async readOrLoad(url: URL, lang: string | undefined, load: (apiFetch?: typeof fetch) => Promise<unknown>): Promise<unknown> {
            const key = `${lang ?? ''} ${url.href}`;
            const mine = parsed.get(key);
            let version = 0;
            let isSame = false;
            // The main thread's memo decides (kept, stale, shared, loaded); its answer is parsed here.
            const memoFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
              const reply = await ask({ id: job.id, kind: 'memo', url: input instanceof Request ? input.url : String(input), lang, method: 'GET', headers: headersOf(init), have: mine?.version });
              if ('same' in reply) {
                isSame = true;
                throw new Error('the answer this thread has');
              }
              if ('failed' in reply) throw new Error(reply.failed);
              version = reply.version;
              return responseOf(reply as Extract<CallReply, { status: number }>);
            };
            try {
              const answer = await load(memoFetch as typeof fetch);
              if (version > 0) {
                parsed.delete(key);
                if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
                parsed.set(key, { version, answer });
              }
              return answer;
            } catch (error) {
              if (isSame && mine) return mine.answer;
              throw error;
            }
          },
        }
      : undefined;
    const context = {
      takeDocument: (html: Buffer) => {
        document = html;
      },
      apiFetch,
      answers,
      origin: job.origin,
      nonce: job.nonce,
      publicConfig,
    };
    const headers = new Headers();
    for (const [name, value] of job.headers) headers.append(name, value);
    const response = await render(new Request(job.url, { method: 'GET', headers, signal: aborted.signal }), context);
    const body = document === null && response.body ? new Uint8Array(await response.arrayBuffer()) : null;
    // A whole page the main thread will not keep is compressed here, as the main thread would (compression.ts).
    const whole = document as Buffer | null;
    const encoding = whole !== null && job.encoding && whole.length >= COMPRESS_MIN_BYTES ? job.encoding : null;
    if (encoding) document = await compressedWhole(whole!, encoding);
    const out: Uint8Array | null = document ?? body;
    // Bytes with a memory of their own are handed over, not copied (a small Buffer shares Node's pool).
    const isOwn = out !== null && out.byteOffset === 0 && out.byteLength === out.buffer.byteLength && out.buffer instanceof ArrayBuffer;
    post({ type: 'done', id: job.id, status: response.status, headers: [...response.headers], document: document !== null, bytes: out, encoding }, isOwn ? [out.buffer as ArrayBuffer] : []);
  } catch (error) {
    post({ type: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    renders.delete(job.id);
  }
}

/** Renders with `build` (the web app's server build, imported by the thread's start: render-pool.ts) the pages the main thread sends. */
export function serve(build: ServerBuild) {
  const makeHandler = (build.entry.module as { createRequestHandler?: typeof createRequestHandler }).createRequestHandler;
  if (!makeHandler) throw new Error("the web app's build does not export createRequestHandler (entry.server.tsx)");
  render = makeHandler(build, mode);
  port.on('message', onMessage);
}

function onMessage(message: ToRenderer) {
  if (message.type === 'render') void renderJob(message);
  else if (message.type === 'reply') {
    const resolve = calls.get(message.callId);
    calls.delete(message.callId);
    resolve?.(message.reply);
  } else if (message.type === 'abort') renders.get(message.id)?.abort();
}
