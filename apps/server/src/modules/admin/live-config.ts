import { ADMIN_SECRET_SETTINGS } from '@estate/core';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { SECRET_ENV, withStoredSecrets } from './settings-service.ts';

/** How old the keys an instance uses may get before a request reads them again (another instance's change). */
export const LIVE_CONFIG_MAX_AGE_MS = 30_000;

/** The settings a stored key or sender can fill: what the adapters are built from. */
const LIVE_KEYS: (keyof Config)[] = [...ADMIN_SECRET_SETTINGS.map((k) => SECRET_ENV[k]), 'TWILIO_FROM', 'MAIL_FROM'];

/**
 * The configuration with the console's stored keys filling the environment's unset ones (the
 * environment always wins), kept current while the server runs: `reload` after the console saves,
 * or when another instance says it did (a 'site' invalidation through Redis), and `fresh` on
 * requests rereads it once it is older than LIVE_CONFIG_MAX_AGE_MS, so an instance without Redis
 * catches up too. Listeners rebuild the payment providers, mail, SMS and geocoder adapters when a
 * key changes; nothing restarts.
 */
export class LiveConfig {
  private value: Config;
  private checkedAt = 0;
  private pending: Promise<void> | null = null;
  private readonly listeners: ((config: Config) => void)[] = [];

  constructor(
    private readonly base: Config,
    private readonly db: Executor,
    private readonly opts: { maxAgeMs?: number; log?: (msg: string) => void } = {},
  ) {
    this.value = base;
  }

  get current(): Config {
    return this.value;
  }

  /** The configuration as the environment gave it, before any stored key: what wins. */
  get environment(): Config {
    return this.base;
  }

  onChange(listener: (config: Config) => void): void {
    this.listeners.push(listener);
  }

  /** Reads the stored keys now (after any read in flight, so a save just committed is seen). */
  reload(): Promise<void> {
    const run = (this.pending ?? Promise.resolve()).catch(() => undefined).then(() => this.load());
    this.pending = run;
    return run.finally(() => {
      if (this.pending === run) this.pending = null;
    });
  }

  /** Rereads the keys when the last read is older than the allowed age. */
  fresh(): Promise<void> {
    if (Date.now() - this.checkedAt < (this.opts.maxAgeMs ?? LIVE_CONFIG_MAX_AGE_MS)) return Promise.resolve();
    return this.pending ?? this.reload();
  }

  private async load(): Promise<void> {
    // An unreadable stored key is told once, not on every reread.
    const log = this.checkedAt === 0 ? this.opts.log : undefined;
    this.checkedAt = Date.now();
    const next = await withStoredSecrets(this.base, this.db, log);
    if (LIVE_KEYS.every((k) => next[k] === this.value[k])) return;
    this.value = next;
    for (const listener of this.listeners) listener(next);
  }
}
