import { MAP_CLUSTER_BATCH_SIZE } from '@estate/core/rules/constants';

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

/** get-property-list's largest `limit` (MAX_PAGE_SIZE of the contract). */
const PAGE_SIZE = 100;
/** Pages asked for at once: enough to fill the map quickly without hogging the server. */
const PARALLEL_PAGES = 4;
/** get-property-list stops counting here (README: "1,000+"). */
const TOTAL_CAP = 1000;

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

async function fetchPage(filters: URLSearchParams, offset: number, signal: AbortSignal): Promise<{ items: unknown[]; total: number }> {
  const query = new URLSearchParams(filters);
  query.set('limit', String(PAGE_SIZE));
  query.set('offset', String(offset));
  const response = await fetch(`/api/get-property-list?${query}`, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`get-property-list answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown; total?: unknown };
  return { items: Array.isArray(body.data) ? body.data : [], total: typeof body.total === 'number' ? body.total : 0 };
}

/**
 * Every listing matching the filters, up to the spec's map batch (2000), for the markers. The API
 * pages by 100, so the pages are fetched a few at a time until one comes back short.
 */
export async function fetchMapListings(filters: URLSearchParams, signal: AbortSignal): Promise<MapListing[]> {
  const out: MapListing[] = [];
  const seen = new Set<number>();
  const add = (items: unknown[]) => {
    for (const raw of items) {
      const listing = toMapListing(raw);
      if (listing && !seen.has(listing.id)) {
        seen.add(listing.id);
        out.push(listing);
      }
    }
  };
  const first = await fetchPage(filters, 0, signal);
  add(first.items);
  // Totals stop counting at TOTAL_CAP, so a capped total means "keep going until a page is short".
  const end = first.total >= TOTAL_CAP ? MAP_CLUSTER_BATCH_SIZE : Math.min(first.total, MAP_CLUSTER_BATCH_SIZE);
  let done = first.items.length < PAGE_SIZE;
  let offset = PAGE_SIZE;
  while (!done && offset < end) {
    const offsets = Array.from({ length: PARALLEL_PAGES }, (_, i) => offset + i * PAGE_SIZE).filter((o) => o < end);
    const pages = await Promise.all(offsets.map((o) => fetchPage(filters, o, signal)));
    for (const page of pages) {
      add(page.items);
      if (page.items.length < PAGE_SIZE) done = true;
    }
    offset += offsets.length * PAGE_SIZE;
  }
  return out;
}
