export const DEFAULT_SLUG_FALLBACK = 'item';
export const ELLIPSIS = '...';
export const MAX_UNIQUE_SLUG_ATTEMPTS = 1000;

/**
 * Lower-cases, keeps letters (any script), digits, spaces and hyphens, turns
 * whitespace into hyphens, collapses repeated hyphens and trims hyphens at the ends.
 * Combining marks are kept because scripts such as Devanagari need them for letters.
 */
export function slugify(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Slugifies `base` (or `fallback` when that yields nothing) and appends -2, -3, ...
 * until `isTaken` says the slug is free.
 */
export async function uniqueSlug(
  base: string,
  isTaken: (slug: string) => boolean | Promise<boolean>,
  fallback: string = DEFAULT_SLUG_FALLBACK,
): Promise<string> {
  const slug = slugify(base) || slugify(fallback) || DEFAULT_SLUG_FALLBACK;
  if (!(await isTaken(slug))) return slug;
  // A bound stops a faulty `isTaken` that always answers true from looping forever.
  for (let n = 2; n <= MAX_UNIQUE_SLUG_ATTEMPTS; n++) {
    const candidate = `${slug}-${n}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error(`Could not find a free slug for "${slug}"`);
}

/**
 * Cuts text to `length` characters (code points, so emoji are never split) and
 * appends "..." only when something was cut. Trailing whitespace before the
 * ellipsis is dropped.
 */
export function truncate(text: string | null | undefined, length: number): string {
  if (typeof text !== 'string') return '';
  const chars = Array.from(text);
  const limit = Number.isFinite(length) ? Math.max(0, Math.floor(length)) : 0;
  if (chars.length <= limit) return text;
  return chars.slice(0, limit).join('').trimEnd() + ELLIPSIS;
}

const NAMED_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeCodePoint(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Plain text from HTML for meta descriptions: tags removed, common entities decoded, whitespace collapsed. */
export function stripHtml(html: string | null | undefined): string {
  if (typeof html !== 'string') return '';
  return (
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(lt|gt|quot|apos|nbsp);/gi, (_, name: string) => NAMED_ENTITIES[name.toLowerCase()])
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => decodeCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => decodeCodePoint(parseInt(dec, 10)))
      // &amp; last, so "&amp;lt;" becomes the text "&lt;" rather than "<".
      .replace(/&amp;/gi, '&')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
