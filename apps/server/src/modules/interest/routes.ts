import { envelope, errorResponse, interestedUser, interestedUsersQuery, interestState, listEnvelope, markBody } from '@estate/core';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { InterestService } from './service.ts';

export async function interestRoutes(app: App, { interest }: { interest: InterestService }) {
  app.post('/interested_users', {
    // (A): the token is checked before the body is read.
    onRequest: requireViewer,
    schema: {
      tags: ['interest'],
      summary: 'Tell the owner of a listed property you are interested (type 1) or no longer (type 0); not on one’s own listing; repeating either changes nothing',
      security: [{ bearer: [] }],
      body: markBody,
      response: { 200: envelope(interestState), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => {
      const state = await interest.mark(request.body, contextOf(request));
      return ok(state, state.is_interested ? 'The owner can now see that you are interested' : 'You are no longer marked as interested');
    },
  });

  app.get('/get_interested_users', {
    onRequest: requireViewer,
    schema: {
      tags: ['interest'],
      summary: 'Who is interested in one of the logged-in user’s listings (by property_id or slug_id), newest first, with their contact details; the owner only',
      security: [{ bearer: [] }],
      querystring: interestedUsersQuery,
      response: { 200: listEnvelope(interestedUser), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => {
      const { data, total } = await interest.users(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });
}
