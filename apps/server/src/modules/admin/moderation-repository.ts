import { sql, type SQL } from 'drizzle-orm';
import type { ModerationItem, ModerationKind, ModerationListQuery, RequestStatus } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

/** The two kinds of listing share moderation: their table, and what "purpose" and "price" mean there. */
const kinds: Record<ModerationKind, { table: SQL; purpose: SQL; price: SQL; image: SQL }> = {
  property: { table: sql`properties`, purpose: sql`(array['sell', 'rent', 'sold', 'rented'])[l.property_type + 1]`, price: sql`l.price::float8`, image: sql`l.title_image` },
  project: { table: sql`projects`, purpose: sql`l.type`, price: sql`null::float8`, image: sql`l.image` },
};

export interface ModeratedRow {
  id: number;
  owner_id: number | null;
  slug_id: string;
  title: string;
  request_status: RequestStatus;
  reject_reason: string | null;
  status: number;
}

type ListRow = Omit<ModerationItem, 'kind' | 'owner' | 'created_at' | 'updated_at'> & {
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

export const moderationRepository = {
  async list(db: Executor, kind: ModerationKind, q: ModerationListQuery): Promise<{ rows: ModerationItem[]; total: number }> {
    const k = kinds[kind];
    const where: SQL[] = [];
    if (q.status) where.push(sql`l.request_status = ${q.status}`);
    if (q.q) {
      const like = containsPattern(q.q);
      where.push(sql`(l.title ilike ${like} or l.slug_id ilike ${like} or l.city ilike ${like} or u.name ilike ${like} or u.email ilike ${like} or l.id::text = ${q.q})`);
    }
    const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const order = orderOf(q, { created_at: sql`l.created_at`, updated_at: sql`l.updated_at`, title: sql`l.title`, city: sql`l.city`, price: k.price }, 'created_at');
    const from = sql`from ${k.table} l left join users u on u.id = l.owner_id`;
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select l.id, l.title, l.slug_id, ${k.image} as title_image, l.city, ${k.purpose} as purpose, ${k.price} as price,
               l.request_status, l.reject_reason, l.status, l.owner_id, u.name as owner_name, u.email as owner_email, l.created_at, l.updated_at
        ${from} ${filter} order by ${order}, l.id desc ${limitOf(q)}`),
      db.execute(sql`select count(*)::int as n ${from} ${filter}`),
    ]);
    return {
      total: rowsOf<{ n: number }>(count)[0].n,
      rows: rowsOf<ListRow>(rows).map(({ owner_id, owner_name, owner_email, ...r }) => ({
        ...r,
        kind,
        owner: owner_id === null ? null : { id: owner_id, name: owner_name, email: owner_email },
        created_at: new Date(r.created_at).toISOString(),
        updated_at: new Date(r.updated_at).toISOString(),
      })),
    };
  },

  /** The rows, locked until the transaction ends, so two admins deciding at once decide one after the other. */
  async lock(tx: Executor, kind: ModerationKind, ids: number[]): Promise<ModeratedRow[]> {
    const result = await tx.execute(sql`
      select id, owner_id, slug_id, title, request_status, reject_reason, status from ${kinds[kind].table}
      where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for update`);
    return rowsOf<ModeratedRow>(result);
  },

  async decide(tx: Executor, kind: ModerationKind, ids: number[], status: RequestStatus, reason: string | null): Promise<void> {
    if (!ids.length) return;
    await tx.execute(sql`
      update ${kinds[kind].table} set request_status = ${status}, reject_reason = ${reason}, updated_at = now()
      where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  },
};
