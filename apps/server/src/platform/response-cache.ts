import type { OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageOf } from './http.ts';
import { countUse, IdMemo } from './id-memo.ts';
import { TtlCache } from './ttl-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A visitor's GET of this route may be answered from memory for PUBLIC_CACHE_SECONDS. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    servedFromCache?: boolean;
    /** Work each cached answer still owes its visitor (e.g. counting a view). */
    onCacheHit?: () => void;
    /** The entry this request's answer was just kept as (a miss the cache stored). */
    cachedAnswer?: CachedAnswer;
  }
}

/**
 * What each answer served by the cache still owes its visitor (a listing's view), by the request
 * it answered: the web app's in-process calls read it to owe the same on pages they keep.
 */
export const owedOnReplay = new WeakMap<object, () => void>();

type Encoding = 'br' | 'gzip';

/** What a route's own compression may add to the entry its answer was kept as. */
export interface CachedAnswer {
  /** Bytes, so a hit skips encoding the string again. */
  body: Buffer;
  /**
   * The body compressed, made at the first hit that accepts each encoding — or, for an answer a
   * route compresses itself (`compressWhole`: the map's markers), the copy it made for the miss.
   */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

interface Entry extends CachedAnswer {
  onHit?: () => void;
}

/** Smaller answers go as they are (the compression plugin's threshold). */
export const COMPRESS_MIN_BYTES = 1024;

/** The public micro-cache's store: answers by key, bounded by age, count and bytes (room kept for a compressed copy). */
export function publicAnswerStore(seconds: number, maxBytes: number): TtlCache<Entry> {
  return new TtlCache<Entry>(seconds * 1000, 20_000, { weigh: (e) => Math.ceil(e.body.length * 1.3) + 200, maxWeight: maxBytes });
}

/** The encoding to answer in for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if ((quality.get(encoding) ?? quality.get('*') ?? 0) > 0) return encoding;
  }
  return null;
}

/** The entry's body in `encoding`, compressed once and kept with the entry (brotli at the plugin's quality 4). */
function encodedBody(entry: Entry, encoding: Encoding): Buffer {
  entry.encoded ??= {};
  return (entry.encoded[encoding] ??=
    encoding === 'br' ? zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } }) : zlib.gzipSync(entry.body));
}

/** JSON with keys in order, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** How a cached answer went out for one exact request: its entry's key and the headers it carried. */
interface Wire {
  key: string;
  encoding: Encoding | null;
  headers: OutgoingHttpHeaders;
}

/** Headers made afresh for each answer (Node writes the date and the connection's). */
const PER_ANSWER = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
const MAX_WIRES = 20_000;

/**
 * Early hits: a visitor's request the same byte for byte as one a cached answer went to (URL,
 * origin, languages, encodings, CORS origin, no credentials) is answered at the first hook, before
 * CORS, validation and the route, with the entry's bytes and the headers the full path gave it
 * (issue 12: a hit then costs a lookup and a write). The entry is still looked up in the store,
 * so its lifetime and every invalidation hold; a request that differs in any of those takes the
 * full path, which records its wire in turn.
 */
export class EarlyHits {
  private readonly wires = new Map<string, Wire>();

  constructor(private readonly store: TtlCache<Entry>) {}

  /** Everything the answer to a request without credentials depends on, as the client sent it. */
  private rawKeyOf(request: FastifyRequest): string {
    const h = request.headers;
    return `${request.origin}\n${request.raw.url}\n${h['accept-encoding'] ?? ''}\n${h['content-language'] ?? ''}\n${h['accept-language'] ?? ''}\n${h.origin ?? ''}`;
  }

  /** Called by the full path once a hit went out: its headers serve the same request next time. */
  remember(request: FastifyRequest, reply: FastifyReply, key: string, encoding: Encoding | null): void {
    if (request.headers.authorization !== undefined || reply.raw.statusCode !== 200) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.raw.getHeaders())) if (value !== undefined && !PER_ANSWER.has(name)) headers[name] = value;
    // Only what this path sent as it is or from the kept copies (never what the compression plugin made).
    if (headers['set-cookie'] !== undefined || (headers['content-encoding'] ?? null) !== encoding) return;
    if (this.wires.size >= MAX_WIRES) this.wires.clear();
    this.wires.set(this.rawKeyOf(request), { key, encoding, headers });
  }

  /** The first hook of every request: answers an early hit and ends it there. */
  readonly hook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined || this.wires.size === 0) return;
    const rawKey = this.rawKeyOf(request);
    const wire = this.wires.get(rawKey);
    if (!wire) return;
    const hit = this.store.get(wire.key);
    if (!hit) {
      this.wires.delete(rawKey);
      return;
    }
    hit.onHit?.();
    if (hit.onHit) owedOnReplay.set(request.raw, hit.onHit);
    const body = wire.encoding ? encodedBody(hit, wire.encoding) : hit.body;
    reply.hijack();
    reply.raw.writeHead(200, { ...wire.headers, 'content-length': body.length });
    reply.raw.end(body);
    return reply;
  };
}

/**
 * Micro-cache of whole answers to visitors: the same call with the same validated input on the
 * same origin gets the same bytes for a few seconds, without database work. The key is built
 * from the route and its *validated* query and path parameters — parameters a route does not
 * know are dropped by its schema, so junk query strings all share one entry — and the store is
 * bounded by bytes. Logged-in users always miss, since their answers carry their own favourites.
 * Registered after the auth plugin, whose hook decides who the viewer is.
 */
export const responseCache = fp<{ store: TtlCache<Entry> | null; seconds: number; early?: EarlyHits; minUses?: number }>(async (app, { store, seconds, early, minUses = 1 }) => {
  if (!store || seconds <= 0) return;
  // An answer is kept from its `minUses`-th request (decision 21): the bytes of answers asked once,
  // kept outside V8's heap for the cache's lifetime, started most full garbage collections.
  // Uses by key, each within the cache's lifetime of the one before.
  const uses = minUses > 1 ? new IdMemo<number, string>(seconds * 1000, 100_000) : null;
  const cacheControl = `public, max-age=${seconds}`;
  const isEligible = (request: FastifyRequest) => request.method === 'GET' && request.routeOptions.config?.publicCache === true && request.viewer === null;
  // Answers differ by language (catalogue names, FAQs, slides): the language asked for is part of the key.
  const keyOf = (request: FastifyRequest) => `${request.origin} ${languageOf(request) ?? ''} ${request.routeOptions.url} ${canonical(request.params)} ${canonical(request.query)}`;

  // Misses being answered, by key: the same call asked again meanwhile waits for that answer
  // rather than running the same queries beside it (an entry expiring under load, a page's loaders).
  const answering = new Map<string, Promise<void>>();
  const releases = new WeakMap<FastifyRequest, () => void>();
  const release = async (request: FastifyRequest) => releases.get(request)?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  // After validation, so the key holds only what the route understood.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isEligible(request)) return;
    const key = keyOf(request);
    let hit = store.get(key);
    if (hit === undefined) {
      const first = answering.get(key);
      if (first) {
        await first;
        hit = store.get(key);
      } else {
        let done!: () => void;
        const answered = new Promise<void>((resolve) => (done = resolve));
        answering.set(key, answered);
        const finish = () => {
          if (answering.get(key) === answered) answering.delete(key);
          done();
        };
        releases.set(request, finish);
        // However this request ends (answered, refused, failed, abandoned), the ones waiting go on.
        reply.raw.once('close', finish);
      }
      // The first answer was not kept (an error, a refusal): this request makes its own.
      if (hit === undefined) return;
    }
    request.servedFromCache = true;
    hit.onHit?.();
    if (hit.onHit) owedOnReplay.set(request.raw, hit.onHit);
    reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').header('cache-control', cacheControl);
    // A browser's hit goes out compressed without compressing it again: the copy is kept with the entry.
    const encoding = hit.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    // Routes with their own rate limit count every request, so theirs never go out early.
    if (early && !request.routeOptions.config?.rateLimit) reply.raw.once('finish', () => early.remember(request, reply, key, encoding));
    if (!encoding) return reply.header('vary', 'Content-Language, Accept-Language, Accept-Encoding').send(hit.body);
    return reply.header('content-encoding', encoding).header('vary', 'Content-Language, Accept-Language, Accept-Encoding').send(encodedBody(hit, encoding));
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.servedFromCache || !isEligible(request) || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const key = keyOf(request);
    if (!uses || countUse(uses, key) >= minUses) {
      const entry: Entry = { body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload), onHit: request.onCacheHit };
      store.set(key, entry);
      request.cachedAnswer = entry;
    }
    releases.get(request)?.();
    if (request.onCacheHit) owedOnReplay.set(request.raw, request.onCacheHit);
    reply.header('x-cache', 'miss').header('cache-control', cacheControl).header('vary', 'Content-Language, Accept-Language');
    return payload;
  });
});
