import { dashboard, envelope, errorResponse } from '@estate/core';
import { ok, type App } from '../../platform/http.ts';
import type { AdminServices } from './services.ts';

export async function dashboardRoutes(app: App, { dashboard: service }: AdminServices) {
  app.get('/dashboard', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: counts, takings and the queues waiting for an admin, with 30 days of new listings, sign-ups and takings',
      security: [{ bearer: [] }],
      response: { 200: envelope(dashboard), 401: errorResponse, 403: errorResponse },
    },
    handler: async () => ok(await service.overview()),
  });
}
