/**
 * A property search lives in the URL of /properties: every filter, the sort, the view and the page.
 * These helpers read it and write it, so a shared link restores exactly what the visitor saw.
 */

export const ROOM_KEYS = ['bedrooms', 'bathrooms', 'living_rooms', 'floors'] as const;
export type RoomKey = (typeof ROOM_KEYS)[number];
/** What narrows the results (the sort, view and page only order or present them). */
export const NARROWING_KEYS = ['property_type', 'category_id', 'city', 'min_price', 'max_price', 'search', 'bbox', 'polygon', ...ROOM_KEYS, 'facility_ids'] as const;
export const FILTER_KEYS = [...NARROWING_KEYS, 'sort_by'] as const;
export const SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed'] as const;
export const VIEWS = ['grid', 'list', 'map'] as const;
export type View = (typeof VIEWS)[number];
export type Filters = Record<string, string>;

/** The filters of a /properties URL; the panel's facility boxes (`facility=1&facility=4`) become the API's `facility_ids=1,4`. */
export function readFilters(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const ticked = params.getAll('facility').filter((id) => /^\d+$/.test(id));
  if (ticked.length) filters.facility_ids = [...new Set([...(filters.facility_ids?.split(',') ?? []), ...ticked])].join(',');
  return filters;
}

export function readView(params: URLSearchParams): View {
  return VIEWS.find((v) => v === params.get('view')) ?? 'grid';
}

/** `/properties?…` for these filters, view and page (page 1 and the grid view are left out). */
export function searchHref(filters: Filters, view: View = 'grid', page = 1): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (view !== 'grid') params.set('view', view);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `/properties?${qs}` : '/properties';
}

/** The filters without some keys, or with some values changed (empty values drop the key). */
export function withFilters(filters: Filters, change: Filters): Filters {
  const next = { ...filters };
  for (const [key, value] of Object.entries(change)) {
    if (value) next[key] = value;
    else delete next[key];
  }
  return next;
}

/** The filters that narrow the results, for the API's count (no sort, view or page). */
export function narrowing(filters: Filters): Filters {
  const kept: Filters = {};
  for (const key of NARROWING_KEYS) if (filters[key]) kept[key] = filters[key];
  return kept;
}
