import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { drizzle } from 'drizzle-orm/pglite';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps, type Services } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres, type Database, type Executor } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { TEMPLATE_DB, withDatabase } from './template.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  services: Services;
  kind: 'pglite' | 'postgres';
  /** GET an API path and parse the JSON answer. */
  get(path: string, query?: Record<string, string | number | boolean>, headers?: Record<string, string>): Promise<ApiResponse>;
  request(opts: InjectOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  raw: LightMyRequestResponse;
}

/** A fresh copy of the seeded template database and an app on it, for one test file. */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'webBuildDir' | 'logStream' | 'media'> = {}): Promise<TestApp> {
  const templateUrl = inject('postgresTemplateUrl');
  // Caching is off unless a test asks for it, so each test sees its own writes at once.
  // Production refuses to start without PUBLIC_URL; a test that asks for production gets one.
  const production = env.NODE_ENV === 'production' ? { PUBLIC_URL: 'http://localhost', SETTINGS_ENCRYPTION_KEY: '11'.repeat(32) } : {};
  // A test that turns the cache on sees an answer kept from its first request unless it asks otherwise.
  // Pages render on the main thread unless a test asks for render threads (web-page-cache.test.ts runs both ways).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', PUBLIC_CACHE_SECONDS: '0', PUBLIC_CACHE_MIN_USES: '1', RENDER_THREADS: '0', ...production, ...env });
  const mediaDir = inject('mediaDir');
  config.mediaDir = mediaDir;

  let db: Database;
  let closeDb: () => Promise<void>;
  let kind: TestApp['kind'];
  if (templateUrl) {
    const serverUrl = inject('postgresServerUrl')!;
    const name = `estate_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    const handle = await openPostgres(withDatabase(serverUrl, name), 4);
    db = handle.db;
    kind = 'postgres';
    closeDb = async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const dump = await fs.readFile(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    await client.exec('set max_parallel_workers_per_gather = 0');
    db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database;
    kind = 'pglite';
    closeDb = () => client.close();
  }

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true }) : undefined;
  await redis?.connect();
  const { app, services } = await buildApp({ config, db, redis, ...deps });
  await app.ready();
  const request = async (opts: InjectOptions): Promise<ApiResponse> => {
    const raw = await app.inject(opts);
    let body: unknown = raw.body;
    if ((raw.headers['content-type'] ?? '').toString().includes('json')) body = raw.json();
    return { status: raw.statusCode, body, raw };
  };
  return {
    app,
    db,
    services,
    kind,
    request,
    get: (path, query, headers) => request({ method: 'GET', url: path, query: query as Record<string, string>, headers }),
    close: async () => {
      await app.close();
      await redis?.quit();
      await closeDb();
    },
  };
}

/** Rows of a raw query, typed by the caller. */
export async function rows<T = Record<string, unknown>>(db: Executor, query: Parameters<Database['execute']>[0]): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Page tests: the web app's loaders call the API of their own origin, so the app listens on a
 * real port; answers the `host` header to send with page requests.
 */
export async function listenForPages(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
