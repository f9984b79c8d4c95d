import { MAX_COMPARE, type PropertyDetail } from '@estate/core';

/** `?compare=` / `?ids=`: listing ids, comma-separated, at most MAX_COMPARE, each once. */
export function compareIds(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, MAX_COMPARE);
}

export const compareHref = (ids: number[]) => `/user/favourites/compare?ids=${ids.join(',')}`;

/** A parameter's value as text: checkbox values joined. */
export const valueText = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value);

/** The listing's area and the unit its parameter names, e.g. 1480 and "sq ft" from "Area (sq ft)". */
export function areaOf(listing: PropertyDetail): { value: number; unit: string | null } | null {
  const param = listing.parameters.find((p) => p.code === 'area');
  const value = param ? Number(valueText(param.value).replace(/[^\d.]/g, '')) : NaN;
  if (!param || !Number.isFinite(value) || value <= 0) return null;
  return { value, unit: /\(([^)]+)\)\s*$/.exec(param.name)?.[1] ?? null };
}

/** Price per unit area, rounded to a whole amount; null without an area. */
export function pricePerArea(listing: PropertyDetail): number | null {
  const area = areaOf(listing);
  return area ? Math.round(listing.price / area.value) : null;
}

/**
 * The rows of the comparison beyond the fixed ones: every parameter any of the listings has (in
 * the order they first appear), by id, so each column shows its own value or a dash.
 */
export function parameterRows(listings: PropertyDetail[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const listing of listings) for (const p of listing.parameters) if (!seen.has(p.id)) seen.set(p.id, p.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}
