import { slugify } from '@estate/core';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';

/** A new slug that collides with another write's at the same moment is retried this often. */
const SLUG_ATTEMPTS = 3;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Where a kind of listing keeps its slugs: the table and the table of old slugs that redirect. */
export interface SlugTables {
  table: 'properties' | 'projects';
  redirects: 'property_slug_redirects' | 'project_slug_redirects';
  fallback: string;
}

/**
 * A slug of spec §5 (the slug helper) not used by another listing of the kind, now or before:
 * `base`, else `base-2`, `base-3`… A listing keeps its current slug if it still fits the title.
 */
export async function freeSlug(tx: Executor, tables: SlugTables, source: string, currentSlug?: string): Promise<string> {
  const base = slugify(source) || tables.fallback;
  const pattern = `^${escapeRegExp(base)}(-[0-9]+)?$`;
  if (currentSlug !== undefined && new RegExp(pattern).test(currentSlug)) return currentSlug;
  const like = `${escapeLike(base)}%`;
  const result = await tx.execute(sql`
    select slug_id from ${sql.raw(tables.table)} where slug_id like ${like} and slug_id ~ ${pattern}
    union all
    select slug_id from ${sql.raw(tables.redirects)} where slug_id like ${like} and slug_id ~ ${pattern}`);
  const taken = new Set(rowsOf<{ slug_id: string }>(result).map((r) => r.slug_id));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A transaction that picks a slug: of two writes choosing the same one at once, the loser tries again. */
export async function inSlugTransaction<T>(db: Database, tables: SlugTables, work: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (err) {
      if (attempt >= SLUG_ATTEMPTS || !isSlugCollision(err, tables)) throw err;
    }
  }
}

function isSlugCollision(err: unknown, tables: SlugTables): boolean {
  const e = pgError(err, '23505');
  return e?.constraint === `${tables.table}_slug_id_key` || e?.constraint === `${tables.redirects}_pkey`;
}
