import { makeT, type SiteData, textsOf, type Translate } from './i18n.ts';

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The root loader's data as seen from a route's `meta` function. */
export function siteFromMatches(matches: readonly MatchLike[]): { site: SiteData | undefined; t: Translate } {
  const root = matches.find((m) => m?.id === 'root');
  const site = (root?.loaderData ?? root?.data) as SiteData | undefined;
  return { site, t: makeT(textsOf(site?.texts), site?.lang) };
}

/** "Page · Company" */
export function pageTitle(title: string, site: SiteData | undefined): string {
  return site ? `${title} · ${site.company.name}` : title;
}

/** Absolute URL of a path on this site (the root loader knows the origin). */
export function absoluteUrl(path: string, site: SiteData | undefined): string {
  return `${site?.origin ?? ''}${path}`;
}

/**
 * The head of a detail page (project, article, agent…): title, description, canonical URL,
 * Open Graph and JSON-LD, from the item's meta fields.
 */
export function detailMeta(opts: {
  site: SiteData | undefined;
  path: string;
  title: string;
  description: string;
  image?: string | null;
  ogType?: 'website' | 'article' | 'profile';
  jsonLd: Record<string, unknown>;
}) {
  const canonical = absoluteUrl(opts.path, opts.site);
  return [
    { title: pageTitle(opts.title, opts.site) },
    { name: 'description', content: opts.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: opts.ogType ?? 'website' },
    { property: 'og:title', content: opts.title },
    { property: 'og:description', content: opts.description },
    { property: 'og:url', content: canonical },
    ...(opts.image ? [{ property: 'og:image', content: opts.image }] : []),
    { 'script:ld+json': { '@context': 'https://schema.org', url: canonical, ...opts.jsonLd } },
  ];
}

/** Title and description of a list or static page. */
export function listMeta(site: SiteData | undefined, title: string, description: string) {
  return [{ title: pageTitle(title, site) }, { name: 'description', content: description }];
}
