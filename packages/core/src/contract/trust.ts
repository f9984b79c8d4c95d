// Reports, agent verification and recommendation preferences (spec §3 Report, Agent verification,
// Recommendation preferences; §7 "Interest, notifications, chat, reports", "Recommendations and agents").
import { z } from 'zod';
import { VERIFICATION_STATUSES } from './codes.ts';
import { idField, idListField, intField, paginationQuery, textField } from './common.ts';

// ------------------------------------------------------------------------------ reports

export const MAX_REPORT_MESSAGE = 1000;
/** Reports one user may send in an hour. */
export const REPORTS_PER_HOUR = 20;

/**
 * `add_reports` (A). The clients offer the stored reasons and an "Other" choice, which sends
 * reason_id 0 (or none) and explains itself in other_message.
 */
export const addReportBody = z
  .object({
    property_id: z
      .any()
      .refine((v) => v !== undefined, { error: 'property_id is required', abort: true })
      .pipe(idField('property_id')),
    reason_id: intField('reason_id', { min: 0, max: 2_147_483_647 }).optional(),
    other_message: textField('other_message', MAX_REPORT_MESSAGE).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.reason_id && !b.other_message) ctx.addIssue({ code: 'custom', path: ['other_message'], message: 'other_message is required when the reason is "other"' });
  });
export type AddReportBody = z.infer<typeof addReportBody>;

export const reportState = z.object({ property_id: z.number().int(), is_reported: z.boolean() });

// ------------------------------------------------------------------------------ agent verification

export const VERIFICATION_FIELD_TYPES = ['text', 'number', 'dropdown', 'radio', 'checkbox', 'textarea', 'file'] as const;
export type VerificationFieldType = (typeof VERIFICATION_FIELD_TYPES)[number];
/** Longest text answer. */
export const MAX_VERIFICATION_ANSWER = 2000;

/** `get-agent-verification-form-fields` rows (api-contract "Per-call notes"). */
export const verificationField = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: z.enum(VERIFICATION_FIELD_TYPES),
  /** 1 when the agent must answer it. */
  is_required: z.number().int(),
  form_fields_values: z.array(z.object({ id: z.number().int(), value: z.string() })),
});
export type VerificationField = z.infer<typeof verificationField>;

const formFieldList = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return v;
  },
  z
    .array(
      z.object({
        id: idField('form_fields id'),
        /** Text, a number, an option, several options (checkbox: a list or comma-separated) or a file. */
        value: z.unknown().optional(),
      }),
      { error: 'form_fields must be a list' },
    )
    .max(50, { error: 'form_fields may hold at most 50 entries' }),
);

/** `apply-agent-verification` (A, multipart): `form_fields[i][id]`, `form_fields[i][value]`. */
export const applyVerificationBody = z.object({
  form_fields: z
    .any()
    .refine((v) => v !== undefined, { error: 'form_fields is required', abort: true })
    .pipe(formFieldList),
});
export type ApplyVerificationBody = z.infer<typeof applyVerificationBody>;

/** The caller's verification state after applying or when reading their answers. */
export const verificationState = z.object({
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** Why it failed, when it did. */
  reason: z.string().nullable(),
});
export type VerificationState = z.infer<typeof verificationState>;

/** `get-agent-verification-form-values` rows: one's own answers, files as absolute URLs. */
export const verificationValue = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: z.enum(VERIFICATION_FIELD_TYPES),
  value: z.string(),
});
export type VerificationValue = z.infer<typeof verificationValue>;

// ------------------------------------------------------------------------------ recommendations

/** `[min, max]` as a list, `price_range[0]`/`[1]` or "min,max"; either end may be empty. */
const priceRange = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number(), z.null()]))], { error: 'price_range must be [min, max]' })
  .transform((v, ctx) => {
    let parts: unknown[] = Array.isArray(v) ? v : String(v).split(',');
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        parts = JSON.parse(v) as unknown[];
      } catch {
        parts = [NaN];
      }
    }
    const ends = parts.map((p) => (p === null || p === undefined || String(p).trim() === '' ? null : Number(p)));
    if (!Array.isArray(parts) || ends.length > 2 || ends.some((n) => n !== null && (!Number.isFinite(n) || n < 0 || n > 1e13))) {
      ctx.addIssue({ code: 'custom', message: 'price_range must be [min, max] with numbers from 0' });
      return z.NEVER;
    }
    const [min = null, max = null] = ends;
    if (min !== null && max !== null && min > max) {
      ctx.addIssue({ code: 'custom', message: 'price_range max must not be below min' });
      return z.NEVER;
    }
    return [min, max] as [number | null, number | null];
  });

/** 0 sell, 1 rent; one or both. */
const propertyTypeList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: 'property_type must be 0, 1 or both' })
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : String(v).split(',')).map((p) => String(p).trim()).filter((p) => p !== '');
    if (parts.some((p) => p !== '0' && p !== '1')) {
      ctx.addIssue({ code: 'custom', message: 'property_type must be 0 (sell), 1 (rent) or both' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))].sort();
  });

/** `personalised-fields` POST (A); the spec spells `outdoor_facilitiy_ids` so. */
export const personalisedFieldsBody = z.object({
  category_ids: idListField('category_ids').optional(),
  outdoor_facilitiy_ids: idListField('outdoor_facilitiy_ids').optional(),
  price_range: priceRange.optional(),
  property_type: propertyTypeList.optional(),
  city: textField('city', 100).optional(),
});
export type PersonalisedFieldsBody = z.infer<typeof personalisedFieldsBody>;

export const personalisedFields = z.object({
  user_id: z.number().int(),
  category_ids: z.array(z.number().int()),
  outdoor_facilitiy_ids: z.array(z.number().int()),
  price_range: z.tuple([z.number().nullable(), z.number().nullable()]),
  property_type: z.array(z.number().int()),
  city: z.string().nullable(),
});
export type PersonalisedFields = z.infer<typeof personalisedFields>;

/** `get_user_recommendation` (A). */
export const recommendationQuery = z.object(paginationQuery(10));
