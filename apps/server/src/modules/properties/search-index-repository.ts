import { desc, gt, lte, notInArray, or, sql } from 'drizzle-orm';
import { executePrepared, intArray, rowsOf, textArray, type Executor } from '../../db/client.ts';
import { prefixTerm } from '../../db/listing-conditions.ts';
import { searchWords } from '../../db/schema/index.ts';
import type { MapPointRow } from './repository.ts';

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
  /** The rest of its map marker (marker-store.ts). */
  slug_id: string;
  title: string;
  title_image: string | null;
  rentduration: MapPointRow['rentduration'];
  /** A 53-bit hash of the search vector (read on catching up only): a change means the words may match differently. */
  text_hash?: number;
}

const columns = sql`p.id, (extract(epoch from p.created_at) * 1000000)::float8 as created, p.price, p.total_click, p.total_favourites,
  p.property_type, p.category_id, lower(p.city) as city, lower(p.state) as state, lower(p.country) as country,
  p.bedrooms, p.bathrooms, p.living_rooms, p.floors, p.is_premium, p.owner_id, p.latitude, p.longitude,
  p.slug_id, p.title, p.title_image, p.rentduration`;

/** Comma-separated ids as numbers (null: none). */
function idsOf(text: string | null): number[] {
  const ids: number[] = [];
  if (!text) return ids;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      ids.push(n);
      n = 0;
    } else n = n * 10 + c - 48;
  }
  ids.push(n);
  return ids;
}

export const searchIndexRepository = {
  /** Listed listings with an id above `after`, in id order (the index loads in chunks). */
  async listedAfter(db: Executor, after: number, limit: number): Promise<IndexedRow[]> {
    return rowsOf<IndexedRow>(await executePrepared(db, sql`select ${columns} from properties p where p.id > ${after} and ${LISTED} order by p.id limit ${limit}`));
  },

  /** Those of `ids` that are listed now, with the hash of their search vector. */
  async listedByIds(db: Executor, ids: number[]): Promise<IndexedRow[]> {
    if (!ids.length) return [];
    return rowsOf<IndexedRow>(
      await executePrepared(
        db,
        sql`select ${columns}, (hashtextextended(p.search_vector::text, 0) >> 11)::float8 as text_hash
          from properties p where p.id = any(${intArray(ids)}) and ${LISTED}`,
      ),
    );
  },

  /**
   * The listed listings each word of text searches matches, as the search's own condition does
   * (repository.ts: `search_vector @@ to_tsquery('english', …)`); `neutral` for a stop word, which
   * the search's query leaves out (and which alone matches nothing).
   *
   * Each word alone, from the GIN index's bitmap of its rows: a prefix term without weights needs no
   * recheck, so PostgreSQL reads the matching rows' ids and tests no text. Left to itself the planner
   * walks every listed row for a common word and tests it (twice as long); one query for several
   * words tests each against every row having any (a batch with one common word: seconds per word).
   * `work_mem` keeps the bitmap exact at a million listings. Not prepared, so the word's query is
   * made once, not per row; the ids come as one string, which reads far faster than an array.
   */
  async termsMatches(db: Executor, words: string[]): Promise<{ neutral: boolean; ids: number[] }[]> {
    if (!words.length) return [];
    const nodes = rowsOf<{ n: number[] }>(await db.execute(sql`select array[${sql.join(words.map((w) => sql`numnode(to_tsquery('english', ${prefixTerm(w)}))`), sql`, `)}] as n`))[0].n;
    if (!nodes.some((n) => n > 0)) return words.map(() => ({ neutral: true, ids: [] }));
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      const out: { neutral: boolean; ids: number[] }[] = [];
      for (const [i, word] of words.entries()) {
        if (nodes[i] <= 0) {
          out.push({ neutral: true, ids: [] });
          continue;
        }
        const row = rowsOf<{ ids: string | null }>(
          await tx.execute(sql`select string_agg(p.id::text, ',') as ids from properties p where p.search_vector @@ to_tsquery('english', ${prefixTerm(word)}) and ${LISTED}`),
        )[0];
        out.push({ neutral: false, ids: idsOf(row.ids) });
      }
      return out;
    });
  },

  /** Notes that these words were searched now (words the index has learned). */
  async rememberWords(db: Executor, words: string[]): Promise<void> {
    if (!words.length) return;
    await db
      .insert(searchWords)
      .values(words.map((word) => ({ word })))
      .onConflictDoUpdate({ target: searchWords.word, set: { searchedAt: sql`excluded.searched_at` } });
  },

  /** The `limit` words searched most recently within `days` days, most recent first. */
  async recentWords(db: Executor, limit: number, days: number): Promise<string[]> {
    const rows = await db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(gt(searchWords.searchedAt, sql`now() - make_interval(days => ${days})`))
      .orderBy(desc(searchWords.searchedAt))
      .limit(limit);
    return rows.map((r) => r.word);
  },

  /** Forgets words not searched within `days` days, and all but the `keep` most recent. */
  async forgetWords(db: Executor, days: number, keep: number): Promise<void> {
    const recent = db.select({ word: searchWords.word }).from(searchWords).orderBy(desc(searchWords.searchedAt)).limit(keep);
    await db.delete(searchWords).where(or(lte(searchWords.searchedAt, sql`now() - make_interval(days => ${days})`), notInArray(searchWords.word, recent)));
  },

  /** Which of `ids` (listed now) each word matches: one list per word, in the words' order. */
  async termsMatching(db: Executor, words: string[], ids: number[]): Promise<number[][]> {
    if (!words.length || !ids.length) return words.map(() => []);
    const found = rowsOf<{ i: number; ids: number[] }>(
      await executePrepared(
        db,
        sql`with t as (select i::int as i, to_tsquery('english', q) as q from unnest(${textArray(words.map(prefixTerm))}) with ordinality as w(q, i))
          select t.i, array_agg(p.id) as ids from t join properties p on p.id = any(${intArray(ids)}) and p.search_vector @@ t.q
          where ${LISTED} group by t.i`,
      ),
    );
    const out: number[][] = words.map(() => []);
    for (const r of found) out[r.i - 1] = r.ids;
    return out;
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
