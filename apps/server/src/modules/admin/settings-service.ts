import { ADMIN_COLOUR_SETTINGS, ADMIN_MEDIA_SETTINGS, ADMIN_SECRET_SETTINGS, ADMIN_TEXT_SETTINGS, SETTING_FLAGS, type AdminMediaSetting, type AdminSecretSetting, type AdminSettings, type AdminSettingsBody } from '@estate/core';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { Invalid } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { MediaBatch } from '../../platform/media-batch.ts';
import { mediaUrl, type MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { maskSecret, SecretBox } from '../../platform/secret-box.ts';
import { DEFAULT_SETTINGS } from '../settings/defaults.ts';
import { settingsRepository } from '../settings/repository.ts';
import type { SettingsService } from '../settings/service.ts';
import { auditRepository } from './audit-repository.ts';
import type { LiveConfig } from './live-config.ts';

/** Secrets live in the settings table under this prefix, sealed; web-settings never answers them. */
export const SECRET_SETTING_PREFIX = 'secret.';
const SETTINGS_MEDIA_FOLDER = 'settings';
const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** The environment variable each stored secret stands in for (README "Settings"). */
export const SECRET_ENV: Record<AdminSecretSetting, keyof Config> = {
  google_maps_api_key: 'GOOGLE_MAPS_API_KEY',
  smtp_url: 'SMTP_URL',
  twilio_account_sid: 'TWILIO_ACCOUNT_SID',
  twilio_auth_token: 'TWILIO_AUTH_TOKEN',
  stripe_secret_key: 'STRIPE_SECRET_KEY',
  stripe_publishable_key: 'STRIPE_PUBLISHABLE_KEY',
  stripe_webhook_secret: 'STRIPE_WEBHOOK_SECRET',
  paypal_client_id: 'PAYPAL_CLIENT_ID',
  paypal_client_secret: 'PAYPAL_CLIENT_SECRET',
  paypal_webhook_id: 'PAYPAL_WEBHOOK_ID',
  razorpay_key_id: 'RAZORPAY_KEY_ID',
  razorpay_key_secret: 'RAZORPAY_KEY_SECRET',
  razorpay_webhook_secret: 'RAZORPAY_WEBHOOK_SECRET',
  paystack_public_key: 'PAYSTACK_PUBLIC_KEY',
  paystack_secret_key: 'PAYSTACK_SECRET_KEY',
  flutterwave_public_key: 'FLUTTERWAVE_PUBLIC_KEY',
  flutterwave_secret_key: 'FLUTTERWAVE_SECRET_KEY',
  flutterwave_webhook_hash: 'FLUTTERWAVE_WEBHOOK_HASH',
};

/** Keys that turn a provider or service on together: all stored, or none. */
const SECRET_GROUPS: AdminSecretSetting[][] = [
  ['stripe_secret_key', 'stripe_publishable_key', 'stripe_webhook_secret'],
  ['paypal_client_id', 'paypal_client_secret', 'paypal_webhook_id'],
  ['razorpay_key_id', 'razorpay_key_secret', 'razorpay_webhook_secret'],
  ['paystack_public_key', 'paystack_secret_key'],
  ['flutterwave_public_key', 'flutterwave_secret_key', 'flutterwave_webhook_hash'],
  ['twilio_account_sid', 'twilio_auth_token'],
];

/** Formats checked as config checks them, so a stored key never stops the server from starting. */
const SECRET_FORMATS: Partial<Record<AdminSecretSetting, [RegExp, string]>> = {
  stripe_secret_key: [/^(sk|rk)_\S+$/, 'stripe_secret_key must be a Stripe secret key (sk_… or rk_…)'],
  stripe_publishable_key: [/^pk_\S+$/, 'stripe_publishable_key must be a Stripe publishable key (pk_…)'],
  stripe_webhook_secret: [/^whsec_\S+$/, 'stripe_webhook_secret must be the webhook endpoint’s signing secret (whsec_…)'],
  smtp_url: [/^smtps?:\/\/\S+$/, 'smtp_url must be an smtp:// or smtps:// URL'],
};

/** Text settings that are the environment's when it sets them (shown, never stored over). */
const TEXT_ENV: Partial<Record<string, keyof Config>> = { twilio_from: 'TWILIO_FROM' };
const envNameOf = (key: string): string => (SECRET_ENV as Record<string, string>)[key] ?? TEXT_ENV[key] ?? key.toUpperCase();
/** Settings the web app's pages read: a change drops every cached page. */
const EDITABLE = new Set<string>([...ADMIN_TEXT_SETTINGS, ...ADMIN_COLOUR_SETTINGS, ...SETTING_FLAGS]);

/**
 * The operator's settings in the console: plain values as stored, pictures uploaded through the
 * media store, and secrets sealed with SETTINGS_ENCRYPTION_KEY — answered only masked, audited
 * only masked. Every change empties the settings cache and the cached pages.
 */
export class AdminSettingsService {
  constructor(
    private readonly db: Database,
    private readonly deps: { settings: SettingsService; media: MediaStore; box: SecretBox; config: Config; live?: LiveConfig; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  /** The environment's own settings (without the stored keys LiveConfig filled in): they win. */
  private get environment(): Config {
    return this.deps.live?.environment ?? this.deps.config;
  }

  async read(ctx: RequestContext): Promise<AdminSettings> {
    const stored = await settingsRepository.all(this.db);
    const values: Record<string, string> = {};
    for (const key of EDITABLE) values[key] = stored[key] ?? DEFAULT_SETTINGS[key] ?? '';
    const environment = this.environment;
    for (const [key, env] of Object.entries(TEXT_ENV)) if (environment[env!]) values[key] = String(environment[env!]);
    const media: Record<string, string | null> = {};
    for (const key of ADMIN_MEDIA_SETTINGS) media[key] = mediaUrl(ctx.origin, stored[key] || null);
    const secrets: AdminSettings['secrets'] = {};
    for (const key of ADMIN_SECRET_SETTINGS) {
      const sealed = stored[SECRET_SETTING_PREFIX + key];
      secrets[key] = maskSecret(sealed ? this.deps.box.open(key, sealed) : null);
    }
    return { values, media, secrets, from_environment: this.fixedByEnvironment() };
  }

  /** The settings whose environment variable is set: the environment wins, so the console cannot change them. */
  private fixedByEnvironment(): string[] {
    const environment = this.environment;
    const secrets = ADMIN_SECRET_SETTINGS.filter((k) => Boolean(environment[SECRET_ENV[k]]));
    const texts = Object.entries(TEXT_ENV).filter(([, env]) => Boolean(environment[env!])).map(([key]) => key);
    return [...secrets, ...texts];
  }

  async update(body: AdminSettingsBody, ctx: RequestContext): Promise<AdminSettings> {
    const adminId = viewerIdOf(ctx);
    const changes = Object.entries(body).filter((e): e is [string, string] => e[1] !== undefined);
    const secretKeys = new Set<string>(ADMIN_SECRET_SETTINGS);
    const fixed = new Set(this.fixedByEnvironment());
    for (const [key, value] of changes) {
      // Removing a stored value under an environment's is allowed; a new one would never be used.
      if (fixed.has(key) && value !== '') throw new Invalid(key, `${key} is set by the server’s environment (${envNameOf(key)}), which wins over the console: change it there`);
      const format = SECRET_FORMATS[key as AdminSecretSetting];
      if (format && value !== '' && !format[0].test(value)) throw new Invalid(key, format[1]);
    }
    await this.db.transaction(async (tx) => {
      const stored = await lockedSettings(tx);
      const write: Record<string, string> = {};
      const remove: string[] = [];
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of changes) {
        if (secretKeys.has(key)) {
          const old = stored[SECRET_SETTING_PREFIX + key];
          const oldPlain = old ? this.deps.box.open(key, old) : null;
          if ((oldPlain ?? '') === value) continue;
          if (value === '') remove.push(SECRET_SETTING_PREFIX + key);
          else write[SECRET_SETTING_PREFIX + key] = this.deps.box.seal(key, value);
          before[key] = maskSecret(oldPlain).hint || null;
          after[key] = maskSecret(value || null).hint || null;
        } else {
          const old = stored[key] ?? DEFAULT_SETTINGS[key] ?? '';
          if (old === value) continue;
          write[key] = value;
          before[key] = old;
          after[key] = value;
        }
      }
      // A provider's keys go together (config's rule): a half-set provider would sell and never hear back.
      const will = (k: AdminSecretSetting) => (remove.includes(SECRET_SETTING_PREFIX + k) ? false : Boolean(write[SECRET_SETTING_PREFIX + k] ?? stored[SECRET_SETTING_PREFIX + k]));
      for (const group of SECRET_GROUPS) {
        const set = group.filter(will);
        if (set.length > 0 && set.length < group.length) {
          const missing = group.filter((k) => !will(k));
          throw new Invalid(missing[0], `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} needed with ${set.join(', ')}`);
        }
      }
      if (!Object.keys(after).length) return;
      await settingsRepository.upsert(tx, write);
      await settingsRepository.remove(tx, remove);
      await auditRepository.record(tx, { actorId: adminId, action: 'settings.update', entity: 'settings', entityId: null, before, after });
    });
    // The adapters use the new keys before this answer (other instances: with the invalidation, or within LIVE_CONFIG_MAX_AGE_MS).
    await this.deps.live?.reload();
    this.changed();
    return this.read(ctx);
  }

  /** A logo, footer logo, placeholder, favicon or the admin's picture: re-encoded by the media store; the old one goes after commit. */
  async uploadMedia(key: AdminMediaSetting, file: unknown, ctx: RequestContext): Promise<AdminSettings> {
    const adminId = viewerIdOf(ctx);
    const batch = new MediaBatch(this.deps.media, SETTINGS_MEDIA_FOLDER, { imageBytes: MAX_LOGO_BYTES, documentBytes: 0 });
    await batch.run(async () => {
      const stored = await batch.image('file', file, { widths: [160, 480, 960] });
      await this.db.transaction(async (tx) => {
        const old = (await lockedSettings(tx))[key] ?? '';
        await settingsRepository.upsert(tx, { [key]: stored });
        await auditRepository.record(tx, { actorId: adminId, action: 'settings.media', entity: 'settings', entityId: key, before: { [key]: old || null }, after: { [key]: stored } });
        batch.removeAfterCommit(old);
      });
    });
    this.changed();
    return this.read(ctx);
  }

  async removeMedia(key: AdminMediaSetting, ctx: RequestContext): Promise<AdminSettings> {
    const adminId = viewerIdOf(ctx);
    const batch = new MediaBatch(this.deps.media, SETTINGS_MEDIA_FOLDER, { imageBytes: 0, documentBytes: 0 });
    await batch.run(() =>
      this.db.transaction(async (tx) => {
        const old = (await lockedSettings(tx))[key] ?? '';
        if (!old) return;
        await settingsRepository.upsert(tx, { [key]: '' });
        await auditRepository.record(tx, { actorId: adminId, action: 'settings.media', entity: 'settings', entityId: key, before: { [key]: old }, after: { [key]: null } });
        batch.removeAfterCommit(old);
      }),
    );
    this.changed();
    return this.read(ctx);
  }

  private changed() {
    this.deps.settings.forget();
    this.deps.invalidatePages(pageTagsFor.site());
  }
}

/** Every stored setting, read after taking the settings' write lock: two admins saving at once apply one after the other. */
async function lockedSettings(tx: Executor): Promise<Record<string, string>> {
  await settingsRepository.lockForWrite(tx);
  return settingsRepository.all(tx);
}

/**
 * The configuration with each stored secret filling its environment variable where that is unset
 * (the environment always wins). LiveConfig reads it at start-up and after every change, so the
 * console's provider, mail, SMS and maps keys take effect without a restart. A group left
 * incomplete (never stored so, but an environment may set half) is skipped.
 */
export async function withStoredSecrets(config: Config, db: Executor, log?: (msg: string) => void): Promise<Config> {
  let stored: Record<string, string>;
  try {
    stored = await settingsRepository.withPrefix(db, SECRET_SETTING_PREFIX, ['mail_from', 'twilio_from']);
  } catch {
    return config; // no tables yet (the OpenAPI script)
  }
  const box = SecretBox.fromConfig(config);
  const filled: Record<string, string> = {};
  for (const key of ADMIN_SECRET_SETTINGS) {
    const env = SECRET_ENV[key];
    const sealed = stored[SECRET_SETTING_PREFIX + key];
    if (config[env] || !sealed) continue;
    const plain = box.open(key, sealed);
    if (plain === null) log?.(`the stored ${key} cannot be read with this SETTINGS_ENCRYPTION_KEY; it is ignored`);
    else filled[env] = plain;
  }
  for (const group of SECRET_GROUPS) {
    const envs = group.map((k) => SECRET_ENV[k]);
    const present = envs.filter((e) => config[e] || filled[e]);
    if (present.length && present.length < envs.length) for (const e of envs) delete filled[e];
  }
  if (stored.twilio_from && !config.TWILIO_FROM) filled.TWILIO_FROM = stored.twilio_from;
  // MAIL_FROM has a default, so the stored sender is used whenever it was set.
  if (stored.mail_from) filled.MAIL_FROM = stored.mail_from;
  return { ...config, ...filled };
}
