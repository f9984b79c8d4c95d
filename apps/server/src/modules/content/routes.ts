import { article, articleCategory, contactMessageBody, envelope, errorResponse, faq, faqsQuery, getArticlesQuery, listEnvelope, reportReason, seoSetting, seoSettingsQuery } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { ContentService } from './service.ts';

export async function contentRoutes(app: App, { content, contactPerHour }: { content: ContentService; contactPerHour: number }) {
  app.get('/get_articles', {
    config: { publicCache: true },
    schema: {
      tags: ['content'],
      summary: 'Articles; by slug_id the article is data[0] with similar_articles',
      querystring: getArticlesQuery,
      response: { 200: listEnvelope(article, { similar_articles: z.array(article) }) },
    },
    handler: async (request) => {
      const { data, total, similar_articles } = await content.articles(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total, similar_articles });
    },
  });

  app.get('/get_article_categories', {
    config: { publicCache: true },
    schema: { tags: ['content'], summary: 'Article categories with their number of published articles', response: { 200: listEnvelope(articleCategory) } },
    handler: async () => {
      const data = await content.articleCategories();
      return ok(data, 'Data fetched successfully', { total: data.length });
    },
  });

  app.get('/get_seo_settings', {
    config: { publicCache: true },
    schema: {
      tags: ['content'],
      summary: 'SEO title, description, keywords and image of each page (or of `page`), as the operator set them or by default',
      querystring: seoSettingsQuery,
      response: { 200: listEnvelope(seoSetting) },
    },
    handler: async (request) => {
      const data = await content.seoSettings(request.query.page, contextOf(request));
      return ok(data, 'Data fetched successfully', { total: data.length });
    },
  });

  app.get('/faqs', {
    config: { publicCache: true },
    schema: { tags: ['content'], summary: 'Frequently asked questions', querystring: faqsQuery, response: { 200: listEnvelope(faq) } },
    handler: async (request) => {
      const { data, total } = await content.faqs(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });

  app.get('/get_report_reasons', {
    config: { publicCache: true },
    schema: { tags: ['content'], summary: 'Reasons a user can give when reporting a listing', response: { 200: listEnvelope(reportReason) } },
    handler: async () => {
      const data = await content.reportReasons();
      return ok(data, 'Data fetched successfully', { total: data.length });
    },
  });

  app.post('/contct_us', {
    config: { rateLimit: { max: contactPerHour, timeWindow: '1 hour' } },
    schema: {
      tags: ['content'],
      summary: 'Contact form (spelt so by the clients): stored and e-mailed to the operator',
      body: contactMessageBody,
      response: { 200: envelope(z.null()), 400: errorResponse, 429: errorResponse },
    },
    handler: async (request) => {
      await content.contact(request.body, request.ip);
      return ok(null, 'Thank you for contacting us. We will get back to you soon.');
    },
  });
}
