import { sql, type SQL } from 'drizzle-orm';

/** SQL pieces the property and project searches share; `alias` is the table's alias in the query. */

/** A featuring advertisement (alias `a`) that is approved and running now. */
export const LIVE_AD = sql.raw(`a.status = 0 and a.start_date <= now() and a.end_date > now()`);

/** City, state and country, each matched without regard to case. */
export function placeConditions(alias: string, f: { city?: string; state?: string; country?: string }): SQL[] {
  const t = sql.raw(alias);
  const conds: SQL[] = [];
  if (f.city) conds.push(sql`lower(${t}.city) = lower(${f.city})`);
  if (f.state) conds.push(sql`lower(${t}.state) = lower(${f.state})`);
  if (f.country) conds.push(sql`lower(${t}.country) = lower(${f.country})`);
  return conds;
}

/** `posted_since`: 0 the last week, 1 since yesterday (api-contract "Codes"). */
export function postedSinceCondition(alias: string, postedSince: number | undefined): SQL | null {
  const t = sql.raw(alias);
  if (postedSince === 0) return sql`${t}.created_at >= now() - interval '7 days'`;
  if (postedSince === 1) return sql`${t}.created_at >= date_trunc('day', now()) - interval '1 day'`;
  return null;
}

/** The words of a text search (at most eight), lower-cased: each is a prefix in the tsquery. */
export function searchWords(search: string): string[] {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** Turns user words into a prefix tsquery: "sea vie" → 'sea':* & 'vie':*. */
export function toPrefixQuery(search: string): string | null {
  const words = searchWords(search);
  return words.length ? words.map(prefixTerm).join(' & ') : null;
}

/** One word as a prefix term of the tsquery. */
export const prefixTerm = (word: string) => `${word}:*`;
