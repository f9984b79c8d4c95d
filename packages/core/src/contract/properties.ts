import { z } from 'zod';
import { assignedFacility, cardParameterValue, categoryRef, parameterValue } from './catalogue.ts';
import { PROPERTY_SORTS, PROPERTY_TYPES, RENT_DURATIONS, REQUEST_STATUSES, propertyTypeField } from './codes.ts';
import { MAX_OFFSET, flagField, idField, idListField, intField, metaShape, numberField, paginationQuery, slugField, textField } from './common.ts';

export const MAX_PRICE = 1_000_000_000_000;
export const MAX_POLYGON_POINTS = 200;
export const MAX_RADIUS_KM = 500;

/** A listing as shown in result lists and home-page sections. */
export const propertyCard = z.object({
  id: z.number().int(),
  slug_id: z.string(),
  title: z.string(),
  title_image: z.string().nullable(),
  price: z.number(),
  property_type: z.enum(PROPERTY_TYPES),
  category: categoryRef.nullable(),
  category_id: z.number().int(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  rentduration: z.enum(RENT_DURATIONS).nullable(),
  is_premium: z.boolean(),
  promoted: z.boolean(),
  is_favourite: z.number().int(),
  total_view: z.number().int(),
  post_created: z.string(),
  parameters: z.array(cardParameterValue),
  assign_facilities: z.array(assignedFacility),
});
export type PropertyCard = z.infer<typeof propertyCard>;

export const galleryImage = z.object({ id: z.number().int(), image: z.string(), image_url: z.string() });
export const propertyDocument = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** The document's URL. */
  file: z.string(),
  /** The original file's name, e.g. `brochure.pdf` (clients show it and save the download under it). */
  file_name: z.string(),
});

/** A price the listing had, from when (newest first). */
export const priceChange = z.object({ price: z.number(), changed_at: z.string() });
export type PriceChange = z.infer<typeof priceChange>;

/** The full listing of `get_property`. */
export const propertyDetail = propertyCard.extend({
  /** `code` says what a parameter means in any language (area, bedrooms…), as on cards. */
  parameters: z.array(parameterValue.extend({ code: cardParameterValue.shape.code })),
  description: z.string(),
  client_address: z.string().nullable(),
  three_d_image: z.string().nullable(),
  gallery: z.array(galleryImage),
  documents: z.array(propertyDocument),
  video_link: z.string().nullable(),
  ...metaShape,
  status: z.number().int(),
  request_status: z.enum(REQUEST_STATUSES),
  added_by: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string().nullable(),
  customer_slug_id: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  profile: z.string().nullable(),
  is_verified: z.boolean(),
  is_interested: z.number().int(),
  is_reported: z.boolean(),
  total_favourite_users: z.number().int(),
  total_interested_users: z.number().int(),
  is_blocked_by_me: z.boolean(),
  is_blocked_by_user: z.boolean(),
  created_at: z.string(),
  /**
   * True when this is a premium listing (`is_premium`) and the viewer is not entitled to it — not
   * its owner, an admin, a subscriber with premium_properties, or holding its 24-hour unlock. The
   * answer is then a teaser: `address`, `client_address`, `latitude`, `longitude`, the owner's
   * `email` and `mobile`, `video_link` and `three_d_image` are null, and `gallery` and
   * `documents` are empty (the title picture stays).
   */
  premium_locked: z.boolean(),
  /** Ours, with `premium_locked`: the viewer's 24-hour unlock is for another listing (spec §8 "Access Limited"). */
  premium_access_limited: z.boolean().optional(),
  /**
   * Ours, on `get_property` only: the listing is premium and the viewer sees it through their
   * 24-hour single-listing unlock (spec §4 "Premium property access"); the time that unlock ends
   * (ISO 8601). Absent when the viewer sees it otherwise (owner, admin, unlimited subscriber) or not at all.
   */
  premium_unlock_expires_at: z.string().optional(),
  /** Ours: the listing's prices since it was added, newest first (on `get_property` and the owner's calls). */
  price_history: z.array(priceChange).optional(),
});
export type PropertyDetail = z.infer<typeof propertyDetail>;

const postedSince = intField('posted_since', { min: 0, max: 1 });

const coordinate = (name: string, max: number) => numberField(name, { min: -max, max });

/** `x1,y1,x2,y2` as `min_lng,min_lat,max_lng,max_lat`. */
const bboxField = z
  .string({ error: 'bbox must be min_lng,min_lat,max_lng,max_lat' })
  .transform((v, ctx) => {
    const n = v.split(',').map((p) => Number(p.trim()));
    const [minLng, minLat, maxLng, maxLat] = n;
    const valid =
      n.length === 4 &&
      n.every(Number.isFinite) &&
      Math.abs(minLat) <= 90 &&
      Math.abs(maxLat) <= 90 &&
      Math.abs(minLng) <= 180 &&
      Math.abs(maxLng) <= 180 &&
      minLat <= maxLat &&
      minLng <= maxLng;
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: 'bbox must be min_lng,min_lat,max_lng,max_lat within the world' });
      return z.NEVER;
    }
    return { minLng, minLat, maxLng, maxLat };
  });

/** `lng lat,lng lat,…` (at least 3 points) or a JSON array of [lng, lat] pairs. */
const polygonField = z
  .string({ error: 'polygon must be a list of points' })
  .max(20_000, { error: 'polygon is too long' })
  .transform((v, ctx) => {
    let pairs: unknown;
    try {
      pairs = v.trim().startsWith('[') ? JSON.parse(v) : v.split(',').map((p) => p.trim().split(/\s+/).map(Number));
    } catch {
      pairs = null;
    }
    const points = Array.isArray(pairs) ? (pairs as unknown[]) : [];
    const valid =
      points.length >= 3 &&
      points.length <= MAX_POLYGON_POINTS &&
      points.every(
        (p) =>
          Array.isArray(p) &&
          p.length === 2 &&
          p.every((x) => typeof x === 'number' && Number.isFinite(x)) &&
          Math.abs(p[0] as number) <= 180 &&
          Math.abs(p[1] as number) <= 90,
      );
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: `polygon must be 3 to ${MAX_POLYGON_POINTS} "lng lat" points separated by commas` });
      return z.NEVER;
    }
    return (points as [number, number][]).map(([lng, lat]) => ({ lng, lat }));
  });

/** Filters of `get-property-list` (spec §7) plus the map-area and room filters beyond it. */
/** The filters `get_property`'s list form and `get-property-list` share. */
const commonFilterShape = {
  property_type: propertyTypeField.optional(),
  category_id: idField('category_id').optional(),
  category_slug_id: slugField('category_slug_id').optional(),
  city: textField('city', 100).optional(),
  state: textField('state', 100).optional(),
  country: textField('country', 100).optional(),
  min_price: numberField('min_price', { min: 0, max: MAX_PRICE }).optional(),
  max_price: numberField('max_price', { min: 0, max: MAX_PRICE }).optional(),
  posted_since: postedSince.optional(),
  promoted: flagField('promoted').optional(),
  search: textField('search', 100).optional(),
};

/** What a listing search filters on: shared by the result pages and the map's markers. */
const propertyFilterShape = {
  ...commonFilterShape,
  parameter_id: idField('parameter_id').optional(),
  facility_ids: idListField('facility_ids').optional(),
  bedrooms: intField('bedrooms', { min: 0, max: 100 }).optional(),
  bathrooms: intField('bathrooms', { min: 0, max: 100 }).optional(),
  living_rooms: intField('living_rooms', { min: 0, max: 100 }).optional(),
  floors: intField('floors', { min: 0, max: 300 }).optional(),
  is_premium: flagField('is_premium').optional(),
  bbox: bboxField.optional(),
  polygon: polygonField.optional(),
  latitude: coordinate('latitude', 90).optional(),
  longitude: coordinate('longitude', 180).optional(),
  radius: numberField('radius', { min: 0.01, max: MAX_RADIUS_KM }).optional(),
};

type FilterQuery = { min_price?: number; max_price?: number; latitude?: number; longitude?: number; radius?: number };

function checkFilters(q: FilterQuery, ctx: z.RefinementCtx) {
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'max_price must not be below min_price' });
  }
  const circleParts = [q.latitude, q.longitude, q.radius].filter((v) => v !== undefined).length;
  if (circleParts > 0 && circleParts < 3) {
    ctx.addIssue({ code: 'custom', path: ['radius'], message: 'latitude, longitude and radius go together' });
  }
}

export const propertyListQuery = z
  .object({
    ...paginationQuery(12),
    ...propertyFilterShape,
    most_viewed: flagField('most_viewed').optional(),
    most_liked: flagField('most_liked').optional(),
    sort_by: z.enum(PROPERTY_SORTS, { error: `sort_by must be one of ${PROPERTY_SORTS.join(', ')}` }).optional(),
  })
  .superRefine(checkFilters);
export type PropertyListQuery = z.infer<typeof propertyListQuery>;

/** `get-property-map-points` (ours, for the web app's map): the same filters, no pages. */
export const propertyMapQuery = z.object(propertyFilterShape).superRefine(checkFilters);
export type PropertyMapQuery = z.infer<typeof propertyMapQuery>;

/** What a map marker needs of a listing: a card's few fields, always with coordinates. */
export const propertyMapPoint = propertyCard
  .pick({ id: true, slug_id: true, title: true, title_image: true, price: true, property_type: true, rentduration: true })
  .extend({ latitude: z.number(), longitude: z.number() });
export type PropertyMapPoint = z.infer<typeof propertyMapPoint>;

/** `get_property` (spec §7): one listing by id or slug, or a list by the older filters. */
export const getPropertyQuery = z.object({
  ...paginationQuery(10),
  id: idField('id').optional(),
  slug_id: slugField('slug_id').optional(),
  ...commonFilterShape,
  top_rated: flagField('top_rated').optional(),
  most_liked: flagField('most_liked').optional(),
  userid: idField('userid').optional(),
  users_promoted: flagField('users_promoted').optional(),
});
export type GetPropertyQuery = z.infer<typeof getPropertyQuery>;

/** Listings in a city (or else a state); with neither — what the original map page sends — the newest anywhere. */
export const nearbyQuery = z.object({
  city: textField('city', 100).optional(),
  state: textField('state', 100).optional(),
  type: propertyTypeField.optional(),
  ...paginationQuery(12),
});

export { MAX_OFFSET };
