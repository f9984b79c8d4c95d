import { z } from 'zod';
import { idField, paginationQuery, slugField } from './common.ts';

/** How many favourites one account may keep: enough for any search, small enough to answer in one call. */
export const MAX_FAVOURITES = 500;
/** How many favourites the compare view puts side by side. */
export const MAX_COMPARE = 4;

/** The listing a mark is about, saying so by name when it is missing. */
const markedProperty = z
  .any()
  .refine((v) => v !== undefined, { error: 'property_id is required', abort: true })
  .pipe(idField('property_id'));

/** `type` of `add_favourite` and `interested_users`: 1 adds, 0 removes (api-contract "Codes"). */
const markType = z
  .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? 'type is required' : 'type must be 0 or 1') })
  .transform((v, ctx) => {
    if (v === 1 || v === '1') return 1 as const;
    if (v === 0 || v === '0') return 0 as const;
    ctx.addIssue({ code: 'custom', message: 'type must be 0 or 1' });
    return z.NEVER;
  });

/** `add_favourite` (A) and `interested_users` (A): mark or unmark one listing. */
export const markBody = z.object({
  property_id: markedProperty,
  type: markType,
});
export type MarkBody = z.infer<typeof markBody>;

/** What `add_favourite` answers: the listing's state for the caller after the call. */
export const favouriteState = z.object({
  property_id: z.number().int(),
  is_favourite: z.number().int(),
  total_favourite_users: z.number().int(),
});
export type FavouriteState = z.infer<typeof favouriteState>;

/** What `interested_users` answers: the listing's state for the caller after the call. */
export const interestState = z.object({
  property_id: z.number().int(),
  is_interested: z.number().int(),
  total_interested_users: z.number().int(),
});
export type InterestState = z.infer<typeof interestState>;

/** `get_favourite_property` (A): the caller's favourites, newest first. */
export const favouriteListQuery = z.object(paginationQuery(10));

/** `get_interested_users` (A): who marked interest in one of the caller's listings, by id or slug_id. */
export const interestedUsersQuery = z
  .object({
    property_id: idField('property_id').optional(),
    slug_id: slugField('slug_id').optional(),
    ...paginationQuery(10),
  })
  .superRefine((q, ctx) => {
    if (q.property_id === undefined && q.slug_id === undefined) ctx.addIssue({ code: 'custom', path: ['property_id'], message: 'property_id is required' });
  });
export type InterestedUsersQuery = z.infer<typeof interestedUsersQuery>;

/** Someone interested in a listing, with what its owner needs to reach them. */
export const interestedUser = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  slug_id: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  profile: z.string().nullable(),
  /** When they said so (ISO 8601). */
  interested_at: z.string(),
});
export type InterestedUser = z.infer<typeof interestedUser>;

/** `get-user-marks` (ours, for the web app, whose pages are the same for everyone): the caller's hearts and interests. */
export const userMarks = z.object({
  favourite_ids: z.array(z.number().int()),
  interested_ids: z.array(z.number().int()),
});
export type UserMarks = z.infer<typeof userMarks>;
