import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Meta fields of every page that has its own URL (spec §3 "meta fields"). */
export const metaColumns = () => ({
  metaTitle: text(),
  metaDescription: text(),
  metaKeywords: text(),
  metaImage: text(),
});
