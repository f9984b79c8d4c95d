import type { SearchAlert } from '@estate/core';
import type { Translate } from '../../lib/i18n.ts';
import { shortAmount } from '../search/price.ts';
import type { Filters } from '../search/search-url.ts';

/** What an alert is saved from: the filters of the results page it watches. */
export type AlertFilters = Pick<SearchAlert, 'property_type' | 'category_id' | 'city' | 'min_price' | 'max_price' | 'min_bedrooms'>;

/** Filters of a search that an alert cannot watch (it matches on deal, category, city, price and bedrooms). */
const NOT_WATCHED = ['search', 'bbox', 'polygon', 'bathrooms', 'living_rooms', 'floors', 'facility_ids'] as const;

const wholeNumber = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : null);
const amount = (v: string | undefined) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : null);

/**
 * The alert a results page's filters make: the deal, category, city, price range, and its bedrooms
 * as "at least" (a new listing with more bedrooms is still wanted); `ignored` names the filters on
 * screen that an alert does not watch, so the page can say so.
 */
export function alertFromFilters(filters: Filters): { alert: AlertFilters; ignored: string[] } {
  const type = filters.property_type === '0' || filters.property_type === '1' ? Number(filters.property_type) : null;
  return {
    alert: {
      property_type: type,
      category_id: wholeNumber(filters.category_id),
      city: filters.city?.trim() || null,
      min_price: amount(filters.min_price),
      max_price: amount(filters.max_price),
      min_bedrooms: wholeNumber(filters.bedrooms),
    },
    ignored: NOT_WATCHED.filter((key) => !!filters[key]),
  };
}

/** The results page an alert's filters open. */
export function filtersOfAlert(a: AlertFilters): Filters {
  const f: Filters = {};
  if (a.property_type !== null) f.property_type = String(a.property_type);
  if (a.category_id !== null) f.category_id = String(a.category_id);
  if (a.city) f.city = a.city;
  if (a.min_price !== null) f.min_price = String(a.min_price);
  if (a.max_price !== null) f.max_price = String(a.max_price);
  if (a.min_bedrooms !== null) f.bedrooms = String(a.min_bedrooms);
  return f;
}

/** An alert's filters in words, one phrase each ("For rent", "Pune", "₹50L – ₹1Cr", "2+ bedrooms"); "Any listing" when it has none. */
export function alertWords(a: AlertFilters, t: Translate, categories: { id: number; category: string }[], currency?: { symbol: string; code: string }): string[] {
  const words: string[] = [];
  if (a.property_type !== null) words.push(a.property_type === 1 ? t('forRent', 'For rent') : t('forSale', 'For sale'));
  if (a.category_id !== null) words.push(categories.find((c) => c.id === a.category_id)?.category ?? t('category', 'Category'));
  if (a.city) words.push(a.city);
  // An amount keeps its own order inside right-to-left words (a left-to-right isolate): "حتى ₹90L", not "90L₹".
  const money = (n: number) => `\u2066${currency?.symbol ?? ''}${shortAmount(n, currency?.code ?? 'USD')}\u2069`;
  if (a.min_price !== null && a.max_price !== null) words.push(`${money(a.min_price)} – ${money(a.max_price)}`);
  else if (a.min_price !== null) words.push(t('priceFrom', 'From {amount}').replace('{amount}', money(a.min_price)));
  else if (a.max_price !== null) words.push(t('priceUpTo', 'Up to {amount}').replace('{amount}', money(a.max_price)));
  if (a.min_bedrooms !== null) words.push(t.count(a.min_bedrooms, 'bedroomsAtLeast', '{count}+ bedroom', '{count}+ bedrooms'));
  return words.length ? words : [t('anyListing', 'Any listing')];
}
