import { open } from 'node:fs/promises';
import { MAX_CHAT_FILE_MB, NO_LISTING, PLATFORM_PARTY, timeAgo, type BlockBody, type ChatMessage, type ChatRow, type GetMessagesQuery, type SendMessageBody } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { AppError, Forbidden, Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { MediaBatch } from '../../platform/media-batch.ts';
import { mediaUrl, type MediaStore } from '../../platform/media.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { UploadedFile } from '../../platform/uploads.ts';
import { chatRepository as repo, type MessageRow } from './repository.ts';

/** The folder chat files and voice notes are kept in. */
export const CHAT_MEDIA = 'chat';
const BLOCKED = 'You cannot message this person.';
const PLATFORM_BLOCKED = 'You block messages from us. Unblock us to write.';

/** The platform's name and picture, as the other party of its conversations (settings). */
export interface PlatformParty {
  platformParty(origin: string): Promise<{ name: string; logo: string | null }>;
}

/** The wire's party id (0 the platform) as stored (null the platform). */
const stored = (party: number): number | null => (party === PLATFORM_PARTY ? null : party);
/** The wire's listing (0 none) as stored (null none). */
const listingOf = (propertyId: number): number | null => (propertyId === NO_LISTING ? null : propertyId);

/** Voice-note formats browsers record and play, told by their first bytes. */
const AUDIO_SIGNATURES: [ext: string, test: (head: Buffer) => boolean][] = [
  ['webm', (h) => h.readUInt32BE(0) === 0x1a45dfa3],
  ['ogg', (h) => h.toString('latin1', 0, 4) === 'OggS'],
  ['m4a', (h) => h.toString('latin1', 4, 8) === 'ftyp'],
  ['wav', (h) => h.toString('latin1', 0, 4) === 'RIFF' && h.toString('latin1', 8, 12) === 'WAVE'],
  ['mp3', (h) => h.toString('latin1', 0, 3) === 'ID3' || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0)],
];

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * Conversations between two people about a listing (spec §7 chat calls): one of them owns the
 * listing, or they have spoken about it before. Only its two people read a conversation; a block
 * either way refuses messages (403) and hides typing and read receipts. New messages, deletions,
 * typing and read receipts reach both sides live through the realtime hub.
 *
 * A listing the platform owns (`added_by` 0) is talked about with the platform itself: party 0 on
 * the wire, null in the rows, answered from the console (admin inbox; decision 0014).
 */
export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly hub: RealtimeHub,
    private readonly platform: PlatformParty,
  ) {}

  /** `get_chats`: the caller's conversations, latest first. */
  async chats(ctx: RequestContext): Promise<ChatRow[]> {
    const rows = await repo.chatsOf(this.db, viewerIdOf(ctx));
    const company = rows.some((r) => r.user_id === null) ? await this.platform.platformParty(ctx.origin) : null;
    return rows.map((r) => ({
      property_id: r.property_id ?? NO_LISTING,
      title: r.title ?? '',
      title_image: mediaUrl(ctx.origin, r.title_image),
      date: iso(r.last_message_at),
      user_id: r.user_id ?? PLATFORM_PARTY,
      name: r.user_id === null ? company!.name : r.name,
      profile: r.user_id === null ? company!.logo : mediaUrl(ctx.origin, r.profile),
      is_blocked_by_me: r.is_blocked_by_me,
      is_blocked_by_user: r.is_blocked_by_user,
      unread_count: r.unread_count,
      last_message: r.last_message ?? (r.last_type === 'audio' ? '🎤' : r.last_type ? '📎' : null),
    }));
  }

  /** `get_messages`: a page of the caller's conversation with `user_id` about `property_id`, newest first; what they received is marked read. */
  async messages(q: GetMessagesQuery, ctx: RequestContext) {
    const me = viewerIdOf(ctx);
    const other = stored(q.user_id);
    const chatId = await repo.chatId(this.db, listingOf(q.property_id), me, other);
    if (chatId === null) return { data: { data: [] as ChatMessage[], current_page: q.page, per_page: q.per_page, total: 0 }, total_page: 0 };
    const { rows, total } = await repo.page(this.db, chatId, q.per_page, (q.page - 1) * q.per_page);
    const read = await repo.markRead(this.db, chatId, me);
    if (read.length) {
      const { byMe, byOther } = await repo.blocks(this.db, me, other);
      if (other !== null && !byMe && !byOther) this.hub.send([other], { type: 'read', property_id: q.property_id, reader_id: me, message_ids: read });
      this.hub.send([me], { type: 'unread', total: await repo.unreadTotal(this.db, me) });
    }
    const logo = rows.some((r) => r.sender_id === null) ? (await this.platform.platformParty(ctx.origin)).logo : null;
    return {
      data: { data: rows.map((r) => toMessage(r, ctx.origin, logo)), current_page: q.page, per_page: q.per_page, total },
      total_page: Math.ceil(total / q.per_page),
    };
  }

  /** `send_message`: text, a file (picture or PDF), a voice note, or text with a file. */
  async send(body: SendMessageBody, ctx: RequestContext): Promise<number> {
    const me = viewerIdOf(ctx);
    const to = body.receiver_id;
    if (to === me) throw new Invalid('receiver_id', 'You cannot message yourself');
    const text = body.message?.trim() || null;
    if (!text && body.file === undefined && body.audio === undefined) throw new Invalid('message', 'Write a message, or attach a file or a voice note');
    const receiver = stored(to);
    const listing = listingOf(body.property_id);
    if (listing === null && receiver !== null) throw new Invalid('property_id', 'Choose the listing you are writing about');
    // With no listing, the conversation is with the platform about nothing in particular.
    const property = listing === null ? { id: null, owner_id: null } : await repo.property(this.db, listing);
    if (!property) throw new NotFound('Property not found');
    if (receiver === null) {
      // The platform answers about its own listings, and goes on answering where a conversation began.
      if (property.id !== null && property.owner_id !== null && (await repo.chatId(this.db, property.id, me, null)) === null) throw new Forbidden('Messages about a listing go to its owner.');
      if (await repo.blocksPlatform(this.db, me)) throw new Forbidden(PLATFORM_BLOCKED);
    } else {
      if (!(await repo.userExists(this.db, receiver))) throw new NotFound('User not found');
      const talking = property.owner_id === me || property.owner_id === receiver || (await repo.chatId(this.db, listing, me, receiver)) !== null;
      if (!talking) throw new Forbidden('Messages about a listing go to its owner.');
      const blocked = await repo.blocks(this.db, me, receiver);
      if (blocked.byMe || blocked.byOther) throw new Forbidden(BLOCKED);
    }

    const limit = MAX_CHAT_FILE_MB * 1024 * 1024;
    const batch = new MediaBatch(this.media, CHAT_MEDIA, { imageBytes: limit, documentBytes: limit });
    const id = await batch.run(async () => {
      const file = body.file !== undefined ? (await batch.document('file', body.file)).key : null;
      const audio = body.audio !== undefined ? await this.storeAudio(batch, body.audio, limit) : null;
      const type = audio ? 'audio' : file && text ? 'file_and_text' : file ? 'file' : 'text';
      return this.db.transaction(async (tx) => {
        const chatId = await repo.touchChat(tx, property.id, me, receiver);
        return repo.insertMessage(tx, { chatId, senderId: me, receiverId: receiver, message: text, file, audio, type });
      });
    });
    const row = (await repo.message(this.db, id))!;
    const message = toMessage(row, ctx.origin, null);
    if (receiver === null) {
      this.hub.send([me], { type: 'message', message });
      return id;
    }
    this.hub.send([receiver, me], { type: 'message', message });
    this.hub.send([receiver], { type: 'unread', total: await repo.unreadTotal(this.db, receiver) });
    return id;
  }

  /** `delete_chat_message`: one's own message only; its file goes once the row has. */
  async delete(messageId: number, ctx: RequestContext): Promise<void> {
    const me = viewerIdOf(ctx);
    const row = await repo.message(this.db, messageId);
    if (!row || (row.sender_id !== me && row.receiver_id !== me)) throw new NotFound('Message not found');
    if (row.sender_id !== me) throw new Forbidden('You can delete only your own messages.');
    const batch = new MediaBatch(this.media, CHAT_MEDIA, { imageBytes: 0, documentBytes: 0 });
    batch.removeAfterCommit(row.file, row.audio);
    await batch.run(() => this.db.transaction((tx) => repo.deleteMessage(tx, messageId)));
    this.hub.send(row.receiver_id === null ? [me] : [row.receiver_id, me], { type: 'message_deleted', message_id: messageId, property_id: row.property_id ?? NO_LISTING });
  }

  /** Typing, from a socket: forwarded to the other person of a conversation, unless either blocked the other. */
  async typing(me: number, to: number, propertyId: number, isTyping: boolean): Promise<void> {
    if ((await repo.chatId(this.db, propertyId, me, to)) === null) return;
    const { byMe, byOther } = await repo.blocks(this.db, me, to);
    if (!byMe && !byOther) this.hub.send([to], { type: 'typing', user_id: me, property_id: propertyId, typing: isTyping });
  }

  async unreadTotal(userId: number): Promise<number> {
    return repo.unreadTotal(this.db, userId);
  }

  /** `block-user`: messages stop both ways; `to_admin` stops messages from the platform. */
  async block(body: BlockBody, ctx: RequestContext): Promise<void> {
    const me = viewerIdOf(ctx);
    if (body.to_user_id === me) throw new Invalid('to_user_id', 'You cannot block yourself');
    if (body.to_user_id !== undefined && !(await repo.userExists(this.db, body.to_user_id))) throw new NotFound('User not found');
    await repo.block(this.db, me, { toUserId: body.to_user_id, toAdmin: body.to_admin }, body.reason ?? null);
  }

  async unblock(body: BlockBody, ctx: RequestContext): Promise<void> {
    await repo.unblock(this.db, viewerIdOf(ctx), { toUserId: body.to_user_id, toAdmin: body.to_admin });
  }

  /** A voice note: an audio format told by its bytes, kept as sent. */
  private async storeAudio(batch: MediaBatch, value: unknown, limit: number): Promise<string> {
    if (!(value instanceof UploadedFile)) throw new Invalid('audio', 'audio must be a file');
    if (value.size > limit) throw new AppError(413, `The voice note is larger than ${MAX_CHAT_FILE_MB} MB.`, { audio: [`The voice note is larger than ${MAX_CHAT_FILE_MB} MB.`] });
    const handle = await open(value.path, 'r');
    try {
      const head = Buffer.alloc(16);
      await handle.read(head, 0, 16, 0);
      const kind = AUDIO_SIGNATURES.find(([, test]) => test(head));
      if (!kind) throw new Invalid('audio', 'audio must be a voice recording (WebM, Ogg, M4A, MP3 or WAV)');
      return await batch.file(`${CHAT_MEDIA}/audio`, await handle.readFile(), kind[0]);
    } finally {
      await handle.close();
    }
  }
}

/** A message on the wire; the platform is party 0 and wears its logo (`platformLogo`, an absolute URL). */
export function toMessage(r: MessageRow, origin: string, platformLogo: string | null): ChatMessage {
  return {
    id: r.id,
    sender_id: r.sender_id ?? PLATFORM_PARTY,
    receiver_id: r.receiver_id ?? PLATFORM_PARTY,
    property_id: r.property_id ?? NO_LISTING,
    message: r.message,
    file: mediaUrl(origin, r.file),
    audio: mediaUrl(origin, r.audio),
    chat_message_type: r.chat_message_type,
    created_at: iso(r.created_at),
    time_ago: timeAgo(r.created_at),
    user_profile: r.sender_id === null ? platformLogo : mediaUrl(origin, r.sender_profile),
    is_read: r.is_read,
  };
}
