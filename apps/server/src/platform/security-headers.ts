import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** This answer's Content Security Policy nonce: inline scripts of a page carry it. */
    cspNonce: string;
  }
}

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: its origin may serve images and media; https turns on HSTS everywhere. */
  publicUrl?: string;
  /** MAP_TILE_URL: the tile server the maps load from. */
  mapTileUrl?: string;
  /** MAP_STYLE_URL: the street map's style; its tiles, glyphs and sprites are expected on the same host. */
  mapStyleUrl?: string;
  /** Route prefixes other sites may embed from (images in another origin's pages or apps). */
  crossOriginPrefixes?: string[];
  /** MEDIA_PUBLIC_URL: media in answers come from its origin (a CDN or the bucket), so pages may load them. */
  mediaPublicUrl?: string;
  /** The payment providers the checkout uses now (their keys may change while the server runs). */
  checkout?: () => CheckoutSources;
}

export interface CheckoutSources {
  /** Stripe is configured: its Payment Element (script, frames, API) may load on the checkout. */
  stripe: boolean;
  /**
   * Origins the checkout's forms post to besides this site: Razorpay's hosted checkout
   * (RAZORPAY_API_URL's origin) when Razorpay is configured.
   */
  formTargets: string[];
}

/** What Stripe's Payment Element loads (stripe.com/docs/security/guide#content-security-policy). */
const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };

/** Players the listing and project pages embed (core's videoEmbed). */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** The CSP source for a URL template's server: `https://{s}.tiles.example/{z}/{x}/{y}.png` → `https://*.tiles.example`. */
export function sourceOf(template: string | undefined): string[] {
  const match = template ? /^(https?:)\/\/([^/?#]+)/.exec(template) : null;
  if (!match) return [];
  return [`${match[1]}//${match[2].replace(/\{[^}]*\}/g, '*')}`];
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
type Header = readonly [name: string, value: string];

/** The headers a helmet middleware writes when it needs nothing of the request: run once, kept. */
function headersOf(middleware: Middleware): Header[] {
  const headers: Header[] = [];
  const res = { setHeader: (name: string, value: string) => void headers.push([name, String(value)]), removeHeader: () => undefined };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer, from helmet: a Content Security Policy whose script-src
 * allows this origin's files and the inline scripts carrying the answer's nonce (never
 * 'unsafe-inline'); nosniff, no framing, strict-origin-when-cross-origin referrers, HSTS when
 * served over HTTPS, and a cross-origin resource policy that lets other origins show media.
 * Helmet writes on the raw response, so the headers survive the web app's `reply.hijack()`.
 *
 * Helmet's middlewares are built once here (the Fastify wrapper rebuilt them, re-parsing every
 * directive, on each request). Only pages get a nonce: API answers and media run no script, so
 * their headers are computed once at start-up and copied onto each answer.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: SecurityHeaderOptions) => {
  const nonces = new WeakMap<IncomingMessage, string>();
  const isHttpsSite = opts.publicUrl?.startsWith('https://') ?? false;
  const publicOrigin = opts.publicUrl ? [new URL(opts.publicUrl).origin] : [];
  const mediaOrigin = opts.mediaPublicUrl ? [new URL(opts.mediaPublicUrl).origin] : [];
  const tiles = [...sourceOf(opts.mapTileUrl), ...sourceOf(opts.mapStyleUrl)];
  const hsts = { maxAge: 31_536_000, includeSubDomains: false };

  const options = (scriptNonce: boolean, crossOrigin: boolean, checkout: CheckoutSources): HelmetOptions => {
    const stripe = checkout.stripe ? STRIPE : { script: [], frame: [], connect: [] };
    return optionsWith(scriptNonce, crossOrigin, stripe, checkout.formTargets);
  };
  const optionsWith = (scriptNonce: boolean, crossOrigin: boolean, stripe: typeof STRIPE, formTargets: string[]): HelmetOptions => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(scriptNonce ? [(req: IncomingMessage) => `'nonce-${nonces.get(req) ?? ''}'`] : []), ...stripe.script],
        scriptSrcAttr: ["'none'"],
        // React and MapLibre set style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...publicOrigin, ...mediaOrigin, ...tiles],
        fontSrc: ["'self'", 'data:'],
        // Media too: icons are fetched to be recoloured.
        connectSrc: ["'self'", ...publicOrigin, ...mediaOrigin, ...tiles, ...stripe.connect],
        // MapLibre starts its workers from the bundled file or a blob.
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        frameSrc: [...VIDEO_FRAMES, ...stripe.frame],
        // A listing's video may be a file on any https site.
        mediaSrc: ["'self'", 'https:', ...publicOrigin, ...mediaOrigin],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'", ...formTargets.map((url) => new URL(url).origin)],
        frameAncestors: ["'none'"],
        ...(isHttpsSite ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttpsSite ? hsts : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: crossOrigin ? 'cross-origin' : 'same-origin' },
  });

  /** The headers for one set of checkout sources: built once, again only when the providers change. */
  const built = new Map<string, { page: Middleware; answer: Header[]; embeddable: Header[] }>();
  const headersFor = () => {
    const checkout = opts.checkout?.() ?? { stripe: false, formTargets: [] };
    const key = JSON.stringify(checkout);
    let set = built.get(key);
    if (!set) {
      set = { page: helmet(options(true, false, checkout)) as Middleware, answer: headersOf(helmet(options(false, false, checkout)) as Middleware), embeddable: headersOf(helmet(options(false, true, checkout)) as Middleware) };
      if (built.size >= 8) built.clear();
      built.set(key, set);
    }
    return set;
  };
  headersFor();
  const httpsHeaders = headersOf(helmet.strictTransportSecurity(hsts) as Middleware);
  const prefixes = opts.crossOriginPrefixes ?? [];
  const copy = (res: ServerResponse, headers: Header[]) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };

  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const headers = headersFor();
    if (prefixes.some((prefix) => url.startsWith(prefix))) copy(reply.raw, headers.embeddable);
    else if (url.startsWith('/api/')) copy(reply.raw, headers.answer);
    else {
      request.cspNonce = randomBytes(16).toString('base64');
      nonces.set(request.raw, request.cspNonce);
      headers.page(request.raw, reply.raw, () => undefined);
    }
    // Without an https PUBLIC_URL: HSTS only on answers that did come over HTTPS (TLS, or a trusted proxy's X-Forwarded-Proto).
    if (!isHttpsSite && request.protocol === 'https') copy(reply.raw, httpsHeaders);
    done();
  });
});
