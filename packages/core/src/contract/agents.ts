import { z } from 'zod';
import { flagField, paginationQuery, slugField } from './common.ts';

export const agent = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  profile: z.string().nullable(),
  slug_id: z.string(),
  city: z.string().nullable(),
  property_count: z.number().int(),
  projects_count: z.number().int(),
  is_verified: z.boolean(),
  is_admin: z.boolean(),
});
export type Agent = z.infer<typeof agent>;

export const agentListQuery = z.object({ ...paginationQuery(12) });

export const agentPropertiesQuery = z.object({
  ...paginationQuery(12),
  slug_id: slugField('slug_id').optional(),
  is_admin: flagField('is_admin').optional(),
  is_projects: flagField('is_projects').optional(),
});

export const agentProfile = agent.extend({
  address: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  about_me: z.string().nullable(),
  facebook_id: z.string().nullable(),
  /** The spec's spelling (sic)… */
  twiiter_id: z.string().nullable(),
  /** …and the one the original web client reads: the same value. */
  twitter_id: z.string().nullable(),
  instagram_id: z.string().nullable(),
  youtube_id: z.string().nullable(),
  is_verify: z.boolean(),
  created_at: z.string(),
});
