import { sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, type Dashboard } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';

type StateCounts = Dashboard['properties'];

const stateCounts = async (db: Executor, table: 'properties' | 'projects'): Promise<StateCounts> => {
  const rows = rowsOf<{ request_status: string; n: number }>(await db.execute(sql`select request_status, count(*)::int as n from ${sql.identifier(table)} group by request_status`));
  const of = (s: string) => rows.find((r) => r.request_status === s)?.n ?? 0;
  return { total: rows.reduce((sum, r) => sum + r.n, 0), pending: of('pending'), approved: of('approved'), rejected: of('rejected') };
};

export const dashboardRepository = {
  stateCounts,

  async users(db: Executor): Promise<Dashboard['users']> {
    const [row] = rowsOf<Dashboard['users']>(
      await db.execute(sql`
        select count(*)::int as total, (count(*) filter (where role = 'agent'))::int as agents, (count(*) filter (where not is_active))::int as inactive
        from users where deleted_at is null`),
    );
    return row;
  },

  async revenue(db: Executor, currency: string): Promise<{ last_30_days: number; all_time: number }> {
    const [row] = rowsOf<{ last_30_days: number; all_time: number }>(
      await db.execute(sql`
        select coalesce(sum(amount) filter (where created_at >= now() - make_interval(days => ${DASHBOARD_DAYS}::int)), 0)::float8 as last_30_days,
               coalesce(sum(amount), 0)::float8 as all_time
        from payments where payment_status = 'success' and currency = ${currency}`),
    );
    return row;
  },

  async openReports(db: Executor): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from reports where resolution is null`))[0].n;
  },

  async pendingVerifications(db: Executor): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users where verification_status = 'pending' and deleted_at is null`))[0].n;
  },

  /** New listings (properties and projects), sign-ups and takings per UTC day, the last 30 days. */
  async series(db: Executor, currency: string): Promise<Dashboard['series']> {
    const result = await db.execute(sql`
      with days as (
        select d::date as day from generate_series((now() at time zone 'utc')::date - ${DASHBOARD_DAYS - 1}::int, (now() at time zone 'utc')::date, interval '1 day') d
      ), since as (select ((now() at time zone 'utc')::date - ${DASHBOARD_DAYS - 1}::int)::timestamp at time zone 'utc' as t)
      select to_char(days.day, 'YYYY-MM-DD') as date,
             coalesce(l.n, 0)::int as listings, coalesce(u.n, 0)::int as users, coalesce(p.total, 0)::float8 as revenue
      from days
      left join (
        select (created_at at time zone 'utc')::date as day, count(*) as n from (
          select created_at from properties where created_at >= (select t from since)
          union all select created_at from projects where created_at >= (select t from since)
        ) x group by 1
      ) l on l.day = days.day
      left join (select (created_at at time zone 'utc')::date as day, count(*) as n from users where created_at >= (select t from since) group by 1) u on u.day = days.day
      left join (
        select (created_at at time zone 'utc')::date as day, sum(amount) as total from payments
        where payment_status = 'success' and currency = ${currency} and created_at >= (select t from since) group by 1
      ) p on p.day = days.day
      order by days.day`);
    return rowsOf<Dashboard['series'][number]>(result);
  },
};
