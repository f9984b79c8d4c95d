import { REPORTS_PER_HOUR, addReportBody, envelope, errorResponse, reportState } from '@estate/core';
import type { FastifyRequest } from 'fastify';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { ReportService } from './service.ts';

export async function reportRoutes(app: App, { reports }: { reports: ReportService }) {
  app.post('/add_reports', {
    onRequest: requireViewer,
    // Per user, not per address: reports from one account are what an operator has to read.
    config: { rateLimit: { max: REPORTS_PER_HOUR, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `report:${request.viewer?.id ?? request.ip}` } },
    schema: {
      tags: ['reports'],
      summary: 'Report a listed property: reason_id from get_report_reasons, or 0 / none with other_message ("Other"). Once per user and listing (409 after), never one’s own (403)',
      security: [{ bearer: [] }],
      body: addReportBody,
      response: { 200: envelope(reportState), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    handler: async (request) => ok(await reports.add(request.body, contextOf(request)), 'Report submitted successfully'),
  });
}
