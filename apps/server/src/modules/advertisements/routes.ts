import { advertisement, envelope, errorResponse, featuredDataQuery, listEnvelope, storeAdvertisementBody } from '@estate/core';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { AdvertisementService } from './service.ts';

export async function advertisementRoutes(app: App, { advertisements }: { advertisements: AdvertisementService }) {
  app.post('/store_advertisement', {
    onRequest: requireViewer,
    schema: {
      tags: ['packages'],
      summary: 'Feature one’s own approved property or project (feature_for property|project) with a property_feature / project_feature unit, for 30 days or until the package ends',
      security: [{ bearer: [] }],
      body: storeAdvertisementBody,
      response: { 200: envelope(advertisement), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => ok(await advertisements.store(request.body, contextOf(request)), 'Your listing is featured now'),
  });

  app.get('/get-featured-data', {
    onRequest: requireViewer,
    schema: {
      tags: ['packages'],
      summary: 'One’s advertisements, newest first, with what they feature (status 0 approved, 3 expired)',
      security: [{ bearer: [] }],
      querystring: featuredDataQuery,
      response: { 200: listEnvelope(advertisement), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { data, total } = await advertisements.mine(request.query.type, request.query.limit, request.query.offset, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });
}
