import type { PropertyMapPoint } from '@estate/core';

const isPoint = (raw: unknown): raw is PropertyMapPoint => {
  const p = raw as PropertyMapPoint | null;
  return !!p && typeof p.id === 'number' && typeof p.slug_id === 'string' && Number.isFinite(p.latitude) && Number.isFinite(p.longitude);
};

/**
 * The markers for a search: every listing matching the filters, up to the spec's map batch
 * (MAP_CLUSTER_BATCH_SIZE, 2000), in one call; `truncated` when there are more.
 */
export async function fetchMapPoints(filters: URLSearchParams, signal: AbortSignal): Promise<{ points: PropertyMapPoint[]; truncated: boolean }> {
  const query = new URLSearchParams(filters);
  // Pages and order belong to the result list, not the map.
  for (const key of ['page', 'view', 'sort_by', 'limit', 'offset']) query.delete(key);
  const response = await fetch(`/api/get-property-map-points?${query}`, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`get-property-map-points answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown; truncated?: unknown };
  return { points: (Array.isArray(body.data) ? body.data : []).filter(isPoint), truncated: body.truncated === true };
}
