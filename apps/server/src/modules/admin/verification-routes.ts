import { adminDone, adminFormField, adminIdParams, adminPage, envelope, errorResponse, formFieldBody, formOrderBody, listEnvelope, verificationApplication, verificationDecision, verificationDecisionBody, verificationQueueQuery } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { pageAnswer } from './table.ts';
import type { AdminServices } from './services.ts';

const guarded = { tags: ['admin'], security: [{ bearer: [] }] };

export async function verificationAdminRoutes(app: App, { verificationAdmin }: AdminServices) {
  app.get('/verifications', {
    schema: {
      ...guarded,
      summary: 'Admin: agent verification applications by state (pending, success, failed) with the applicant and the answers (files as absolute URLs)',
      querystring: verificationQueueQuery,
      response: { 200: adminPage(verificationApplication), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const { rows, total } = await verificationAdmin.queue(request.query, contextOf(request));
      return pageAnswer(rows, total, request.query);
    },
  });

  app.post('/verifications/:id/decide', {
    schema: {
      ...guarded,
      summary: 'Admin: approve (the verified badge shows) or fail with a reason a pending application (id = the applicant); the applicant is told. 409 when none is pending',
      params: adminIdParams,
      body: verificationDecisionBody,
      response: { 200: adminDone(verificationDecision), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => ok(await verificationAdmin.decide(request.params.id, request.body, contextOf(request)), request.body.status === 'success' ? 'Approved' : 'Failed'),
  });

  app.get('/verification-fields', {
    schema: {
      ...guarded,
      summary: 'Admin: every field of the verification form (switched-off ones too) in order, with options and how many answers each holds',
      response: { 200: listEnvelope(adminFormField), 401: errorResponse, 403: errorResponse },
    },
    handler: async () => {
      const data = await verificationAdmin.fields();
      return ok(data, 'Data fetched successfully', { total: data.length });
    },
  });

  app.post('/verification-fields', {
    schema: {
      ...guarded,
      summary: 'Admin: add a field to the verification form (last in order); dropdown, radio and checkbox fields need options',
      body: formFieldBody,
      response: { 200: adminDone(adminFormField), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => ok(await verificationAdmin.createField(request.body, contextOf(request)), 'Field added'),
  });

  app.post('/verification-fields/order', {
    schema: {
      ...guarded,
      summary: 'Admin: the form’s order — ids names every field once, first to last',
      body: formOrderBody,
      response: { 200: listEnvelope(adminFormField), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      const data = await verificationAdmin.reorder(request.body.ids, contextOf(request));
      return ok(data, 'Order saved', { total: data.length });
    },
  });

  app.post('/verification-fields/:id', {
    schema: {
      ...guarded,
      summary: 'Admin: change a field (name, type, required, on/off, options); a field with answers keeps its type',
      params: adminIdParams,
      body: formFieldBody,
      response: { 200: adminDone(adminFormField), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => ok(await verificationAdmin.updateField(request.params.id, request.body, contextOf(request)), 'Field saved'),
  });

  app.post('/verification-fields/:id/delete', {
    schema: {
      ...guarded,
      summary: 'Admin: remove a field; one that holds answers is switched off instead (deleted: false), so past applications stay readable',
      params: adminIdParams,
      response: { 200: envelope(z.object({ id: z.number().int(), deleted: z.boolean() })), 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => {
      const result = await verificationAdmin.deleteField(request.params.id, contextOf(request));
      return ok(result, result.deleted ? 'Field removed' : 'Field switched off');
    },
  });
}
