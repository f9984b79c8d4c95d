import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

/** Same text as the listing indexes' predicate. */
const LISTED = sql.raw(`p.status = 1 and p.request_status = 'approved'`);

export interface InterestedUserRow {
  id: number;
  name: string | null;
  slug_id: string;
  email: string | null;
  mobile: string | null;
  profile: string | null;
  interested_at: Date | string;
}

export const interestRepository = {
  /** The listing, if it is listed (approved and active); its row is locked until the transaction ends. */
  async lockListed(tx: Executor, propertyId: number): Promise<{ id: number; owner_id: number | null } | null> {
    const result = await tx.execute(sql`select p.id, p.owner_id from properties p where p.id = ${propertyId} and ${LISTED} for update`);
    return rowsOf<{ id: number; owner_id: number | null }>(result)[0] ?? null;
  },

  /** Any listing, listed or not, by id or slug: who owns it and whether the public sees it. */
  async find(db: Executor, by: { id?: number; slugId?: string }): Promise<{ id: number; owner_id: number | null; is_listed: boolean } | null> {
    const where = by.id !== undefined ? sql`p.id = ${by.id}` : sql`p.slug_id = ${by.slugId}`;
    const result = await db.execute(sql`select p.id, p.owner_id, (${LISTED}) as is_listed from properties p where ${where} limit 1`);
    return rowsOf<{ id: number; owner_id: number | null; is_listed: boolean }>(result)[0] ?? null;
  },

  /** Marks interest and counts it on the listing, once. */
  async add(tx: Executor, userId: number, propertyId: number): Promise<void> {
    const inserted = rowsOf(await tx.execute(sql`insert into interests (user_id, property_id) values (${userId}, ${propertyId}) on conflict do nothing returning property_id`));
    if (inserted.length) await tx.execute(sql`update properties set total_interested = total_interested + 1 where id = ${propertyId}`);
  },

  /** Unmarks interest and uncounts it, once. */
  async remove(tx: Executor, userId: number, propertyId: number): Promise<void> {
    const deleted = rowsOf(await tx.execute(sql`delete from interests where user_id = ${userId} and property_id = ${propertyId} returning property_id`));
    if (deleted.length) await tx.execute(sql`update properties set total_interested = greatest(total_interested - 1, 0) where id = ${propertyId}`);
  },

  async totalOf(db: Executor, propertyId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select total_interested as n from properties where id = ${propertyId}`))[0]?.n ?? 0;
  },

  /** Who is interested in the listing (active accounts only), newest first, and how many. */
  async users(db: Executor, propertyId: number, limit: number, offset: number): Promise<{ rows: InterestedUserRow[]; total: number }> {
    const [page, count] = await Promise.all([
      db.execute(sql`
        select u.id, u.name, u.slug_id, u.email, u.mobile, u.profile, i.created_at as interested_at
        from interests i join users u on u.id = i.user_id
        where i.property_id = ${propertyId} and u.is_active and u.deleted_at is null
        order by i.created_at desc, u.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`
        select count(*)::int as n from interests i join users u on u.id = i.user_id
        where i.property_id = ${propertyId} and u.is_active and u.deleted_at is null`),
    ]);
    return { rows: rowsOf<InterestedUserRow>(page), total: rowsOf<{ n: number }>(count)[0].n };
  },
};
