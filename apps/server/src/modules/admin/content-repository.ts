import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminArticlesQuery, AdminListQuery } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { articleCategories, articles, faqs, type Translations } from '../../db/schema/index.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

export interface ArticleRow {
  id: number;
  slug_id: string;
  title: string;
  description: string;
  image: string | null;
  category_id: number | null;
  category: string | null;
  is_published: boolean;
  view_count: number;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}
/** A table row; `full` adds the body and meta fields. */
const articleSelect = (full: boolean) =>
  sql`a.id, a.slug_id, a.title, a.image, a.category_id, ac.category, a.is_published, a.view_count, a.created_at, a.updated_at
      ${full ? sql`, a.description, a.meta_title, a.meta_description, a.meta_keywords` : sql``}`;
const articleFrom = sql`articles a left join article_categories ac on ac.id = a.category_id`;

export interface ArticleCategoryRow {
  id: number;
  category: string;
  slug_id: string;
  articles_count: number;
}
const articleCategorySelect = sql`ac.id, ac.category, ac.slug_id, (select count(*)::int from articles a where a.category_id = ac.id) as articles_count`;

export interface FaqRow {
  id: number;
  question: string;
  answer: string;
  is_active: boolean;
  sequence: number;
  translations: Translations;
}
const faqSelect = sql`f.id, f.question, f.answer, f.is_active, f.sequence::int as sequence, f.translations`;

const one = async <T>(db: Executor, query: SQL): Promise<T | null> => rowsOf<T>(await db.execute(query))[0] ?? null;

async function page<T>(db: Executor, q: AdminListQuery, select: SQL, from: SQL, where: SQL[], searchable: SQL[], sorts: Record<string, SQL>, fallback: string, id: SQL) {
  const conds = [...where];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(sql`(${sql.join([...searchable.map((c) => sql`${c} ilike ${like}`), sql`${id}::text = ${q.q}`], sql` or `)})`);
  }
  const filter = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const order = orderOf(q, sorts, fallback);
  const [rows, count] = await Promise.all([
    db.execute(sql`select ${select} from ${from} ${filter} order by ${order}, ${id} desc ${limitOf(q)}`),
    db.execute(sql`select count(*)::int as n from ${from} ${filter}`),
  ]);
  return { rows: rowsOf<T>(rows), total: rowsOf<{ n: number }>(count)[0].n };
}

export const adminContentRepository = {
  articles(db: Executor, q: AdminArticlesQuery) {
    const where: SQL[] = [];
    if (q.category_id !== undefined) where.push(sql`a.category_id = ${q.category_id}`);
    if (q.published !== undefined) where.push(sql`a.is_published = ${q.published}`);
    return page<Omit<ArticleRow, 'description' | 'meta_title' | 'meta_description' | 'meta_keywords'>>(
      db,
      q,
      articleSelect(false),
      articleFrom,
      where,
      [sql`a.title`, sql`a.slug_id`],
      { created_at: sql`a.created_at`, updated_at: sql`a.updated_at`, title: sql`a.title`, view_count: sql`a.view_count` },
      'created_at',
      sql`a.id`,
    );
  },
  article: (db: Executor, id: number, lock = false) => one<ArticleRow>(db, sql`select ${articleSelect(true)} from ${articleFrom} where a.id = ${id} ${lock ? sql`for update of a` : sql``}`),
  async articleSlugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
    return (await one(db, sql`select 1 from articles where slug_id = ${slug} and id <> ${exceptId ?? 0}`)) !== null;
  },
  async insertArticle(db: Executor, values: typeof articles.$inferInsert): Promise<number> {
    const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
    return row.id;
  },
  async updateArticle(db: Executor, id: number, values: Partial<typeof articles.$inferInsert>): Promise<void> {
    await db.update(articles).set({ ...values, updatedAt: sql`now()` }).where(eq(articles.id, id));
  },
  async deleteArticle(db: Executor, id: number): Promise<void> {
    await db.delete(articles).where(eq(articles.id, id));
  },

  articleCategories: (db: Executor, q: AdminListQuery) =>
    page<ArticleCategoryRow>(db, q, articleCategorySelect, sql`article_categories ac`, [], [sql`ac.category`, sql`ac.slug_id`], { category: sql`ac.category`, created_at: sql`ac.created_at` }, 'category', sql`ac.id`),
  articleCategory: (db: Executor, id: number, lock = false) => one<ArticleCategoryRow>(db, sql`select ${articleCategorySelect} from article_categories ac where ac.id = ${id} ${lock ? sql`for update` : sql``}`),
  async articleCategorySlugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
    return (await one(db, sql`select 1 from article_categories where slug_id = ${slug} and id <> ${exceptId ?? 0}`)) !== null;
  },
  async insertArticleCategory(db: Executor, values: typeof articleCategories.$inferInsert): Promise<number> {
    const [row] = await db.insert(articleCategories).values(values).returning({ id: articleCategories.id });
    return row.id;
  },
  async updateArticleCategory(db: Executor, id: number, values: Partial<typeof articleCategories.$inferInsert>): Promise<void> {
    await db.update(articleCategories).set(values).where(eq(articleCategories.id, id));
  },
  async deleteArticleCategory(db: Executor, id: number): Promise<void> {
    await db.delete(articleCategories).where(eq(articleCategories.id, id));
  },

  faqs: (db: Executor, q: AdminListQuery) =>
    page<FaqRow>(db, q, faqSelect, sql`faqs f`, [], [sql`f.question`, sql`f.answer`], { sequence: sql`f.sequence`, question: sql`f.question`, created_at: sql`f.created_at` }, 'sequence', sql`f.id`),
  faq: (db: Executor, id: number, lock = false) => one<FaqRow>(db, sql`select ${faqSelect} from faqs f where f.id = ${id} ${lock ? sql`for update` : sql``}`),
  async nextFaqSequence(db: Executor): Promise<number> {
    return (await one<{ n: number }>(db, sql`select coalesce(max(sequence) + 1, 0)::int as n from faqs`))!.n;
  },
  async insertFaq(db: Executor, values: typeof faqs.$inferInsert): Promise<number> {
    const [row] = await db.insert(faqs).values(values).returning({ id: faqs.id });
    return row.id;
  },
  async updateFaq(db: Executor, id: number, values: Partial<typeof faqs.$inferInsert>): Promise<void> {
    await db.update(faqs).set(values).where(eq(faqs.id, id));
  },
  async deleteFaq(db: Executor, id: number): Promise<void> {
    await db.delete(faqs).where(eq(faqs.id, id));
  },
  /** Every FAQ's place, locked: the order is rewritten as a whole. */
  async faqOrder(db: Executor): Promise<{ id: number; sequence: number }[]> {
    return rowsOf<{ id: number; sequence: number }>(await db.execute(sql`select id, sequence::int as sequence from faqs order by sequence, id for update`));
  },
  async setFaqSequence(db: Executor, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await db.execute(sql`update faqs set sequence = o.n - 1 from unnest(${sql.raw(`array[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as o(id, n) where faqs.id = o.id`);
  },
};
