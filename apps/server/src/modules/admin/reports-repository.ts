import { sql, type SQL } from 'drizzle-orm';
import type { ReportAction, ReportedListing, ReportQueueQuery } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

type Row = {
  id: number;
  title: string;
  slug_id: string;
  title_image: string | null;
  status: number;
  request_status: string;
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_active: boolean | null;
  count: number;
  reasons: ReportedListing['reasons'] | null;
  messages: string[] | null;
  first_reported_at: string | Date;
  last_reported_at: string | Date;
  resolution: ReportAction | null;
  resolved_at: string | Date | null;
};

export interface ReportedRow {
  id: number;
  owner_id: number | null;
  title: string;
  slug_id: string;
  status: number;
}

const iso = (d: string | Date) => new Date(d).toISOString();

export const reportsQueueRepository = {
  /** Listings with reports in the asked state, one row each: how many, the reasons chosen and the reporters' words. */
  async queue(db: Executor, q: ReportQueueQuery): Promise<{ rows: ReportedListing[]; total: number }> {
    const state = (alias: string) => (q.state === 'open' ? sql`${sql.identifier(alias)}.resolution is null` : sql`${sql.identifier(alias)}.resolution is not null`);
    const where: SQL[] = [];
    if (q.q) {
      const like = containsPattern(q.q);
      where.push(sql`(p.title ilike ${like} or p.slug_id ilike ${like} or u.name ilike ${like} or u.email ilike ${like} or p.id::text = ${q.q})`);
    }
    const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const from = sql`
      from (
        select r.property_id, count(*)::int as count, min(r.created_at) as first_reported_at, max(r.created_at) as last_reported_at,
               (array_agg(r.resolution order by r.resolved_at desc nulls last))[1] as resolution, max(r.resolved_at) as resolved_at
        from reports r where ${state('r')} group by r.property_id
      ) g
      join properties p on p.id = g.property_id
      left join users u on u.id = p.owner_id`;
    const order = orderOf(q, { last_reported_at: sql`g.last_reported_at`, first_reported_at: sql`g.first_reported_at`, count: sql`g.count`, title: sql`p.title`, resolved_at: sql`g.resolved_at` }, 'last_reported_at');
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select p.id, p.title, p.slug_id, p.title_image, p.status, p.request_status,
               u.id as owner_id, u.name as owner_name, u.email as owner_email, u.is_active as owner_active,
               g.count, g.first_reported_at, g.last_reported_at, g.resolution, g.resolved_at,
               (select json_agg(json_build_object('reason', x.reason, 'count', x.n) order by x.n desc, x.reason)
                  from (select rr.reason, count(*)::int as n from reports r2 join report_reasons rr on rr.id = r2.reason_id
                        where r2.property_id = p.id and ${state('r2')} group by rr.reason) x) as reasons,
               (select json_agg(m.other_message order by m.created_at desc)
                  from (select r3.other_message, r3.created_at from reports r3
                        where r3.property_id = p.id and ${state('r3')} and r3.other_message is not null and r3.other_message <> ''
                        order by r3.created_at desc limit 20) m) as messages
        ${from} ${filter} order by ${order}, p.id desc ${limitOf(q)}`),
      db.execute(sql`select count(*)::int as n ${from} ${filter}`),
    ]);
    return {
      total: rowsOf<{ n: number }>(count)[0].n,
      rows: rowsOf<Row>(rows).map((r) => ({
        property: { id: r.id, title: r.title, slug_id: r.slug_id, title_image: r.title_image, status: r.status, request_status: r.request_status },
        owner: r.owner_id === null ? null : { id: r.owner_id, name: r.owner_name, email: r.owner_email, is_active: r.owner_active ?? false },
        count: r.count,
        reasons: r.reasons ?? [],
        messages: r.messages ?? [],
        first_reported_at: iso(r.first_reported_at),
        last_reported_at: iso(r.last_reported_at),
        resolution: q.state === 'closed' ? r.resolution : null,
        resolved_at: q.state === 'closed' && r.resolved_at !== null ? iso(r.resolved_at) : null,
      })),
    };
  },

  /** The reported listing, locked until the transaction ends. */
  async lockListing(tx: Executor, propertyId: number): Promise<ReportedRow | null> {
    const [row] = rowsOf<ReportedRow>(await tx.execute(sql`select id, owner_id, title, slug_id, status from properties where id = ${propertyId} for update`));
    return row ?? null;
  },

  /** Closes every open report of the listing with the decision; answers how many were closed. */
  async close(tx: Executor, propertyId: number, action: ReportAction, adminId: number): Promise<number> {
    const closed = await tx.execute(sql`
      update reports set resolution = ${action}, resolved_at = now(), resolved_by = ${adminId}
      where property_id = ${propertyId} and resolution is null returning id`);
    return rowsOf(closed).length;
  },

  /** Takes the listing off public pages (status 0, as its owner's own "hide" does). */
  async hide(tx: Executor, propertyId: number): Promise<void> {
    await tx.execute(sql`update properties set status = 0, updated_at = now() where id = ${propertyId}`);
  },
};
