import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importWithoutSourceMaps } from '../src/platform/web.ts';

// The web app's build is imported with source maps off (decision 29): a module evaluated then
// sees them off, and they are as they were afterwards, whether the import worked or failed.
describe('importing the web build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estate-build-import-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const moduleFile = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('evaluates the build with source maps off and turns them back on', async () => {
    const wereOn = process.sourceMapsEnabled;
    process.setSourceMapsEnabled(true);
    try {
      const seen = await importWithoutSourceMaps<{ seen: boolean }>(moduleFile('seen.mjs', 'export const seen = process.sourceMapsEnabled;\n'));
      expect(seen.seen).toBe(false);
      expect(process.sourceMapsEnabled).toBe(true);
      await expect(importWithoutSourceMaps(moduleFile('broken.mjs', 'throw new Error("a broken build");\n'))).rejects.toThrow(/a broken build/);
      expect(process.sourceMapsEnabled).toBe(true);
      process.setSourceMapsEnabled(false);
      await importWithoutSourceMaps(moduleFile('off.mjs', 'export {};\n'));
      expect(process.sourceMapsEnabled).toBe(false);
    } finally {
      process.setSourceMapsEnabled(wereOn);
    }
  });
});
