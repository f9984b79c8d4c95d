import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes'].includes(v)));

/**
 * `RENDER_THREADS=auto`: a render thread a core, so pages render on every core while the main
 * thread answers their loaders' calls (about a sixth of a page's work); none on one core, where a
 * thread only adds the copies across; at most 8, each thread holding its own copy of the web app
 * and of the answers it has parsed (decision 29).
 */
export function renderThreadsFor(cores: number): number {
  return cores < 2 ? 0 : Math.min(cores, 8);
}

/** Every setting the server reads, checked at boot (README "Settings" lists them). */
/** OpenFreeMap: free, keyless vector tiles from OpenStreetMap data (tiles, glyphs and sprites all on one host). */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** The credit OpenFreeMap asks for. */
export const OPENFREEMAP_ATTRIBUTION =
  '<a href="https://openfreemap.org" target="_blank" rel="noopener">OpenFreeMap</a> <a href="https://www.openmaptiles.org/" target="_blank" rel="noopener">© OpenMapTiles</a> Data from <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>';

/** The keys that turn each payment provider on, all together. */
const PAYMENT_PROVIDER_KEYS = [
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  ['FLUTTERWAVE_SECRET_KEY', 'FLUTTERWAVE_PUBLIC_KEY', 'FLUTTERWAVE_WEBHOOK_HASH'],
  ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
  ['PAYSTACK_SECRET_KEY', 'PAYSTACK_PUBLIC_KEY'],
] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The site's public origin (`https://homes.example.com`): every absolute URL (media, canonical,
   * sitemap) is built on it. Required in production; elsewhere, the request's host when ALLOWED_HOSTS
   * lists it, else `http://localhost:PORT`.
   */
  PUBLIC_URL: z
    .url()
    .regex(/^https?:\/\//, 'PUBLIC_URL must be an http(s) URL')
    .optional(),
  /** Hosts (`name` for any port, `name:port` for one) whose Host header may be used to build URLs when PUBLIC_URL is unset. */
  ALLOWED_HOSTS: z.string().default('localhost,127.0.0.1,::1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Shares rate-limit counters between instances. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL').optional(),
  SEED_DEMO_DATA: flag(true),
  /** How long public reads (result pages, listings, home page) may be served from memory. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /**
   * Requests for the same answer (or renders of the same page) within PUBLIC_CACHE_SECONDS before
   * the micro-cache (or the page cache) keeps it, as nginx's proxy_cache_min_uses: a distinct
   * search or page asked once is answered but not kept, so the caches hold what visitors ask again
   * (decision 21).
   */
  PUBLIC_CACHE_MIN_USES: z.coerce.number().int().min(1).max(10).default(2),
  /** Memory the public micro-cache may hold, all answers together. */
  PUBLIC_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  /** Visitors' server-rendered pages from memory for PUBLIC_CACHE_SECONDS (`0`: every request renders; the API's cache stays). */
  PAGE_CACHE: flag(true),
  /**
   * Threads that render visitors' public pages beside the main thread (decisions 26 and 29):
   * `auto`, one a core where there are two or more (at most 8); `0`: the main thread renders them.
   */
  RENDER_THREADS: z
    .union([z.literal('auto'), z.coerce.number().int().min(0).max(64)], { error: 'RENDER_THREADS must be auto or a whole number from 0 to 64' })
    .default('auto')
    .transform((v) => (v === 'auto' ? renderThreadsFor(os.availableParallelism()) : v)),
  /** The listing search's filters and orders held in memory (decision 13; `0`: every search goes to SQL). */
  SEARCH_INDEX: flag(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default('*'),
  TRUST_PROXY: flag(false),
  BODY_LIMIT_MB: z.coerce.number().min(1).max(200).default(20),
  /** Who push services may contact about our pushes (VAPID subject): `mailto:` or an https URL; defaults to CONTACT_INBOX. */
  PUSH_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, { error: 'PUSH_SUBJECT must start with mailto: or https://' }).optional(),
  /** The built-in sandbox payment provider sells even when real providers are configured (it always does when none is). */
  PAYMENT_SANDBOX: flag(false),
  /**
   * Payment providers (README "Payments"): each is on when its keys are set, and its webhook is
   * registered at <PUBLIC_URL>/api/webhooks/<provider>. Secret keys stay on the server: only the
   * publishable / public keys are ever answered (get_payment_settings).
   */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be the webhook endpoint\'s signing secret (whsec_…)').optional(),
  /** A stand-in of Stripe's API (tests); unset, Stripe's own. */
  STRIPE_API_URL: z.url().regex(/^https?:\/\//, 'STRIPE_API_URL must be an http(s) URL').optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** The id PayPal shows for the webhook registered at <PUBLIC_URL>/api/webhooks/paypal: its events are verified against it. */
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  /** `live` for real money at api-m.paypal.com; `sandbox` (the default) for api-m.sandbox.paypal.com. */
  PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Overrides PAYPAL_MODE's API (a stand-in in tests). */
  PAYPAL_API_URL: z.url().regex(/^https?:\/\//, 'PAYPAL_API_URL must be an http(s) URL').optional(),
  FLUTTERWAVE_SECRET_KEY: z.string().optional(),
  FLUTTERWAVE_PUBLIC_KEY: z.string().optional(),
  /** The "secret hash" of Flutterwave's webhook settings: each webhook's verif-hash header must equal it. */
  FLUTTERWAVE_WEBHOOK_HASH: z.string().optional(),
  FLUTTERWAVE_API_URL: z.url().regex(/^https?:\/\//, 'FLUTTERWAVE_API_URL must be an http(s) URL').default('https://api.flutterwave.com'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.url().regex(/^https?:\/\//, 'RAZORPAY_API_URL must be an http(s) URL').default('https://api.razorpay.com'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_PUBLIC_KEY: z.string().optional(),
  PAYSTACK_API_URL: z.url().regex(/^https?:\/\//, 'PAYSTACK_API_URL must be an http(s) URL').default('https://api.paystack.co'),
  /** How long a call to a payment provider's API may take before it counts as failed. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(15_000),
  /** At start-up, uploaded files no row points at are removed once they are this old (another instance may be writing its row). */
  MEDIA_SWEEP_GRACE_MINUTES: z.coerce.number().min(0).max(24 * 60).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Ghar Bazaar <no-reply@localhost>'),
  CONTACT_INBOX: z.string().default('support@gharbazaar.example'),
  RATE_LIMIT_CONTACT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Multiplies the per-address limits of sign-up, log-in and code calls (the browser journeys sign up dozens of users from 127.0.0.1). */
  ACCOUNT_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** SMS through Twilio when all three are set; otherwise SMS stay in the outbox (the mailbox). */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Turns on Google sign-in (user_signup type 0): ID tokens must be issued to this client. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Where the web app's "Continue with Google" button sends the browser (Google's OpenID Connect authorisation endpoint). */
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  /**
   * A Google Maps Platform key with the Geocoding API: `reverse-geocode` then asks Google, and falls
   * back to the packaged GeoNames gazetteer when Google fails. Unset, the gazetteer alone answers.
   */
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  GOOGLE_GEOCODE_URL: z.url().default('https://maps.googleapis.com/maps/api/geocode/json'),
  /** How long `reverse-geocode` waits for Google before answering from the gazetteer. */
  GOOGLE_GEOCODE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** The first administrator, created (or promoted) at start-up. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Raster map tiles for the web app's maps, e.g. `https://tiles.example.com/{z}/{x}/{y}.png`; without it maps draw no background tiles. */
  MAP_TILE_URL: z
    .string()
    .regex(/^(https?:\/\/|\/)\S*\{z\}\S*\{x\}\S*\{y\}/, 'MAP_TILE_URL must be an http(s) or /path URL template with {z}, {x} and {y}')
    .optional(),
  /** Credit shown on maps for those tiles, e.g. `© OpenStreetMap contributors`. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  /** The street map under the markers when MAP_TILE_URL is unset: a MapLibre style JSON URL, or `none` for the bundled land outline only. */
  MAP_STYLE_URL: z
    .string()
    .regex(/^(none|https?:\/\/\S+|\/\S*)$/, 'MAP_STYLE_URL must be an http(s) or /path URL of a MapLibre style JSON, or none')
    .default(DEFAULT_MAP_STYLE_URL),
  /** Credit shown on maps for that style (HTML links allowed); unset, the default style's credit, or the style's own. */
  MAP_STYLE_ATTRIBUTION: z.string().max(500).optional(),
  /** Media in this S3-compatible bucket instead of DATA_DIR/media (docs/decisions/0010). */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots and hyphens)').optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible service's URL (MinIO, Cloudflare R2, DigitalOcean Spaces…); unset, AWS's own. */
  S3_ENDPOINT: z.url().regex(/^https?:\/\//, 'S3_ENDPOINT must be an http(s) URL').optional(),
  /** Unset, the AWS SDK's usual chain (AWS_ACCESS_KEY_ID…, shared files, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `endpoint/bucket/key` URLs instead of `bucket.endpoint/key` (most self-hosted services). */
  S3_FORCE_PATH_STYLE: flag(false),
  /** Media URLs in answers are built on this (a CDN, or the bucket's public URL) instead of `<origin>/media`. */
  MEDIA_PUBLIC_URL: z.url().regex(/^https?:\/\//, 'MEDIA_PUBLIC_URL must be an http(s) URL').optional(),
  /**
   * The key secrets kept in settings (payment providers' keys, SMTP, Twilio, maps) are encrypted
   * with (AES-256-GCM): 32 bytes as 64 hex digits or base64 (`openssl rand -hex 32`). Required in
   * production; elsewhere one is derived from DATA_DIR. Changing it makes the stored secrets unreadable.
   */
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'SETTINGS_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)')
    .optional(),
}).refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL, {
  path: ['PUBLIC_URL'],
  message: 'PUBLIC_URL is required when NODE_ENV=production (the site\'s public origin, e.g. https://homes.example.com): absolute URLs are never built from a request\'s Host header in production',
}).refine((env) => env.NODE_ENV !== 'production' || env.SETTINGS_ENCRYPTION_KEY, {
  path: ['SETTINGS_ENCRYPTION_KEY'],
  message: 'SETTINGS_ENCRYPTION_KEY is required when NODE_ENV=production (openssl rand -hex 32): the secrets kept in settings are encrypted with it',
}).refine((env) => !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) || env.S3_BUCKET, {
  path: ['S3_BUCKET'],
  message: 'S3_BUCKET is required when other S3_ settings are set (media stay in DATA_DIR/media without it)',
}).refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
  path: ['S3_SECRET_ACCESS_KEY'],
  message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (leave both unset for the AWS SDK\'s own credentials)',
}).superRefine((env, ctx) => {
  // A provider half set up would sell and never hear back: all of its keys, or none.
  for (const keys of PAYMENT_PROVIDER_KEYS) {
    const set = keys.filter((k) => env[k]);
    if (set.length > 0 && set.length < keys.length) {
      for (const missing of keys.filter((k) => !env[k])) ctx.addIssue({ code: 'custom', path: [missing], message: `${missing} is required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set (${keys.join(', ')} turn the provider on together)` });
    }
  }
});


export type Config = z.infer<typeof envSchema> & { dataDir: string; mediaDir: string; pgliteDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir, mediaDir: path.join(dataDir, 'media'), pgliteDir: path.join(dataDir, 'pglite') };
}

/** The street map the pages draw under their markers: raster tiles win over a style; `none` turns the style off. */
export function streetMapOf(config: Pick<Config, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION' | 'MAP_STYLE_URL' | 'MAP_STYLE_ATTRIBUTION'>) {
  if (config.MAP_TILE_URL) return { mapTileUrl: config.MAP_TILE_URL, mapTileAttribution: config.MAP_TILE_ATTRIBUTION };
  if (config.MAP_STYLE_URL === 'none') return {};
  const isDefault = config.MAP_STYLE_URL === DEFAULT_MAP_STYLE_URL;
  return { mapStyleUrl: config.MAP_STYLE_URL, mapStyleAttribution: config.MAP_STYLE_ATTRIBUTION ?? (isDefault ? OPENFREEMAP_ATTRIBUTION : undefined) };
}
