import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { articleCategories, articles, categories, contactMessages, faqs, properties, reportReasons, seoSettings, sliders } from '../../db/schema/index.ts';

const articleColumns = {
  id: articles.id,
  slugId: articles.slugId,
  title: articles.title,
  description: articles.description,
  image: articles.image,
  categoryId: articles.categoryId,
  categoryName: articleCategories.category,
  categorySlugId: articleCategories.slugId,
  metaTitle: articles.metaTitle,
  metaDescription: articles.metaDescription,
  metaKeywords: articles.metaKeywords,
  metaImage: articles.metaImage,
  createdAt: articles.createdAt,
};
export type ArticleRow = { [K in keyof typeof articleColumns]: (typeof articleColumns)[K]['_']['data'] | (K extends 'categoryName' | 'categorySlugId' ? null : never) };

export const contentRepository = {
  async articles(db: Executor, opts: { id?: number; categoryId?: number; slugId?: string; excludeId?: number; limit: number; offset: number }) {
    const conds: SQL[] = [eq(articles.isPublished, true)];
    if (opts.id !== undefined) conds.push(eq(articles.id, opts.id));
    if (opts.categoryId !== undefined) conds.push(eq(articles.categoryId, opts.categoryId));
    if (opts.slugId !== undefined) conds.push(eq(articles.slugId, opts.slugId));
    if (opts.excludeId !== undefined) conds.push(ne(articles.id, opts.excludeId));
    const where = and(...conds);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(articleColumns)
        .from(articles)
        .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .where(where)
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(opts.limit)
        .offset(opts.offset),
      db.select({ total: count() }).from(articles).where(where),
    ]);
    return { rows: rows as ArticleRow[], total };
  },

  /** Article categories with their number of published articles. */
  articleCategories(db: Executor) {
    return db
      .select({
        id: articleCategories.id,
        category: articleCategories.category,
        slug_id: articleCategories.slugId,
        articles_count: sql<number>`(select count(*)::int from articles a where a.category_id = article_categories.id and a.is_published)`,
      })
      .from(articleCategories)
      .orderBy(asc(articleCategories.category), asc(articleCategories.id));
  },

  faqs(db: Executor, opts: { limit: number; offset: number }) {
    return db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer, translations: faqs.translations })
      .from(faqs)
      .where(eq(faqs.isActive, true))
      .orderBy(asc(faqs.sequence), asc(faqs.id))
      .limit(opts.limit)
      .offset(opts.offset);
  },

  async faqCount(db: Executor): Promise<number> {
    const [{ total }] = await db.select({ total: count() }).from(faqs).where(eq(faqs.isActive, true));
    return total;
  },

  sliders(db: Executor, limit: number) {
    return db
      .select({
        id: sliders.id,
        type: sliders.type,
        heading: sliders.heading,
        translations: sliders.translations,
        categoryTranslations: categories.translations,
        subheading: sliders.subheading,
        image: sliders.image,
        webImage: sliders.webImage,
        categoryId: sliders.categoryId,
        categoryName: categories.category,
        categorySlugId: categories.slugId,
        propertyId: sliders.propertyId,
        propertyTitle: properties.title,
        propertySlugId: properties.slugId,
        propertyPrice: properties.price,
        link: sliders.link,
        showPropertyDetails: sliders.showPropertyDetails,
        propertyVideoLink: properties.videoLink,
      })
      .from(sliders)
      .leftJoin(categories, eq(categories.id, sliders.categoryId))
      .leftJoin(properties, sql`${properties.id} = ${sliders.propertyId} and ${properties.status} = 1 and ${properties.requestStatus} = 'approved'`)
      .where(eq(sliders.isActive, true))
      .orderBy(asc(sliders.sequence), asc(sliders.id))
      .limit(limit);
  },

  seoSettings(db: Executor) {
    return db.select().from(seoSettings).orderBy(asc(seoSettings.id));
  },

  reportReasons(db: Executor) {
    return db.select({ id: reportReasons.id, reason: reportReasons.reason }).from(reportReasons).orderBy(asc(reportReasons.id));
  },

  async insertContactMessage(db: Executor, message: typeof contactMessages.$inferInsert) {
    const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    return row;
  },
};
