import {
  adminDone,
  adminIdParams,
  adminLanguage,
  adminLanguageBody,
  adminLanguageText,
  adminLanguageTextsBody,
  adminLanguageTextsQuery,
  adminLanguageUpdateBody,
  adminPage,
  envelope,
  errorResponse,
} from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { pageAnswer } from './table.ts';
import type { AdminServices } from './services.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const base = { tags: ['admin'], security: [{ bearer: [] }] };

export async function languageAdminRoutes(app: App, { languagesAdmin: s }: AdminServices) {
  app.get('/languages', {
    schema: { ...base, summary: 'Admin: every language, with how many of the English texts it has and lacks', response: { 200: envelope(z.array(adminLanguage)), ...errors } },
    handler: async () => ok(await s.list()),
  });
  app.post('/languages', {
    schema: { ...base, summary: 'Admin: add a language (code, name, right-to-left); its texts start empty, so English shows until they are written; audited', body: adminLanguageBody, response: { 200: adminDone(adminLanguage), ...errors } },
    handler: async (request) => ok(await s.create(request.body, contextOf(request)), 'Saved'),
  });
  app.put('/languages/:id', {
    schema: { ...base, summary: 'Admin: rename a language, set its direction, or turn it on or off (not the default one); audited', params: adminIdParams, body: adminLanguageUpdateBody, response: { 200: adminDone(adminLanguage), ...errors } },
    handler: async (request) => ok(await s.update(request.params.id, request.body, contextOf(request)), 'Saved'),
  });
  app.delete('/languages/:id', {
    schema: {
      ...base,
      summary: 'Admin: delete a language and its texts — never English nor the last one offered (409); a default language falls back to English, push sessions in it to the default; audited',
      params: adminIdParams,
      response: { 200: adminDone(z.object({ id: z.number().int() })), ...errors },
    },
    handler: async (request) => ok(await s.remove(request.params.id, contextOf(request)), 'Language deleted'),
  });
  app.get('/languages/:id/texts', {
    schema: {
      ...base,
      summary: 'Admin: the web app’s texts in a language against English, a page at a time, searchable; missing=1 for those it lacks',
      params: adminIdParams,
      querystring: adminLanguageTextsQuery,
      response: { 200: adminPage(adminLanguageText), ...errors },
    },
    handler: async (request) => {
      const { rows, total } = await s.texts(request.params.id, request.query);
      return pageAnswer(rows, total, request.query);
    },
  });
  app.put('/languages/:id/texts', {
    schema: {
      ...base,
      summary: 'Admin: set texts of a language by key (an empty text removes the operator’s own); the web app shows them on its next page; audited',
      params: adminIdParams,
      body: adminLanguageTextsBody,
      response: { 200: adminDone(z.object({ changed: z.array(z.string()) })), ...errors },
    },
    handler: async (request) => ok(await s.saveTexts(request.params.id, request.body, contextOf(request)), 'Saved'),
  });
}
