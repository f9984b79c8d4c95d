import { sql, type SQL } from 'drizzle-orm';
import { intArray, rowsOf, type Executor } from '../../db/client.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import type { PushService } from './push.ts';
import { noticeText, type NoticeKey, type NoticeParams } from './messages.ts';
import { notificationRepository } from './repository.ts';

export interface Notice {
  /** In English; with `key`, the words of the key in English (`keyed()` makes both). */
  title: string;
  message: string;
  /** What it says by key (messages.ts): each reader of the list gets it in their language. */
  key?: NoticeKey;
  params?: NoticeParams;
  /** 0 general, 1 inquiry, 2 property (api-contract "Codes"). */
  type?: 0 | 1 | 2;
  propertyId?: number | null;
  /** Also sent by e-mail (through the outbox), when the user has an address. */
  email?: { subject: string; text: string };
  /** What the outbox row is about, for support. */
  kind: string;
  /** Where a click on the push leads (a path on the site). */
  url?: string;
}

/**
 * The one way events reach a user: a notification row (`get_notification_list`) and, when asked,
 * an e-mail through the outbox — both in the caller's transaction, so a notice exists exactly when
 * what it tells of happened. The mailer is kicked after the caller commits.
 */
export class Notifier {
  /** Users told something since the last flush, with the latest notice: their pages and devices hear of it once it has committed. */
  private readonly touched = new Map<number, Omit<Notice, 'email'>>();

  constructor(
    /** The outbox mailer, for services that write their own e-mail (the alerts' daily digest). */
    readonly mailer: Mailer,
    private readonly db?: Database,
    private readonly hub?: RealtimeHub,
    private readonly push?: PushService,
  ) {}

  async notify(tx: Executor, userId: number, notice: Notice): Promise<void> {
    this.touched.set(userId, notice);
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into notifications (title, message, message_key, params, type, send_type, property_id) values (${notice.title}, ${notice.message}, ${notice.key ?? null}, ${notice.params ? JSON.stringify(notice.params) : null}::jsonb, ${notice.type ?? 0}, 0, ${notice.propertyId ?? null}) returning id`),
    );
    await tx.execute(sql`insert into notification_recipients (notification_id, user_id) values (${row.id}, ${userId})`);
    if (!notice.email) return;
    const [user] = rowsOf<{ email: string | null }>(await tx.execute(sql`select email from users where id = ${userId}`));
    if (user?.email) await this.mailer.enqueue(tx, { to: user.email, subject: notice.email.subject, text: notice.email.text, userId, meta: { kind: notice.kind } });
  }

  /**
   * One notice about a listing to everyone who favourited it (no e-mail), written set-wise in
   * the caller's transaction however many they are. Answers how many were told.
   */
  notifyFavouriters(tx: Executor, propertyId: number, notice: Omit<Notice, 'email'>): Promise<number> {
    return this.notifyAll(tx, sql`select f.user_id from favourites f where f.property_id = ${propertyId}`, propertyId, notice);
  }

  /** One notice about a listing to the given users (no e-mail), set-wise. */
  notifyUsers(tx: Executor, userIds: number[], propertyId: number, notice: Omit<Notice, 'email'>): Promise<number> {
    if (!userIds.length) return Promise.resolve(0);
    return this.notifyAll(tx, sql`select unnest(${intArray(userIds)})`, propertyId, notice);
  }

  private async notifyAll(tx: Executor, users: SQL, propertyId: number, notice: Omit<Notice, 'email'>): Promise<number> {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into notifications (title, message, message_key, params, type, send_type, property_id) values (${notice.title}, ${notice.message}, ${notice.key ?? null}, ${notice.params ? JSON.stringify(notice.params) : null}::jsonb, ${notice.type ?? 2}, 0, ${propertyId}) returning id`),
    );
    const told = rowsOf<{ user_id: number }>(
      await tx.execute(sql`insert into notification_recipients (notification_id, user_id) select ${row.id}, u.user_id from (${users}) as u(user_id) on conflict do nothing returning user_id`),
    );
    if (!told.length) await tx.execute(sql`delete from notifications where id = ${row.id}`);
    for (const t of told) this.touched.set(t.user_id, notice);
    return told.length;
  }

  /**
   * After the caller's transaction has committed: queued e-mail goes now, and each user told
   * something gets their unread count live (their page then fetches the list). A notice whose
   * transaction rolled back is simply not in the count.
   */
  flush(): void {
    void this.mailer.kick();
    const users = [...this.touched];
    this.touched.clear();
    if (!this.db || !this.hub) return;
    for (const [userId, notice] of users) {
      void notificationRepository.unread(this.db, userId).then(
        (unread) => this.hub!.send([userId], { type: 'notification', unread }),
        () => undefined,
      );
      // Devices hear of it by Web Push too (pages with an open socket show it themselves).
      // A notice by key is written in the language each browser's page spoke; others as they are.
      const pushOf = (language: string | null) => {
        const said = notice.key ? noticeText(notice.key, notice.params ?? {}, language ?? undefined) : null;
        return { title: said?.title ?? notice.title, body: said?.message ?? notice.message, url: notice.url ?? '/user/notifications' };
      };
      void this.push?.sendTo(userId, pushOf).catch(() => undefined);
    }
  }
}
