import { slugify } from '@estate/core';
import type { Database } from '../../db/client.ts';
import type { SettingsService } from '../settings/service.ts';
import { seoRepository, type SitemapKind } from './repository.ts';

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Pages of the web app that exist whatever the data. */
export const STATIC_PAGES = [
  '/',
  '/properties',
  '/projects',
  '/articles',
  '/agents',
  '/cities',
  '/faqs',
  '/contact-us',
  '/about-us',
  '/terms-and-conditions',
  '/privacy-policy',
] as const;

/** Where the web app shows one item of each kind. */
const DETAIL_PATHS: Record<SitemapKind, string> = {
  property: '/properties-details/',
  project: '/project-details/',
  article: '/article-details/',
  agent: '/agent-details/',
};

/** Paths crawlers should leave alone: signed-in pages, the API and development tools. */
const DISALLOWED = ['/user/', '/auth/', '/api/', '/dev/'];

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export class SeoService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  async sitemapUrls(origin: string): Promise<SitemapUrl[]> {
    const company = await this.settings.company(origin);
    // The platform has an agent page of its own, under its company name's slug.
    const platformAgent = slugify(company.name) || 'platform';
    const urls: SitemapUrl[] = [...STATIC_PAGES, `${DETAIL_PATHS.agent}${platformAgent}`].map((path) => ({ loc: `${origin}${path}` }));
    const rows = await seoRepository.sitemapEntries(this.db, SITEMAP_MAX_URLS - urls.length);
    for (const row of rows) {
      if (urls.length >= SITEMAP_MAX_URLS) break;
      const updated = row.updated_at ? new Date(row.updated_at) : null;
      urls.push({
        loc: `${origin}${DETAIL_PATHS[row.kind]}${encodeURIComponent(row.slug_id)}`,
        ...(updated && !Number.isNaN(updated.getTime()) ? { lastmod: updated.toISOString() } : {}),
      });
    }
    return urls;
  }

  async sitemapXml(origin: string): Promise<string> {
    const urls = await this.sitemapUrls(origin);
    const body = urls
      .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  }

  robotsTxt(origin: string): string {
    return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  }
}
