import { adminPage, auditEntry, auditListQuery, errorResponse } from '@estate/core';
import type { Database } from '../../db/client.ts';
import type { App } from '../../platform/http.ts';
import { auditRepository } from './audit-repository.ts';
import { pageAnswer } from './table.ts';

export async function auditRoutes(app: App, { db }: { db: Database }) {
  app.get('/audit', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: the audit log — every admin change with who, what, before and after — newest first, filterable and searchable',
      security: [{ bearer: [] }],
      querystring: auditListQuery,
      response: { 200: adminPage(auditEntry), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const { rows, total } = await auditRepository.list(db, request.query);
      return pageAnswer(rows, total, request.query);
    },
  });
}
