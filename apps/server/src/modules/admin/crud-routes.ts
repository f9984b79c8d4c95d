import { adminDone, adminIdParams, adminListQuery, adminPage, errorResponse, type AdminListQuery } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App, type RequestContext } from '../../platform/http.ts';
import { pageAnswer } from './table.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse };

/**
 * The four calls of a console table: `GET path` (a page, searchable and sortable), `POST path`
 * (add), `PUT path/:id` (replace) and `DELETE path/:id` (refused with 409 while the row is used).
 */
export function crudRoutes<Body extends z.ZodType, Row extends z.ZodType, Query extends z.ZodType<AdminListQuery> = typeof adminListQuery>(
  app: App,
  o: {
    path: string;
    /** e.g. 'property categories' */
    what: string;
    row: Row;
    /** What a write answers, when it says more than a table row (an article's body). */
    savedRow?: z.ZodType;
    body: Body;
    query?: Query;
    list: (q: z.output<Query>, ctx: RequestContext) => Promise<{ rows: z.output<Row>[]; total: number }>;
    save: (id: number | null, body: z.output<Body>, ctx: RequestContext) => Promise<unknown>;
    remove: (id: number, ctx: RequestContext) => Promise<void>;
    /** What the summary says of the write's body, e.g. 'multipart with the icon in `image`'. */
    bodyNote?: string;
  },
) {
  const base = { tags: ['admin'], security: [{ bearer: [] }] };
  // Writes answer `adminDone(row)`, checked at run time; TypeScript cannot follow a generic schema there (hence the casts).
  const saved = (data: unknown) => ({ error: false as const, message: 'Saved', data });
  app.get(o.path, {
    schema: { ...base, summary: `Admin: ${o.what}, a page at a time, searchable and sortable`, querystring: o.query ?? adminListQuery, response: { 200: adminPage(o.row), ...errors } },
    handler: async (request) => {
      const query = request.query as z.output<Query>;
      const { rows, total } = await o.list(query, contextOf(request));
      return pageAnswer(rows, total, query);
    },
  });
  app.post(o.path, {
    schema: { ...base, summary: `Admin: add to ${o.what}${o.bodyNote ? ` (${o.bodyNote})` : ''}; audited`, body: o.body as z.ZodType, response: { 200: adminDone(o.savedRow ?? o.row) as z.ZodType, ...errors } },
    handler: async (request) => saved(await o.save(null, request.body as z.output<Body>, contextOf(request))),
  });
  app.put(`${o.path}/:id`, {
    schema: { ...base, summary: `Admin: change one of ${o.what}, sending the whole row${o.bodyNote ? ` (${o.bodyNote})` : ''}; audited`, params: adminIdParams, body: o.body as z.ZodType, response: { 200: adminDone(o.savedRow ?? o.row) as z.ZodType, ...errors } },
    handler: async (request) => saved(await o.save(request.params.id, request.body as z.output<Body>, contextOf(request))),
  });
  app.delete(`${o.path}/:id`, {
    schema: { ...base, summary: `Admin: remove one of ${o.what}; refused (409) while it is in use; audited`, params: adminIdParams, response: { 200: adminDone(z.null()), ...errors } },
    handler: async (request) => {
      await o.remove(request.params.id, contextOf(request));
      return ok(null, 'Removed');
    },
  });
}
