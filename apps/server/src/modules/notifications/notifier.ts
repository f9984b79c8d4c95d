import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';

export interface Notice {
  title: string;
  message: string;
  /** 0 general, 1 inquiry, 2 property (api-contract "Codes"). */
  type?: 0 | 1 | 2;
  propertyId?: number | null;
  /** Also sent by e-mail (through the outbox), when the user has an address. */
  email?: { subject: string; text: string };
  /** What the outbox row is about, for support. */
  kind: string;
}

/**
 * The one way events reach a user: a notification row (`get_notification_list`) and, when asked,
 * an e-mail through the outbox — both in the caller's transaction, so a notice exists exactly when
 * what it tells of happened. The mailer is kicked after the caller commits.
 */
export class Notifier {
  constructor(private readonly mailer: Mailer) {}

  async notify(tx: Executor, userId: number, notice: Notice): Promise<void> {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into notifications (title, message, type, send_type, property_id) values (${notice.title}, ${notice.message}, ${notice.type ?? 0}, 0, ${notice.propertyId ?? null}) returning id`),
    );
    await tx.execute(sql`insert into notification_recipients (notification_id, user_id) values (${row.id}, ${userId})`);
    if (!notice.email) return;
    const [user] = rowsOf<{ email: string | null }>(await tx.execute(sql`select email from users where id = ${userId}`));
    if (user?.email) await this.mailer.enqueue(tx, { to: user.email, subject: notice.email.subject, text: notice.email.text, userId, meta: { kind: notice.kind } });
  }

  /** Delivers queued e-mail now (after the caller's transaction has committed). */
  flush(): void {
    void this.mailer.kick();
  }
}
