import { sql, type SQL } from 'drizzle-orm';
import type { InboxMessage, InboxQuery } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

/** A conversation with the platform as read from the database (media keys, not URLs). */
export interface InboxRecord {
  id: number;
  user_id: number;
  user_name: string | null;
  user_email: string | null;
  user_mobile: string | null;
  user_profile: string | null;
  user_is_active: boolean;
  /** Null: about no listing in particular. */
  property_id: number | null;
  property_title: string | null;
  property_slug_id: string | null;
  property_title_image: string | null;
  unread_count: number;
  last_message: string | null;
  last_message_type: InboxMessage['chat_message_type'] | null;
  last_from_platform: boolean;
  last_message_at: Date | string;
  blocks_admin: boolean;
}

export interface InboxMessageRecord {
  id: number;
  sender_id: number | null;
  admin_id: number | null;
  admin_name: string | null;
  message: string | null;
  file: string | null;
  audio: string | null;
  chat_message_type: InboxMessage['chat_message_type'];
  is_read: boolean;
  created_at: Date | string;
}

/** Conversations with the platform: `user_high_id` null, the person in `user_low_id` (decision 0014). */
const conversations = sql`
  select c.id, c.last_message_at,
    u.id as user_id, u.name as user_name, u.email as user_email, u.mobile as user_mobile, u.profile as user_profile, u.is_active as user_is_active,
    p.id as property_id, p.title as property_title, p.slug_id as property_slug_id, p.title_image as property_title_image,
    (select count(*)::int from chat_messages m where m.chat_id = c.id and m.receiver_id is null and not m.is_read) as unread_count,
    last.message as last_message, last.chat_message_type as last_message_type, (last.sender_id is null) as last_from_platform,
    exists (select 1 from blocks b where b.user_id = u.id and b.to_admin) as blocks_admin
  from chats c
  join users u on u.id = c.user_low_id
  left join properties p on p.id = c.property_id
  left join lateral (select m.message, m.chat_message_type, m.sender_id from chat_messages m where m.chat_id = c.id order by m.created_at desc, m.id desc limit 1) last on true
  where c.user_high_id is null`;

export const inboxRepository = {
  async list(db: Executor, q: InboxQuery): Promise<{ rows: InboxRecord[]; total: number }> {
    const where: SQL[] = [sql`true`];
    if (q.unread) where.push(sql`unread_count > 0`);
    if (q.q) {
      const like = containsPattern(q.q);
      where.push(sql`(user_name ilike ${like} or user_email ilike ${like} or user_mobile ilike ${like} or property_title ilike ${like} or last_message ilike ${like} or user_id::text = ${q.q})`);
    }
    const filter = sql`where ${sql.join(where, sql` and `)}`;
    // "unread" puts conversations waiting for an answer first; every order then goes latest first.
    const order = orderOf(q, { unread: sql`(unread_count > 0)`, last_message_at: sql`last_message_at`, name: sql`lower(user_name)` }, 'unread');
    const [rows, count] = await Promise.all([
      db.execute(sql`select * from (${conversations}) x ${filter} order by ${order}, last_message_at desc, id desc ${limitOf(q)}`),
      db.execute(sql`select count(*)::int as n from (${conversations}) x ${filter}`),
    ]);
    return { rows: rowsOf<InboxRecord>(rows), total: rowsOf<{ n: number }>(count)[0].n };
  },

  async conversation(db: Executor, id: number): Promise<InboxRecord | null> {
    return rowsOf<InboxRecord>(await db.execute(sql`select * from (${conversations}) x where id = ${id}`))[0] ?? null;
  },

  /** Locks a conversation with the platform for a reply; answers its person and listing. */
  async lock(tx: Executor, id: number): Promise<{ user_id: number; property_id: number | null } | null> {
    return rowsOf<{ user_id: number; property_id: number | null }>(await tx.execute(sql`select user_low_id as user_id, property_id from chats where id = ${id} and user_high_id is null for update`))[0] ?? null;
  },

  async touch(tx: Executor, id: number): Promise<void> {
    await tx.execute(sql`update chats set last_message_at = now() where id = ${id}`);
  },

  async messages(db: Executor, chatId: number, limit: number, offset: number): Promise<{ rows: InboxMessageRecord[]; total: number }> {
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select m.id, m.sender_id, m.admin_id, a.name as admin_name, m.message, m.file, m.audio, m.chat_message_type, m.is_read, m.created_at
        from chat_messages m left join users a on a.id = m.admin_id
        where m.chat_id = ${chatId} order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from chat_messages where chat_id = ${chatId}`),
    ]);
    return { rows: rowsOf<InboxMessageRecord>(rows), total: rowsOf<{ n: number }>(count)[0].n };
  },

  /** Marks what the person wrote to the platform as read; answers the ids newly read. */
  async markRead(db: Executor, chatId: number): Promise<number[]> {
    const result = await db.execute(sql`update chat_messages set is_read = true where chat_id = ${chatId} and receiver_id is null and not is_read returning id`);
    return rowsOf<{ id: number }>(result).map((r) => r.id);
  },

  /** Messages to the platform no administrator has read yet. */
  async unread(db: Executor): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from chat_messages where receiver_id is null and not is_read`))[0].n;
  },
};
