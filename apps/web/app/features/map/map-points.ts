/** What a map marker needs of a listing. */
export type MapListing = {
  id: number;
  slug: string;
  title: string;
  lng: number;
  lat: number;
  price: number;
  propertyType: string;
  rentduration: string | null;
  image: string | null;
};

function toMapListing(raw: unknown): MapListing | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const { id, slug_id, title, latitude, longitude, price, property_type, rentduration, title_image } = r;
  if (typeof id !== 'number' || typeof slug_id !== 'string' || typeof title !== 'string') return null;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return {
    id,
    slug: slug_id,
    title,
    lng: longitude,
    lat: latitude,
    price: typeof price === 'number' ? price : 0,
    propertyType: typeof property_type === 'string' ? property_type : '',
    rentduration: typeof rentduration === 'string' ? rentduration : null,
    image: typeof title_image === 'string' ? title_image : null,
  };
}

/**
 * The markers for a search: every listing matching the filters, up to the spec's map batch
 * (MAP_CLUSTER_BATCH_SIZE, 2000), in one call; `truncated` when there are more.
 */
export async function fetchMapListings(filters: URLSearchParams, signal: AbortSignal): Promise<{ listings: MapListing[]; truncated: boolean }> {
  const query = new URLSearchParams(filters);
  // Pages and order belong to the result list, not the map.
  for (const key of ['page', 'view', 'sort_by', 'limit', 'offset']) query.delete(key);
  const response = await fetch(`/api/get-property-map-points?${query}`, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`get-property-map-points answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown; truncated?: unknown };
  const listings = (Array.isArray(body.data) ? body.data : []).map(toMapListing).filter((l): l is MapListing => l !== null);
  return { listings, truncated: body.truncated === true };
}
