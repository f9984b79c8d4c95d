import { adminDone, adminIdParams, adminPage, envelope, errorResponse, inboxMessage, inboxQuery, inboxReplyBody, inboxRow, inboxThread, inboxThreadQuery, inboxUnread } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { pageAnswer } from './table.ts';
import type { AdminServices } from './services.ts';

const guarded = { tags: ['admin'], security: [{ bearer: [] }] };

export async function inboxRoutes(app: App, { inbox }: AdminServices) {
  app.get('/inbox', {
    schema: {
      ...guarded,
      summary: 'Admin: conversations people hold with the platform about its listings — unread first, then latest (sort unread, last_message_at, name); search by person, listing or message; unread=1 for those waiting',
      querystring: inboxQuery,
      response: { 200: adminPage(inboxRow), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const { rows, total } = await inbox.list(request.query, contextOf(request));
      return pageAnswer(rows, total, request.query);
    },
  });

  app.get('/inbox/unread', {
    schema: { ...guarded, summary: 'Admin: how many messages to the platform no administrator has read', response: { 200: envelope(inboxUnread), 401: errorResponse, 403: errorResponse } },
    handler: async () => ok({ unread: await inbox.unread() }),
  });

  app.get('/inbox/:id', {
    schema: {
      ...guarded,
      summary: 'Admin: one conversation with the platform and a page of its messages, newest first; what the person wrote is marked read (they see the receipt unless they block the platform)',
      params: adminIdParams,
      querystring: inboxThreadQuery,
      response: { 200: envelope(inboxThread), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await inbox.thread(request.params.id, request.query, contextOf(request))),
  });

  app.post('/inbox/:id/reply', {
    schema: {
      ...guarded,
      summary: 'Admin: answer as the platform (audited); the person receives it live and unread in their chat. 403 when they block messages from the platform (block-user to_admin)',
      params: adminIdParams,
      body: inboxReplyBody,
      response: { 200: adminDone(inboxMessage), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await inbox.reply(request.params.id, request.body, contextOf(request)), 'Reply sent'),
  });
}
