import { z } from 'zod';
import { PROJECT_TYPES, RENT_DURATIONS, REQUEST_STATUSES, propertyTypeField } from './codes.ts';
import { flagField, idField, idListField, intField, numberField, paginationQuery, slugField, textField } from './common.ts';
import { MAX_PRICE, priceChange, propertyDetail } from './properties.ts';
import { project } from './projects.ts';

/**
 * What an owner sends to add, edit and manage their own listings (spec §3 Property and Project,
 * §7 the (A) catalogue calls), and what they get back. Form bodies use bracketed keys
 * (`parameters[0][parameter_id]`) that `unflattenForm` nests before these schemas see them.
 */

/** Most pictures in one listing's gallery (the form shows the same limit). */
export const MAX_GALLERY_IMAGES = 20;
/** Most documents attached to one listing, and plans to one project. */
export const MAX_DOCUMENTS = 10;
export const MAX_PLANS = 20;
/** Largest picture and document an owner may upload, in megabytes. */
export const MAX_IMAGE_MB = 10;
export const MAX_DOCUMENT_MB = 10;
/** Most parameters and facilities one listing can carry. */
export const MAX_LISTING_PARAMETERS = 60;
export const MAX_LISTING_FACILITIES = 40;
export const MAX_FACILITY_DISTANCE = 10_000;

/** Where an owner gave no place (spec §5). */
export const NOT_SPECIFIED = 'Not Specified';

/**
 * A file field: an uploaded file on the server (checked by content there), a `File` in the browser.
 * Any other value is refused by the service with the field's message.
 */
const fileValue = z.unknown();
/** One file or several (`gallery_images[0]`, `gallery_images[]`, or the same key repeated). */
const fileList = z.unknown().optional().transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** A list of objects sent as bracketed keys, a JSON array (some clients send a string), or absent. */
const objectList = <T extends z.ZodType>(name: string, item: T, max: number) =>
  z.preprocess(
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
    z.array(item, { error: `${name} must be a list` }).max(max, { error: `${name} may hold at most ${max} entries` }),
  );

export const listingParameterInput = z.object({
  parameter_id: idField('parameter_id'),
  /** Text, a number, one of the options, several options (checkbox) or a file. */
  value: z.unknown().optional(),
});
export type ListingParameterInput = z.infer<typeof listingParameterInput>;

export const listingFacilityInput = z.object({
  facility_id: idField('facility_id'),
  distance: numberField('distance', { min: 0, max: MAX_FACILITY_DISTANCE }),
});

const latitude = numberField('latitude', { min: -90, max: 90 });
const longitude = numberField('longitude', { min: -180, max: 180 });
const videoLink = textField('video_link', 500).refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { error: 'video_link must be a web address (https://…)' });

/** 0 sell, 1 rent; sold and rented are reached by `update_property_status`. */
const listedType = propertyTypeField.refine((t) => t === 0 || t === 1, { error: 'property_type must be 0 (sell) or 1 (rent)' });

/** The fields of spec §3 Property that `post_property` takes. */
const propertyFields = {
  title: textField('title', 200).min(3, { error: 'title must be at least 3 characters' }),
  description: textField('description', 10_000).optional(),
  category_id: idField('category_id'),
  /** 0 sell, 1 rent (the default, spec §9); sold and rented are reached by `update_property_status`. */
  property_type: listedType,
  price: numberField('price', { min: 0, max: MAX_PRICE }),
  rentduration: z.enum(RENT_DURATIONS, { error: `rentduration must be one of ${RENT_DURATIONS.join(', ')}` }).optional(),
  address: textField('address', 300).optional(),
  client_address: textField('client_address', 300).optional(),
  city: textField('city', 100).optional(),
  state: textField('state', 100).optional(),
  country: textField('country', 100).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  video_link: videoLink.optional(),
  meta_title: textField('meta_title', 200).optional(),
  meta_description: textField('meta_description', 500).optional(),
  meta_keywords: textField('meta_keywords', 500).optional(),
  meta_image: fileValue.optional(),
  is_premium: flagField('is_premium').optional(),
  title_image: fileValue.optional(),
  three_d_image: fileValue.optional(),
  gallery_images: fileList,
  documents: fileList,
  parameters: objectList('parameters', listingParameterInput, MAX_LISTING_PARAMETERS).optional(),
  facilities: objectList('facilities', listingFacilityInput, MAX_LISTING_FACILITIES).optional(),
  /** Accepted and ignored: the owner is always the caller. */
  userid: z.unknown().optional(),
  slug_id: slugField().optional(),
};

const bothOrNeither = (v: { latitude?: number; longitude?: number }, ctx: z.RefinementCtx) => {
  if ((v.latitude === undefined) !== (v.longitude === undefined)) {
    const field = v.latitude === undefined ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [field], message: 'latitude and longitude must be sent together' });
  }
};

export const postPropertyBody = z
  .object({ ...propertyFields, property_type: listedType.default(1) })
  .superRefine(bothOrNeither);
export type PostPropertyBody = z.infer<typeof postPropertyBody>;

/** `update_post_property`: any field of `post_property`, the listing's id, and what to remove. */
export const updatePropertyBody = z
  .object({
    ...propertyFields,
    id: idField('id'),
    /** 0 update (the default), 1 delete (api-contract "Codes"). */
    action_type: intField('action_type', { min: 0, max: 1 }).default(0),
    remove_gallery_images: idListField('remove_gallery_images', MAX_GALLERY_IMAGES).optional(),
    remove_documents: idListField('remove_documents', MAX_DOCUMENTS).optional(),
    remove_three_d_image: flagField('remove_three_d_image').optional(),
  })
  .partial({ title: true, category_id: true, price: true, property_type: true })
  .superRefine(bothOrNeither);
export type UpdatePropertyBody = z.infer<typeof updatePropertyBody>;

export const deleteListingBody = z.object({ id: idField('id') });

/** `update_property_status`: a sale listing becomes sold (2), a rent listing rented (3), and back (0 / 1). */
export const updatePropertyStatusBody = z.object({
  property_id: idField('property_id'),
  status: intField('status', { min: 0, max: 3 }),
});

/** `change-property-status`: the owner pauses (0) or re-activates (1) an approved listing. */
export const changePropertyStatusBody = z.object({
  property_id: idField('property_id'),
  status: intField('status', { min: 0, max: 1 }),
});

/** What the owner's dashboard filters on: moderation state, or the listing's own state. */
export const OWNER_LISTING_STATES = ['pending', 'approved', 'rejected', 'paused', 'sold', 'rented'] as const;
export type OwnerListingState = (typeof OWNER_LISTING_STATES)[number];

export const addedPropertiesQuery = z.object({
  ...paginationQuery(10),
  id: idField('id').optional(),
  slug_id: slugField().optional(),
  /** Only listings with a running advertisement. */
  is_promoted: flagField('is_promoted').optional(),
  /** Ours: one moderation or listing state. */
  state: z.enum(OWNER_LISTING_STATES, { error: `state must be one of ${OWNER_LISTING_STATES.join(', ')}` }).optional(),
  /** Ours: sale or rent listings (sold ones count as sale, rented as rent). */
  property_type: propertyTypeField.optional(),
  search: textField('search', 100).optional(),
});
export type AddedPropertiesQuery = z.infer<typeof addedPropertiesQuery>;

export const interestedPreview = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  profile: z.string().nullable(),
});

/** An owner's own listing, as `get-added-properties` and the write calls answer it. */
export const ownedProperty = propertyDetail.extend({
  reject_reason: z.string().nullable(),
  /** The listing could be featured now (approved, active, not featured yet). */
  is_feature_available: z.boolean(),
  /** The first interested users; `get_interested_users` pages through all of them with contact data. */
  interested_users: z.array(interestedPreview),
  price_history: z.array(priceChange),
});
export type OwnedProperty = z.infer<typeof ownedProperty>;

/* ─────────────────────────────────────────────── projects ─────────────────────────────────────────────── */

export const planInput = z.object({
  /** A plan already stored (on update); absent for a new one. */
  id: idField('id').optional(),
  title: textField('title', 200),
  /** A file; required for a new plan. */
  document: z.unknown().optional(),
});

const projectFields = {
  title: textField('title', 200).min(3, { error: 'title must be at least 3 characters' }),
  description: textField('description', 10_000).optional(),
  category_id: idField('category_id'),
  type: z.enum(PROJECT_TYPES, { error: `type must be one of ${PROJECT_TYPES.join(', ')}` }),
  meta_title: textField('meta_title', 200).optional(),
  meta_description: textField('meta_description', 500).optional(),
  meta_keywords: textField('meta_keywords', 500).optional(),
  meta_image: fileValue.optional(),
  city: textField('city', 100).optional(),
  state: textField('state', 100).optional(),
  country: textField('country', 100).optional(),
  location: textField('location', 300).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  video_link: videoLink.optional(),
  image: fileValue.optional(),
  gallery_images: fileList,
  documents: fileList,
  plans: objectList('plans', planInput, MAX_PLANS).optional(),
  slug_id: slugField().optional(),
  userid: z.unknown().optional(),
};

/** `post_project` creates, or updates when `id` is sent (with the remove lists). */
export const postProjectBody = z
  .object({
    ...projectFields,
    id: idField('id').optional(),
    remove_gallery_images: idListField('remove_gallery_images', MAX_GALLERY_IMAGES).optional(),
    remove_documents: idListField('remove_documents', MAX_DOCUMENTS).optional(),
    remove_plans: idListField('remove_plans', MAX_PLANS).optional(),
  })
  .partial({ title: true, category_id: true, type: true })
  .superRefine((v, ctx) => {
    bothOrNeither(v, ctx);
    if (v.id === undefined) {
      // A new project needs what every project has; an update may send only what changes.
      for (const field of ['title', 'category_id', 'type'] as const) {
        if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
      }
    }
  });
export type PostProjectBody = z.infer<typeof postProjectBody>;

export const changeProjectStatusBody = z.object({
  project_id: idField('project_id'),
  status: intField('status', { min: 0, max: 1 }),
});

export const addedProjectsQuery = z.object({
  ...paginationQuery(10),
  id: idField('id').optional(),
  slug_id: slugField().optional(),
  state: z.enum(['pending', 'approved', 'rejected', 'paused'] as const, { error: 'state must be one of pending, approved, rejected, paused' }).optional(),
});
export type AddedProjectsQuery = z.infer<typeof addedProjectsQuery>;

export const ownedProject = project.extend({
  reject_reason: z.string().nullable(),
  is_feature_available: z.boolean(),
});
export type OwnedProject = z.infer<typeof ownedProject>;

export { REQUEST_STATUSES };
