import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgError } from './errors.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction on it: repositories accept both. */
export type Executor = Database | Transaction;

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One parameter holding a whole integer array (one plan however many), for `= any(…)` and `unnest(…)`. */
export const intArray = (ids: number[]): SQL => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
/** One parameter holding a whole text array, each item quoted. */
export const textArray = (items: string[]): SQL => sql`${`{${items.map((t) => `"${t.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// numeric comes back as a string from both drivers; we convert at the repository edge.
export async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) await fs.mkdir(dir, { recursive: true });
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  // Parallel workers do not exist in a single-process PGlite.
  await client.exec('set max_parallel_workers_per_gather = 0');
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; poolSize?: number }): Promise<DatabaseHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : openPglite(opts.pgliteDir);
}

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
}

/**
 * `run` in a transaction whose every statement PostgreSQL cancels once it has run `ms`
 * milliseconds; null when one was cancelled. PGlite, one process without timers, runs it to its end.
 * The database itself, not a transaction: the limit holds until the transaction it is set in ends.
 */
export async function withinMs<T>(db: Database, ms: number, run: (tx: Transaction) => Promise<T>): Promise<T | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.max(1, Math.round(ms)))}, true)`);
      return run(tx);
    });
  } catch (err) {
    if (pgError(err, '57014')) return null;
    throw err;
  }
}

/**
 * Runs a query whose text repeats with other values (a search of one shape) as a named prepared
 * statement: on PostgreSQL each connection parses and plans it once, not on every request
 * (planning a search costs more than running it). The name is the text's hash, so two shapes never
 * share one. PGlite runs it as any other query.
 */
export function executePrepared(db: Executor, query: SQL): Promise<unknown> {
  const internals = db as unknown as DrizzleInternals;
  const compiled = internals.dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
  return internals.session.prepareQuery(compiled, undefined, name, false).execute();
}
