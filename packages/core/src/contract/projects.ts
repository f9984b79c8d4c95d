import { z } from 'zod';
import { categoryRef } from './catalogue.ts';
import { PROJECT_TYPES, REQUEST_STATUSES } from './codes.ts';
import { flagField, idField, metaShape, paginationQuery, slugField, textField, intField } from './common.ts';

export const projectCustomer = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  profile: z.string().nullable(),
  slug_id: z.string().nullable(),
});

export const project = z.object({
  id: z.number().int(),
  slug_id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(PROJECT_TYPES),
  category: categoryRef.nullable(),
  category_id: z.number().int(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  image: z.string().nullable(),
  video_link: z.string().nullable(),
  ...metaShape,
  status: z.number().int(),
  request_status: z.enum(REQUEST_STATUSES),
  added_by: z.number().int(),
  promoted: z.boolean(),
  customer: projectCustomer,
  gallary_images: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** `name` is the document's URL (sic, as the original clients read it); `file_name` the name it was uploaded with. */
  documents: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.string(), file_name: z.string() })),
  plans: z.array(z.object({ id: z.number().int(), title: z.string(), document: z.string() })),
  created_at: z.string(),
  /**
   * Ours: true when the viewer may not see the project in full (spec §4/§5 `project_access`) — not
   * its owner, not an admin, and no running package holds the project access feature. The answer
   * is then a teaser: `gallary_images`, `documents` and `plans` are empty, `video_link` is null and
   * the developer's `customer.email`, `customer.mobile` and `customer.address` are null (title,
   * description, picture, place and the developer's name stay).
   */
  project_access_locked: z.boolean(),
});
export type Project = z.infer<typeof project>;

export const getProjectsQuery = z.object({
  ...paginationQuery(10),
  userid: idField('userid').optional(),
  id: idField('id').optional(),
  slug_id: slugField('slug_id').optional(),
  search: textField('search', 100).optional(),
  get_similar: flagField('get_similar').optional(),
  category_id: idField('category_id').optional(),
  city: textField('city', 100).optional(),
  state: textField('state', 100).optional(),
  country: textField('country', 100).optional(),
  posted_since: intField('posted_since', { min: 0, max: 1 }).optional(),
  type: z.enum(PROJECT_TYPES, { error: 'type must be upcoming or under_construction' }).optional(),
  promoted: flagField('promoted').optional(),
});
export type GetProjectsQuery = z.infer<typeof getProjectsQuery>;

export const projectDetailQuery = z.object({
  slug_id: slugField('slug_id'),
  get_similar: flagField('get_similar').optional(),
});
