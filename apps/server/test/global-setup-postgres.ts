import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPostgresTemplate } from './template.ts';
import './global-setup.ts';

/** Runs only when `npm test` found the PostgreSQL server reachable (TEST_DATABASE_URL). */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estate-test-pg-'));
  const mediaDir = path.join(workDir, 'media');
  const templateUrl = await buildPostgresTemplate(serverUrl, mediaDir);
  project.provide('pgliteTemplate', '');
  project.provide('mediaDir', mediaDir);
  project.provide('postgresTemplateUrl', templateUrl);
  project.provide('postgresServerUrl', serverUrl);
  return async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  };
}
