import { customType, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A transaction id (PostgreSQL 13+), answered as text. */
export const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** A row's texts in other languages, by language code then field: `{"hi": {"name": "…"}}`. */
export type Translations = Record<string, Record<string, string>>;

/** Texts of a row that visitors read, in the languages an operator gave them (the row's own columns hold the default). */
export const translations = () => jsonb().$type<Translations>().notNull().default({});

/** Meta fields of every page that has its own URL (spec §3 "meta fields"). */
export const metaColumns = () => ({
  metaTitle: text(),
  metaDescription: text(),
  metaKeywords: text(),
  metaImage: text(),
});
