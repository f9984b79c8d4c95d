/**
 * Threads that render visitors' public pages (render-worker.ts), so that rendering — React's
 * render, React Router's data encoding, parsing and checking the API's answers: most of a page's
 * cost — runs beside the main thread instead of on it (decision 26). The main thread still does
 * everything a page's answer depends on: it decides what is cached, answers every API call the
 * loaders make (in-process, through the loaders' memo), records what the page shows and owes, and
 * writes the answer.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PublicWebConfig } from '@estate/core';

/** A page to render: a GET of a public page, as the main thread saw it. */
export interface RenderJob {
  type: 'render';
  id: number;
  /** Absolute, on the configured origin. */
  url: string;
  headers: [string, string][];
  origin: string;
  nonce: string;
  /** The main thread keeps public answers for the loaders (its memo answers `memo` calls). */
  hasAnswers: boolean;
  /**
   * The encoding the visitor takes, for a page the main thread will not keep: the thread
   * compresses the whole page itself, so the main thread neither compresses it nor holds its
   * HTML (whose bytes, arriving there at every page, made its heap collect by external memory
   * pressure). Null for a page it may keep, which it compresses once, well, as it stores it.
   */
  encoding: 'br' | 'gzip' | null;
}

/** An API call a render's loaders make: `fetch` straight to the API, `memo` through the loaders' memo. */
export interface RenderCall {
  id: number;
  kind: 'fetch' | 'memo';
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
  /** memo: the answer's language, and the version of it the thread has parsed already. */
  lang?: string;
  have?: number;
}

/** The main thread's answer to a call: the API's answer (with the version it is kept as, 0 if not kept), or "the one you have". */
export type CallReply = { status: number; headers: [string, string][]; body: string | null; version: number } | { same: true } | { failed: string };

export type ToRenderer = RenderJob | { type: 'reply'; callId: number; reply: CallReply } | { type: 'abort'; id: number };

export type FromRenderer =
  | ({ type: 'call'; callId: number } & RenderCall)
  | { type: 'done'; id: number; status: number; headers: [string, string][]; document: boolean; bytes: Uint8Array | null; encoding: 'br' | 'gzip' | null }
  | { type: 'failed'; id: number; message: string };

/** What a render made: the answer's status and headers, and its document (what `takeDocument` took, compressed in `encoding` if that is set) or body. */
export interface Rendered {
  status: number;
  headers: [string, string][];
  document: Buffer | null;
  body: Buffer | null;
  encoding: 'br' | 'gzip' | null;
}

interface Pending {
  onCall: (call: RenderCall) => Promise<CallReply>;
  resolve: (rendered: Rendered) => void;
  reject: (error: Error) => void;
}

interface Renderer {
  worker: Worker;
  pending: Map<number, Pending>;
}

export interface RenderPoolOptions {
  serverEntry: string;
  threads: number;
  mode: 'production' | 'development';
  /**
   * What the pages may show of the server's settings, the same for every page: handed to a
   * thread once, so its pages get the one object, as on the main thread, and the root loader's
   * answer, made from it, is the same object for the same kept answers (decision 28).
   */
  publicConfig: PublicWebConfig;
}

/**
 * The worker is TypeScript, loaded as the server is (tsx's own loader, scoped to it), with none of
 * the process's flags: a worker's `--import` is not run before its entry on Node 20. The web app's
 * build, which is JavaScript, is imported beside it by Node alone and handed to it: through tsx,
 * its dynamic imports would be rewritten and a source map of the whole bundle made and kept
 * (decision 29).
 */
const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
const WORKER_START = `const { pathToFileURL } = require('node:url');
Promise.all([import(pathToFileURL(require('node:worker_threads').workerData.serverEntry).href), import(${JSON.stringify(TSX_API)})])
  .then(([build, { tsImport }]) => tsImport(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'render-worker.ts')).href)}, ${JSON.stringify(import.meta.url)}).then((worker) => worker.serve(build)))`;

export class RenderPool {
  private readonly renderers: (Renderer | undefined)[];
  private nextId = 0;
  private isClosed = false;

  constructor(private readonly opts: RenderPoolOptions) {
    this.renderers = Array.from({ length: opts.threads }, () => undefined);
  }

  /** Renders on the thread with the fewest pages under way (started when the server is ready or on first use, again after a crash). */
  render(job: Omit<RenderJob, 'type' | 'id'>, onCall: Pending['onCall'], signal?: AbortSignal): Promise<Rendered> {
    if (this.isClosed) return Promise.reject(new Error('the render threads are closed'));
    let index = 0;
    for (let i = 0; i < this.renderers.length; i++) {
      const size = this.renderers[i]?.pending.size ?? -1;
      if (size < (this.renderers[index]?.pending.size ?? -1)) index = i;
    }
    const renderer = (this.renderers[index] ??= this.start(index));
    const id = ++this.nextId;
    return new Promise<Rendered>((resolve, reject) => {
      renderer.pending.set(id, { onCall, resolve, reject });
      renderer.worker.postMessage({ type: 'render', id, ...job } satisfies RenderJob);
      signal?.addEventListener('abort', () => renderer.worker.postMessage({ type: 'abort', id } satisfies ToRenderer), { once: true });
    });
  }

  /**
   * Starts every thread now (the server does when it is ready), so that the first visitors'
   * pages do not wait for a thread to load the web app.
   */
  startAll(): void {
    if (this.isClosed) return;
    for (let i = 0; i < this.renderers.length; i++) this.renderers[i] ??= this.start(i);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await Promise.all(this.renderers.map((renderer) => renderer?.worker.terminate()));
  }

  private start(index: number): Renderer {
    const worker = new Worker(WORKER_START, {
      eval: true,
      workerData: { serverEntry: this.opts.serverEntry, mode: this.opts.mode, publicConfig: this.opts.publicConfig },
      execArgv: [],
      // As the main thread's (decision 20): a young generation that holds the renders in flight.
      resourceLimits: { maxYoungGenerationSizeMb: 96 },
    });
    const renderer: Renderer = { worker, pending: new Map() };
    const fail = (error: Error) => {
      if (this.renderers[index] === renderer) this.renderers[index] = undefined;
      for (const pending of renderer.pending.values()) pending.reject(error);
      renderer.pending.clear();
    };
    worker.on('message', (message: FromRenderer) => {
      if (message.type === 'call') {
        const pending = renderer.pending.get(message.id);
        const reply = (r: CallReply) => worker.postMessage({ type: 'reply', callId: message.callId, reply: r } satisfies ToRenderer);
        if (!pending) return reply({ failed: 'the page is no longer rendering' });
        pending.onCall(message).then(reply, (error: unknown) => reply({ failed: error instanceof Error ? error.message : String(error) }));
      } else if (message.type === 'done' || message.type === 'failed') {
        const pending = renderer.pending.get(message.id);
        renderer.pending.delete(message.id);
        if (!pending) return;
        if (message.type === 'failed') pending.reject(new Error(`rendering failed: ${message.message}`));
        else {
          const bytes = message.bytes ? Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength) : null;
          pending.resolve({ status: message.status, headers: message.headers, document: message.document ? bytes : null, body: message.document ? null : bytes, encoding: message.encoding });
        }
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a render thread stopped (exit code ${code})`)));
    // An idle pool does not keep the process alive.
    worker.unref();
    return renderer;
  }
}
