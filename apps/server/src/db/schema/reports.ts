import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const reportReasons = pgTable('report_reasons', {
  id: id(),
  reason: text().notNull(),
  createdAt: createdAt(),
});

/**
 * A user's report of a listing; `reason_id` is null when `other_message` explains it. A report is
 * open until an admin decides on the listing (`resolution`: dismiss, hide, warn or deactivate).
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    reasonId: integer().references(() => reportReasons.id, { onDelete: 'set null' }),
    otherMessage: text(),
    createdAt: createdAt(),
    resolution: text({ enum: ['dismiss', 'hide', 'warn', 'deactivate'] }),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_user_property_key').on(t.userId, t.propertyId),
    index('reports_property_idx').on(t.propertyId),
    index('reports_open_idx').on(t.propertyId).where(sql`resolution is null`),
  ],
);
