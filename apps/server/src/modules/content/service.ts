import { SEO_PAGES, stripHtml, timeAgo, truncate, type Article, type ContactMessageBody, type Faq, type SeoSetting, type Slider } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { mediaUrl, videoLinkUrl } from '../../platform/media.ts';
import { translated } from '../catalogue/localizer.ts';
import type { PropertyService } from '../properties/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { contentRepository, type ArticleRow } from './repository.ts';

export const SIMILAR_ARTICLES_LIMIT = 4;

type SeoPage = (typeof SEO_PAGES)[number];

/** Titles of the pages SEO settings cover, until an operator writes their own. */
const SEO_DEFAULT_TITLES: Record<SeoPage, string> = {
  home: 'Home',
  properties: 'Properties for sale and rent',
  projects: 'Projects',
  articles: 'Articles',
  agents: 'Agents',
  cities: 'Cities',
  faqs: 'FAQs',
  'contact-us': 'Contact us',
  'about-us': 'About us',
  'terms-and-conditions': 'Terms and conditions',
  'privacy-policy': 'Privacy policy',
  'subscription-plan': 'Subscription plans',
};

const toArticle = (a: ArticleRow, origin: string): Article => ({
  id: a.id,
  slug_id: a.slugId,
  title: a.title,
  description: a.description,
  image: mediaUrl(origin, a.image),
  category: a.categoryId !== null && a.categorySlugId ? { id: a.categoryId, category: a.categoryName ?? '', slug_id: a.categorySlugId } : null,
  category_id: a.categoryId,
  meta_title: a.metaTitle ?? a.title,
  meta_description: a.metaDescription ?? truncate(stripHtml(a.description), 155),
  meta_keywords: a.metaKeywords,
  meta_image: mediaUrl(origin, a.metaImage ?? a.image),
  created_at: a.createdAt.toISOString(),
  post_created: timeAgo(a.createdAt),
});

export class ContentService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly contactInbox: string,
    private readonly properties: PropertyService,
    private readonly settings: SettingsService,
  ) {}

  /** `get_articles`; by slug_id the article is data[0] with `similar_articles` (api-contract). */
  async articles(q: { id?: number; category_id?: number; slug_id?: string; limit: number; offset: number }, ctx: RequestContext) {
    const { rows, total } = await contentRepository.articles(this.db, { id: q.id, categoryId: q.category_id, slugId: q.slug_id, limit: q.limit, offset: q.offset });
    if ((q.slug_id !== undefined || q.id !== undefined) && rows.length === 0) throw new NotFound('Article not found');
    let similar: Article[] = [];
    if (q.slug_id !== undefined && rows[0]) {
      const first = rows[0];
      const related = await contentRepository.articles(this.db, { categoryId: first.categoryId ?? undefined, excludeId: first.id, limit: SIMILAR_ARTICLES_LIMIT, offset: 0 });
      similar = related.rows.map((a) => toArticle(a, ctx.origin));
    }
    return { data: rows.map((a) => toArticle(a, ctx.origin)), total, similar_articles: similar };
  }

  articleCategories() {
    return contentRepository.articleCategories(this.db);
  }

  async faqs(q: { limit: number; offset: number }, ctx: RequestContext): Promise<{ data: Faq[]; total: number }> {
    const [rows, total, lang] = await Promise.all([contentRepository.faqs(this.db, q), contentRepository.faqCount(this.db), this.languageOf(ctx)]);
    const data = rows.map((f) => ({ id: f.id, question: translated(f.translations, lang, 'question', f.question), answer: translated(f.translations, lang, 'answer', f.answer) }));
    return { data, total };
  }

  /** The language texts are answered in: the caller's, else the site's default. */
  private async languageOf(ctx: RequestContext): Promise<string> {
    return ctx.lang ?? (await this.settings.values()).default_language;
  }

  async sliders(limit: number, ctx: RequestContext): Promise<Slider[]> {
    const [rows, lang] = await Promise.all([contentRepository.sliders(this.db, limit), this.languageOf(ctx)]);
    const listingIds = rows.flatMap((s) => (s.propertyId !== null && s.propertySlugId ? [s.propertyId] : []));
    const cards = listingIds.length ? await this.properties.section({ ids: listingIds }, 'newest', listingIds.length, ctx) : [];
    return rows.map((s) => ({
      id: s.id,
      type: s.type,
      slider_type: String(s.type) as Slider['slider_type'],
      show_property_details: s.showPropertyDetails ? 1 : 0,
      heading: s.heading === null ? null : translated(s.translations, lang, 'heading', s.heading),
      subheading: s.subheading === null ? null : translated(s.translations, lang, 'subheading', s.subheading),
      image: mediaUrl(ctx.origin, s.image)!,
      web_image: mediaUrl(ctx.origin, s.webImage ?? s.image),
      category_id: s.categoryId,
      category:
        s.categoryId !== null && s.categorySlugId ? { id: s.categoryId, category: translated(s.categoryTranslations, lang, 'category', s.categoryName ?? ''), slug_id: s.categorySlugId } : null,
      property_id: s.propertyId,
      property:
        s.propertyId !== null && s.propertySlugId
          ? {
              id: s.propertyId,
              title: s.propertyTitle ?? '',
              slug_id: s.propertySlugId,
              price: Number(s.propertyPrice),
              video_link: videoLinkUrl(ctx.origin, s.propertyVideoLink),
              parameters: cards.find((c) => c.id === s.propertyId)?.parameters ?? [],
            }
          : null,
      link: s.link,
    }));
  }

  /**
   * `get_seo_settings`: each page's SEO title, description, keywords and image — what an
   * operator set, else defaults from the company's name, `seo_description` and logo.
   */
  async seoSettings(page: string | undefined, ctx: RequestContext): Promise<SeoSetting[]> {
    const [stored, s] = await Promise.all([contentRepository.seoSettings(this.db), this.settings.values()]);
    const pages = page === undefined ? [...new Set<string>([...SEO_PAGES, ...stored.map((r) => r.page)])] : [page];
    const fallbackImage = mediaUrl(ctx.origin, s.web_logo || null);
    return pages.flatMap((name) => {
      const row = stored.find((r) => r.page === name);
      if (row) {
        return [{ id: row.id, page: row.page, meta_title: row.metaTitle, meta_description: row.metaDescription, meta_keywords: row.metaKeywords, meta_image: mediaUrl(ctx.origin, row.metaImage) ?? fallbackImage }];
      }
      const title = SEO_DEFAULT_TITLES[name as SeoPage];
      if (!title) return [];
      return [{ id: 0, page: name, meta_title: name === 'home' ? s.seo_title || s.company_name : `${title} · ${s.company_name}`, meta_description: s.seo_description, meta_keywords: '', meta_image: fallbackImage }];
    });
  }

  reportReasons() {
    return contentRepository.reportReasons(this.db);
  }

  /** `contct_us`: stored and e-mailed to the operator's inbox in one transaction. */
  async contact(body: ContactMessageBody, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { id } = await contentRepository.insertContactMessage(tx, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        subject: body.subject,
        message: body.message,
        ip,
      });
      await this.mailer.enqueue(tx, {
        to: this.contactInbox,
        subject: `Contact form: ${body.subject}`,
        text: `From: ${body.first_name} ${body.last_name} <${body.email}>\nMessage #${id}\n\n${body.message}`,
        meta: { kind: 'contact', contactMessageId: id, replyTo: body.email },
      });
    });
    void this.mailer.kick();
  }
}
