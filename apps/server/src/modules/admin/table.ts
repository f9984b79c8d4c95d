import { sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '@estate/core';
import { Invalid } from '../../platform/errors.ts';

/**
 * The console's tables, read on the server: a page of rows ordered by one of the table's own
 * columns. `columns` maps the names a client may sort by to trusted SQL; anything else is a 400,
 * so a sort never reaches the database as text.
 */
export function orderOf(query: Pick<AdminListQuery, 'sort' | 'order'>, columns: Record<string, SQL>, fallback: string): SQL {
  const name = query.sort ?? fallback;
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) throw new Invalid('sort', `sort must be one of ${Object.keys(columns).join(', ')}`);
  // The row id breaks ties, so paging never repeats or skips a row.
  return query.order === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
}

export const limitOf = (query: Pick<AdminListQuery, 'page' | 'per_page'>): SQL => sql`limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`;

/** A `q` filter as an ILIKE pattern with the wildcards of the text escaped. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The answer of a table page. */
export const pageAnswer = <T>(rows: T[], total: number, query: Pick<AdminListQuery, 'page' | 'per_page'>, message = 'Data fetched successfully') => ({
  error: false as const,
  message,
  data: rows,
  total,
  page: query.page,
  per_page: query.per_page,
});
