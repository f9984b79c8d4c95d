import { envelope, getLanguagesQuery, language, webSettings } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { SettingsService } from './service.ts';

export async function settingsRoutes(app: App, { settings }: { settings: SettingsService }) {
  app.get('/web-settings', {
    config: { publicCache: true },
    schema: {
      tags: ['settings'],
      summary: 'Operator settings; with a token also the user’s verification and subscription state',
      response: { 200: envelope(webSettings) },
    },
    handler: async (request) => ok(await settings.webSettings(contextOf(request))),
  });

  app.get('/get_languages', {
    config: { publicCache: true },
    schema: {
      tags: ['settings'],
      summary: 'A language and, with web_language_file=1, its translation file',
      querystring: getLanguagesQuery,
      response: { 200: envelope(language) },
    },
    handler: async (request) => ok(await settings.language(request.query.language_code, request.query.web_language_file !== 0)),
  });
}
