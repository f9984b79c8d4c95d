import type { App } from '../../platform/http.ts';
import type { SeoService } from './service.ts';

/** `sitemap.xml` and `robots.txt` for the web app, at the site's root, built from the data. */
export async function seoRoutes(app: App, { seo }: { seo: SeoService }) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const xml = await seo.sitemapXml(request.origin);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robotsTxt(request.origin)),
  );
}
