import type { PublicWebConfig } from '@estate/core';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { Readable } from 'node:stream';
import { writeReadableStreamToWritable } from '@react-router/node';
import compression from 'compression';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { compressedWhole, streamedBrotliParams } from './compression.ts';
import { type CachedPage, type PageCache, type PageTag, pageBodyIn, tagsOfApiCall } from './page-cache.ts';
import { COMPRESS_MIN_BYTES, owedOnReplay, preferredEncoding } from './response-cache.ts';
import { type CallReply, type RenderCall, RenderPool } from './render-pool.ts';
import type { TtlCache } from './ttl-cache.ts';

/** Where `npm run build` (react-router build in apps/web) leaves the web app. */
export const DEFAULT_WEB_BUILD_DIR = path.resolve(import.meta.dirname, '../../../web/build');

/** Paths the API server answers itself; the web app never sees them. */
const SERVER_PREFIXES = ['/api', '/media', '/dev', '/healthz'];

function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0];
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

type HeaderMap = Record<string, string | string[] | number | undefined>;

/** What the server knows of the page request being rendered; never read from its headers. */
interface PageScope {
  /** The visitor's address as Fastify sees it (request.ip, which honours TRUST_PROXY). */
  clientIp: string;
  /** The origin absolute URLs are built on (PUBLIC_URL, or an allowed Host). */
  origin: string;
  /** The answer's CSP nonce, for the page's inline scripts. */
  nonce: string;
  /** What the page shows, from the API calls its loaders made (platform/page-cache). */
  tags: PageTag[];
  /** False once an API call answered something a visitor's page must not keep (a refusal, an error). */
  isCacheable: boolean;
  /** What each replay of this page owes (a listing's view), from the API answers it was built on. */
  owed: (() => void)[];
  /** Calls whose answers were public (the API's cache took them), with what their replay owes. */
  publicCalls: Map<string, (() => void) | undefined>;
}

/** A checked answer of a public call, kept for the web app's loaders (AnswerMemo in apps/web/app/lib/api.ts). */
export interface KeptAnswer {
  answer: unknown;
  owed?: () => void;
}

/** Pages the same for every visitor (the session lives in the browser): only these are cached. */
const PUBLIC_PAGES = /^\/(|home-sections|properties|projects|articles|agents|cities|faqs|contact-us|about-us|terms-and-conditions|privacy-policy|(properties|project|article|agent)-details\/[^/]+)$/;

/** `/properties.data` (React Router's data request for a client navigation) is the page `/properties`; `/_root.data` is `/`. */
export function isPublicPage(pathname: string): boolean {
  const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '').replace(/\/$/, '') || '/';
  return PUBLIC_PAGES.test(page);
}

/**
 * The `lang` cookie exactly as the web app reads it (lib/language.ts: the first `lang=`, decoded):
 * with the URL, all a visitor's page depends on.
 */
export function langCookieOf(cookie: string | undefined): string {
  for (const part of (cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== 'lang') continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return '';
    }
  }
  return '';
}

/**
 * Paths starting `//` or `/\` would be read as another host's URL (`//evil.example/x`): one slash.
 * URL parsers drop tabs and newlines first, so they go too.
 */
export function normalisePagePath(url: string): string {
  return url.replace(/[\t\n\r]/g, '').replace(/^[/\\]{2,}/, '/');
}

/**
 * A `fetch` for the web app's loaders that answers through `app.inject` instead of the network:
 * the API sees the page's origin as its host and the visitor's address as its client, so media
 * URLs match the page and per-address limits count the visitor.
 */
function inProcessFetch(app: FastifyInstance, scope: PageScope) {
  const host = new URL(scope.origin).host;
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = Object.fromEntries(new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)));
    // The web app's client only sends string bodies (JSON).
    const payload = typeof init?.body === 'string' ? init.body : undefined;
    const res = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers: { ...headers, host }, remoteAddress: scope.clientIp, payload });
    scope.tags.push(...tagsOfApiCall(url));
    // A refusal (429, 400…) or an error depends on this visitor or this moment: the page is not kept.
    if (res.statusCode >= 400 && res.statusCode !== 404) scope.isCacheable = false;
    const owed = owedOnReplay.get(res.raw.req);
    if (owed) scope.owed.push(owed);
    // Fresh from the API (its cache's miss), so the loaders' copy is no older than the cache's.
    if (res.statusCode === 200 && res.headers['x-cache'] === 'miss') scope.publicCalls.set(url.href, owed);
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers as HeaderMap)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}

/**
 * Public answers being loaded for a page, by memo key, in each memo's store: another page's loader
 * asking for the same answer meanwhile waits for it. When an answer's time runs out under load,
 * every page rendering then asked the API for it, and each parsed and checked its own copy (home's
 * 230 KB a time, some thirty at once every ten seconds: the pages' slowest answers).
 * `TtlCache.getOrLoad` shares a load too, but keeps whatever it loaded and hands a failure to every
 * waiter: here only answers the API's public cache took are shared, and a refusal to one visitor's
 * address (a 429) is never another visitor's.
 */
const loadsUnderWay = new WeakMap<TtlCache<KeptAnswer>, Map<string, Promise<unknown>>>();

/**
 * The loaders' memo of checked public answers: a hit is a lookup (no request, no JSON, no schema
 * check) that still records what the page shows and owes. Only answers the API's public cache took
 * are kept, for as long as it keeps them; invalidation clears it with the rest. A page asking for
 * an answer another page is loading waits for that load and takes the answer it kept; when none
 * was kept (a refusal, an error, an answer the API did not cache), it loads its own.
 *
 * An answer past its lifetime, with no write since (a write clears the memo, stale answers too), is
 * taken as it is, and one load behind the page refreshes it: the pages rendering then never all
 * wait for it. Every public answer ran out every lifetime, and every page then waited for the one
 * load of it: home's `homepage-data` took 120–180 ms to make on session 45's machine, and home's
 * pages rendering every ten seconds waited 300–450 ms (decision 25). The refresh loads
 * with a fetch of its own (`fetchFor`), so what it records (what the page shows and owes, whether
 * the API kept it) is not the page's, which is rendered and may be stored before it ends.
 */
function answerMemo(store: TtlCache<KeptAnswer>, scope: PageScope, fetchFor: (scope: PageScope) => typeof fetch, kind = 'parsed') {
  const keyOf = (url: URL, lang: string | undefined) => `${kind} ${scope.origin} ${lang ?? ''} ${url.pathname}${url.search}`;
  const loads = loadsUnderWay.get(store) ?? new Map<string, Promise<unknown>>();
  loadsUnderWay.set(store, loads);
  /** What a page taking a kept answer owes: what it shows and, on every replay, what the answer owes (a listing's view). */
  const take = (kept: KeptAnswer, url: URL, isVisitCounted = true) => {
    scope.tags.push(...tagsOfApiCall(url));
    if (kept.owed) {
      if (isVisitCounted) kept.owed();
      scope.owed.push(kept.owed);
    }
    return kept.answer;
  };
  const read = (key: string, url: URL): unknown => {
    const kept = store.get(key);
    return kept ? take(kept, url) : undefined;
  };
  /** `load`'s answer, kept when the API's public cache took it (a miss in `own`'s record of its calls). */
  const loadAndKeep = async (key: string, url: URL, load: (apiFetch?: typeof fetch) => Promise<unknown>, own = scope) => {
    const answer = await load(own === scope ? undefined : fetchFor(own));
    if (own.publicCalls.has(url.href)) store.set(key, { answer, owed: own.publicCalls.get(url.href) });
    return answer;
  };
  /** `loadAndKeep`, as the one load of `key` under way. */
  const start = (key: string, url: URL, load: (apiFetch?: typeof fetch) => Promise<unknown>, own = scope) => {
    const loading = loadAndKeep(key, url, load, own);
    loads.set(key, loading);
    const done = () => {
      if (loads.get(key) === loading) loads.delete(key);
    };
    loading.then(done, done);
    return loading;
  };
  return {
    async readOrLoad(url: URL, lang: string | undefined, load: (apiFetch?: typeof fetch) => Promise<unknown>): Promise<unknown> {
      const key = keyOf(url, lang);
      const kept = read(key, url);
      if (kept !== undefined) return kept;
      const stale = store.getStale(key);
      if (stale !== undefined) {
        if (loads.has(key)) return take(stale, url);
        // The refresh's call to the API counts this visit, as a render behind a stale page does.
        const behind: PageScope = { ...scope, tags: [], owed: [], publicCalls: new Map(), isCacheable: true };
        start(key, url, load, behind).catch(() => undefined);
        return take(stale, url, false);
      }
      const other = loads.get(key);
      if (other) {
        await other.catch(() => undefined);
        const shared = read(key, url);
        return shared !== undefined ? shared : loadAndKeep(key, url, load);
      }
      return start(key, url, load);
    },
  };
}

/**
 * The server-rendered web app (React Router) on every path the API does not own: its hashed
 * client assets from build/client/assets, everything else through the server build. Without a
 * build the server still runs, and pages answer 503 saying how to build it.
 */
export type { PublicWebConfig };

export interface WebAppOptions {
  buildDir?: string;
  publicConfig?: PublicWebConfig;
  /** Visitors' pages by URL and language; null renders every request. */
  pageCache?: PageCache | null;
  /** Checked public answers for the loaders; null calls the API every time. */
  answers?: TtlCache<KeptAnswer> | null;
  /** Threads that render visitors' public pages (render-pool.ts); 0 renders them on the main thread. */
  renderThreads?: number;
}

/** `If-None-Match` lists this ETag (weak comparison, as for GET). */
function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/** The key of a page: how it was reached, the origin, the language cookie, the URL exactly as asked (its own links echo the query). */
function pageKeyOf(request: FastifyRequest, url: string): string {
  return `${request.protocol} ${request.origin} ${langCookieOf(request.headers.cookie)} ${url}`;
}

/** Writes a stored page (or a 304) straight to the socket, in the encoding the client takes. */
function writeStored(request: FastifyRequest, res: FastifyReply['raw'], page: CachedPage & { wire: NonNullable<CachedPage['wire']> }, state: 'hit' | 'stale' | 'miss') {
  if (isNotModified(request.headers['if-none-match'], page.etag)) {
    res.writeHead(304, { ...page.wire, 'x-cache': state });
    res.end();
    return;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = pageBodyIn(page, encoding);
  res.writeHead(200, { ...page.wire, 'x-cache': state, 'content-length': body.length, ...(encoding ? { 'content-encoding': encoding } : {}) });
  res.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Serves cached pages before anything else runs for the request (registered before the security
 * headers, whose answer the stored page replays, and the web app's route): a hit costs a lookup
 * and a write.
 */
export function pageCacheHits(pages: PageCache) {
  const refreshing = new Set<string>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = normalisePagePath(request.raw.url ?? '/');
    if (!isPublicPage(url.split('?')[0])) return;
    if (isRefresh(request, pages)) return;
    const key = pageKeyOf(request, url);
    let page = pages.get(key);
    let state: 'hit' | 'stale' = 'hit';
    let owesVisit = true;
    if (!page) {
      // Past its lifetime: this visitor gets it at once, and it is rendered again behind them.
      page = pages.getStale(key);
      if (!page?.wire) return;
      state = 'stale';
      if (!refreshing.has(key)) {
        refreshing.add(key);
        // The new render counts this visit (a listing's view), so it is not counted twice.
        owesVisit = false;
        void renderAgain(request, url, pages).finally(() => refreshing.delete(key));
      }
    }
    if (!page.wire) return;
    if (owesVisit) for (const owed of page.owed) owed();
    reply.hijack();
    writeStored(request, reply.raw, page as CachedPage & { wire: NonNullable<CachedPage['wire']> }, state);
    return reply;
  };
}

const REFRESH_HEADER = 'x-page-refresh';

/** This process's own render of a stale page (`renderAgain`): the cache is not to answer it. */
function isRefresh(request: FastifyRequest, pages: PageCache): boolean {
  return request.headers[REFRESH_HEADER] === pages.refreshToken;
}

/**
 * Renders a stale page again in the background, as its visitor would (same host, scheme and
 * language: the same cache key), so the render stores it; nobody waits for the answer.
 */
async function renderAgain(request: FastifyRequest, url: string, pages: PageCache): Promise<void> {
  const headers: Record<string, string> = { [REFRESH_HEADER]: pages.refreshToken };
  for (const name of ['host', 'x-forwarded-proto', 'x-forwarded-host']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const lang = langCookieOf(request.headers.cookie);
  if (lang) headers.cookie = `lang=${encodeURIComponent(lang)}`;
  try {
    await request.server.inject({ method: 'GET', url, headers });
  } catch {
    // The page stays stale until its second lifetime ends; the next visitor then renders it.
  }
}

/** The request React Router renders, built on the configured origin: a forged Host never reaches a page. */
function webRequestOf(request: FastifyRequest, url: string, signal: AbortSignal): Request {
  const headers = new Headers(headersOf(request));
  const method = request.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(url, request.origin), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * React Router writes a page as React renders it — about fifty chunks of up to 2 KB for a page's
 * shell, all in the same turn of the event loop — and flushes the compressor after each. Every
 * write to the compressor is a job of its own for the thread pool, and every flush ends a
 * compressed block and makes a socket write: together they cost more than the render (a listing
 * page rendered every request: 110 req/s with brotli, 234 uncompressed; flushes alone coalesced:
 * 200). Here the chunks of one turn are written as one and flushed once, at the end of the turn,
 * so the shell goes out at the same moment and what streams later (deferred data) still goes out
 * as it comes. A write answers false while the real stream asks to wait for `drain`.
 */
export function writeOncePerTurn(res: FastifyReply['raw'] & { flush?: () => void }) {
  const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
  const end = res.end.bind(res) as (chunk?: Uint8Array) => void;
  const flushNow = typeof res.flush === 'function' ? res.flush.bind(res) : undefined;
  let pending: Uint8Array[] = [];
  let isFlushWanted = false;
  let mustWait = false;
  let turn: NodeJS.Immediate | undefined;
  const bytesOf = (chunk: unknown, encoding?: unknown): Uint8Array =>
    typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : (chunk as Uint8Array);
  const writePending = () => {
    if (pending.length) {
      const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
      pending = [];
      mustWait = !write(chunk);
    }
  };
  const endOfTurn = () => {
    turn = undefined;
    if (res.writableEnded || res.destroyed) return;
    writePending();
    if (isFlushWanted) flushNow?.();
    isFlushWanted = false;
  };
  res.on('drain', () => {
    mustWait = false;
  });
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    pending.push(bytesOf(chunk, encoding));
    turn ??= setImmediate(endOfTurn);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') setImmediate(() => (done as () => void)());
    return !mustWait;
  }) as typeof res.write;
  if (flushNow) {
    res.flush = () => {
      isFlushWanted = true;
      turn ??= setImmediate(endOfTurn);
    };
  }
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    clearImmediate(turn);
    turn = undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') pending.push(bytesOf(chunk, encoding));
    const last = pending.length === 0 ? undefined : pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') res.once('finish', done as () => void);
    // An `end` may write through `this.write` (test doubles do): the real one again from here.
    res.write = write as typeof res.write;
    end(last);
    return res;
  }) as typeof res.end;
  res.once('close', () => clearImmediate(turn));
}

/**
 * The web app's server build, imported with source maps off. tsx, which runs the server, rewrites
 * the build's dynamic imports and appends a source map of the whole 2.7 MB bundle; with source
 * maps on, Node decodes that map at the first stack trace through the bundle and keeps it: some
 * 125 MB of small arrays a thread (decision 29). The bundle is JavaScript already, so its stack
 * traces name its own lines either way. (Render threads import it without tsx at all.)
 */
export async function importWithoutSourceMaps<T>(file: string): Promise<T> {
  const wereOn = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    process.setSourceMapsEnabled(wereOn);
  }
}

export async function webApp(app: FastifyInstance, opts: WebAppOptions = {}) {
  const buildDir = opts.buildDir ?? DEFAULT_WEB_BUILD_DIR;
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  const assetsDir = path.join(buildDir, 'client', 'assets');
  const built = fs.existsSync(serverEntry);
  const pages = opts.pageCache ?? null;

  if (built && fs.existsSync(assetsDir)) {
    // `npm run build` writes .br and .gz beside each asset; they are sent to clients that accept them.
    await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', decorateReply: false, immutable: true, maxAge: '365d', index: false, preCompressed: true });
  }
  // Loaded once: the build is fixed for the life of the process.
  const build = built ? await importWithoutSourceMaps<ServerBuild>(serverEntry) : null;
  // The build's own React Router (entry.server.tsx), a production build in a production build.
  const makeHandler = (build?.entry.module as { createRequestHandler?: typeof createRequestHandler } | undefined)?.createRequestHandler ?? createRequestHandler;
  const render = build ? makeHandler(build, process.env.NODE_ENV === 'development' ? 'development' : 'production') : null;
  if (!built) app.log.warn(`web app not built (${serverEntry} is missing): run npm run build`);
  // One object for every page: the root loader's answer is made from it (decision 28).
  const publicConfig = opts.publicConfig ?? {};
  const renderers = built && (opts.renderThreads ?? 0) > 0 ? new RenderPool({ serverEntry, threads: opts.renderThreads!, mode: process.env.NODE_ENV === 'development' ? 'development' : 'production', publicConfig }) : null;
  if (renderers) {
    app.addHook('onReady', async () => renderers.startAll());
    app.addHook('onClose', () => renderers.close());
  }
  // Pages rendered for one visitor are compressed as React Router streams them.
  const compress = compression({ threshold: 1024, level: 1, brotli: { params: streamedBrotliParams } });
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const sharedCacheControl = pages ? `public, max-age=0, s-maxage=${pages.seconds}, stale-while-revalidate=${pages.seconds}` : '';

  /** A page from the cache: the same bytes for everyone, so its inline scripts are allowed by hash, not nonce. */
  function sendStored(request: FastifyRequest, reply: FastifyReply, page: CachedPage, isReplay = false) {
    if (isReplay) for (const owed of page.owed) owed();
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', csp.replace(/'nonce-[^']*'/, page.scriptHashes.join(' ')));
    for (const [name, value] of page.headers) reply.raw.appendHeader(name, value);
    // Browsers check back every time (a 304 costs nothing); shared caches may keep it for the cache's lifetime.
    reply.raw.setHeader('cache-control', page.isShared ? sharedCacheControl : 'private, no-cache');
    // The `lang` cookie chooses the language of a URL without `?lang=`.
    reply.raw.setHeader('vary', 'Accept-Encoding, Cookie');
    reply.raw.setHeader('etag', page.etag);
    // What the security headers and this answer set, the same for every later hit (pageCacheHits).
    page.wire ??= Object.fromEntries(Object.entries(reply.raw.getHeaders()).filter((entry): entry is [string, string | string[] | number] => entry[1] !== undefined));
    reply.hijack();
    writeStored(request, reply.raw, page as CachedPage & { wire: NonNullable<CachedPage['wire']> }, 'miss');
  }

  /**
   * A rendered answer as React Router made it: a whole page (the bytes the render left in its
   * context) compressed in one call and sent with its length; anything else (a redirect, a
   * resource route's stream) streamed and compressed as it comes.
   */
  async function sendRendered(request: FastifyRequest, reply: FastifyReply, response: Response, body: ReadableStream<Uint8Array> | Buffer | null, encodedAs: 'br' | 'gzip' | null = null) {
    reply.hijack();
    const res = reply.raw;
    const isWhole = Buffer.isBuffer(body);
    if (!isWhole) {
      await new Promise<void>((resolve) => compress(request.raw as never, res as never, () => resolve()));
      writeOncePerTurn(res);
    }
    res.statusCode = response.status;
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    // Not stored here, so not to be stored by anyone: error pages, redirects, members' pages.
    if (pages && !response.headers.has('cache-control')) res.setHeader('cache-control', 'no-store');
    if (isWhole) {
      // A page a render thread compressed already comes in the visitor's encoding.
      const encoding = encodedAs ?? (body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null);
      const sent = encoding && !encodedAs ? await compressedWhole(body, encoding) : body;
      if (encoding) res.setHeader('content-encoding', encoding);
      const vary = res.getHeader('vary');
      res.setHeader('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      res.setHeader('content-length', sent.length);
      // HEAD never gets here: the entry answers it without rendering (no document).
      res.end(sent);
    } else if (body) {
      try {
        await writeReadableStreamToWritable(body, res);
      } catch (error) {
        // A visitor who leaves mid-page (or a load generator stopping) is not a server error.
        if (!(res.destroyed && !res.writableFinished)) throw error;
      }
    } else res.end();
  }

  await app.register(async (web) => {
    // Bodies stay unread so the web app's actions get the raw request stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));
    web.all('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isServerPath(request.url)) return reply.code(404).send({ error: true, message: 'The requested resource was not found.' });
      if (!render) {
        return reply.code(503).type('text/plain; charset=utf-8').send('web app not built: run npm run build');
      }
      const url = normalisePagePath(request.raw.url ?? '/');
      const pathname = url.split('?')[0];
      const isStorable = pages !== null && (request.method === 'GET' || request.method === 'HEAD') && isPublicPage(pathname);
      const key = isStorable ? pageKeyOf(request, url) : '';
      // Normally answered by pageCacheHits already; a page stored while this request waited is served here.
      const hit = isStorable ? pages.get(key) : undefined;
      if (hit) return sendStored(request, reply, hit, true);
      // One render per page at a time: visitors arriving while it renders (as an entry expires
      // under load) wait for it instead of each rendering the same page.
      const isLeader = isStorable && request.method === 'GET' && !rendering.has(key);
      if (isStorable && !isLeader) {
        const page = await rendering.get(key);
        if (page) return sendStored(request, reply, page, true);
      }
      let share: (page: CachedPage | null) => void = () => {};
      if (isLeader) rendering.set(key, new Promise((resolve) => (share = resolve)));
      try {
        return await renderPage(request, reply, { url, key, isStorable, share });
      } finally {
        share(null);
        if (isLeader) rendering.delete(key);
      }
    });
  });

  /** Renders a page; stores it when it is the same for every visitor, and shares it with those waiting. */
  async function renderPage(request: FastifyRequest, reply: FastifyReply, { url, key, isStorable, share }: { url: string; key: string; isStorable: boolean; share: (page: CachedPage | null) => void }) {
    const aborted = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    const scope: PageScope = { clientIp: request.ip, origin: request.origin, nonce: request.cspNonce, tags: ['site'], isCacheable: true, owed: [], publicCalls: new Map() };
    let document: Buffer | undefined;
    const context = {
      takeDocument: (html: Buffer) => {
        document = html;
      },
      apiFetch: inProcessFetch(app, scope),
      answers: opts.answers ? answerMemo(opts.answers, scope, (own) => inProcessFetch(app, own)) : undefined,
      origin: scope.origin,
      nonce: scope.nonce,
      publicConfig,
    };
    const renderedAt = pages?.now() ?? 0;
    // Counted once a render (PAGE_CACHE_MIN_USES): a page that may be kept comes back as rendered.
    const mayKeep = isStorable && request.method === 'GET' && pages!.isWanted(key);
    let response: Response;
    let body: Buffer | null = null;
    let encodedAs: 'br' | 'gzip' | null = null;
    if (renderers && request.method === 'GET' && isPublicPage(url.split('?')[0])) {
      const rendered = await renderers.render(
        {
          url: new URL(url, request.origin).href,
          headers: headersOf(request),
          origin: scope.origin,
          nonce: scope.nonce,
          hasAnswers: Boolean(opts.answers),
          encoding: mayKeep ? null : preferredEncoding(request.headers['accept-encoding']),
        },
        callsOf(scope),
        aborted.signal,
      );
      response = new Response(null, { status: rendered.status, headers: rendered.headers });
      document = rendered.document ?? undefined;
      body = rendered.body;
      encodedAs = rendered.encoding;
    } else response = await render!(webRequestOf(request, url, aborted.signal), context);
    const type = response.headers.get('content-type') ?? '';
    const cookies = response.headers.getSetCookie();
    if (isStorable && request.method === 'GET' && response.status === 200 && scope.isCacheable && /^(text\/(html|x-script)|application\/json)/.test(type) && cookies.every((c) => c.startsWith('lang=')) && mayKeep) {
      document ??= body ?? Buffer.from(await response.arrayBuffer());
      const html = document.toString();
      const headers: [string, string][] = [['content-type', type], ...cookies.map((c) => ['set-cookie', c] as [string, string])];
      const stored = pages!.set(key, { html, nonce: scope.nonce, headers, tags: scope.tags, renderedAt, owed: scope.owed });
      share(stored);
      if (stored) return sendStored(request, reply, stored);
      return sendRendered(request, reply, response, document);
    }
    return sendRendered(request, reply, response, document ?? body ?? response.body, encodedAs);
  }

  /** What a page rendered on a thread asks of this one: its loaders' API calls, answered and recorded for `scope`. */
  function callsOf(scope: PageScope) {
    const scopeFetch = inProcessFetch(app, scope);
    const memo = opts.answers ? answerMemo(opts.answers, scope, (own) => inProcessFetch(app, own), 'raw') : undefined;
    return async (call: RenderCall): Promise<CallReply> => {
      const init = { method: call.method, headers: call.headers, body: call.body };
      if (call.kind === 'fetch' || !memo) return rawAnswerOf(await scopeFetch(call.url, init));
      const answer = (await memo.readOrLoad(new URL(call.url), call.lang, async (apiFetch) => rawAnswerOf(await (apiFetch ?? scopeFetch)(call.url, init)))) as RawAnswer;
      return answer.version === call.have ? { same: true } : answer;
    };
  }
}

type RawAnswer = Extract<CallReply, { version: number }>;
let rawVersions = 0;

/** An API answer as it crosses to a render thread; its version names it there, where it is parsed once. */
async function rawAnswerOf(response: Response): Promise<RawAnswer> {
  // Text: JSON, and a string crosses to a thread in one copy as bytes do.
  const body = response.body ? await response.text() : null;
  return { status: response.status, headers: [...response.headers], body, version: ++rawVersions };
}

/** The page request's headers, but the host (the page's URL has the configured origin's). */
function headersOf(request: FastifyRequest): [string, string][] {
  const out: [string, string][] = [];
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() !== 'host') out.push([raw[i], raw[i + 1]]);
  }
  return out;
}
