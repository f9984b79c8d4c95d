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
// The server tests render pages through the built web app.
run('build the web app', 'npm', ['run', '--silent', 'build']);
run('migrations match the schema', 'npm', ['run', '--silent', 'db:check']);
run('OpenAPI document matches the routes', bin('tsx'), ['apps/server/scripts/openapi.ts', '--check']);

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pg = new URL(pgUrl);
const hasPostgres = await canReach(pg.hostname, Number(pg.port || 5432));
const projects = ['core', 'server'];
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

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
