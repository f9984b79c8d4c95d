import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { addDemoDataTranslations, seedDemoDataOnce } from './demo/seed.ts';
import { addBundledTranslations } from './i18n/bundled.ts';
import { sweepAdminMedia } from './modules/admin/media.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: config.DATABASE_POOL_SIZE });
await handle.migrate();

const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false }) : undefined;
redis?.on('error', () => {
  // Reconnects on its own; rate limits fall back to letting requests through meanwhile.
});
const { app, services } = await buildApp({ config, db: handle.db, redis });
if (config.SEED_DEMO_DATA) {
  const seeded = await seedDemoDataOnce(handle.db, services.media, { log: (m) => app.log.info(m) });
  if (seeded) app.log.info('demo data seeded');
}
await addBundledTranslations(handle.db);
await addDemoDataTranslations(handle.db);
const graceMs = config.MEDIA_SWEEP_GRACE_MINUTES * 60_000;
const swept =
  (await services.accounts.sweepPictures()) +
  (await services.propertyOwners.sweepOrphans(graceMs)) +
  (await services.projectOwners.sweepOrphans(graceMs)) +
  (await sweepAdminMedia(handle.db, services.media, graceMs));
if (swept) app.log.info(`removed ${swept} media file(s) an interrupted write left behind`);
if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  await services.accounts.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  app.log.info(`administrator ${config.ADMIN_EMAIL} is ready`);
}
services.mailer.start();
services.sms.start();
// Owners hear 3 days before a package ends: checked now and every hour (each package once).
const remind = () =>
  services.payments.remindExpiring().then(
    (n) => n && app.log.info(`told ${n} owner(s) their package ends soon`),
    (err: unknown) => app.log.warn({ err }, 'package reminders failed; trying again in an hour'),
  );
void remind();
const reminders = setInterval(remind, 60 * 60_000);
reminders.unref();
// Saved-search alerts' daily e-mail: checked now and every hour; each user gets one a UTC day at most.
const digest = () =>
  services.alerts.sendDigests({ origin: config.PUBLIC_URL }).then(
    (n) => n && app.log.info(`sent ${n} saved-search digest(s)`),
    (err: unknown) => app.log.warn({ err }, 'saved-search digests failed; trying again in an hour'),
  );
void digest();
const digests = setInterval(digest, 60 * 60_000);
digests.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: draining requests');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    clearInterval(reminders);
    clearInterval(digests);
    await app.close();
    await services.background.idle();
    await services.properties.views.flush();
    await services.mailer.stop();
    await services.sms.stop();
    await redis?.quit();
    await handle.close();
    app.log.info('closed cleanly');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(`marketplace on http://localhost:${config.PORT} (${handle.kind}${handle.kind === 'pglite' ? ` in ${config.pgliteDir}` : ''})`);
