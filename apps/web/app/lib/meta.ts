import { makeT, type SiteData, type Translate } from './i18n.ts';

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The root loader's data as seen from a route's `meta` function. */
export function siteFromMatches(matches: readonly MatchLike[]): { site: SiteData | undefined; t: Translate } {
  const root = matches.find((m) => m?.id === 'root');
  const site = (root?.loaderData ?? root?.data) as SiteData | undefined;
  return { site, t: makeT(site?.dictionary) };
}

/** "Page · Company" */
export function pageTitle(title: string, site: SiteData | undefined): string {
  return site ? `${title} · ${site.company.name}` : title;
}
