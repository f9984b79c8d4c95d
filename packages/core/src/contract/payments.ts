import { z } from 'zod';
import { idField, numberField, paginationQuery, textField } from './common.ts';

/**
 * Buying packages (spec §7 "Packages and payment", api-contract `create-payment-intent`,
 * `get_payment_details`). The amount always comes from the package on the server.
 */

/** The providers a payment can go through; `sandbox` is built in and needs no keys. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'paypal', 'flutterwave', 'razorpay', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** How a payment row was taken: a provider, or `free` for a free package granted without one. */
export const PAYMENT_GATEWAYS = [...PAYMENT_PROVIDERS, 'free'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** A payment only moves forward: pending → success | failed, failed → success (a retried charge), success → refunded. */
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PLATFORM_TYPES = ['web', 'android', 'ios'] as const;

/** The sandbox's test cards (shown on its checkout page). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  timeout: '4000000000000119',
} as const;

export const createPaymentIntentBody = z.object({
  package_id: idField('package_id'),
  platform_type: z.enum(PLATFORM_TYPES, { error: `platform_type must be one of ${PLATFORM_TYPES.join(', ')}` }).default('web'),
  /** Ours: which provider (one `get_payment_settings` says is on); the first one on by default. */
  payment_method: z.enum(PAYMENT_PROVIDERS, { error: `payment_method must be one of ${PAYMENT_PROVIDERS.join(', ')}` }).optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

/** The older `createPaymentIntent`: its amount, currency and shipping fields are accepted and ignored. */
export const legacyPaymentIntentBody = z.looseObject({
  package_id: idField('package_id'),
  description: textField('description', 500).optional(),
});

export const paymentTransaction = z.object({
  id: z.number().int(),
  package_id: z.number().int(),
  package_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  payment_gateway: z.enum(PAYMENT_GATEWAYS),
  order_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  platform_type: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentTransaction = z.infer<typeof paymentTransaction>;

/** What a client needs to take the payment with the provider; provider-specific fields are nullable. */
export const paymentIntent = z.object({
  payment_transaction_id: z.number().int(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** The provider's order / intent id. */
  id: z.string().nullable(),
  /** Minor units (paise, cents), as card providers count. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Stripe's PaymentIntent secret for its Payment Element. */
  client_secret: z.string().nullable(),
  /** Where to send the browser to pay (PayPal, Flutterwave, Paystack, the sandbox's own page). */
  checkout_url: z.string().nullable(),
  /** A public key the provider's script needs (Razorpay, Paystack, Flutterwave, Stripe). */
  public_key: z.string().nullable(),
});
export type PaymentIntent = z.infer<typeof paymentIntent>;

export const paymentIntentAnswer = z.object({ payment_intent: paymentIntent, payment_transaction: paymentTransaction });

export const paymentTransactionFailBody = z.object({ payment_transaction_id: idField('payment_transaction_id') });
export const paymentStatusQuery = z.object({ payment_transaction_id: idField('payment_transaction_id') });
export const paymentDetailsQuery = z.object({ ...paginationQuery(10) });

/** `get_payment_settings`: which providers are on and their public keys only (flags "1" / "0", as settings are). */
export const paymentSettings = z.object({
  currency_code: z.string(),
  currency_symbol: z.string(),
  sandbox_status: z.enum(['0', '1']),
  stripe_status: z.enum(['0', '1']),
  stripe_publishable_key: z.string(),
  paypal_status: z.enum(['0', '1']),
  paypal_client_id: z.string(),
  razorpay_status: z.enum(['0', '1']),
  razorpay_key: z.string(),
  paystack_status: z.enum(['0', '1']),
  paystack_public_key: z.string(),
  flutterwave_status: z.enum(['0', '1']),
  flutterwave_public_key: z.string(),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;

/** The sandbox's checkout form. */
export const sandboxPayBody = z.object({
  payment_transaction_id: idField('payment_transaction_id'),
  card_number: z
    .string({ error: 'card_number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v), { error: 'card_number must be 12 to 19 digits' }),
  expiry: z
    .string({ error: 'expiry is required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: 'expiry must be MM/YY' }),
  cvc: z
    .string({ error: 'cvc is required' })
    .trim()
    .regex(/^\d{3,4}$/, { error: 'cvc must be 3 or 4 digits' }),
});
export type SandboxPayBody = z.infer<typeof sandboxPayBody>;

/* ───────────────────────────────────────── featuring (advertisements) ───────────────────────────────────────── */

export const FEATURE_FOR = ['property', 'project'] as const;
/** How long a featuring lasts (never beyond the package that paid for it). */
export const FEATURE_DAYS = 30;

export const storeAdvertisementBody = z
  .object({
    feature_for: z.enum(FEATURE_FOR, { error: 'feature_for must be property or project' }),
    property_id: idField('property_id').optional(),
    project_id: idField('project_id').optional(),
  })
  .superRefine((v, ctx) => {
    const field = v.feature_for === 'property' ? 'property_id' : 'project_id';
    if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
  });
export type StoreAdvertisementBody = z.infer<typeof storeAdvertisementBody>;

export const featuredDataQuery = z.object({
  ...paginationQuery(10),
  type: z.enum(FEATURE_FOR, { error: 'type must be property or project' }).optional(),
});

/** An advertisement as api-contract `get-featured-data` answers it; `status` 0 approved, 1 pending, 2 rejected, 3 expired. */
export const advertisement = z.object({
  id: z.number().int(),
  status: z.number().int(),
  feature_for: z.enum(FEATURE_FOR),
  start_date: z.string(),
  end_date: z.string(),
  property_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  property: z.object({ id: z.number().int(), slug_id: z.string(), title: z.string(), title_image: z.string().nullable(), price: z.number(), property_type: z.string() }).nullable(),
  project: z.object({ id: z.number().int(), slug_id: z.string(), title: z.string(), image: z.string().nullable() }).nullable(),
});
export type Advertisement = z.infer<typeof advertisement>;

/**
 * `paypal` (spec: amount, package_id): the page that starts PayPal's checkout. The amount is
 * accepted and ignored — the package decides.
 */
export const paypalCheckoutQuery = z.object({
  package_id: idField('package_id'),
  amount: numberField('amount').optional(),
  platform_type: z.enum(PLATFORM_TYPES, { error: `platform_type must be one of ${PLATFORM_TYPES.join(', ')}` }).default('web'),
});

/** `flutterwave` (spec: package_id): Flutterwave's checkout link for a package. */
export const flutterwaveCheckoutBody = z.object({
  package_id: idField('package_id'),
  platform_type: z.enum(PLATFORM_TYPES, { error: `platform_type must be one of ${PLATFORM_TYPES.join(', ')}` }).default('web'),
});

/** `flutterwave`'s answer: where to send the buyer (null when a free package was granted at once), and the payment. */
export const flutterwaveCheckoutAnswer = paymentIntentAnswer.extend({ link: z.string().nullable() });

/** Where a provider sends the buyer's browser back (ours): `/payment-return/{payment_transaction_id}`, the provider's own query ignored. */
export const paymentReturnParams = z.object({ payment_transaction_id: idField('payment_transaction_id') });
