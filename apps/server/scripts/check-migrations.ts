// Fails when the Drizzle schema has changes that no committed migration holds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');
const committed = path.join(serverDir, 'src/db/migrations');
// drizzle-kit wants a relative `out`, so the scratch copy lives beside the schema.
const scratchName = `.migrations-check-${process.pid}`;
const scratch = path.join(serverDir, scratchName);
fs.mkdirSync(scratch);
const copy = path.join(scratch, 'migrations');
fs.cpSync(committed, copy, { recursive: true });
const config = path.join(serverDir, `.drizzle-check-${process.pid}.config.ts`);
fs.writeFileSync(
  config,
  `import { defineConfig } from 'drizzle-kit';
export default defineConfig({ dialect: 'postgresql', schema: './src/db/schema/index.ts', out: './${scratchName}/migrations', casing: 'snake_case' });
`,
);
try {
  const before = new Set(fs.readdirSync(copy));
  const r = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: serverDir, encoding: 'utf8' });
  if (r.status !== 0 || /Error/.test(r.stderr + r.stdout)) {
    console.error(r.stdout, r.stderr);
    process.exitCode = 1;
  }
  const added = fs.readdirSync(copy).filter((f) => !before.has(f) && f.endsWith('.sql'));
  if (process.exitCode) {
    // drizzle-kit failed; its output is above.
  } else if (added.length) {
    console.error(`The schema differs from the committed migrations; run \`npm run db:generate\` and commit:\n${fs.readFileSync(path.join(copy, added[0]), 'utf8')}`);
    process.exitCode = 1;
  } else {
    console.log('schema and migrations agree');
  }
} finally {
  fs.rmSync(config, { force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
}
