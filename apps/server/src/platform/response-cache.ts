import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
  }
}

interface Entry {
  /** Bytes, so a hit skips encoding the string again. */
  body: Buffer;
  onHit?: () => void;
}

/**
 * Micro-cache of whole answers to visitors: the same URL on the same origin gets the same bytes
 * for a few seconds, without validation or database work. Logged-in users always miss, since
 * their answers carry their own favourites. Registered after the auth plugin, whose hook decides
 * who the viewer is.
 */
export const responseCache = fp<{ seconds: number }>(async (app, { seconds }) => {
  if (seconds <= 0) return;
  const cache = new TtlCache<Entry>(seconds * 1000, 10_000);
  const cacheControl = `public, max-age=${seconds}`;
  const isEligible = (request: FastifyRequest) => request.method === 'GET' && request.routeOptions.config?.publicCache === true && request.viewer === null;
  const keyOf = (request: FastifyRequest) => `${request.origin}${request.url}`;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isEligible(request)) return;
    const hit = cache.get(keyOf(request));
    if (hit === undefined) return;
    request.servedFromCache = true;
    hit.onHit?.();
    reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').header('cache-control', cacheControl);
    return reply.send(hit.body);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.servedFromCache || !isEligible(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    cache.set(keyOf(request), { body: Buffer.from(payload), onHit: request.onCacheHit });
    reply.header('x-cache', 'miss').header('cache-control', cacheControl);
    return payload;
  });
});
