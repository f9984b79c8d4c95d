import { sql, type SQL } from 'drizzle-orm';
import { AD_STATUSES, type AdminAd, type AdminAdListQuery } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

interface AdRecord {
  id: number;
  feature_for: 'property' | 'project';
  listing_id: number | null;
  title: string | null;
  slug_id: string | null;
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  status: number;
  live: boolean;
  start_date: Date | string;
  end_date: Date | string;
  created_at: Date | string;
}

// An approved advertisement whose end has passed reads as expired, as the owner's list shows it.
const STATUS_SQL = `case when a.status = 0 and a.end_date <= now() then 3 else a.status end`;
const LIVE_SQL = `(a.status = 0 and a.start_date <= now() and a.end_date > now())`;
const STATUS = sql.raw(STATUS_SQL);
const LIVE = sql.raw(LIVE_SQL);
const COLUMNS = sql.raw(`a.id, a.feature_for, coalesce(a.property_id, a.project_id) as listing_id, coalesce(p.title, pr.title) as title, coalesce(p.slug_id, pr.slug_id) as slug_id,
  u.id as owner_id, u.name as owner_name, u.email as owner_email, ${STATUS_SQL} as status, ${LIVE_SQL} as live, a.start_date, a.end_date, a.created_at`);
const FROM = sql.raw(`advertisements a left join properties p on p.id = a.property_id left join projects pr on pr.id = a.project_id left join users u on u.id = a.user_id`);

export const adminAdsRepository = {
  async list(db: Executor, q: AdminAdListQuery): Promise<{ rows: AdminAd[]; total: number }> {
    const where: SQL[] = [];
    if (q.state === 'live') where.push(sql`${LIVE}`);
    else if (q.state) where.push(sql`${STATUS} = ${AD_STATUSES.indexOf(q.state)}`);
    if (q.q) {
      const like = containsPattern(q.q);
      where.push(sql`(p.title ilike ${like} or pr.title ilike ${like} or u.name ilike ${like} or u.email ilike ${like} or a.id::text = ${q.q})`);
    }
    const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const order = orderOf(q, { created_at: sql`a.created_at`, start_date: sql`a.start_date`, end_date: sql`a.end_date`, id: sql`a.id` }, 'end_date');
    const [rows, [count]] = await Promise.all([
      db.execute(sql`select ${COLUMNS} from ${FROM} ${filter} order by ${order}, a.id desc ${limitOf(q)}`).then((r) => rowsOf<AdRecord>(r)),
      db.execute(sql`select count(*)::int as n from ${FROM} ${filter}`).then((r) => rowsOf<{ n: number }>(r)),
    ]);
    return { rows: rows.map(present), total: count.n };
  },

  async find(db: Executor, id: number): Promise<AdminAd | null> {
    const [row] = rowsOf<AdRecord>(await db.execute(sql`select ${COLUMNS} from ${FROM} where a.id = ${id}`));
    return row ? present(row) : null;
  },

  /** Locks the row and answers it as the console shows it. */
  async lock(tx: Executor, id: number): Promise<AdminAd | null> {
    if (!rowsOf(await tx.execute(sql`select id from advertisements where id = ${id} for update`)).length) return null;
    return this.find(tx, id);
  },

  async end(tx: Executor, id: number): Promise<void> {
    await tx.execute(sql`update advertisements set status = 3, end_date = least(end_date, now()) where id = ${id}`);
  },

  /** From its end, or from now when it has ended; an expired one runs again. */
  async extend(tx: Executor, id: number, days: number): Promise<void> {
    await tx.execute(sql`update advertisements set status = 0, end_date = greatest(end_date, now()) + make_interval(days => ${days}) where id = ${id}`);
  },
};

function present(r: AdRecord): AdminAd {
  return {
    id: r.id,
    feature_for: r.feature_for,
    listing: r.listing_id !== null && r.slug_id !== null ? { id: r.listing_id, title: r.title ?? '', slug_id: r.slug_id } : null,
    owner: r.owner_id !== null ? { id: r.owner_id, name: r.owner_name, email: r.owner_email } : null,
    status: AD_STATUSES[r.status] ?? 'expired',
    live: r.live,
    start_date: new Date(r.start_date).toISOString(),
    end_date: new Date(r.end_date).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
  };
}
