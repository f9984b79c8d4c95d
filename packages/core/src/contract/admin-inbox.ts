import { z } from 'zod';
import { adminListQuery } from './admin.ts';
import { CHAT_MESSAGE_TYPES, MAX_CHAT_MESSAGE } from './chat.ts';
import { flagField, intField, textField } from './common.ts';

/**
 * The console's inbox (`/api/admin/inbox`, issue 16): conversations people hold with the platform
 * about the listings it owns, read and answered by any administrator (decision 0014).
 */

export const INBOX_SORTS = ['unread', 'last_message_at', 'name'] as const;

export const inboxQuery = adminListQuery.extend({
  /** 1: only conversations with something unread. */
  unread: flagField('unread').optional(),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

const inboxPerson = z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable(), mobile: z.string().nullable(), profile: z.string().nullable(), is_active: z.boolean() });
const inboxListing = z.object({ id: z.number().int(), title: z.string(), slug_id: z.string(), title_image: z.string().nullable() });

export const inboxRow = z.object({
  /** The conversation. */
  id: z.number().int(),
  user: inboxPerson,
  /** Null: they wrote about no listing in particular. */
  property: inboxListing.nullable(),
  /** Messages to the platform not yet read by an administrator. */
  unread_count: z.number().int(),
  last_message: z.string().nullable(),
  last_message_type: z.enum(CHAT_MESSAGE_TYPES).nullable(),
  /** The platform wrote the last message (the person has been answered). */
  last_from_platform: z.boolean(),
  last_message_at: z.string(),
  /** They block messages from the platform (`block-user` to_admin): no reply reaches them. */
  blocks_admin: z.boolean(),
});
export type InboxRow = z.infer<typeof inboxRow>;

export const inboxMessage = z.object({
  id: z.number().int(),
  /** The platform wrote it. */
  from_platform: z.boolean(),
  /** The administrator who answered for the platform (null when they are gone, or for the person's messages). */
  admin: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  message: z.string().nullable(),
  file: z.string().nullable(),
  audio: z.string().nullable(),
  chat_message_type: z.enum(CHAT_MESSAGE_TYPES),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const INBOX_THREAD_PAGE = 50;

export const inboxThreadQuery = z.object({
  page: intField('page', { min: 1, max: 100_000 }).default(1),
  per_page: intField('per_page', { min: 1, max: 100 }).default(INBOX_THREAD_PAGE),
});

/** One conversation: its head and a page of its messages, newest first. */
export const inboxThread = z.object({
  conversation: inboxRow,
  messages: z.array(inboxMessage),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type InboxThread = z.infer<typeof inboxThread>;

export const inboxReplyBody = z.object({
  message: textField('message', MAX_CHAT_MESSAGE).pipe(z.string().min(1, { error: 'Please write a message' })),
});
export type InboxReplyBody = z.infer<typeof inboxReplyBody>;

export const inboxUnread = z.object({ unread: z.number().int() });
