import { formatPrice, stripHtml, timeAgoParts, toDate, type PROJECT_TYPES } from '@estate/core';
import type { Translate } from './i18n.ts';

export type Currency = { symbol: string; code: string; withSuffix: boolean };

const RENT_PERIODS: Record<string, [key: string, fallback: string]> = {
  Daily: ['perDay', '/day'], // t
  Monthly: ['perMonth', '/month'], // t
  Quarterly: ['perQuarter', '/quarter'], // t
  Yearly: ['perYear', '/year'], // t
};

/**
 * A listing's price in the site's currency; rent carries its period ("/month"). The amount is a
 * left-to-right isolate (U+2066…U+2069), so "₹3.09 Cr" keeps its order inside Arabic text.
 */
export function priceLabel(
  price: number,
  propertyType: string,
  rentduration: string | null,
  currency: Currency,
  t: Translate,
): string {
  const amount = `\u2066${formatPrice(price, { currencySymbol: currency.symbol, currencyCode: currency.code, withSuffix: currency.withSuffix })}\u2069`;
  if (propertyType !== 'rent') return amount;
  const period = RENT_PERIODS[rentduration ?? 'Monthly'] ?? RENT_PERIODS.Monthly;
  return `${amount}${t(period[0], period[1])}`;
}

/** Listing, article and plan photos are stored at these widths. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** Slider images are stored at these widths. */
export const SLIDE_WIDTHS = [960, 1920] as const;

/** `srcset` for a -w960.webp image stored at the given widths; undefined for any other image. */
export function srcSetFor(url: string | null | undefined, widths: readonly number[] = PHOTO_WIDTHS): string | undefined {
  if (!url || !url.endsWith('-w960.webp')) return undefined;
  const base = url.slice(0, -'-w960.webp'.length);
  return widths.map((w) => `${base}-w${w}.webp ${w}w`).join(', ');
}

/** Plain-text paragraphs of a description that may hold simple HTML. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/<\/(p|h[1-6]|li|div|ul|ol)>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n\n')
    .split(/\n\s*\n/)
    .map((p) => stripHtml(p).trim())
    .filter((p) => p !== '');
}

/** Upcoming or under construction, in the page's language. */
export function projectTypeLabel(type: (typeof PROJECT_TYPES)[number], t: Translate): string {
  return type === 'upcoming' ? t('upcoming', 'Upcoming') : t('underConstruction', 'Under construction');
}

/** City images are stored at these widths. */
export const CITY_WIDTHS = [480, 960] as const;

/** "Marine Drive, Kochi, Kerala" from address parts, leaving out empty ones and any an earlier part already names. */
export function placeLine(parts: (string | null | undefined)[]): string {
  // Each comma-separated piece once, in order: "343, Indira Nagar" + "Indira Nagar, Lucknow"
  // reads "343, Indira Nagar, Lucknow".
  const kept: string[] = [];
  for (const piece of parts.flatMap((part) => part?.split(',') ?? [])) {
    const text = piece.trim();
    if (text && !kept.some((k) => k.toLowerCase() === text.toLowerCase())) kept.push(text);
  }
  return kept.join(', ');
}

// One formatter per language: making one costs far more than using it, and every card shows an age.
const relativeTimes = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "3 days ago" in the page's language (spec §9 units: a month is 30 days), from the ISO date the
 * API sends; the API's own English wording is the fallback.
 */
export function timeAgoLabel(iso: string, lang: string, englishFallback: string, t: Translate): string {
  if (!toDate(iso)) return englishFallback;
  const parts = timeAgoParts(iso);
  if (!parts) return t('justNow', 'just now');
  try {
    let format = relativeTimes.get(lang);
    if (!format) {
      format = new Intl.RelativeTimeFormat(`${lang}-u-nu-latn`, { numeric: 'always' });
      relativeTimes.set(lang, format);
    }
    return format.format(-parts.count, parts.unit);
  } catch {
    return englishFallback;
  }
}
