import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, metaColumns, translations, updatedAt } from './columns.ts';
import { categories } from './catalogue.ts';
import { properties } from './properties.ts';

export const articleCategories = pgTable(
  'article_categories',
  {
    id: id(),
    category: text().notNull(),
    slugId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('article_categories_slug_id_key').on(t.slugId)],
);

export const articles = pgTable(
  'articles',
  {
    id: id(),
    slugId: text().notNull(),
    title: text().notNull(),
    /** HTML, sanitised on write. */
    description: text().notNull(),
    image: text(),
    categoryId: integer().references(() => articleCategories.id, { onDelete: 'set null' }),
    ...metaColumns(),
    isPublished: boolean().notNull().default(true),
    viewCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('articles_slug_id_key').on(t.slugId),
    index('articles_published_idx').on(t.createdAt.desc()).where(sql`is_published`),
    index('articles_category_idx').on(t.categoryId, t.createdAt.desc()),
  ],
);

export const faqs = pgTable('faqs', {
  id: id(),
  question: text().notNull(),
  answer: text().notNull(),
  translations: translations(),
  isActive: boolean().notNull().default(true),
  sequence: smallint().notNull().default(0),
  createdAt: createdAt(),
});

/** Home-page hero slides; `type` 1 image, 2 category, 3 property, 4 link. */
export const sliders = pgTable('sliders', {
  id: id(),
  type: smallint().notNull().default(1),
  heading: text(),
  subheading: text(),
  translations: translations(),
  image: text().notNull(),
  webImage: text(),
  categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
  propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
  link: text(),
  /** A property slide shows the listing's title, price and facts over the picture. */
  showPropertyDetails: boolean().notNull().default(true),
  sequence: smallint().notNull().default(0),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/** Messages sent through the public contact form (spec §3 "Contact message"). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

/** Per-page SEO texts an operator sets (`get_seo_settings`); pages without a row get defaults. */
export const seoSettings = pgTable(
  'seo_settings',
  {
    id: id(),
    page: text().notNull(),
    metaTitle: text().notNull(),
    metaDescription: text().notNull().default(''),
    metaKeywords: text().notNull().default(''),
    metaImage: text(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('seo_settings_page_key').on(t.page)],
);
