import { z } from 'zod';
import { flagField, idField, intField, numberField, textField } from './common.ts';
import { propertyTypeField } from './codes.ts';
import { MAX_PRICE } from './properties.ts';

/** Most alerts one account keeps (a bound against abuse, far above what a person uses). */
export const MAX_SEARCH_ALERTS = 50;

/** A saved-search alert (ours, issue 15): any filter left out matches everything. */
export const searchAlertBody = z
  .object({
    name: textField('name', 100).optional(),
    property_type: propertyTypeField.refine((t) => t === 0 || t === 1, { error: 'property_type must be 0 (sell) or 1 (rent)' }).optional(),
    category_id: idField('category_id').optional(),
    city: textField('city', 100).optional(),
    min_price: numberField('min_price', { min: 0, max: MAX_PRICE }).optional(),
    max_price: numberField('max_price', { min: 0, max: MAX_PRICE }).optional(),
    min_bedrooms: intField('min_bedrooms', { min: 0, max: 50 }).optional(),
    /** Told at once: a notification, live and by Web Push (default on). */
    push: flagField('push').optional(),
    /** In the daily e-mail digest of new matches and price drops (default off). */
    email_digest: flagField('email_digest').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.min_price !== undefined && v.max_price !== undefined && v.min_price > v.max_price) ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'max_price must be at least min_price' });
  });
export type SearchAlertBody = z.infer<typeof searchAlertBody>;

export const searchAlert = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  property_type: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  city: z.string().nullable(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  min_bedrooms: z.number().int().nullable(),
  push: z.boolean(),
  email_digest: z.boolean(),
  created_at: z.string(),
});
export type SearchAlert = z.infer<typeof searchAlert>;

export const deleteSearchAlertBody = z.object({ id: idField('id') });

/** Turns one of one's alerts' push or daily e-mail on or off (what is left out stays). */
export const updateSearchAlertBody = z
  .object({ id: idField('id'), push: flagField('push').optional(), email_digest: flagField('email_digest').optional() })
  .refine((v) => v.push !== undefined || v.email_digest !== undefined, { path: ['push'], error: 'Send push or email_digest' });
export type UpdateSearchAlertBody = z.infer<typeof updateSearchAlertBody>;
