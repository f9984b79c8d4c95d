import { envelope, errorResponse, favouriteListQuery, favouriteState, listEnvelope, markBody, propertyDetail, userMarks } from '@estate/core';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { FavouriteService } from './service.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

export async function favouriteRoutes(app: App, { favourites }: { favourites: FavouriteService }) {
  app.post('/add_favourite', {
    // (A): the token is checked before the body is read.
    onRequest: requireViewer,
    schema: {
      tags: ['favourites'],
      summary: 'Favourite a listed property (type 1) or stop (type 0); repeating either changes nothing',
      security: [{ bearer: [] }],
      body: markBody,
      response: { 200: envelope(favouriteState), ...refusals },
    },
    handler: async (request) => {
      const state = await favourites.mark(request.body, contextOf(request));
      return ok(state, state.is_favourite ? 'Added to favourites' : 'Removed from favourites');
    },
  });

  app.get('/get_favourite_property', {
    onRequest: requireViewer,
    schema: {
      tags: ['favourites'],
      summary: 'The logged-in user’s favourite listings in full, newest first (listed ones only)',
      security: [{ bearer: [] }],
      querystring: favouriteListQuery,
      response: { 200: listEnvelope(propertyDetail), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { data, total } = await favourites.list(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });

  app.get('/get-user-marks', {
    onRequest: requireViewer,
    schema: {
      tags: ['favourites'],
      summary: 'Ids of the listings the logged-in user favourited and marked interest in, for pages rendered the same for everyone (ours, not in the mobile contract)',
      security: [{ bearer: [] }],
      response: { 200: envelope(userMarks), 401: errorResponse },
    },
    handler: async (request) => ok(await favourites.marks(contextOf(request))),
  });
}
