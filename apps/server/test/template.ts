import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemoDataOnce } from '../src/demo/seed.ts';
import { MediaStore } from '../src/platform/media.ts';

export const TEMPLATE_DB = 'estate_test_template';

/** A migrated, demo-seeded PGlite database dumped to a tarball that each test file loads in memory. */
export async function buildPgliteTemplate(workDir: string): Promise<{ dump: string; mediaDir: string }> {
  const mediaDir = path.join(workDir, 'media');
  const handle = await openPglite(undefined);
  await handle.migrate();
  await seedDemoDataOnce(handle.db, new MediaStore(mediaDir), { small: true });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(workDir, 'pglite-template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return { dump: file, mediaDir };
}

/** The same on a PostgreSQL server: a template database copied per test file. */
export async function buildPostgresTemplate(serverUrl: string, mediaDir: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, TEMPLATE_DB);
  const handle = await openPostgres(url, 2);
  await handle.migrate();
  await seedDemoDataOnce(handle.db, new MediaStore(mediaDir), { small: true });
  await handle.close();
  return url;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
