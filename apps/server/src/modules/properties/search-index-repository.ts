import { sql } from 'drizzle-orm';
import { executePrepared, rowsOf, type Executor } from '../../db/client.ts';

/** Same text as the partial indexes' predicate (repository.ts LISTED). */
const LISTED = sql.raw(`p.status = 1 and p.request_status = 'approved'`);

/** What the in-memory search index keeps of a listed listing (search-index.ts). */
export interface IndexedRow {
  id: number;
  /** created_at in microseconds since 1970, exact. */
  created: number;
  price: string;
  total_click: number;
  total_favourites: number;
  property_type: number;
  category_id: number;
  city: string | null;
  state: string | null;
  country: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  living_rooms: number | null;
  floors: number | null;
  is_premium: boolean;
  owner_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

const columns = sql`p.id, (extract(epoch from p.created_at) * 1000000)::float8 as created, p.price, p.total_click, p.total_favourites,
  p.property_type, p.category_id, lower(p.city) as city, lower(p.state) as state, lower(p.country) as country,
  p.bedrooms, p.bathrooms, p.living_rooms, p.floors, p.is_premium, p.owner_id, p.latitude, p.longitude`;

export const searchIndexRepository = {
  /** Listed listings with an id above `after`, in id order (the index loads in chunks). */
  async listedAfter(db: Executor, after: number, limit: number): Promise<IndexedRow[]> {
    return rowsOf<IndexedRow>(await executePrepared(db, sql`select ${columns} from properties p where p.id > ${after} and ${LISTED} order by p.id limit ${limit}`));
  },

  /** Those of `ids` that are listed now. */
  async listedByIds(db: Executor, ids: number[]): Promise<IndexedRow[]> {
    if (!ids.length) return [];
    return rowsOf<IndexedRow>(await executePrepared(db, sql`select ${columns} from properties p where p.id = any(${`{${ids.join(',')}}`}::int[]) and ${LISTED}`));
  },

  /** The oldest transaction that may still be running: every change before it is visible now. */
  async horizon(db: Executor): Promise<string> {
    return rowsOf<{ h: string }>(await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as h`))[0].h;
  },

  /**
   * Listings changed by transactions from `horizon` on that have committed, and the new horizon,
   * read in one snapshot: a transaction still running is read again next time, so none is missed.
   */
  async changedSince(db: Executor, horizon: string): Promise<{ horizon: string; ids: number[] }> {
    const row = rowsOf<{ h: string; ids: number[] | null }>(
      await executePrepared(
        db,
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as h,
          (select array_agg(distinct property_id) from property_search_changes where xid >= ${horizon}::xid8) as ids`,
      ),
    )[0];
    return { horizon: row.h, ids: row.ids ?? [] };
  },

  /** Forgets changes older than every index's reach. */
  async prune(db: Executor, olderThanSeconds: number): Promise<void> {
    await db.execute(sql`delete from property_search_changes where changed_at < now() - make_interval(secs => ${olderThanSeconds})`);
  },

  /** Whether "since yesterday" (date_trunc of now()) is counted in UTC days. */
  async daysAreUtc(db: Executor): Promise<boolean> {
    const row = rowsOf<{ tz: string }>(await db.execute(sql`select current_setting('TimeZone') as tz`))[0];
    return /^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu|Greenwich)$/i.test(row.tz);
  },
};
