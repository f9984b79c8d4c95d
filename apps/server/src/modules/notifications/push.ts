import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.ts';
import { generateVapidKeys, parseSubscription, sendWebPush, type PushMessage, type VapidKeys } from '../../platform/push/web-push.ts';

export const VAPID_PUBLIC = 'vapid_public_key';
export const VAPID_PRIVATE = 'vapid_private_key';

/**
 * Web Push to every live session of a user that registered a browser subscription (the spec's
 * push-token call, `update-fcm-id`). The VAPID keys are made at first start and kept in settings
 * (the public one is in `web-settings` for the browser; the private one is never answered). A
 * subscription the push service says is gone is forgotten.
 */
export class PushService {
  private keys?: VapidKeys;
  /** Pushes sent (for tests and the bench). */
  sent = 0;

  constructor(
    private readonly db: Database,
    private readonly subject: string,
  ) {}

  /** Makes the keys once (two instances starting together agree on the first written). */
  async ensureKeys(): Promise<VapidKeys> {
    if (this.keys) return this.keys;
    const read = async () => Object.fromEntries(rowsOf<{ key: string; value: string }>(await this.db.execute(sql`select key, value from settings where key in (${VAPID_PUBLIC}, ${VAPID_PRIVATE})`)).map((r) => [r.key, r.value]));
    let found = await read();
    if (!found[VAPID_PUBLIC] || !found[VAPID_PRIVATE]) {
      const made = generateVapidKeys();
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
        await tx.execute(sql`insert into settings (key, value) values (${VAPID_PUBLIC}, ${made.publicKey}), (${VAPID_PRIVATE}, ${made.privateKey}) on conflict (key) do nothing`);
      });
      found = await read();
    }
    this.keys = { publicKey: found[VAPID_PUBLIC], privateKey: found[VAPID_PRIVATE] };
    return this.keys;
  }

  /** Pushes `message` (or what it makes for a session's language) to each of the user's live sessions with a browser subscription; answers how many were sent. */
  async sendTo(userId: number, message: PushMessage | ((language: string | null) => PushMessage)): Promise<number> {
    const sessions = rowsOf<{ id: number; fcm_id: string; push_language: string | null }>(
      await this.db.execute(sql`select id, fcm_id, push_language from sessions where user_id = ${userId} and fcm_id is not null and revoked_at is null and expires_at > now()`),
    );
    const targets = sessions.map((s) => ({ id: s.id, subscription: parseSubscription(s.fcm_id), language: s.push_language })).filter((s) => s.subscription !== null);
    if (!targets.length) return 0;
    const keys = await this.ensureKeys();
    let sent = 0;
    for (const target of targets) {
      const outcome = await sendWebPush(target.subscription!, typeof message === 'function' ? message(target.language) : message, { ...keys, subject: this.subject });
      if (outcome === 'sent') sent++;
      if (outcome === 'gone') await this.db.execute(sql`update sessions set fcm_id = null where id = ${target.id}`);
    }
    this.sent += sent;
    return sent;
  }
}
