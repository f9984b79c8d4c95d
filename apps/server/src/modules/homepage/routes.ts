import { envelope, homepageData } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { HomepageService } from './service.ts';

export async function homepageRoutes(app: App, { homepage }: { homepage: HomepageService }) {
  app.get('/homepage-data', {
    config: { publicCache: true },
    schema: { tags: ['homepage'], summary: 'Every home-page section; with a token also nearby and recommended listings', response: { 200: envelope(homepageData) } },
    handler: async (request) => ok(await homepage.get(contextOf(request))),
  });
}
