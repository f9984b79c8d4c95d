import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web', root: 'apps/web', include: ['app/**/*.test.ts', 'build-tools/**/*.test.ts'] } },
      // The benches' own yardsticks (the open-loop load); the benches themselves are not run here.
      { test: { name: 'bench', root: 'bench', include: ['*.test.ts'] } },
      {
        test: {
          name: 'server',
          env: { TEST_DB: 'pglite' },
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.pglite.test.ts'],
          globalSetup: ['test/global-setup-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
