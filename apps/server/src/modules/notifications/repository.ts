import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

export interface NotificationDbRow {
  id: number;
  title: string;
  message: string;
  message_key: string | null;
  params: Record<string, string | number> | null;
  type: number;
  send_type: number;
  image: string | null;
  created_at: Date | string;
  property_id: number | null;
  property_slug: string | null;
  property_image: string | null;
  is_read: boolean;
}

/** What a user receives: notifications addressed to them, and those sent to everyone since they joined. */
const forUser = (userId: number) => sql`(
  select n.id from notifications n join notification_recipients r on r.notification_id = n.id where r.user_id = ${userId}
  union all
  select n.id from notifications n where n.send_type = 1 and n.created_at >= (select created_at from users where id = ${userId})
)`;

export const notificationRepository = {
  async page(db: Executor, userId: number, limit: number, offset: number): Promise<{ rows: NotificationDbRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select n.id, n.title, n.message, n.message_key, n.params, n.type, n.send_type, n.image, n.created_at, n.property_id, p.slug_id as property_slug, p.title_image as property_image,
          coalesce((select r.read_at is not null from notification_recipients r where r.notification_id = n.id and r.user_id = ${userId}), false) as is_read
        from notifications n left join properties p on p.id = n.property_id
        where n.id in ${forUser(userId)}
        order by n.created_at desc, n.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from ${forUser(userId)} as mine`),
    ]);
    return { rows: rowsOf<NotificationDbRow>(rows), total: rowsOf<{ n: number }>(count)[0].n };
  },

  /** Marks the user's own notifications read; answers how many changed. */
  async markAllRead(db: Executor, userId: number): Promise<number> {
    return rowsOf(await db.execute(sql`update notification_recipients set read_at = now() where user_id = ${userId} and read_at is null returning notification_id`)).length;
  },

  async unread(db: Executor, userId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from notification_recipients where user_id = ${userId} and read_at is null`))[0].n;
  },
};
