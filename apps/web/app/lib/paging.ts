/** The deepest page a list link may ask for; the API refuses offsets beyond its own limit. */
const MAX_PAGE = 1000;

/** `?page=` of a list URL: a whole number from 1, anything else is page 1. */
export function pageNumber(url: URL): number {
  return Math.max(1, Math.min(MAX_PAGE, Math.floor(Number(url.searchParams.get('page'))) || 1));
}

/** The API's `limit`/`offset` for a page. */
export const pageQuery = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });

/** A list page's URL with `page` (left out for page 1) and the other query values. */
export function pageHref(path: string, page: number, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params);
  if (page > 1) search.set('page', String(page));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
