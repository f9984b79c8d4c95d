import { z } from 'zod';
import { VERIFICATION_STATUSES } from './codes.ts';
import { flagField, intField, numberField, textField } from './common.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;

export const emailField = (name = 'email') =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .toLowerCase()
    .max(254, { error: `${name} must be at most 254 characters` })
    .pipe(z.email({ error: `${name} must be a valid e-mail address` }));

/** Phone numbers in international form: + and 8–15 digits; spaces, dashes and brackets are dropped. */
export const mobileField = (name = 'mobile') =>
  z
    .string({ error: `${name} must be a phone number` })
    .transform((v) => v.replace(/[\s\-()]/g, ''))
    .pipe(z.string().regex(/^\+?[1-9]\d{7,14}$/, { error: `${name} must be a phone number with country code, e.g. +919820012345` }));

export const passwordField = (name = 'password') =>
  z
    .string({ error: `${name} is required` })
    .min(PASSWORD_MIN, { error: `${name} must be at least ${PASSWORD_MIN} characters` })
    .max(PASSWORD_MAX, { error: `${name} must be at most ${PASSWORD_MAX} characters` });

export const otpField = z
  .union([z.string(), z.number()], { error: 'otp is required' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{6}$/, { error: `otp must be ${OTP_LENGTH} digits` }));

const matchingPasswords = <T extends { password: string; re_password: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.re_password) ctx.addIssue({ code: 'custom', path: ['re_password'], message: 're_password must match password' });
};

export const registerBody = z
  .object({
    name: textField('name', 100).min(1, { error: 'name is required' }),
    email: emailField(),
    mobile: mobileField().optional(),
    password: passwordField(),
    re_password: z.string({ error: 're_password is required' }),
  })
  .superRefine(matchingPasswords);

/** `user_signup` types: 0 Google, 1 phone, 2 Apple, 3 e-mail (api-contract "Codes"). */
export const signupBody = z
  .object({
    type: intField('type', { min: 0, max: 3 }),
    email: emailField().optional(),
    password: z.string({ error: 'password must be text' }).max(PASSWORD_MAX).optional(),
    mobile: mobileField().optional(),
    /** Type 1: the proof `verify-otp` answered. Type 0: a Google ID token. */
    auth_id: z.string({ error: 'auth_id must be text' }).max(4096).optional(),
    name: textField('name', 100).optional(),
    address: textField('address', 300).optional(),
    fcm_id: textField('fcm_id', 4096).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 3) {
      if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'email is required' });
      if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'password is required' });
    }
    if (v.type === 1) {
      if (!v.mobile) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'mobile is required' });
      if (!v.auth_id) ctx.addIssue({ code: 'custom', path: ['auth_id'], message: 'auth_id is required: verify the number with verify-otp first' });
    }
    if (v.type === 0 && !v.auth_id) ctx.addIssue({ code: 'custom', path: ['auth_id'], message: 'auth_id must hold the Google ID token' });
  });

const numberOrEmail = <T extends { number?: string; email?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (!v.number === !v.email) ctx.addIssue({ code: 'custom', path: ['number'], message: 'give either number or email' });
};

export const getOtpQuery = z.object({ number: mobileField('number').optional(), email: emailField().optional() }).superRefine(numberOrEmail);
export const verifyOtpQuery = z
  .object({ number: mobileField('number').optional(), email: emailField().optional(), otp: otpField })
  .superRefine(numberOrEmail);
export const forgotPasswordQuery = z.object({ email: emailField() });
export const resetPasswordBody = z
  .object({ email: emailField(), otp: otpField, password: passwordField(), re_password: z.string({ error: 're_password is required' }) })
  .superRefine(matchingPasswords);

const optionalText = (name: string, max = 200) => textField(name, max).optional();

export const updateProfileBody = z.object({
  userid: intField('userid', { min: 1 }).optional(),
  name: optionalText('name', 100),
  email: emailField().optional(),
  mobile: mobileField().optional(),
  address: optionalText('address', 300),
  /** An image file (multipart). */
  profile: z.unknown().optional(),
  firebase_id: optionalText('firebase_id', 200),
  latitude: numberField('latitude', { min: -90, max: 90 }).optional(),
  longitude: numberField('longitude', { min: -180, max: 180 }).optional(),
  about_me: optionalText('about_me', 2000),
  facebook_id: optionalText('facebook_id'),
  twiiter_id: optionalText('twiiter_id'),
  instagram_id: optionalText('instagram_id'),
  youtube_id: optionalText('youtube_id'),
  fcm_id: optionalText('fcm_id', 4096),
  notification: flagField('notification').optional(),
  city: optionalText('city', 100),
  state: optionalText('state', 100),
  country: optionalText('country', 100),
});

export const fcmBody = z.object({ fcm_id: textField('fcm_id', 4096).optional() });
export const deleteUserBody = z.object({ userid: intField('userid', { min: 1 }).optional() });

/** The User of spec §3 as answered (`twiiter_id` sic). */
export const user = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  profile: z.string().nullable(),
  address: z.string().nullable(),
  firebase_id: z.string().nullable(),
  auth_id: z.string().nullable(),
  logintype: z.number().int(),
  type: z.number().int(),
  fcm_id: z.string().nullable(),
  about_me: z.string().nullable(),
  facebook_id: z.string().nullable(),
  twiiter_id: z.string().nullable(),
  instagram_id: z.string().nullable(),
  youtube_id: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  notification: z.number().int(),
  slug_id: z.string(),
  is_active: z.number().int(),
  role: z.enum(['user', 'agent', 'admin']),
  email_verified: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** What is still missing for a complete profile (spec §5): name, email, mobile, profile, address. */
  missing_profile_fields: z.array(z.string()),
});
export type User = z.infer<typeof user>;

export const PROFILE_REQUIRED_FIELDS = ['name', 'email', 'mobile', 'profile', 'address'] as const;
