import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** `type` 0 general, 1 inquiry, 2 property; `send_type` 0 selected users, 1 all. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text().notNull(),
    message: text().notNull(),
    /** What the notice says, by key (modules/notifications/messages.ts), so each reader gets it in their language; title and message hold it in English. */
    messageKey: text(),
    params: jsonb().$type<Record<string, string | number>>(),
    image: text(),
    type: smallint().notNull().default(0),
    sendType: smallint().notNull().default(0),
    propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_broadcast_idx').on(t.createdAt.desc()).where(sql`send_type = 1`)],
);

export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: integer().notNull().references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_recipients_user_idx').on(t.userId)],
);
