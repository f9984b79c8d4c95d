import { DEFAULT_PROPERTY_TYPE } from './constants.ts';

export const INVALID_SEARCH_CRITERIA_FORMAT = 'Invalid search criteria format';
export const EMPTY_SEARCH_MESSAGE = 'Please provide at least one search criterion before searching.';
export const LOCATION_NOT_SPECIFIED = 'Not Specified';

export const NUMERIC_CRITERIA_FIELDS = [
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'livingRooms',
  'floors',
] as const;
export type NumericCriteriaField = (typeof NUMERIC_CRITERIA_FIELDS)[number];

type Scalar = string | number;

export interface SearchLocation {
  city?: string | null;
  state?: string | null;
  country?: string | null;
  latitude?: Scalar | null;
  longitude?: Scalar | null;
}

/** The search form as the UI holds it; inputs may still be strings. */
export interface SearchFormCriteria {
  propType?: Scalar | null;
  category?: Scalar | Scalar[] | null;
  minPrice?: Scalar | null;
  maxPrice?: Scalar | null;
  selectedLocation?: SearchLocation | null;
  facilitiesIds?: Scalar[] | string | null;
  bedrooms?: Scalar | null;
  bathrooms?: Scalar | null;
  livingRooms?: Scalar | null;
  floors?: Scalar | null;
}

export interface SanitizedLocation {
  city?: string;
  state?: string;
  country?: string;
  latitude: number;
  longitude: number;
  [key: string]: unknown;
}

export interface SanitizedSearchCriteria {
  propType?: Scalar;
  category?: Scalar | Scalar[];
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  bathrooms?: number;
  livingRooms?: number;
  floors?: number;
  facilitiesIds?: unknown[];
  selectedLocation?: SanitizedLocation | null;
  [key: string]: unknown;
}

export interface ServerSearchRooms {
  bedrooms: number | null;
  bathrooms: number | null;
  living_rooms: number | null;
  floors: number | null;
}

export interface ServerSearchCriteria {
  user_package_id: number | string | null;
  user_id: number | string | null;
  property_type: Scalar;
  rooms: ServerSearchRooms;
  min_price: number | null;
  max_price: number | null;
  category_ids: Scalar[];
  outdoor_facility_ids: Scalar[];
  city: string | null;
  state: string | null;
  country: string | null;
  location: string;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Number from a number or numeric string; '' and anything unparseable give null. */
export function toNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const cleaned = value.replace(/,/g, '').trim();
    if (cleaned === '') return null;
    const parsed = Number(cleaned);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function toFacilityList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

function sanitizeLocation(value: unknown): SanitizedLocation | null {
  if (!isPlainObject(value)) return null;
  const location: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== null && entry !== undefined) location[key] = entry;
  }
  return {
    ...location,
    latitude: toNumberOrNull(value.latitude) ?? 0,
    longitude: toNumberOrNull(value.longitude) ?? 0,
  };
}

/**
 * Cleans stored or submitted search criteria. Null/undefined values are dropped;
 * numeric fields that do not parse as numbers are dropped as well rather than
 * becoming 0, so a junk value never turns into a real filter. Unknown keys pass through.
 */
export function sanitizeSearchCriteria(input: unknown): SanitizedSearchCriteria {
  if (!isPlainObject(input)) throw new Error(INVALID_SEARCH_CRITERIA_FORMAT);
  const result: SanitizedSearchCriteria = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    if ((NUMERIC_CRITERIA_FIELDS as readonly string[]).includes(key)) {
      const parsed = toNumberOrNull(value);
      if (parsed !== null) result[key] = parsed;
    } else if (key === 'facilitiesIds') {
      result.facilitiesIds = toFacilityList(value);
    } else if (key === 'selectedLocation') {
      result.selectedLocation = sanitizeLocation(value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function cleanText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function hasLocation(location: unknown): boolean {
  if (!isPlainObject(location)) return false;
  if (cleanText(location.city) || cleanText(location.state) || cleanText(location.country)) return true;
  const lat = toNumberOrNull(location.latitude);
  const lng = toNumberOrNull(location.longitude);
  return (lat !== null && lat !== 0) || (lng !== null && lng !== 0);
}

/**
 * Whether the form holds at least one criterion. Prices and room counts of 0
 * count as unset (the form's "any"); propType 0 is a real choice and counts.
 */
export function hasAnySearchCriterion(criteria: SearchFormCriteria | null | undefined): boolean {
  if (!isPlainObject(criteria)) return false;
  if (!isBlank(criteria.propType) || !isBlank(criteria.category)) return true;
  for (const field of NUMERIC_CRITERIA_FIELDS) {
    const value = toNumberOrNull(criteria[field]);
    if (value !== null && value !== 0) return true;
  }
  if (toFacilityList(criteria.facilitiesIds).length > 0) return true;
  return hasLocation(criteria.selectedLocation);
}

function toIdList(value: unknown): Scalar[] {
  const list = Array.isArray(value) ? value : isBlank(value) ? [] : [value];
  return list
    .filter((id): id is Scalar => (typeof id === 'number' || typeof id === 'string') && !isBlank(id))
    .map((id) => toNumberOrNull(id) ?? id);
}

function describeLocation(city: string | null, state: string | null, country: string | null): string {
  const parts = [city, state, country].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : LOCATION_NOT_SPECIFIED;
}

export interface SearchOwner {
  userId: number | string | null | undefined;
  userPackageId: number | string | null | undefined;
}

/**
 * Maps the UI search form to the server's field names. A missing propType uses
 * DEFAULT_PROPERTY_TYPE; a location without city, state and country is 'Not Specified'.
 */
export function toServerSearchCriteria(
  ui: SearchFormCriteria | null | undefined,
  { userId, userPackageId }: SearchOwner,
): ServerSearchCriteria {
  const form: SearchFormCriteria = isPlainObject(ui) ? ui : {};
  const location = isPlainObject(form.selectedLocation) ? form.selectedLocation : {};
  const city = cleanText(location.city);
  const state = cleanText(location.state);
  const country = cleanText(location.country);
  const propType = isBlank(form.propType)
    ? DEFAULT_PROPERTY_TYPE
    : (toNumberOrNull(form.propType) ?? (form.propType as Scalar));

  return {
    user_package_id: userPackageId ?? null,
    user_id: userId ?? null,
    property_type: propType,
    rooms: {
      bedrooms: toNumberOrNull(form.bedrooms),
      bathrooms: toNumberOrNull(form.bathrooms),
      living_rooms: toNumberOrNull(form.livingRooms),
      floors: toNumberOrNull(form.floors),
    },
    min_price: toNumberOrNull(form.minPrice),
    max_price: toNumberOrNull(form.maxPrice),
    category_ids: toIdList(form.category),
    outdoor_facility_ids: toIdList(toFacilityList(form.facilitiesIds)),
    city,
    state,
    country,
    location: describeLocation(city, state, country),
  };
}
