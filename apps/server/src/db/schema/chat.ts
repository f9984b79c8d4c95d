import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** A conversation between two users about one property; `user_low_id` < `user_high_id`. */
export const chats = pgTable(
  'chats',
  {
    id: id(),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    userLowId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_pair_key').on(t.propertyId, t.userLowId, t.userHighId),
    index('chats_low_idx').on(t.userLowId, t.lastMessageAt.desc()),
    index('chats_high_idx').on(t.userHighId, t.lastMessageAt.desc()),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    chatId: integer().notNull().references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    message: text(),
    file: text(),
    audio: text(),
    chatMessageType: text({ enum: ['text', 'file', 'file_and_text', 'audio'] }).notNull().default('text'),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_chat_idx').on(t.chatId, t.createdAt.desc()),
    index('chat_messages_unread_idx').on(t.receiverId, t.chatId).where(sql`not is_read`),
  ],
);

/** A user blocking another user or the platform's administrators (spec §7 block-user). */
export const blocks = pgTable(
  'blocks',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    toAdmin: boolean().notNull().default(false),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blocks_pair_key').on(t.userId, t.toUserId).where(sql`to_user_id is not null`),
    uniqueIndex('blocks_admin_key').on(t.userId).where(sql`to_admin`),
    index('blocks_to_user_idx').on(t.toUserId),
  ],
);
