import { adminDone, adminPage, errorResponse, moderateBody, moderateResult, moderationItem, moderationListQuery, moderationParams } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { pageAnswer } from './table.ts';
import type { AdminServices } from './services.ts';

export async function moderationRoutes(app: App, { moderation }: AdminServices) {
  app.get('/listings/:kind', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: properties or projects by review state (pending, approved, rejected), searchable by title, slug, city, owner or id',
      security: [{ bearer: [] }],
      params: moderationParams,
      querystring: moderationListQuery,
      response: { 200: adminPage(moderationItem), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const { rows, total } = await moderation.list(request.params.kind, request.query);
      return pageAnswer(rows, total, request.query);
    },
  });

  app.post('/listings/:kind/moderate', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: approve or reject (with a reason the owner sees) up to 100 listings at once; owners are notified and every change is audited',
      security: [{ bearer: [] }],
      params: moderationParams,
      body: moderateBody,
      response: { 200: adminDone(moderateResult), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const result = await moderation.moderate(request.params.kind, request.body, contextOf(request));
      return ok(result, request.body.action === 'approve' ? 'Approved' : 'Rejected');
    },
  });
}
