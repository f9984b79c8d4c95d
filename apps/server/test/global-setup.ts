import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    mediaDir: string;
    postgresTemplateUrl: string | null;
    postgresServerUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estate-test-'));
  const { dump, mediaDir } = await buildPgliteTemplate(workDir);
  project.provide('pgliteTemplate', dump);
  project.provide('mediaDir', mediaDir);
  project.provide('postgresTemplateUrl', null);
  project.provide('postgresServerUrl', null);
  return async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  };
}
