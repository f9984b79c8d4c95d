import { deleteSearchAlertBody, envelope, errorResponse, listEnvelope, searchAlert, searchAlertBody, updateSearchAlertBody } from '@estate/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { AlertService } from './service.ts';

export async function alertRoutes(app: App, { alerts }: { alerts: AlertService }) {
  app.post('/search-alerts', {
    onRequest: requireViewer,
    config: { rateLimit: { max: 60, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `alerts:${request.viewer?.id ?? request.ip}` } },
    schema: {
      tags: ['notifications'],
      summary: 'Save a search alert (ours): told when a matching listing goes live or gets cheaper; any filter left out matches all',
      security: [{ bearer: [] }],
      body: searchAlertBody,
      response: { 200: envelope(searchAlert), 400: errorResponse, 401: errorResponse, 409: errorResponse },
    },
    handler: async (request) => ok(await alerts.create(request.body, contextOf(request)), 'Alert saved'),
  });

  app.get('/search-alerts', {
    onRequest: requireViewer,
    schema: { tags: ['notifications'], summary: 'One’s search alerts (ours), newest first', security: [{ bearer: [] }], response: { 200: listEnvelope(searchAlert), 401: errorResponse } },
    handler: async (request) => {
      const data = await alerts.list(contextOf(request));
      return ok(data, 'Data fetched successfully', { total: data.length });
    },
  });

  app.post('/update-search-alert', {
    onRequest: requireViewer,
    schema: {
      tags: ['notifications'],
      summary: 'Turn one of one’s search alerts’ push or daily e-mail digest on or off (ours); what is left out stays',
      security: [{ bearer: [] }],
      body: updateSearchAlertBody,
      response: { 200: envelope(searchAlert), 400: errorResponse, 401: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await alerts.update(request.body, contextOf(request)), 'Alert updated'),
  });

  app.post('/delete-search-alert', {
    onRequest: requireViewer,
    schema: { tags: ['notifications'], summary: 'Delete one of one’s search alerts (ours)', security: [{ bearer: [] }], body: deleteSearchAlertBody, response: { 200: envelope(z.null()), 400: errorResponse, 401: errorResponse, 404: errorResponse } },
    handler: async (request) => {
      await alerts.delete(request.body.id, contextOf(request));
      return ok(null, 'Alert deleted');
    },
  });
}
