import type { PersonalisedFields } from '@estate/core';

/** The preference form's state: ids chosen, prices as typed, sale and/or rent, a city. */
export interface PreferenceValues {
  categoryIds: number[];
  facilityIds: number[];
  minPrice: string;
  maxPrice: string;
  sell: boolean;
  rent: boolean;
  city: string;
}

export const emptyPreferences: PreferenceValues = { categoryIds: [], facilityIds: [], minPrice: '', maxPrice: '', sell: false, rent: false, city: '' };

export function valuesOf(saved: PersonalisedFields | null): PreferenceValues {
  if (!saved) return emptyPreferences;
  const [min, max] = saved.price_range;
  return {
    categoryIds: saved.category_ids,
    facilityIds: saved.outdoor_facilitiy_ids,
    minPrice: min === null ? '' : String(min),
    maxPrice: max === null ? '' : String(max),
    sell: saved.property_type.includes(0),
    rent: saved.property_type.includes(1),
    city: saved.city ?? '',
  };
}

/**
 * The body of `personalised-fields` (spelt as the spec has it; lists and the range comma-separated,
 * which the server reads like the apps' form posts), or which price is wrong. A save replaces all.
 */
export function preferencesBody(v: PreferenceValues): { body: Record<string, string | undefined> } | { error: 'price' | 'range' } {
  const price = (s: string) => (s.trim() === '' ? null : Number(s));
  const min = price(v.minPrice);
  const max = price(v.maxPrice);
  if ([min, max].some((n) => n !== null && (!Number.isFinite(n) || n < 0))) return { error: 'price' };
  if (min !== null && max !== null && min > max) return { error: 'range' };
  return {
    body: {
      category_ids: v.categoryIds.join(',') || undefined,
      outdoor_facilitiy_ids: v.facilityIds.join(',') || undefined,
      price_range: min === null && max === null ? undefined : `${min ?? ''},${max ?? ''}`,
      property_type: [...(v.sell ? ['0'] : []), ...(v.rent ? ['1'] : [])].join(',') || undefined,
      city: v.city.trim() || undefined,
    },
  };
}
