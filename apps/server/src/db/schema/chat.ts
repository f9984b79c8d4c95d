import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * A conversation between two users about one property (`user_low_id` < `user_high_id`), or between
 * a user (`user_low_id`) and the platform itself (`user_high_id` null, decision 0014) — about one of
 * its listings, or about nothing in particular (`property_id` null).
 */
export const chats = pgTable(
  'chats',
  {
    id: id(),
    propertyId: integer().references(() => properties.id, { onDelete: 'cascade' }),
    userLowId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer().references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_pair_key').on(t.propertyId, t.userLowId, t.userHighId),
    // NULLs are distinct in the pair key, so one conversation per person and listing with the platform needs its own.
    uniqueIndex('chats_platform_key').on(t.propertyId, t.userLowId).where(sql`user_high_id is null`),
    uniqueIndex('chats_platform_general_key').on(t.userLowId).where(sql`property_id is null`),
    // Only a conversation with the platform may be about no listing.
    check('chats_listing_check', sql`property_id is not null or user_high_id is null`),
    index('chats_low_idx').on(t.userLowId, t.lastMessageAt.desc()),
    index('chats_high_idx').on(t.userHighId, t.lastMessageAt.desc()),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    chatId: integer().notNull().references(() => chats.id, { onDelete: 'cascade' }),
    /** Null: the platform wrote it (an administrator, `admin_id`, answered for it). */
    senderId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Null: written to the platform, for any administrator to read. */
    receiverId: integer().references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer().references(() => users.id, { onDelete: 'set null' }),
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
    index('chat_messages_platform_unread_idx').on(t.chatId).where(sql`receiver_id is null and not is_read`),
    check('chat_messages_party_check', sql`sender_id is not null or receiver_id is not null`),
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
