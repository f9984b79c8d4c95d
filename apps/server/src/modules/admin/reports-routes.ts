import { adminDone, adminIdParams, adminPage, errorResponse, reportDecision, reportDecisionBody, reportedListing, reportQueueQuery } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { pageAnswer } from './table.ts';
import type { AdminServices } from './services.ts';

export async function reportsRoutes(app: App, { reportsQueue }: AdminServices) {
  app.get('/reports', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: reported listings (open or closed reports), one row per listing with the count, the reasons chosen and the reporters’ words; searchable by title, slug, owner or id',
      security: [{ bearer: [] }],
      querystring: reportQueueQuery,
      response: { 200: adminPage(reportedListing), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const { rows, total } = await reportsQueue.queue(request.query);
      return pageAnswer(rows, total, request.query);
    },
  });

  app.post('/reports/:id/decide', {
    schema: {
      tags: ['admin'],
      summary:
        'Admin: decide on a reported listing (id = the property): dismiss the reports, hide the listing (it leaves public pages), warn the owner (notice and e-mail) or deactivate the owner; every open report of the listing closes. 409 when none is open',
      security: [{ bearer: [] }],
      params: adminIdParams,
      body: reportDecisionBody,
      response: { 200: adminDone(reportDecision), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => ok(await reportsQueue.decide(request.params.id, request.body, contextOf(request)), 'Decided'),
  });
}
