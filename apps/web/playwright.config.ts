import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built app on a freshly seeded embedded database. The server runs
 * from source (`tsx`) like `npm start`; the browser is Debian's Chromium — never a downloaded one.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `estate-e2e-${port}`);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // MapLibre needs WebGL: software rendering in headless Chromium.
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: path.join(root, 'test-results', 'e2e'),
  // One server, one seeded database, two cores: journeys run one after another.
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results', 'playwright.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: `node ${path.join(root, 'scripts', 'e2e-server.mjs')}`,
    url: `${baseURL}/healthz`,
    // A machine's first seed draws the demo's pictures (a minute or two on two cores); later ones reuse them.
    timeout: 420_000,
    reuseExistingServer: !!process.env.E2E_REUSE_SERVER,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
  },
});
