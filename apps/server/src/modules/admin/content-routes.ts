import {
  adminArticle,
  adminArticleBody,
  adminArticleCategory,
  adminArticleCategoryBody,
  adminArticleRow,
  adminArticlesQuery,
  adminDone,
  adminFaq,
  adminFaqBody,
  adminIdParams,
  adminOrderBody,
  adminPages,
  adminPagesBody,
  envelope,
  errorResponse,
} from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { crudRoutes } from './crud-routes.ts';
import type { AdminServices } from './services.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export async function contentAdminRoutes(app: App, { contentAdmin: s }: AdminServices) {
  crudRoutes(app, {
    path: '/articles',
    what: 'articles (the body is HTML, cleaned on the server with an allow-list)',
    row: adminArticleRow,
    savedRow: adminArticle,
    body: adminArticleBody,
    query: adminArticlesQuery,
    bodyNote: 'JSON, or multipart with the picture in `image`',
    list: (q, ctx) => s.articles(q, ctx),
    save: (id, body, ctx) => s.saveArticle(id, body, ctx),
    remove: (id, ctx) => s.deleteArticle(id, ctx),
  });
  app.get('/articles/:id', {
    schema: { tags: ['admin'], summary: 'Admin: one article with its (cleaned) HTML body and meta fields, published or not', security: [{ bearer: [] }], params: adminIdParams, response: { 200: envelope(adminArticle), ...errors } },
    handler: async (request) => ok(await s.getArticle(request.params.id, contextOf(request))),
  });
  crudRoutes(app, {
    path: '/article-categories',
    what: 'article categories',
    row: adminArticleCategory,
    body: adminArticleCategoryBody,
    list: (q) => s.articleCategories(q),
    save: (id, body, ctx) => s.saveArticleCategory(id, body, ctx),
    remove: (id, ctx) => s.deleteArticleCategory(id, ctx),
  });
  crudRoutes(app, {
    path: '/faqs',
    what: 'frequently asked questions with their translations',
    row: adminFaq,
    body: adminFaqBody,
    list: (q) => s.faqs(q),
    save: (id, body, ctx) => s.saveFaq(id, body, ctx),
    remove: (id, ctx) => s.deleteFaq(id, ctx),
  });
  app.post('/faqs/order', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: the order visitors see the FAQs in — those named first, in that order, the rest after; audited',
      security: [{ bearer: [] }],
      body: adminOrderBody,
      response: { 200: adminDone(z.object({ order: z.array(z.number().int()) })), ...errors },
    },
    handler: async (request) => ok({ order: await s.orderFaqs(request.body, contextOf(request)) }, 'Saved'),
  });
  app.get('/pages', {
    schema: { tags: ['admin'], summary: 'Admin: the HTML of the about, terms and privacy pages', security: [{ bearer: [] }], response: { 200: envelope(adminPages), ...errors } },
    handler: async () => ok(await s.pages()),
  });
  app.put('/pages', {
    schema: {
      tags: ['admin'],
      summary: 'Admin: change the about, terms or privacy page (HTML, cleaned on the server with an allow-list); audited',
      security: [{ bearer: [] }],
      body: adminPagesBody,
      response: { 200: adminDone(adminPages), ...errors },
    },
    handler: async (request) => ok(await s.savePages(request.body, contextOf(request)), 'Saved'),
  });
}
