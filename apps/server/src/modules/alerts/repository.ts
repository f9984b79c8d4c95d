import { sql, type SQL } from 'drizzle-orm';
import type { SearchAlertBody } from '@estate/core';
import { intArray, rowsOf, type Executor } from '../../db/client.ts';

export interface AlertRow {
  id: number;
  name: string | null;
  property_type: number | null;
  category_id: number | null;
  city: string | null;
  min_price: string | null;
  max_price: string | null;
  min_bedrooms: number | null;
  push: boolean;
  email_digest: boolean;
  created_at: Date | string;
}

/** An alert a listing matched, with how its owner wants to be told. */
export interface MatchedAlert {
  id: number;
  user_id: number;
  push: boolean;
  email_digest: boolean;
}

/** One listing a digest tells of: new for a search, or cheaper; at its price now. */
export interface DigestLine {
  property_id: number;
  reason: 'new' | 'cheaper';
  price: number;
  title: string;
  slug_id: string;
  city: string | null;
}

/** A listing as alerts are matched against it. */
export interface MatchedListing {
  id: number;
  ownerId: number | null;
  propertyType: number;
  categoryId: number;
  city: string | null;
  price: number;
  bedrooms: number | null;
}

/**
 * The alerts a listing matches: one statement, led by the (city, type) index — an alert naming no
 * city is the rarer case and is read from the same index's null entries. Exported so a test can
 * EXPLAIN it.
 */
export const matchingAlertsQuery = (l: MatchedListing): SQL => {
  const rest = sql`(a.property_type is null or a.property_type = ${l.propertyType})
    and (a.category_id is null or a.category_id = ${l.categoryId})
    and (a.min_price is null or a.min_price <= ${l.price})
    and (a.max_price is null or a.max_price >= ${l.price})
    and (a.min_bedrooms is null or a.min_bedrooms <= ${l.bedrooms ?? 0})
    and a.user_id is distinct from ${l.ownerId}`;
  return sql`
    select a.id, a.user_id, a.push, a.email_digest from search_alerts a where lower(a.city) = lower(${l.city ?? ''}) and ${rest}
    union all
    select a.id, a.user_id, a.push, a.email_digest from search_alerts a where lower(a.city) is null and ${rest}`;
};

export const alertRepository = {
  /** Locks the user's row: one user's alert writes run one at a time, so the cap holds. */
  async lockUser(tx: Executor, userId: number): Promise<void> {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
  },

  async count(db: Executor, userId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_alerts where user_id = ${userId}`))[0].n;
  },

  async insert(db: Executor, userId: number, a: SearchAlertBody): Promise<number> {
    const result = await db.execute(sql`
      insert into search_alerts (user_id, name, property_type, category_id, city, min_price, max_price, min_bedrooms, push, email_digest)
      values (${userId}, ${a.name ?? null}, ${a.property_type ?? null}, ${a.category_id ?? null}, ${a.city ?? null}, ${a.min_price ?? null}, ${a.max_price ?? null}, ${a.min_bedrooms ?? null}, ${a.push ?? true}, ${a.email_digest ?? false})
      returning id`);
    return rowsOf<{ id: number }>(result)[0].id;
  },

  async ofUser(db: Executor, userId: number): Promise<AlertRow[]> {
    return rowsOf<AlertRow>(await db.execute(sql`select id, name, property_type, category_id, city, min_price, max_price, min_bedrooms, push, email_digest, created_at from search_alerts where user_id = ${userId} order by id desc`));
  },

  async delete(db: Executor, userId: number, id: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`delete from search_alerts where id = ${id} and user_id = ${userId} returning id`)).length > 0;
  },

  /** Sets the alert's switches that are given; false when the alert is not the user's. */
  async setSwitches(db: Executor, userId: number, id: number, s: { push?: boolean; email_digest?: boolean }): Promise<boolean> {
    const result = await db.execute(sql`
      update search_alerts set push = coalesce(${s.push ?? null}::boolean, push), email_digest = coalesce(${s.email_digest ?? null}::boolean, email_digest)
      where id = ${id} and user_id = ${userId} returning id`);
    return rowsOf(result).length > 0;
  },

  /** Keeps, for the daily digest, each match of an alert whose owner asked for it (set-wise). */
  async recordForDigest(tx: Executor, alerts: MatchedAlert[], propertyId: number, reason: 'new' | 'cheaper', price: number): Promise<void> {
    const ids = alerts.filter((a) => a.email_digest).map((a) => a.id);
    if (!ids.length) return;
    await tx.execute(sql`
      insert into search_alert_matches (alert_id, user_id, property_id, reason, price)
      select a.id, a.user_id, ${propertyId}, ${reason}, ${price} from search_alerts a where a.id = any(${intArray(ids)})`);
  },

  /** Users with matches no digest has told yet. */
  async usersWithPendingMatches(db: Executor): Promise<number[]> {
    return rowsOf<{ user_id: number }>(await db.execute(sql`select distinct user_id from search_alert_matches where digested_at is null order by user_id`)).map((r) => r.user_id);
  },

  /**
   * Claims the user's digest for a UTC day in one statement: true for the first caller of the day,
   * false for every other (a restart, a second instance), which then sends nothing.
   */
  async claimDigestDay(tx: Executor, userId: number, day: string, now: Date): Promise<boolean> {
    const result = await tx.execute(sql`
      insert into alert_digests (user_id, last_day, sent_at) values (${userId}, ${day}, ${now.toISOString()})
      on conflict (user_id) do update set last_day = excluded.last_day, sent_at = excluded.sent_at
      where alert_digests.last_day < excluded.last_day
      returning user_id`);
    return rowsOf(result).length > 0;
  },

  /**
   * Takes the user's untold matches (marks them told in the same statement) and answers those
   * still worth telling: the alert still asks for the digest and the listing is still listed.
   * One line per listing and reason; the latest price.
   */
  async takeMatches(tx: Executor, userId: number, now: Date): Promise<DigestLine[]> {
    const result = await tx.execute(sql`
      with taken as (
        update search_alert_matches set digested_at = ${now.toISOString()} where user_id = ${userId} and digested_at is null
        returning alert_id, property_id, reason, price, created_at
      )
      select t.property_id, t.reason, p.price::float8 as price, p.title, p.slug_id, p.city, max(t.created_at) as at
      from taken t
      join search_alerts a on a.id = t.alert_id and a.email_digest
      join properties p on p.id = t.property_id and p.status = 1 and p.request_status = 'approved'
      group by t.property_id, t.reason, p.price, p.title, p.slug_id, p.city
      order by t.reason, at desc`);
    return rowsOf<DigestLine>(result);
  },

  async addressOf(db: Executor, userId: number): Promise<{ email: string | null; name: string | null } | undefined> {
    return rowsOf<{ email: string | null; name: string | null }>(await db.execute(sql`select email, name from users where id = ${userId}`))[0];
  },

  async matching(db: Executor, listing: MatchedListing): Promise<MatchedAlert[]> {
    return rowsOf<MatchedAlert>(await db.execute(matchingAlertsQuery(listing)));
  },
};
