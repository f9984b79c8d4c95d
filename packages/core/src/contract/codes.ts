import { z } from 'zod';

/** property_type: stored as a number, answered as a string (api-contract "Codes"). */
export const PROPERTY_TYPES = ['sell', 'rent', 'sold', 'rented'] as const;
export type PropertyTypeName = (typeof PROPERTY_TYPES)[number];
export const propertyTypeName = (code: number): PropertyTypeName => PROPERTY_TYPES[code] ?? 'sell';

/** Accepts 0–3 or the names (sell, rent, sold, rented); yields the stored number. */
export const propertyTypeField = z
  .union([z.string(), z.number()], { error: 'property_type must be one of 0, 1, 2, 3 (sell, rent, sold, rented)' })
  .transform((v, ctx) => {
    const raw = String(v).trim().toLowerCase();
    const byName = PROPERTY_TYPES.indexOf(raw as PropertyTypeName);
    if (byName >= 0) return byName;
    if (/^[0-3]$/.test(raw)) return Number(raw);
    ctx.addIssue({ code: 'custom', message: 'property_type must be one of 0, 1, 2, 3 (sell, rent, sold, rented)' });
    return z.NEVER;
  });

export const LOGIN_TYPES = { google: 0, phone: 1, apple: 2, email: 3 } as const;
export const RENT_DURATIONS = ['Daily', 'Monthly', 'Quarterly', 'Yearly'] as const;
export const PROJECT_TYPES = ['upcoming', 'under_construction'] as const;
export const REQUEST_STATUSES = ['approved', 'pending', 'rejected'] as const;
/**
 * A property's or project's `status`: 1 on the market, 0 taken off (by its owner, or hidden by an
 * admin), 2 held while its owner's account is deactivated — back to 1 when the owner is reactivated.
 */
export const LISTING_STATUS = { inactive: 0, active: 1, heldWithOwner: 2 } as const;
export const VERIFICATION_STATUSES = ['initial', 'pending', 'success', 'failed'] as const;
export const ADVERTISEMENT_STATUS = { approved: 0, pending: 1, rejected: 2, expired: 3 } as const;
export const SLIDER_TYPES = { image: 1, category: 2, property: 3, link: 4 } as const;
export const PARAMETER_TYPES = ['textbox', 'number', 'dropdown', 'radiobutton', 'checkbox', 'textarea', 'file'] as const;

/** posted_since: 0 last week, 1 yesterday. */
export const POSTED_SINCE = { lastWeek: 0, yesterday: 1 } as const;

export const PROPERTY_SORTS = ['newest', 'oldest', 'price_asc', 'price_desc', 'most_viewed', 'most_liked'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];
