import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * Outgoing e-mail and SMS. Written in the same transaction as the change that causes it, then
 * delivered by the configured transport; with none configured it is the embedded mailbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    meta: jsonb(),
    attempts: smallint().notNull().default(0),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    userId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.createdAt).where(sql`delivered_at is null`), index('outbox_recipient_idx').on(t.recipient, t.createdAt.desc())],
);
