import type { App } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { PUSH_SERVICE_WORKER } from '../../platform/push/service-worker.ts';
import type { SettingsService } from '../settings/service.ts';
import type { SeoService } from './service.ts';

/** `sitemap.xml`, `robots.txt` and `favicon.ico` for the web app, at the site's root, built from the data. */
export async function seoRoutes(app: App, { seo, settings }: { seo: SeoService; settings: SettingsService }) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const xml = await seo.sitemapXml(request.origin);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robotsTxt(request.origin)),
  );

  // The push service worker (spec §7: its path); always revalidated, so a new version reaches every browser.
  app.get('/firebase-messaging-sw.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').header('service-worker-allowed', '/').send(PUSH_SERVICE_WORKER),
  );

  // Pages link the settings' icon; this serves clients that ask the root for it (feed readers, old browsers).
  app.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) => {
    const icon = mediaUrl(request.origin, (await settings.values()).favicon_icon || null);
    if (!icon) return reply.code(404).type('text/plain; charset=utf-8').send('No icon is set (favicon_icon in the settings).');
    return reply.header('cache-control', 'public, max-age=3600').redirect(icon, 302);
  });
}
