import { adminDone, adminIdParams, adminPage, envelope, errorResponse, peopleQuery, personActiveBody, personDetail, personMessageBody, personRoleBody, personRow } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { pageAnswer } from './table.ts';
import type { AdminServices } from './services.ts';

const guarded = { tags: ['admin'], security: [{ bearer: [] }] };

export async function peopleRoutes(app: App, { people }: AdminServices) {
  app.get('/people', {
    schema: {
      ...guarded,
      summary: 'Admin: users, agents and administrators — search (name, e-mail, mobile, slug, id), filter by role, active and verification, sort and page on the server',
      querystring: peopleQuery,
      response: { 200: adminPage(personRow), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const { rows, total } = await people.list(request.query);
      return pageAnswer(rows, total, request.query);
    },
  });

  app.get('/people/:id', {
    schema: {
      ...guarded,
      summary: 'Admin: one person with their activity (listings, projects, payments, reports against them, whether they block the platform) and latest listings',
      params: adminIdParams,
      response: { 200: envelope(personDetail), 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await people.detail(request.params.id)),
  });

  app.post('/people/:id/active', {
    schema: {
      ...guarded,
      summary: 'Admin: deactivate (sessions end; their next log-in answers "Account Deactivated…") or reactivate a person, told by notice and e-mail. 409 for oneself or the last active administrator',
      params: adminIdParams,
      body: personActiveBody,
      response: { 200: adminDone(personDetail), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => ok(await people.setActive(request.params.id, request.body.active, request.body.reason, contextOf(request)), request.body.active ? 'Reactivated' : 'Deactivated'),
  });

  app.post('/people/:id/role', {
    schema: {
      ...guarded,
      summary: 'Admin: make a person a user, an agent or an administrator. 409 when it would remove the last active administrator',
      params: adminIdParams,
      body: personRoleBody,
      response: { 200: adminDone(personDetail), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => ok(await people.setRole(request.params.id, request.body.role, contextOf(request)), 'Role changed'),
  });

  app.post('/people/:id/reset-verification', {
    schema: {
      ...guarded,
      summary: 'Admin: reset a person’s agent verification to "never applied": the badge goes, their application and its files are removed',
      params: adminIdParams,
      response: { 200: adminDone(personDetail), 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await people.resetVerification(request.params.id, contextOf(request)), 'Verification reset'),
  });

  app.post('/people/:id/message', {
    schema: {
      ...guarded,
      summary: 'Admin: send a person a notice (and e-mail) from the platform. 403 when they block messages from the platform (block-user to_admin)',
      params: adminIdParams,
      body: personMessageBody,
      response: { 200: adminDone(z.object({ user_id: z.number().int() })), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await people.message(request.params.id, request.body, contextOf(request)), 'Message sent'),
  });
}
