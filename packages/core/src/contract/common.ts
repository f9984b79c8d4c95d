import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 100_000;
export const DEFAULT_PAGE_SIZE = 10;

/** Whole number read from a query string or form field, with messages that name the field. */
export const intField = (name: string, opts: { min?: number; max?: number } = {}) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, { error: `${name} must be a number`, abort: true })
    .refine(Number.isInteger, { error: `${name} must be a whole number`, abort: true })
    .refine((n) => opts.min === undefined || n >= opts.min, { error: `${name} must be at least ${opts.min}`, abort: true })
    .refine((n) => opts.max === undefined || n <= opts.max, { error: `${name} must be at most ${opts.max}`, abort: true });

export const idField = (name: string) => intField(name, { min: 1, max: 2_147_483_647 });

export const numberField = (name: string, opts: { min?: number; max?: number } = {}) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, { error: `${name} must be a number`, abort: true })
    .refine((n) => opts.min === undefined || n >= opts.min, { error: `${name} must be at least ${opts.min}`, abort: true })
    .refine((n) => opts.max === undefined || n <= opts.max, { error: `${name} must be at most ${opts.max}`, abort: true });

export const textField = (name: string, max = 200) =>
  z
    // Empty values arrive as absent (api-contract "Conventions"): a missing required field says so.
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` });

export const slugField = (name = 'slug_id') =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(200, { error: `${name} must be at most 200 characters` })
    .regex(/^[\p{L}\p{N}-]+$/u, { error: `${name} may only contain letters, digits and hyphens` });

/** A 0/1 flag as clients send it: "1", "0", 1, 0, "true", "false". */
export const flagField = (name: string) =>
  z
    .union([z.boolean(), z.string(), z.number()], { error: `${name} must be 0 or 1` })
    .transform((v, ctx) => {
      if (v === true || v === 1 || v === '1' || v === 'true') return true;
      if (v === false || v === 0 || v === '0' || v === 'false') return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be 0 or 1` });
      return z.NEVER;
    });

/** Comma-separated or repeated ids: "1,2,3" or ["1","2"]. */
export const idListField = (name: string, maxItems = 50) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: `${name} must be a list of ids` })
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v : String(v).split(','))
        .map((p) => String(p).trim())
        .filter((p) => p !== '');
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a list of ids` });
        return z.NEVER;
      }
      if (ids.length > maxItems) {
        ctx.addIssue({ code: 'custom', message: `${name} may hold at most ${maxItems} ids` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

export const paginationQuery = (defaultLimit = DEFAULT_PAGE_SIZE) => ({
  limit: intField('limit', { min: 1, max: MAX_PAGE_SIZE }).default(defaultLimit),
  offset: intField('offset', { min: 0, max: MAX_OFFSET }).default(0),
});

/** The envelope of every answer: `{error, message, data, total?}` plus per-call top-level keys. */
export const envelope = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(data: T, extra?: E) =>
  z.object({
    error: z.boolean(),
    message: z.string(),
    data,
    ...(extra ?? ({} as E)),
  });

export const listEnvelope = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(item: T, extra?: E) =>
  z.object({
    error: z.boolean(),
    message: z.string(),
    data: z.array(item),
    total: z.number().int(),
    ...(extra ?? ({} as E)),
  });

/** Why a gate refused (403), so a client shows the right pop-up (spec §8). */
export const GATE_CODES = ['profile_incomplete', 'verification_pending', 'verification_failed', 'not_verified', 'feature_unavailable'] as const;
export type GateCode = (typeof GATE_CODES)[number];

export const errorResponse = z.object({
  error: z.literal(true),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Set on gate refusals (403). */
  code: z.enum(GATE_CODES).optional(),
  /** The feature type a `feature_unavailable` refusal is about (spec §4 feature types). */
  feature: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const metaShape = {
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  meta_image: z.string().nullable(),
};
