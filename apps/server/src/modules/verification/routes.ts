import { applyVerificationBody, envelope, errorResponse, listEnvelope, verificationField, verificationState, verificationValue, VERIFICATION_STATUSES } from '@estate/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, nestFormKeys, ok, type App } from '../../platform/http.ts';
import type { VerificationService } from './service.ts';

const perUser = { max: 20, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `verification:${request.viewer?.id ?? request.ip}` };

export async function verificationRoutes(app: App, { verification }: { verification: VerificationService }) {
  app.get('/get-agent-verification-form-fields', {
    onRequest: requireViewer,
    schema: {
      tags: ['agent verification'],
      summary: 'The form an agent fills in to be verified: fields in order, with the options of dropdown, radio and checkbox fields',
      security: [{ bearer: [] }],
      response: { 200: listEnvelope(verificationField), 401: errorResponse },
    },
    handler: async () => {
      const data = await verification.fields();
      return ok(data, 'Data fetched successfully', { total: data.length });
    },
  });

  app.post('/apply-agent-verification', {
    onRequest: requireViewer,
    preValidation: nestFormKeys,
    config: { rateLimit: perUser, multipartOptions: { limits: { files: 10 } } },
    schema: {
      tags: ['agent verification'],
      summary:
        'Apply for verification (multipart): form_fields[i][id], form_fields[i][value] (a value may be a PDF or picture). Required fields enforced, options from the field; status becomes pending. 409 while pending or once verified; after failed one may apply again',
      security: [{ bearer: [] }],
      body: applyVerificationBody,
      response: { 200: envelope(verificationState), 400: errorResponse, 401: errorResponse, 409: errorResponse, 413: errorResponse, 429: errorResponse },
    },
    handler: async (request) => ok(await verification.apply(request.body, contextOf(request)), 'Your application has been submitted for review'),
  });

  app.get('/get-agent-verification-form-values', {
    onRequest: requireViewer,
    schema: {
      tags: ['agent verification'],
      summary: 'One’s own verification answers (files as absolute URLs), with verification_status and, when it failed, the reason',
      security: [{ bearer: [] }],
      response: { 200: listEnvelope(verificationValue, { verification_status: z.enum(VERIFICATION_STATUSES), reason: z.string().nullable() }), 401: errorResponse },
    },
    handler: async (request) => {
      const { data, verification_status, reason } = await verification.values(contextOf(request));
      return ok(data, 'Data fetched successfully', { total: data.length, verification_status, reason });
    },
  });
}
