import { NO_LISTING, PLATFORM_PARTY, type InboxMessage, type InboxQuery, type InboxReplyBody, type InboxRow, type InboxThread } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { chatRepository } from '../chat/repository.ts';
import { toMessage, type PlatformParty } from '../chat/service.ts';
import { auditRepository } from './audit-repository.ts';
import { inboxRepository as repo, type InboxMessageRecord, type InboxRecord } from './inbox-repository.ts';
import { BLOCKS_ADMIN } from './people-service.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The console's inbox: what people write to the platform about the listings it owns, answered by
 * any administrator as the platform (party 0 on the wire, decision 0014). Reading a conversation
 * marks it read for every administrator; a reply is audited and reaches the person live, unread,
 * unless they block messages from the platform (403).
 */
export class InboxService {
  constructor(
    private readonly db: Database,
    private readonly deps: { hub: RealtimeHub; platform: PlatformParty },
  ) {}

  async list(q: InboxQuery, ctx: RequestContext): Promise<{ rows: InboxRow[]; total: number }> {
    const { rows, total } = await repo.list(this.db, q);
    return { rows: rows.map((r) => toRow(r, ctx.origin)), total };
  }

  async unread(): Promise<number> {
    return repo.unread(this.db);
  }

  /** A page of one conversation, newest first; what the person wrote is now read (and they are told, unless they block the platform). */
  async thread(id: number, page: { page: number; per_page: number }, ctx: RequestContext): Promise<InboxThread> {
    const head = await repo.conversation(this.db, id);
    if (!head) throw new NotFound('Conversation not found');
    const { rows, total } = await repo.messages(this.db, id, page.per_page, (page.page - 1) * page.per_page);
    const read = await repo.markRead(this.db, id);
    if (read.length && !head.blocks_admin) this.deps.hub.send([head.user_id], { type: 'read', property_id: head.property_id ?? NO_LISTING, reader_id: PLATFORM_PARTY, message_ids: read });
    const readIds = new Set(read);
    return {
      conversation: { ...toRow(head, ctx.origin), unread_count: 0 },
      messages: rows.map((m) => toInboxMessage(readIds.has(m.id) ? { ...m, is_read: true } : m, ctx.origin)),
      page: page.page,
      per_page: page.per_page,
      total,
    };
  }

  /** The platform answers: one message from it, audited; the person sees it live and unread. */
  async reply(id: number, body: InboxReplyBody, ctx: RequestContext): Promise<InboxMessage> {
    const adminId = viewerIdOf(ctx);
    const { messageId, userId } = await this.db.transaction(async (tx) => {
      const chat = await repo.lock(tx, id);
      if (!chat) throw new NotFound('Conversation not found');
      if (await chatRepository.blocksPlatform(tx, chat.user_id)) throw new Forbidden(BLOCKS_ADMIN);
      const messageId = await chatRepository.insertMessage(tx, { chatId: id, senderId: null, receiverId: chat.user_id, adminId, message: body.message, file: null, audio: null, type: 'text' });
      await repo.touch(tx, id);
      await auditRepository.record(tx, { actorId: adminId, action: 'chat.reply', entity: 'chat', entityId: id, after: { message_id: messageId, user_id: chat.user_id, property_id: chat.property_id, message: body.message } });
      return { messageId, userId: chat.user_id };
    });
    const row = (await chatRepository.message(this.db, messageId))!;
    const { logo } = await this.deps.platform.platformParty(ctx.origin);
    this.deps.hub.send([userId], { type: 'message', message: toMessage(row, ctx.origin, logo) });
    this.deps.hub.send([userId], { type: 'unread', total: await chatRepository.unreadTotal(this.db, userId) });
    const [own] = (await repo.messages(this.db, id, 1, 0)).rows;
    return toInboxMessage(own, ctx.origin);
  }
}

function toRow(r: InboxRecord, origin: string): InboxRow {
  return {
    id: r.id,
    user: { id: r.user_id, name: r.user_name, email: r.user_email, mobile: r.user_mobile, profile: mediaUrl(origin, r.user_profile), is_active: r.user_is_active },
    property: r.property_id === null ? null : { id: r.property_id, title: r.property_title ?? '', slug_id: r.property_slug_id ?? '', title_image: mediaUrl(origin, r.property_title_image) },
    unread_count: r.unread_count,
    last_message: r.last_message,
    last_message_type: r.last_message_type,
    last_from_platform: r.last_from_platform,
    last_message_at: iso(r.last_message_at),
    blocks_admin: r.blocks_admin,
  };
}

function toInboxMessage(m: InboxMessageRecord, origin: string): InboxMessage {
  const fromPlatform = m.sender_id === null;
  return {
    id: m.id,
    from_platform: fromPlatform,
    admin: fromPlatform && m.admin_id !== null ? { id: m.admin_id, name: m.admin_name } : null,
    message: m.message,
    file: mediaUrl(origin, m.file),
    audio: mediaUrl(origin, m.audio),
    chat_message_type: m.chat_message_type,
    is_read: m.is_read,
    created_at: iso(m.created_at),
  };
}
