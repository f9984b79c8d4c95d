import { z } from 'zod';
import { flagField, idField, intField, textField } from './common.ts';

/** Chat (spec §7 "Interest, notifications, chat, reports"; api-contract `get_chats`, `get_messages`, `send_message`). */

export const CHAT_MESSAGE_TYPES = ['text', 'file', 'file_and_text', 'audio'] as const;
export const MAX_CHAT_MESSAGE = 2000;
/** Largest file or voice note a message may carry, in megabytes. */
export const MAX_CHAT_FILE_MB = 10;
export const CHAT_PAGE_SIZE = 15;
/**
 * The platform as the other party of a conversation (`user_id`, `sender_id`, `receiver_id` 0),
 * as a listing the platform owns has `added_by` 0: a user writes to it about such a listing and
 * any administrator answers for it (decision 0014).
 */
export const PLATFORM_PARTY = 0;
/** `property_id` 0: a conversation with the platform about no listing in particular. */
export const NO_LISTING = 0;
/** A person's id, or 0 for the platform; a listing's id, or 0 for none (with the platform only). */
const partyField = (name: string) =>
  // null and '' would coerce to 0: they are a missing field, never the platform.
  z.preprocess((v) => (v === null || v === '' ? undefined : v), intField(name, { min: PLATFORM_PARTY, max: 2_147_483_647 }));

export const chatRow = z.object({
  /** 0: a conversation with the platform about no listing (its `title` empty). */
  property_id: z.number().int(),
  title: z.string(),
  title_image: z.string().nullable(),
  /** When the last message was sent. */
  date: z.string(),
  /** The other person, or 0 for the platform (its name and logo from settings). */
  user_id: z.number().int(),
  name: z.string().nullable(),
  profile: z.string().nullable(),
  is_blocked_by_me: z.boolean(),
  is_blocked_by_user: z.boolean(),
  unread_count: z.number().int(),
  last_message: z.string().nullable(),
});
export type ChatRow = z.infer<typeof chatRow>;

export const chatMessage = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  receiver_id: z.number().int(),
  property_id: z.number().int(),
  message: z.string().nullable(),
  file: z.string().nullable(),
  audio: z.string().nullable(),
  chat_message_type: z.enum(CHAT_MESSAGE_TYPES),
  created_at: z.string(),
  time_ago: z.string(),
  user_profile: z.string().nullable(),
  /** Ours: the receiver has read it (read receipts). */
  is_read: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const getMessagesQuery = z.object({
  /** The other person, or 0 for the platform. */
  user_id: partyField('user_id'),
  /** The listing, or 0 for a conversation with the platform about no listing. */
  property_id: partyField('property_id'),
  page: intField('page', { min: 1, max: 100_000 }).default(1),
  per_page: intField('per_page', { min: 1, max: 100 }).default(CHAT_PAGE_SIZE),
});
export type GetMessagesQuery = z.infer<typeof getMessagesQuery>;

/** `get_messages`: `data {data: [rows, newest first], current_page, per_page, total}` and top-level `total_page`. */
export const messagesPage = z.object({
  data: z.array(chatMessage),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const sendMessageBody = z.object({
  /** Accepted and ignored: the sender is always the caller. */
  sender_id: z.unknown().optional(),
  /** The listing's owner or someone who wrote about it; 0 writes to the platform about a listing it owns. */
  receiver_id: partyField('receiver_id'),
  /** The listing; 0 writes to the platform about no listing in particular. */
  property_id: partyField('property_id'),
  message: textField('message', MAX_CHAT_MESSAGE).optional(),
  /** A picture or PDF (multipart). */
  file: z.unknown().optional(),
  /** A recorded voice note (multipart: WebM, Ogg, MP4/M4A, MP3 or WAV). */
  audio: z.unknown().optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const deleteChatMessageBody = z.object({
  message_id: idField('message_id'),
  sender_id: z.unknown().optional(),
  receiver_id: z.unknown().optional(),
  property_id: z.unknown().optional(),
});

export const blockBody = z
  .object({
    to_user_id: idField('to_user_id').optional(),
    to_admin: flagField('to_admin').optional(),
    reason: textField('reason', 500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to_user_id === undefined && !v.to_admin) ctx.addIssue({ code: 'custom', path: ['to_user_id'], message: 'to_user_id or to_admin is required' });
  });
export type BlockBody = z.infer<typeof blockBody>;
