import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

export interface AuditRecord {
  actorId: number;
  /** e.g. `property.approve`: the entity, a dot, the verb. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export const auditRepository = {
  /** Writes entries in the caller's transaction: the change and its record commit together or not at all. */
  async record(tx: Executor, entries: AuditRecord | AuditRecord[]): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries];
    if (!list.length) return;
    const values = list.map(
      (e) =>
        sql`(${e.actorId}, (select name from users where id = ${e.actorId}), ${e.action}, ${e.entity}, ${e.entityId === undefined || e.entityId === null ? null : String(e.entityId)}, ${json(e.before)}::jsonb, ${json(e.after)}::jsonb)`,
    );
    await tx.execute(sql`insert into audit_log (actor_id, actor_name, action, entity, entity_id, before, after) values ${sql.join(values, sql`, `)}`);
  },

  async list(db: Executor, q: AuditListQuery): Promise<{ rows: AuditEntry[]; total: number }> {
    const where: SQL[] = [];
    if (q.action) where.push(sql`a.action = ${q.action}`);
    if (q.entity) where.push(sql`a.entity = ${q.entity}`);
    if (q.actor_id) where.push(sql`a.actor_id = ${q.actor_id}`);
    if (q.q) {
      const like = containsPattern(q.q);
      where.push(sql`(a.action ilike ${like} or a.entity_id = ${q.q} or a.actor_name ilike ${like} or a.before::text ilike ${like} or a.after::text ilike ${like})`);
    }
    const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const order = orderOf(q, { created_at: sql`a.created_at`, action: sql`a.action`, entity: sql`a.entity` }, 'created_at');
    const [rows, [count]] = await Promise.all([
      db.execute(sql`
        select a.id, a.actor_id, a.actor_name, a.action, a.entity, a.entity_id, a.before, a.after, a.created_at
        from audit_log a ${filter} order by ${order}, a.id desc ${limitOf(q)}`),
      db.execute(sql`select count(*)::int as n from audit_log a ${filter}`).then((r) => rowsOf<{ n: number }>(r)),
    ]);
    type Row = Omit<AuditEntry, 'created_at'> & { created_at: string | Date };
    return { rows: rowsOf<Row>(rows).map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })), total: count.n };
  },
};
