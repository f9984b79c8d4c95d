import { z } from 'zod';
import { DEFAULT_PROPERTY_TYPE } from '../rules/constants.ts';
import { user } from './accounts.ts';
import { envelope, idField, idListField, intField, numberField, textField } from './common.ts';
import { MAX_PRICE } from './properties.ts';

/**
 * Saved searches locked to a subscription (spec §3 "Search criteria, server form", §4 "Search
 * lock", §7 "Search criteria"): `direct-save-search`, `direct-get-criteria`, and the same-origin
 * `search-criteria` / `package-search-criteria`. Every one of them is (A): `user_id` and
 * `user_package_id`, when sent, must be the caller's own.
 */

/** A room count of the saved search; null means "any". */
const roomCount = (name: string) => intField(name, { min: 0, max: 100 }).nullable().optional();

const rooms = z.object(
  {
    bedrooms: roomCount('rooms.bedrooms'),
    bathrooms: roomCount('rooms.bathrooms'),
    living_rooms: roomCount('rooms.living_rooms'),
    floors: roomCount('rooms.floors'),
  },
  { error: 'rooms must be an object of bedrooms, bathrooms, living_rooms and floors' },
);

const price = (name: string) => numberField(name, { min: 0, max: MAX_PRICE }).nullable().optional();

/** `direct-save-search` and `POST search-criteria` (JSON): the search to lock. */
export const saveSearchCriteriaBody = z
  .object({
    /** The running package the search is locked to; the caller's latest-ending one when absent. */
    user_package_id: idField('user_package_id').optional(),
    /** Accepted for the spec's clients; must be the caller's id. */
    user_id: idField('user_id').optional(),
    /** 0 sell, 1 rent (spec §9: 1 by default). */
    property_type: intField('property_type', { min: 0, max: 1 }).default(DEFAULT_PROPERTY_TYPE),
    rooms: rooms.nullable().optional(),
    min_price: price('min_price'),
    max_price: price('max_price'),
    category_ids: idListField('category_ids').optional(),
    outdoor_facility_ids: idListField('outdoor_facility_ids').optional(),
    city: textField('city', 100).optional(),
    state: textField('state', 100).optional(),
    country: textField('country', 100).optional(),
    /** 'City, State, Country', or 'Not Specified' (spec §5). */
    location: textField('location', 300).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.min_price != null && body.max_price != null && body.min_price > body.max_price) {
      ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'max_price must not be below min_price' });
    }
  });
export type SaveSearchCriteriaBody = z.infer<typeof saveSearchCriteriaBody>;

/** `direct-get-criteria`: both optional, and refused unless the caller's own. */
export const getSearchCriteriaQuery = z.object({
  user_id: idField('user_id').optional(),
  user_package_id: idField('user_package_id').optional(),
});
export type GetSearchCriteriaQuery = z.infer<typeof getSearchCriteriaQuery>;

/** Saved criteria as answered; `expiration_date` (ISO 8601) is when the lock ends. */
export const searchCriteriaRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_package_id: z.number().int().nullable(),
  property_type: z.number().int().nullable(),
  rooms: z.object({
    bedrooms: z.number().int().nullable(),
    bathrooms: z.number().int().nullable(),
    living_rooms: z.number().int().nullable(),
    floors: z.number().int().nullable(),
  }),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  category_ids: z.array(z.number().int()),
  outdoor_facility_ids: z.array(z.number().int()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  location: z.string(),
  expiration_date: z.string(),
  created_at: z.string(),
});
export type SearchCriteriaRecord = z.infer<typeof searchCriteriaRecord>;

/** A save answers the criteria with their `expiration_date` (spec §7: `data.expiration_date`). */
export const savedSearchCriteriaAnswer = envelope(searchCriteriaRecord);
/** A read answers the caller's unexpired criteria, or null when there are none. */
export const searchCriteriaAnswer = envelope(searchCriteriaRecord.nullable());
export const clearedSearchCriteriaAnswer = envelope(z.null());

/** `test-api`: `error: false` means the server is up. */
export const healthAnswer = envelope(z.object({ status: z.literal('ok') }));

/** `user-profile`: the caller with `user_package_id`, their running package (the one ending last), or null. */
export const userProfile = user.extend({ user_package_id: z.number().int().nullable() });
export const userProfileAnswer = envelope(userProfile);
export type UserProfile = z.infer<typeof userProfile>;
