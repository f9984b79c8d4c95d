#!/usr/bin/env node
// `npm test`: every check, in the order a failure is cheapest to find. CI runs exactly this.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(label);
  return ok;
}

function canReach(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  results.passed += report.numPassedTests ?? 0;
  results.failed += report.numFailedTests ?? 0;
  results.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

// The web app's route types are generated from its routes before it is type-checked.
run('route types of apps/web', 'npm', ['run', '--silent', 'typegen', '-w', '@estate/web']);
for (const project of ['packages/core', 'apps/server', 'apps/web', 'bench']) run(`typecheck ${project}`, bin('tsc'), ['-p', project, '--noEmit']);
run('lint', bin('eslint'), ['.', '--max-warnings', '0']);
run('every text of the web app in English, Hindi and Arabic', 'node', ['scripts/i18n.mjs', '--check']);
// The server tests render pages through the built web app.
run('build the web app', 'npm', ['run', '--silent', 'build']);
run('migrations match the schema', 'npm', ['run', '--silent', 'db:check']);
run('OpenAPI document matches the routes', bin('tsx'), ['apps/server/scripts/openapi.ts', '--check']);

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pg = new URL(pgUrl);
const hasPostgres = await canReach(pg.hostname, Number(pg.port || 5432));
const projects = ['core', 'web', 'bench', 'server'];
if (hasPostgres) projects.push('server-postgres');
else console.log(`\n(PostgreSQL at ${pg.host} is not reachable: API tests run on PGlite only)`);

const report = path.join(root, 'test-results', 'vitest.json');
fs.rmSync(report, { force: true });
run(
  `unit and API tests (${projects.join(', ')})`,
  bin('vitest'),
  ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { TEST_DATABASE_URL: pgUrl },
);
countVitest(report);

// Browser journeys: Debian's Chromium, installed here when it is missing and we may (never a downloaded browser).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium) && !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
  if (!run('install Debian chromium', 'apt-get', ['install', '-y', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' })) {
    failures.pop();
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    run('install Debian chromium (after apt-get update)', 'apt-get', ['install', '-y', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
  }
}
if (fs.existsSync(chromium)) {
  const e2eReport = path.join(root, 'test-results', 'playwright.json');
  fs.rmSync(e2eReport, { force: true });
  run('browser journeys (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts'], { CHROMIUM_PATH: chromium });
  if (fs.existsSync(e2eReport)) {
    const { stats } = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
    results.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    results.failed += stats.unexpected ?? 0;
    results.skipped += stats.skipped ?? 0;
  }
} else {
  console.log(`\n✘ Chromium is not installed at ${chromium}. Install Debian's package and run npm test again:\n\n    sudo apt-get install -y chromium\n`);
  failures.push('browser journeys (Chromium missing)');
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
