// Writes (or with --check, compares) docs/openapi.json: the API's OpenAPI document, generated
// from the same zod schemas that validate requests. `npm test` fails when it drifts.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';

const target = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
const handle = await openPglite(undefined);
const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/openapi-unused' }), db: handle.db });
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await handle.close();

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed !== document) {
    console.error('docs/openapi.json is out of date with the routes: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log('docs/openapi.json matches the routes');
} else {
  fs.writeFileSync(target, document);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
