import { errorResponse, listEnvelope, notificationListQuery, notificationRow } from '@estate/core';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { NotificationService } from './service.ts';

export async function notificationRoutes(app: App, { notifications }: { notifications: NotificationService }) {
  app.get('/get_notification_list', {
    onRequest: requireViewer,
    schema: {
      tags: ['notifications'],
      summary: 'What one was told (and what was sent to everyone), newest first; `unread` counts what was new, and reading the first page marks it read',
      security: [{ bearer: [] }],
      querystring: notificationListQuery,
      response: { 200: listEnvelope(notificationRow, { unread: z.number().int() }), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { data, total, unread } = await notifications.list(request.query.limit, request.query.offset, contextOf(request));
      return ok(data, 'Data fetched successfully', { total, unread });
    },
  });
}
