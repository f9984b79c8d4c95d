import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

export interface MessageRow {
  id: number;
  chat_id: number;
  /** Null: the platform. */
  sender_id: number | null;
  /** Null: the platform. */
  receiver_id: number | null;
  /** Null: no listing (a conversation with the platform). */
  property_id: number | null;
  message: string | null;
  file: string | null;
  audio: string | null;
  chat_message_type: 'text' | 'file' | 'file_and_text' | 'audio';
  is_read: boolean;
  created_at: Date | string;
  sender_profile: string | null;
}

export interface ChatListRow {
  chat_id: number;
  property_id: number | null;
  title: string | null;
  title_image: string | null;
  last_message_at: Date | string;
  /** Null: the platform. */
  user_id: number | null;
  name: string | null;
  profile: string | null;
  is_blocked_by_me: boolean;
  is_blocked_by_user: boolean;
  unread_count: number;
  last_message: string | null;
  last_type: string | null;
}

const MESSAGE_COLUMNS = sql.raw(`m.id, m.chat_id, m.sender_id, m.receiver_id, c.property_id, m.message, m.file, m.audio, m.chat_message_type, m.is_read, m.created_at, u.profile as sender_profile`);

export const chatRepository = {
  async property(db: Executor, propertyId: number): Promise<{ id: number; owner_id: number | null } | null> {
    return rowsOf<{ id: number; owner_id: number | null }>(await db.execute(sql`select id, owner_id from properties where id = ${propertyId}`))[0] ?? null;
  },

  async userExists(db: Executor, userId: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from users where id = ${userId} and deleted_at is null and is_active`)).length > 0;
  },

  /** The conversation of `a` with `b` about a listing; `b` null is the platform, `propertyId` null no listing (with the platform). */
  async chatId(db: Executor, propertyId: number | null, a: number, b: number | null): Promise<number | null> {
    if (propertyId === null) return b === null ? (rowsOf<{ id: number }>(await db.execute(sql`select id from chats where property_id is null and user_low_id = ${a}`))[0]?.id ?? null) : null;
    if (b === null) return rowsOf<{ id: number }>(await db.execute(sql`select id from chats where property_id = ${propertyId} and user_low_id = ${a} and user_high_id is null`))[0]?.id ?? null;
    const [low, high] = a < b ? [a, b] : [b, a];
    return rowsOf<{ id: number }>(await db.execute(sql`select id from chats where property_id = ${propertyId} and user_low_id = ${low} and user_high_id = ${high}`))[0]?.id ?? null;
  },

  /** The conversation of two users about a listing, made on its first message; its last-message time moves on. */
  async touchChat(tx: Executor, propertyId: number | null, a: number, b: number | null): Promise<number> {
    if (propertyId === null) {
      const result = await tx.execute(sql`
        insert into chats (property_id, user_low_id, user_high_id) values (null, ${a}, null)
        on conflict (user_low_id) where property_id is null do update set last_message_at = now() returning id`);
      return rowsOf<{ id: number }>(result)[0].id;
    }
    if (b === null) {
      const result = await tx.execute(sql`
        insert into chats (property_id, user_low_id, user_high_id) values (${propertyId}, ${a}, null)
        on conflict (property_id, user_low_id) where user_high_id is null do update set last_message_at = now() returning id`);
      return rowsOf<{ id: number }>(result)[0].id;
    }
    const [low, high] = a < b ? [a, b] : [b, a];
    const result = await tx.execute(sql`
      insert into chats (property_id, user_low_id, user_high_id) values (${propertyId}, ${low}, ${high})
      on conflict (property_id, user_low_id, user_high_id) do update set last_message_at = now() returning id`);
    return rowsOf<{ id: number }>(result)[0].id;
  },

  /** Whether `a` blocked `b`, and `b` blocked `a`; `b` null is the platform, which blocks nobody. */
  async blocks(db: Executor, a: number, b: number | null): Promise<{ byMe: boolean; byOther: boolean }> {
    if (b === null) return { byMe: await this.blocksPlatform(db, a), byOther: false };
    const result = await db.execute(sql`
      select exists (select 1 from blocks where user_id = ${a} and to_user_id = ${b}) as by_me,
             exists (select 1 from blocks where user_id = ${b} and to_user_id = ${a}) as by_other`);
    const row = rowsOf<{ by_me: boolean; by_other: boolean }>(result)[0];
    return { byMe: row.by_me, byOther: row.by_other };
  },

  /** Whether the user blocks messages from the platform (`block-user` to_admin). */
  async blocksPlatform(db: Executor, userId: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from blocks where user_id = ${userId} and to_admin`)).length > 0;
  },

  /** A message; a null sender or receiver is the platform, `adminId` the administrator who wrote for it. */
  async insertMessage(tx: Executor, m: { chatId: number; senderId: number | null; receiverId: number | null; adminId?: number; message: string | null; file: string | null; audio: string | null; type: MessageRow['chat_message_type'] }): Promise<number> {
    const result = await tx.execute(sql`
      insert into chat_messages (chat_id, sender_id, receiver_id, admin_id, message, file, audio, chat_message_type)
      values (${m.chatId}, ${m.senderId}, ${m.receiverId}, ${m.adminId ?? null}, ${m.message}, ${m.file}, ${m.audio}, ${m.type}) returning id`);
    return rowsOf<{ id: number }>(result)[0].id;
  },

  async message(db: Executor, id: number): Promise<MessageRow | null> {
    const result = await db.execute(sql`select ${MESSAGE_COLUMNS} from chat_messages m join chats c on c.id = m.chat_id left join users u on u.id = m.sender_id where m.id = ${id}`);
    return rowsOf<MessageRow>(result)[0] ?? null;
  },

  async page(db: Executor, chatId: number, limit: number, offset: number): Promise<{ rows: MessageRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select ${MESSAGE_COLUMNS} from chat_messages m join chats c on c.id = m.chat_id left join users u on u.id = m.sender_id
        where m.chat_id = ${chatId} order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from chat_messages where chat_id = ${chatId}`),
    ]);
    return { rows: rowsOf<MessageRow>(rows), total: rowsOf<{ n: number }>(count)[0].n };
  },

  /** Marks what `readerId` received in the conversation as read; answers the ids newly read. */
  async markRead(db: Executor, chatId: number, readerId: number): Promise<number[]> {
    const result = await db.execute(sql`update chat_messages set is_read = true where chat_id = ${chatId} and receiver_id = ${readerId} and not is_read returning id`);
    return rowsOf<{ id: number }>(result).map((r) => r.id);
  },

  async deleteMessage(tx: Executor, id: number): Promise<void> {
    await tx.execute(sql`delete from chat_messages where id = ${id}`);
  },

  async unreadTotal(db: Executor, userId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from chat_messages where receiver_id = ${userId} and not is_read`))[0].n;
  },

  /** One row per conversation of the user: the other person, the listing, the last message and what is unread. */
  async chatsOf(db: Executor, userId: number): Promise<ChatListRow[]> {
    const result = await db.execute(sql`
      with mine as (
        select c.id, c.property_id, c.last_message_at, case when c.user_low_id = ${userId} then c.user_high_id else c.user_low_id end as other_id
        from chats c where c.user_low_id = ${userId} or c.user_high_id = ${userId}
      )
      select mine.id as chat_id, mine.property_id, p.title, p.title_image, mine.last_message_at, mine.other_id as user_id, u.name, u.profile,
        case when mine.other_id is null then exists (select 1 from blocks b where b.user_id = ${userId} and b.to_admin)
             else exists (select 1 from blocks b where b.user_id = ${userId} and b.to_user_id = mine.other_id) end as is_blocked_by_me,
        exists (select 1 from blocks b where b.user_id = mine.other_id and b.to_user_id = ${userId}) as is_blocked_by_user,
        (select count(*)::int from chat_messages m where m.chat_id = mine.id and m.receiver_id = ${userId} and not m.is_read) as unread_count,
        last.message as last_message, last.chat_message_type as last_type
      from mine left join properties p on p.id = mine.property_id left join users u on u.id = mine.other_id
      left join lateral (select m.message, m.chat_message_type from chat_messages m where m.chat_id = mine.id order by m.created_at desc, m.id desc limit 1) last on true
      order by mine.last_message_at desc, mine.id desc`);
    return rowsOf<ChatListRow>(result);
  },

  async block(db: Executor, userId: number, target: { toUserId?: number; toAdmin?: boolean }, reason: string | null): Promise<void> {
    if (target.toAdmin) await db.execute(sql`insert into blocks (user_id, to_admin, reason) values (${userId}, true, ${reason}) on conflict do nothing`);
    if (target.toUserId !== undefined) await db.execute(sql`insert into blocks (user_id, to_user_id, reason) values (${userId}, ${target.toUserId}, ${reason}) on conflict do nothing`);
  },

  async unblock(db: Executor, userId: number, target: { toUserId?: number; toAdmin?: boolean }): Promise<void> {
    if (target.toAdmin) await db.execute(sql`delete from blocks where user_id = ${userId} and to_admin`);
    if (target.toUserId !== undefined) await db.execute(sql`delete from blocks where user_id = ${userId} and to_user_id = ${target.toUserId}`);
  },
};
