import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

/** Same text as the listing indexes' predicate. */
const LISTED = sql.raw(`p.status = 1 and p.request_status = 'approved'`);

export const favouriteRepository = {
  /** The listing, if it is listed (approved and active); its row is locked until the transaction ends. */
  async lockListed(tx: Executor, propertyId: number): Promise<{ id: number; owner_id: number | null } | null> {
    const result = await tx.execute(sql`select p.id, p.owner_id from properties p where p.id = ${propertyId} and ${LISTED} for update`);
    return rowsOf<{ id: number; owner_id: number | null }>(result)[0] ?? null;
  },

  /** Locks the user's row: one account's adds run one at a time, so the cap holds under concurrency. */
  async lockUser(tx: Executor, userId: number): Promise<void> {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
  },

  async countOf(tx: Executor, userId: number): Promise<number> {
    return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from favourites where user_id = ${userId}`))[0].n;
  },

  async has(tx: Executor, userId: number, propertyId: number): Promise<boolean> {
    return rowsOf(await tx.execute(sql`select 1 from favourites where user_id = ${userId} and property_id = ${propertyId}`)).length > 0;
  },

  /** Adds the favourite and counts it on the listing, once: true when it was new. */
  async add(tx: Executor, userId: number, propertyId: number): Promise<boolean> {
    const inserted = rowsOf(await tx.execute(sql`insert into favourites (user_id, property_id) values (${userId}, ${propertyId}) on conflict do nothing returning property_id`));
    if (!inserted.length) return false;
    await tx.execute(sql`update properties set total_favourites = total_favourites + 1 where id = ${propertyId}`);
    return true;
  },

  /** Removes the favourite and uncounts it, once: true when there was one. */
  async remove(tx: Executor, userId: number, propertyId: number): Promise<boolean> {
    const deleted = rowsOf(await tx.execute(sql`delete from favourites where user_id = ${userId} and property_id = ${propertyId} returning property_id`));
    if (!deleted.length) return false;
    await tx.execute(sql`update properties set total_favourites = greatest(total_favourites - 1, 0) where id = ${propertyId}`);
    return true;
  },

  async totalOf(db: Executor, propertyId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select total_favourites as n from properties where id = ${propertyId}`))[0]?.n ?? 0;
  },

  /** One page of the user's listed favourites, newest first, and how many there are. */
  async page(db: Executor, userId: number, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    const [ids, count] = await Promise.all([
      db.execute(sql`
        select f.property_id as id from favourites f join properties p on p.id = f.property_id
        where f.user_id = ${userId} and ${LISTED}
        order by f.created_at desc, f.property_id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from favourites f join properties p on p.id = f.property_id where f.user_id = ${userId} and ${LISTED}`),
    ]);
    return { ids: rowsOf<{ id: number }>(ids).map((r) => r.id), total: rowsOf<{ n: number }>(count)[0].n };
  },

  /** Ids of the user's favourites and interests, newest first, at most `limit` of each. */
  async marksOf(db: Executor, userId: number, limit: number): Promise<{ favourite_ids: number[]; interested_ids: number[] }> {
    const [favourites, interests] = await Promise.all([
      db.execute(sql`select property_id as id from favourites where user_id = ${userId} order by created_at desc, property_id desc limit ${limit}`),
      db.execute(sql`select property_id as id from interests where user_id = ${userId} order by created_at desc, property_id desc limit ${limit}`),
    ]);
    const ids = (result: unknown) => rowsOf<{ id: number }>(result).map((r) => r.id);
    return { favourite_ids: ids(favourites), interested_ids: ids(interests) };
  },
};
