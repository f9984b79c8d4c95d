import { z } from 'zod';
import { adminDone, adminSettings, adminSettingsBody, adminSettingsMediaParams, errorResponse } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { AdminServices } from './services.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const admin = { tags: ['admin'], security: [{ bearer: [] }] };

/** The operator's settings; secrets answered masked only. */
export async function settingsAdminRoutes(app: App, { adminSettings: settings }: AdminServices) {
  app.get('/settings', {
    schema: { ...admin, summary: 'Admin: every setting the console edits; secrets only as set or not and their last characters', response: { 200: adminDone(adminSettings), ...refusals } },
    handler: async (request) => ok(await settings.read(contextOf(request))),
  });

  app.post('/settings', {
    schema: {
      ...admin,
      summary: 'Admin: change some settings (only those sent); secrets are stored encrypted, a secret sent empty is removed; the public site follows at once',
      body: adminSettingsBody,
      response: { 200: adminDone(adminSettings), ...refusals },
    },
    handler: async (request) => ok(await settings.update(request.body as Record<string, string | undefined>, contextOf(request)), 'Settings saved'),
  });

  app.post('/settings/media/:key', {
    config: { multipartOptions: { limits: { files: 1 } } },
    schema: {
      ...admin,
      summary: 'Admin: upload a logo, footer logo, placeholder, favicon or the admin picture (multipart `file`, a photo; re-encoded)',
      params: adminSettingsMediaParams,
      body: z.object({ file: z.unknown() }),
      response: { 200: adminDone(adminSettings), 413: errorResponse, ...refusals },
    },
    handler: async (request) => ok(await settings.uploadMedia(request.params.key, request.body.file, contextOf(request)), 'Picture saved'),
  });

  app.delete('/settings/media/:key', {
    schema: { ...admin, summary: 'Admin: remove a logo or picture (the site falls back to its default)', params: adminSettingsMediaParams, response: { 200: adminDone(adminSettings), ...refusals } },
    handler: async (request) => ok(await settings.removeMedia(request.params.key, contextOf(request)), 'Picture removed'),
  });
}
