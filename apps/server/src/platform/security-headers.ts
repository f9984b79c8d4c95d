import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
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
  /** Stripe is configured: its Payment Element (script, frames, API) may load on the checkout. */
  stripe?: boolean;
  /**
   * Origins the checkout's forms post to besides this site: Razorpay's hosted checkout
   * (RAZORPAY_API_URL's origin) when Razorpay is configured.
   */
  formTargets?: string[];
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

/**
 * Security headers on every answer, from helmet: a Content Security Policy whose script-src
 * allows this origin's files and the inline scripts carrying the answer's nonce (never
 * 'unsafe-inline'); nosniff, no framing, strict-origin-when-cross-origin referrers, HSTS when
 * served over HTTPS, and a cross-origin resource policy that lets other origins show media.
 * Helmet writes on the raw response, so the headers survive the web app's `reply.hijack()`.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: SecurityHeaderOptions) => {
  const nonces = new WeakMap<IncomingMessage, string>();
  const isHttpsSite = opts.publicUrl?.startsWith('https://') ?? false;
  const publicOrigin = opts.publicUrl ? [new URL(opts.publicUrl).origin] : [];
  const mediaOrigin = opts.mediaPublicUrl ? [new URL(opts.mediaPublicUrl).origin] : [];
  const tiles = [...sourceOf(opts.mapTileUrl), ...sourceOf(opts.mapStyleUrl)];
  const stripe = opts.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  const hsts = { maxAge: 31_536_000, includeSubDomains: false };

  app.decorateRequest('cspNonce', '');
  // Before helmet's own hook, which reads the nonce while it writes the policy.
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
    nonces.set(request.raw, request.cspNonce);
  });

  const prefixes = opts.crossOriginPrefixes ?? [];
  app.addHook('onRoute', (route) => {
    if (!prefixes.some((prefix) => route.url.startsWith(prefix))) return;
    route.config = { ...route.config, helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } } } as typeof route.config;
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", (req) => `'nonce-${nonces.get(req as IncomingMessage) ?? ''}'`, ...stripe.script],
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
        formAction: ["'self'", ...(opts.formTargets ?? []).map((url) => new URL(url).origin)],
        frameAncestors: ["'none'"],
        ...(isHttpsSite ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttpsSite ? hsts : false,
    crossOriginEmbedderPolicy: false,
  });

  // Without an https PUBLIC_URL: HSTS only on answers that did come over HTTPS (TLS, or a trusted proxy's X-Forwarded-Proto).
  if (!isHttpsSite) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.helmet({ strictTransportSecurity: hsts });
    });
  }
});
