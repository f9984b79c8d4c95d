import {
  clearedSearchCriteriaAnswer,
  errorResponse,
  getSearchCriteriaQuery,
  healthAnswer,
  saveSearchCriteriaBody,
  savedSearchCriteriaAnswer,
  searchCriteriaAnswer,
  userProfileAnswer,
} from '@estate/core';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { SearchCriteriaService } from './service.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const secured = { tags: ['search-criteria'], security: [{ bearer: [] }] };

export async function searchCriteriaRoutes(app: App, { searchCriteria }: { searchCriteria: SearchCriteriaService }) {
  const save = (url: string, summary: string) =>
    app.post(url, {
      // (A): the token is checked before the body is read; the body's user_id is never trusted.
      onRequest: requireViewer,
      schema: { ...secured, summary, body: saveSearchCriteriaBody, response: { 200: savedSearchCriteriaAnswer, ...refusals } },
      handler: async (request) => ok(await searchCriteria.save(request.body, contextOf(request)), 'Search criteria saved successfully'),
    });
  const read = (url: string, summary: string) =>
    app.get(url, {
      onRequest: requireViewer,
      schema: { ...secured, summary, querystring: getSearchCriteriaQuery, response: { 200: searchCriteriaAnswer, ...refusals } },
      handler: async (request) => {
        const found = await searchCriteria.get(request.query, contextOf(request));
        return ok(found, found ? 'Search criteria fetched successfully' : 'No active search criteria');
      },
    });
  const clear = (url: string, summary: string) =>
    app.delete(url, {
      onRequest: requireViewer,
      schema: { ...secured, summary, response: { 200: clearedSearchCriteriaAnswer, 401: errorResponse } },
      handler: async (request) => {
        await searchCriteria.clear(contextOf(request));
        return ok(null, 'Search criteria cleared');
      },
    });

  save('/direct-save-search', 'Lock a search to the caller’s running package (JSON): answers data.expiration_date, 30 days away or when the package ends if sooner. user_id / user_package_id, if sent, must be the caller’s own');
  read('/direct-get-criteria', 'The caller’s saved search while it is in force, else data null (expired ones are deleted). user_id / user_package_id, if sent, must be the caller’s own');
  save('/search-criteria', 'Same-origin save of the locked search (JSON; as direct-save-search)');
  read('/search-criteria', 'Same-origin read of the locked search (as direct-get-criteria)');
  clear('/search-criteria', 'Remove the caller’s saved search (ends the lock)');
  save('/package-search-criteria', 'Fallback of POST search-criteria (same answer)');
  read('/package-search-criteria', 'Fallback of GET search-criteria (same answer)');
  clear('/package-search-criteria', 'Fallback of DELETE search-criteria (same answer)');

  app.get('/test-api', {
    schema: { tags: ['search-criteria'], summary: 'Health check of the search-criteria calls: error false means healthy', response: { 200: healthAnswer } },
    handler: async () => ok({ status: 'ok' as const }, 'API is working'),
  });

  app.get('/user-profile', {
    onRequest: requireViewer,
    schema: { ...secured, summary: 'The logged-in user with user_package_id: their running package that ends last, or null', response: { 200: userProfileAnswer, 401: errorResponse, 403: errorResponse } },
    handler: async (request) => ok(await searchCriteria.profile(contextOf(request))),
  });
}
