import type { PublicWebConfig } from '@estate/core';
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import compression from 'compression';
import type { FastifyInstance } from 'fastify';

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
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers as HeaderMap)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}

/**
 * The server-rendered web app (React Router) on every path the API does not own: its hashed
 * client assets from build/client/assets, everything else through the server build. Without a
 * build the server still runs, and pages answer 503 saying how to build it.
 */
export type { PublicWebConfig };

export async function webApp(app: FastifyInstance, opts: { buildDir?: string; publicConfig?: PublicWebConfig } = {}) {
  const buildDir = opts.buildDir ?? DEFAULT_WEB_BUILD_DIR;
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  const assetsDir = path.join(buildDir, 'client', 'assets');
  const built = fs.existsSync(serverEntry);

  if (built && fs.existsSync(assetsDir)) {
    // `npm run build` writes .br and .gz beside each asset; they are sent to clients that accept them.
    await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', decorateReply: false, immutable: true, maxAge: '365d', index: false, preCompressed: true });
  }
  // The page being rendered, for getLoadContext: React Router hands it a Request rebuilt from the
  // raw one, so what the server knows of the visitor travels beside it, not in its headers.
  const pageScope = new AsyncLocalStorage<PageScope>();
  // Loaded once: the build is fixed for the life of the process.
  const listener = built
    ? createRequestListener({
        build: await import(pathToFileURL(serverEntry).href),
        mode: process.env.NODE_ENV === 'development' ? 'development' : 'production',
        // Loaders reach the API in-process: no network hop, and no need for the public host to
        // be reachable from inside (containers, proxies).
        getLoadContext: () => {
          const scope = pageScope.getStore();
          if (!scope) throw new Error('web app rendered outside a page request');
          return { apiFetch: inProcessFetch(app, scope), origin: scope.origin, nonce: scope.nonce, publicConfig: opts.publicConfig ?? {} };
        },
      })
    : null;
  if (!built) app.log.warn(`web app not built (${serverEntry} is missing): run npm run build`);
  // Pages are compressed as React Router streams them.
  const compress = compression({ threshold: 1024 });

  await app.register(async (web) => {
    // Bodies stay unread so the web app's actions get the raw request stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));
    web.all('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isServerPath(request.url)) return reply.code(404).send({ error: true, message: 'The requested resource was not found.' });
      if (!listener) {
        return reply.code(503).type('text/plain; charset=utf-8').send('web app not built: run npm run build');
      }
      request.raw.url = normalisePagePath(request.raw.url ?? '/');
      reply.hijack();
      await new Promise<void>((resolve) => compress(request.raw as never, reply.raw as never, () => resolve()));
      await pageScope.run({ clientIp: request.ip, origin: request.origin, nonce: request.cspNonce }, () => listener(request.raw, reply.raw));
    });
  });
}
