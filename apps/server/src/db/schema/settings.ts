import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, updatedAt } from './columns.ts';

/** Operator settings as stored key/value strings (flags are "1"/"0", api-contract "Per-call notes"). */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: updatedAt(),
});

export const languages = pgTable(
  'languages',
  {
    id: id(),
    code: text().notNull(),
    name: text().notNull(),
    rtl: boolean().notNull().default(false),
    /** The translation file itself, key → text. */
    translations: jsonb().$type<Record<string, string>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('languages_code_key').on(t.code)],
);
