import {
  CONTENT_PAGES,
  uniqueSlug,
  type AdminArticle,
  type AdminArticleBody,
  type AdminArticleCategory,
  type AdminArticleCategoryBody,
  type AdminArticleRow,
  type AdminArticlesQuery,
  type AdminFaq,
  type AdminFaqBody,
  type AdminListQuery,
  type AdminOrderBody,
  type AdminPages,
  type AdminPagesBody,
} from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { mediaUrl, type MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { hasContent, sanitizeRichText } from '../../platform/sanitize.ts';
import { settingsRepository } from '../settings/repository.ts';
import type { SettingsService } from '../settings/service.ts';
import { auditedWrite, type AuditNote } from './audited-write.ts';
import { adminContentRepository as repo, type ArticleRow } from './content-repository.ts';
import { nextImage } from './media.ts';

const found = <T>(row: T | null, what: string): T => {
  if (!row) throw new NotFound(`${what} not found`);
  return row;
};
const iso = (d: string | Date) => new Date(d).toISOString();

/**
 * Articles, their categories, FAQs and the about / terms / privacy pages (issue 16). HTML from
 * the editor is cleaned with an allow-list before it is stored (platform/sanitize.ts), so what a
 * visitor's browser receives never carries a script, handler, frame or style.
 */
export class AdminContentService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly deps: { settings: SettingsService; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  private async write<T>(ctx: RequestContext, tags: () => PageTag[], work: Parameters<typeof auditedWrite<T>>[3], inUse?: string): Promise<T> {
    const value = await auditedWrite(this.db, this.media, ctx, work, inUse);
    this.deps.invalidatePages(tags());
    return value;
  }

  // ── Articles ──

  private article = (r: ArticleRow, origin: string): AdminArticle => ({ ...r, image: mediaUrl(origin, r.image), created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

  async articles(q: AdminArticlesQuery, ctx: RequestContext): Promise<{ rows: AdminArticleRow[]; total: number }> {
    const { rows, total } = await repo.articles(this.db, q);
    return { rows: rows.map((r) => ({ ...r, image: mediaUrl(ctx.origin, r.image), created_at: iso(r.created_at), updated_at: iso(r.updated_at) })), total };
  }

  async getArticle(id: number, ctx: RequestContext): Promise<AdminArticle> {
    return this.article(found(await repo.article(this.db, id), 'Article'), ctx.origin);
  }

  async saveArticle(id: number | null, body: AdminArticleBody, ctx: RequestContext): Promise<AdminArticle> {
    const description = sanitizeRichText(body.description);
    if (!hasContent(description)) throw new Invalid('description', 'Write the article: what is left after cleaning is empty');
    const slugs: string[] = [];
    const saved = await this.write(
      ctx,
      () => slugs.flatMap((s) => pageTagsFor.article(s)),
      async (tx, batch) => {
        const before = id === null ? null : found(await repo.article(tx, id, true), 'Article');
        if (body.category_id !== undefined && !(await repo.articleCategory(tx, body.category_id))) throw new Invalid('category_id', 'There is no article category with this id');
        const slug = await this.slugOf(tx, 'article', body.slug_id, body.title, before?.id);
        const image = await nextImage(batch, 'image', body.image, body.remove_image, before?.image ?? null, 'photo');
        const values = {
          title: body.title,
          slugId: slug,
          description,
          image,
          categoryId: body.category_id ?? null,
          isPublished: body.is_published,
          metaTitle: body.meta_title,
          metaDescription: body.meta_description,
          metaKeywords: body.meta_keywords,
        };
        const rowId = before ? (await repo.updateArticle(tx, before.id, values), before.id) : await repo.insertArticle(tx, values);
        const after = (await repo.article(tx, rowId))!;
        slugs.push(slug, ...(before && before.slug_id !== slug ? [before.slug_id] : []));
        return { value: after, audit: { action: before ? 'article.update' : 'article.create', entity: 'article', entityId: rowId, before, after } };
      },
    );
    return this.article(saved, ctx.origin);
  }

  async deleteArticle(id: number, ctx: RequestContext): Promise<void> {
    let slug = '';
    await this.write(
      ctx,
      () => pageTagsFor.article(slug),
      async (tx, batch) => {
        const before = found(await repo.article(tx, id, true), 'Article');
        slug = before.slug_id;
        await repo.deleteArticle(tx, id);
        batch.removeAfterCommit(before.image);
        return { value: null, audit: { action: 'article.delete', entity: 'article', entityId: id, before } };
      },
    );
  }

  private async slugOf(db: Executor, kind: 'article' | 'article category', asked: string | undefined, title: string, exceptId?: number): Promise<string> {
    const taken = (s: string) => (kind === 'article' ? repo.articleSlugTaken(db, s, exceptId) : repo.articleCategorySlugTaken(db, s, exceptId));
    if (asked) {
      if (await taken(asked.toLowerCase())) throw new Invalid('slug_id', `Another ${kind} already has this slug_id`);
      return asked.toLowerCase();
    }
    return uniqueSlug(title, taken, kind === 'article' ? 'article' : 'category');
  }

  // ── Article categories ──

  articleCategories(q: AdminListQuery) {
    return repo.articleCategories(this.db, q);
  }

  async saveArticleCategory(id: number | null, body: AdminArticleCategoryBody, ctx: RequestContext): Promise<AdminArticleCategory> {
    return this.write(ctx, () => pageTagsFor.article(), async (tx) => {
      const before = id === null ? null : found(await repo.articleCategory(tx, id, true), 'Article category');
      const slug = await this.slugOf(tx, 'article category', body.slug_id, body.category, before?.id);
      const values = { category: body.category, slugId: slug };
      const rowId = before ? (await repo.updateArticleCategory(tx, before.id, values), before.id) : await repo.insertArticleCategory(tx, values);
      const after = (await repo.articleCategory(tx, rowId))!;
      return { value: after, audit: { action: before ? 'article_category.update' : 'article_category.create', entity: 'article_category', entityId: rowId, before, after } };
    });
  }

  async deleteArticleCategory(id: number, ctx: RequestContext): Promise<void> {
    await this.write(ctx, () => pageTagsFor.article(), async (tx) => {
      const before = found(await repo.articleCategory(tx, id, true), 'Article category');
      if (before.articles_count > 0) throw new Conflict(`${before.articles_count} articles are in this category; move them to another one first.`);
      await repo.deleteArticleCategory(tx, id);
      return { value: null, audit: { action: 'article_category.delete', entity: 'article_category', entityId: id, before } };
    });
  }

  // ── FAQs ──

  faqs(q: AdminListQuery) {
    return repo.faqs(this.db, q);
  }

  async saveFaq(id: number | null, body: AdminFaqBody, ctx: RequestContext): Promise<AdminFaq> {
    return this.write(ctx, pageTagsFor.site, async (tx) => {
      const before = id === null ? null : found(await repo.faq(tx, id, true), 'FAQ');
      const values = { question: body.question, answer: body.answer, isActive: body.is_active, translations: body.translations };
      const sequence = body.sequence ?? before?.sequence ?? (await repo.nextFaqSequence(tx));
      const rowId = before ? (await repo.updateFaq(tx, before.id, { ...values, sequence }), before.id) : await repo.insertFaq(tx, { ...values, sequence });
      const after = (await repo.faq(tx, rowId))!;
      return { value: after, audit: { action: before ? 'faq.update' : 'faq.create', entity: 'faq', entityId: rowId, before, after } };
    });
  }

  async deleteFaq(id: number, ctx: RequestContext): Promise<void> {
    await this.write(ctx, pageTagsFor.site, async (tx) => {
      const before = found(await repo.faq(tx, id, true), 'FAQ');
      await repo.deleteFaq(tx, id);
      return { value: null, audit: { action: 'faq.delete', entity: 'faq', entityId: id, before } };
    });
  }

  /** The FAQs named come first, in the order given; the others keep their order after them. */
  async orderFaqs(body: AdminOrderBody, ctx: RequestContext): Promise<number[]> {
    return this.write(ctx, pageTagsFor.site, async (tx) => {
      const current = await repo.faqOrder(tx);
      const unknown = body.ids.filter((id) => !current.some((f) => f.id === id));
      if (unknown.length) throw new Invalid('ids', `ids has unknown FAQs: ${unknown.join(', ')}`);
      const order = [...body.ids, ...current.map((f) => f.id).filter((id) => !body.ids.includes(id))];
      await repo.setFaqSequence(tx, order);
      return { value: order, audit: { action: 'faq.order', entity: 'faq', before: { order: current.map((f) => f.id) }, after: { order } } };
    });
  }

  // ── About, terms, privacy ──

  async pages(): Promise<AdminPages> {
    const s = await this.deps.settings.values();
    return { about_us: s.about_us ?? '', terms_conditions: s.terms_conditions ?? '', privacy_policy: s.privacy_policy ?? '' };
  }

  async savePages(body: AdminPagesBody, ctx: RequestContext): Promise<AdminPages> {
    const values: Record<string, string> = {};
    for (const page of CONTENT_PAGES) if (body[page] !== undefined) values[page] = sanitizeRichText(body[page]);
    const current = await this.pages();
    await auditedWrite(this.db, this.media, ctx, async (tx) => {
      await settingsRepository.upsert(tx, values);
      const audit: AuditNote[] = Object.keys(values).map((page) => ({ action: 'page.update', entity: 'page', entityId: page, before: { html: current[page as keyof AdminPages] }, after: { html: values[page] } }));
      return { value: null, audit };
    });
    // The settings' memo first, so the pages dropped next are rendered again from the new text.
    this.deps.settings.forgetCached();
    this.deps.invalidatePages(pageTagsFor.site());
    return this.pages();
  }
}
