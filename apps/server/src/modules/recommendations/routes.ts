import { envelope, errorResponse, listEnvelope, personalisedFields, personalisedFieldsBody, propertyDetail, recommendationQuery } from '@estate/core';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { RecommendationService } from './service.ts';

export async function recommendationRoutes(app: App, { recommendations }: { recommendations: RecommendationService }) {
  app.post('/personalised-fields', {
    onRequest: requireViewer,
    schema: {
      tags: ['recommendations'],
      summary: 'Save one’s recommendation preferences: category_ids, outdoor_facilitiy_ids (sic), price_range [min, max], property_type (0 sell, 1 rent; one or both), city. Replaces what was saved',
      security: [{ bearer: [] }],
      body: personalisedFieldsBody,
      response: { 200: envelope(personalisedFields), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => ok(await recommendations.save(request.body, contextOf(request)), 'Preferences saved successfully'),
  });

  app.get('/personalised-fields', {
    onRequest: requireViewer,
    schema: {
      tags: ['recommendations'],
      summary: 'One’s saved recommendation preferences (data null when none are saved)',
      security: [{ bearer: [] }],
      response: { 200: envelope(personalisedFields.nullable()), 401: errorResponse },
    },
    handler: async (request) => {
      const data = await recommendations.get(contextOf(request));
      return ok(data, data ? 'Data fetched successfully' : 'No preferences saved');
    },
  });

  app.delete('/personalised-fields', {
    onRequest: requireViewer,
    schema: {
      tags: ['recommendations'],
      summary: 'Forget one’s recommendation preferences (recommendations then follow favourites, views and the newest listings)',
      security: [{ bearer: [] }],
      response: { 200: envelope(z.null()), 401: errorResponse },
    },
    handler: async (request) => {
      await recommendations.remove(contextOf(request));
      return ok(null, 'Preferences removed successfully');
    },
  });

  app.get('/get_user_recommendation', {
    onRequest: requireViewer,
    schema: {
      tags: ['recommendations'],
      summary: 'Listings for the logged-in user, best first: by saved preferences and by the categories and cities they favoured and opened; the newest when nothing is known. Own listings and favourites left out',
      security: [{ bearer: [] }],
      querystring: recommendationQuery,
      response: { 200: listEnvelope(propertyDetail), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { data, total } = await recommendations.page(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });
}
