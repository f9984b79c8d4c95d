import { z } from 'zod';
import { flagField, idField, intField, textField } from './common.ts';

/** Chat (spec §7 "Interest, notifications, chat, reports"; api-contract `get_chats`, `get_messages`, `send_message`). */

export const CHAT_MESSAGE_TYPES = ['text', 'file', 'file_and_text', 'audio'] as const;
export const MAX_CHAT_MESSAGE = 2000;
/** Largest file or voice note a message may carry, in megabytes. */
export const MAX_CHAT_FILE_MB = 10;
export const CHAT_PAGE_SIZE = 15;

export const chatRow = z.object({
  property_id: z.number().int(),
  title: z.string(),
  title_image: z.string().nullable(),
  /** When the last message was sent. */
  date: z.string(),
  /** The other person. */
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
  /** The other person. */
  user_id: idField('user_id'),
  property_id: idField('property_id'),
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
  receiver_id: idField('receiver_id'),
  property_id: idField('property_id'),
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
