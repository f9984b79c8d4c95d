import { z } from 'zod';
import { FEATURE_TYPES, LIMITED_FEATURE_TYPES } from '../rules/feature-gate.ts';
import { adminListQuery } from './admin.ts';
import { flagField, idField, intField, numberField, textField } from './common.ts';
import { LIMIT_TYPES, PACKAGE_TYPES } from './packages.ts';
import { PAYMENT_GATEWAYS, PAYMENT_STATUSES } from './payments.ts';
import { DISTANCE_UNITS, SETTING_FLAGS } from './settings.ts';

/**
 * The console's money and settings (issue 16): packages with their features and limits, payments
 * with filters, CSV export and refunds, featured listings (advertisements) and the operator's
 * settings, whose secrets are stored encrypted and only ever answered masked.
 */

// ── Packages ────────────────────────────────────────────────────────────────────────────────

/** Longest package: ten years, in hours (the unit `duration` is stored in). */
export const PACKAGE_MAX_HOURS = 24 * 365 * 10;
export const PACKAGE_MAX_PRICE = 100_000_000;
export const FEATURE_MAX_LIMIT = 1_000_000;

export const adminPackageFeature = z.object({
  name: z.enum(FEATURE_TYPES),
  limit_type: z.enum(LIMIT_TYPES),
  /** Units granted; null when unlimited. */
  limit: z.number().int().nullable(),
});

export const adminPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  package_type: z.enum(PACKAGE_TYPES),
  price: z.number(),
  /** Hours. */
  duration: z.number().int(),
  ios_product_id: z.string().nullable(),
  is_active: z.boolean(),
  features: z.array(adminPackageFeature),
  /** How many times it was bought or granted: a bought package cannot be deleted, only deactivated. */
  purchases: z.number().int(),
  created_at: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackage>;

export const adminPackageListQuery = adminListQuery.extend({
  active: flagField('active').optional(),
});
export type AdminPackageListQuery = z.infer<typeof adminPackageListQuery>;

const featureInput = z
  .object({
    name: z.enum(FEATURE_TYPES, { error: `features: name must be one of ${FEATURE_TYPES.join(', ')}` }),
    limit_type: z.enum(LIMIT_TYPES, { error: 'features: limit_type must be limited or unlimited' }),
    limit: intField('limit', { min: 1, max: FEATURE_MAX_LIMIT }).nullable().optional(),
  })
  .transform((f) => ({ name: f.name, limit_type: f.limit_type, limit: f.limit_type === 'unlimited' ? null : (f.limit ?? null) }));

export const adminPackageBody = z
  .object({
    name: textField('name', 120).min(2, { error: 'name must be at least 2 characters' }),
    package_type: z.enum(PACKAGE_TYPES, { error: 'package_type must be free or paid' }),
    price: numberField('price', { min: 0, max: PACKAGE_MAX_PRICE }).default(0),
    duration: intField('duration', { min: 1, max: PACKAGE_MAX_HOURS }),
    ios_product_id: textField('ios_product_id', 120).optional(),
    is_active: flagField('is_active').default(true),
    features: z
      .array(featureInput, { error: (issue) => (issue.input === undefined ? 'Choose at least one feature' : 'features must be a list') })
      .min(1, { error: 'Choose at least one feature' })
      .max(FEATURE_TYPES.length, { error: 'features lists a feature twice' }),
  })
  .superRefine((b, ctx) => {
    if (b.package_type === 'paid' && !(b.price > 0)) ctx.addIssue({ code: 'custom', path: ['price'], message: 'A paid package needs a price above 0' });
    if (b.package_type === 'free' && b.price !== 0) ctx.addIssue({ code: 'custom', path: ['price'], message: 'A free package costs 0' });
    if (Math.round(b.price * 100) !== b.price * 100) ctx.addIssue({ code: 'custom', path: ['price'], message: 'price has at most 2 decimals' });
    const seen = new Set<string>();
    for (const f of b.features) {
      if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: ['features'], message: `features lists ${f.name} twice` });
      seen.add(f.name);
      if (f.limit_type === 'limited' && f.limit === null) ctx.addIssue({ code: 'custom', path: ['features'], message: `Give ${f.name} a limit, or make it unlimited` });
      if (f.limit_type === 'limited' && !(LIMITED_FEATURE_TYPES as readonly string[]).includes(f.name))
        ctx.addIssue({ code: 'custom', path: ['features'], message: `${f.name} is not counted: make it unlimited` });
    }
  });
export type AdminPackageBody = z.infer<typeof adminPackageBody>;

// ── Payments ────────────────────────────────────────────────────────────────────────────────

const dateField = (name: string) =>
  z
    .string({ error: `${name} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date (YYYY-MM-DD)` })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { error: `${name} must be a date (YYYY-MM-DD)` });

export const adminPaymentFilters = {
  status: z.enum(PAYMENT_STATUSES, { error: `status must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  gateway: z.enum(PAYMENT_GATEWAYS, { error: `gateway must be one of ${PAYMENT_GATEWAYS.join(', ')}` }).optional(),
  /** Inclusive UTC dates. */
  from: dateField('from').optional(),
  to: dateField('to').optional(),
  user_id: idField('user_id').optional(),
};

const fromBeforeTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const adminPaymentListQuery = adminListQuery.extend(adminPaymentFilters).refine(fromBeforeTo, { path: ['to'], error: 'to must not be before from' });
export type AdminPaymentListQuery = z.infer<typeof adminPaymentListQuery>;

/** The CSV export takes the table's filters and order, not its paging. */
export const adminPaymentExportQuery = adminListQuery
  .pick({ q: true, sort: true, order: true })
  .extend(adminPaymentFilters)
  .refine(fromBeforeTo, { path: ['to'], error: 'to must not be before from' });
export type AdminPaymentExportQuery = z.infer<typeof adminPaymentExportQuery>;

export const adminPayment = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() }),
  package_id: z.number().int(),
  package_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  payment_gateway: z.enum(PAYMENT_GATEWAYS),
  order_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  platform_type: z.string().nullable(),
  /** Whether the console can refund it: a success taken by a provider that is on now. */
  refundable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

export const adminRefundBody = z.object({ reason: textField('reason', 500).optional() });

// ── Advertisements ──────────────────────────────────────────────────────────────────────────

/** `advertisements.status`: 0 approved (live while its dates run), 1 pending, 2 rejected, 3 expired. */
export const AD_STATUSES = ['approved', 'pending', 'rejected', 'expired'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];
export const AD_MAX_EXTEND_DAYS = 365;

export const adminAdListQuery = adminListQuery.extend({
  /** `live`: approved and running now; the others as stored (an approved one past its end reads as expired). */
  state: z.enum(['live', ...AD_STATUSES], { error: 'state must be live, approved, pending, rejected or expired' }).optional(),
});
export type AdminAdListQuery = z.infer<typeof adminAdListQuery>;

export const adminAd = z.object({
  id: z.number().int(),
  feature_for: z.enum(['property', 'project']),
  listing: z.object({ id: z.number().int(), title: z.string(), slug_id: z.string() }).nullable(),
  owner: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  status: z.enum(AD_STATUSES),
  /** Approved and between its dates now. */
  live: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  created_at: z.string(),
});
export type AdminAd = z.infer<typeof adminAd>;

export const adminAdExtendBody = z.object({ days: intField('days', { min: 1, max: AD_MAX_EXTEND_DAYS }) });

// ── Settings ────────────────────────────────────────────────────────────────────────────────

/** Plain settings the console edits, as text. */
export const ADMIN_TEXT_SETTINGS = [
  'company_name',
  'company_email',
  'company_tel1',
  'company_tel2',
  'company_address',
  'currency_code',
  'currency_name',
  'currency_symbol',
  'appstore_id',
  'playstore_id',
  'facebook_id',
  'instagram_id',
  'twitter_id',
  'youtube_id',
  'latitude',
  'longitude',
  'iframe_link',
  'min_price',
  'max_price',
  'default_language',
  'distance_option',
  'admin_name',
  'signup_package_id',
  'mail_from',
  'twilio_from',
  'seo_title',
  'seo_description',
] as const;

/** Colours the web app paints with (#rrggbb). */
export const ADMIN_COLOUR_SETTINGS = ['system_color', 'category_background', 'sell_web_color', 'rent_web_color', 'sell_web_background_color', 'rent_web_background_color'] as const;

/** Pictures, uploaded one at a time (`upload-settings-media`). */
export const ADMIN_MEDIA_SETTINGS = ['web_logo', 'web_footer_logo', 'web_placeholder_logo', 'favicon_icon', 'admin_image'] as const;
export type AdminMediaSetting = (typeof ADMIN_MEDIA_SETTINGS)[number];

/**
 * Secrets: stored encrypted (AES-256-GCM, SETTINGS_ENCRYPTION_KEY), answered only as whether they
 * are set and their last 4 characters, never sent to a browser otherwise. They fill the matching
 * environment variable (README "Settings") when that is unset, from the next start.
 */
export const ADMIN_SECRET_SETTINGS = [
  'google_maps_api_key',
  'smtp_url',
  'twilio_account_sid',
  'twilio_auth_token',
  'stripe_secret_key',
  'stripe_publishable_key',
  'stripe_webhook_secret',
  'paypal_client_id',
  'paypal_client_secret',
  'paypal_webhook_id',
  'razorpay_key_id',
  'razorpay_key_secret',
  'razorpay_webhook_secret',
  'paystack_public_key',
  'paystack_secret_key',
  'flutterwave_public_key',
  'flutterwave_secret_key',
  'flutterwave_webhook_hash',
] as const;
export type AdminSecretSetting = (typeof ADMIN_SECRET_SETTINGS)[number];

const colour = (name: string) => z.string({ error: `${name} must be a colour` }).trim().regex(/^#[0-9a-fA-F]{6}$/, { error: `${name} must be a colour like #0f766e` }).transform((v) => v.toLowerCase());
const flag01 = (name: string) => flagField(name).transform((v) => (v ? '1' : '0'));
const text = (name: string, max = 500) => z.string({ error: `${name} must be text` }).trim().max(max, { error: `${name} must be at most ${max} characters` });

const textShape: Record<(typeof ADMIN_TEXT_SETTINGS)[number], z.ZodType<string>> = {
  company_name: text('company_name', 120).min(1, { error: 'company_name is required' }),
  company_email: text('company_email', 200).refine((v) => v === '' || z.email().safeParse(v).success, { error: 'company_email must be an e-mail address' }),
  company_tel1: text('company_tel1', 40),
  company_tel2: text('company_tel2', 40),
  company_address: text('company_address', 300),
  currency_code: text('currency_code', 3)
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{3}$/.test(v), { error: 'currency_code must be a 3-letter ISO 4217 code, e.g. INR' }),
  currency_name: text('currency_name', 60).min(1, { error: 'currency_name is required' }),
  currency_symbol: text('currency_symbol', 8).min(1, { error: 'currency_symbol is required' }),
  appstore_id: text('appstore_id', 200),
  playstore_id: text('playstore_id', 200),
  facebook_id: text('facebook_id', 300),
  instagram_id: text('instagram_id', 300),
  twitter_id: text('twitter_id', 300),
  youtube_id: text('youtube_id', 300),
  latitude: text('latitude', 20).refine((v) => v === '' || (/^-?\d+(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= 90), { error: 'latitude must be between -90 and 90' }),
  longitude: text('longitude', 20).refine((v) => v === '' || (/^-?\d+(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= 180), { error: 'longitude must be between -180 and 180' }),
  iframe_link: text('iframe_link', 1000).refine((v) => v === '' || /^https:\/\/\S+$/.test(v), { error: 'iframe_link must be an https URL' }),
  min_price: text('min_price', 15).refine((v) => /^\d+$/.test(v), { error: 'min_price must be a whole number' }),
  max_price: text('max_price', 15).refine((v) => /^\d+$/.test(v), { error: 'max_price must be a whole number' }),
  default_language: text('default_language', 10).refine((v) => /^[a-z]{2,3}(-[A-Za-z0-9]+)?$/.test(v), { error: 'default_language must be a language code' }),
  distance_option: z.enum(DISTANCE_UNITS, { error: 'distance_option must be km or mi' }),
  admin_name: text('admin_name', 120),
  signup_package_id: text('signup_package_id', 12).refine((v) => v === '' || /^[1-9]\d*$/.test(v), { error: 'signup_package_id must be a package id' }),
  mail_from: text('mail_from', 200),
  twilio_from: text('twilio_from', 40),
  seo_title: text('seo_title', 200),
  seo_description: text('seo_description', 500),
};

const secretShape = Object.fromEntries(ADMIN_SECRET_SETTINGS.map((k) => [k, text(k, 2000)])) as unknown as Record<AdminSecretSetting, z.ZodType<string>>;
const colourShape = Object.fromEntries(ADMIN_COLOUR_SETTINGS.map((k) => [k, colour(k)])) as unknown as Record<(typeof ADMIN_COLOUR_SETTINGS)[number], z.ZodType<string>>;
const flagShape = Object.fromEntries(SETTING_FLAGS.map((k) => [k, flag01(k)])) as unknown as Record<(typeof SETTING_FLAGS)[number], z.ZodType<string>>;

const settingsValues = z
  .strictObject(
    {
      ...Object.fromEntries(Object.entries(textShape).map(([k, s]) => [k, s.optional()])),
      ...Object.fromEntries(Object.entries(colourShape).map(([k, s]) => [k, s.optional()])),
      ...Object.fromEntries(Object.entries(flagShape).map(([k, s]) => [k, s.optional()])),
      ...Object.fromEntries(Object.entries(secretShape).map(([k, s]) => [k, s.optional()])),
    } as Record<string, z.ZodOptional<z.ZodType<string>>>,
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${(issue.keys as string[]).join(', ')}` : 'values must be an object of settings') },
  )
  .refine((b) => Object.keys(b).length > 0, { error: 'Change at least one setting' })
  .refine((b) => b.min_price === undefined || b.max_price === undefined || Number(b.min_price) <= Number(b.max_price), { path: ['max_price'], error: 'max_price must not be below min_price' });

/**
 * A change to some settings, under `values` (so an empty text is kept: it empties the setting):
 * only the keys sent change. A secret sent as '' is removed; a secret left out keeps its value. An
 * unknown key is refused, so a typo never writes a setting no one reads.
 */
export const adminSettingsBody = z.object({ values: settingsValues.optional() }).transform((b, ctx) => {
  if (!b.values) {
    ctx.addIssue({ code: 'custom', path: ['values'], message: 'Change at least one setting' });
    return z.NEVER;
  }
  return b.values;
});
export type AdminSettingsBody = Record<string, string | undefined>;

export const adminSecretState = z.object({ set: z.boolean(), /** The last 4 characters, e.g. `••••abcd`; empty when unset. */ hint: z.string() });

export const adminSettings = z.object({
  /** Text, colour and flag settings as stored (defaults where unset). */
  values: z.record(z.string(), z.string()),
  /** Pictures: the stored key's public URL, or null. */
  media: z.record(z.string(), z.string().nullable()),
  secrets: z.record(z.string(), adminSecretState),
  /** Secrets whose environment variable is set: it wins over the stored value. */
  from_environment: z.array(z.string()),
});
export type AdminSettings = z.infer<typeof adminSettings>;

export const adminSettingsMediaParams = z.object({ key: z.enum(ADMIN_MEDIA_SETTINGS, { error: `key must be one of ${ADMIN_MEDIA_SETTINGS.join(', ')}` }) });
