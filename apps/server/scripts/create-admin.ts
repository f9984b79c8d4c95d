// `npm run admin:create -- <email> <password> [name]`: creates an administrator (or makes an
// existing account one) in the configured database (DATABASE_URL, else the embedded one).
import { buildServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const [email, password, ...nameParts] = process.argv.slice(2);
if (!email || !password || password.length < 8) {
  console.error('usage: npm run admin:create -- <email> <password (8+ characters)> [name]');
  process.exit(2);
}
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.pgliteDir });
await handle.migrate();
try {
  const admin = await buildServices({ config, db: handle.db }).accounts.ensureAdmin(email, password, nameParts.join(' ') || undefined);
  console.log(`administrator ${admin.email} (id ${admin.id}) is ready`);
} finally {
  await handle.close();
}
