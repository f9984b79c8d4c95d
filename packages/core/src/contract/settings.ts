import { z } from 'zod';
import { VERIFICATION_STATUSES } from './codes.ts';

/** Setting keys whose values are "1"/"0" strings, as stored (api-contract "Per-call notes"). */
export const SETTING_FLAGS = [
  'number_with_suffix',
  'svg_clr',
  'web_maintenance_mode',
  'email_password_login',
  'number_with_otp_login',
  'social_login',
  'verification_required_for_user',
  'auto_approve',
  'allow_cookies',
  'demo_mode',
] as const;

export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export const webSettings = z
  .object({
    company_name: z.string(),
    company_email: z.string(),
    company_tel1: z.string(),
    company_address: z.string(),
    currency_symbol: z.string(),
    selected_currency_data: z.object({ code: z.string(), name: z.string(), symbol: z.string() }),
    number_with_suffix: z.enum(['0', '1']),
    svg_clr: z.enum(['0', '1']),
    system_color: z.string(),
    web_logo: z.string().nullable(),
    web_footer_logo: z.string().nullable(),
    web_placeholder_logo: z.string().nullable(),
    favicon_icon: z.string().nullable(),
    appstore_id: z.string(),
    playstore_id: z.string(),
    stripe_publishable_key: z.string(),
    /** Ours: the Web Push application server key (VAPID, base64url); push is off while it is empty. */
    vapid_public_key: z.string(),
    verification_required_for_user: z.enum(['0', '1']),
    auto_approve: z.enum(['0', '1']),
    web_maintenance_mode: z.enum(['0', '1']),
    email_password_login: z.enum(['0', '1']),
    number_with_otp_login: z.enum(['0', '1']),
    social_login: z.enum(['0', '1']),
    min_price: z.string(),
    max_price: z.string(),
    default_language: z.string(),
    languages: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), rtl: z.number().int() })),
    about_us: z.string(),
    terms_conditions: z.string(),
    privacy_policy: z.string(),
    facebook_id: z.string(),
    instagram_id: z.string(),
    twitter_id: z.string(),
    youtube_id: z.string(),
    latitude: z.string(),
    longitude: z.string(),
    category_background: z.string(),
    sell_web_color: z.string(),
    rent_web_color: z.string(),
    sell_web_background_color: z.string(),
    rent_web_background_color: z.string(),
    allow_cookies: z.enum(['0', '1']),
    iframe_link: z.string(),
    demo_mode: z.enum(['0', '1']),
    otp_service_provider: z.string(),
    distance_option: z.enum(DISTANCE_UNITS),
    paystack_public_key: z.string(),
    admin_name: z.string(),
    admin_image: z.string().nullable(),
    /** With a token: whether the account is active (1) or deactivated (0). */
    is_active: z.number().int().optional(),
    verification_status: z.enum(VERIFICATION_STATUSES).optional(),
    is_premium: z.boolean().optional(),
    subscription: z.boolean().optional(),
  })
  .catchall(z.string());
export type WebSettings = z.infer<typeof webSettings>;
