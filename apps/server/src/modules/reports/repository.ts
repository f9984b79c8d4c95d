import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

export const reportRepository = {
  /** The listing if it is listed (approved and active), with its owner. */
  async listed(db: Executor, propertyId: number): Promise<{ id: number; owner_id: number | null } | null> {
    const result = await db.execute(sql`select id, owner_id from properties where id = ${propertyId} and status = 1 and request_status = 'approved'`);
    return rowsOf<{ id: number; owner_id: number | null }>(result)[0] ?? null;
  },

  async reasonExists(db: Executor, reasonId: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from report_reasons where id = ${reasonId}`)).length > 0;
  },

  /** Stores the report unless the user reported the listing before: true when it is new. */
  async add(db: Executor, r: { userId: number; propertyId: number; reasonId: number | null; otherMessage: string | null }): Promise<boolean> {
    const inserted = await db.execute(sql`
      insert into reports (user_id, property_id, reason_id, other_message)
      values (${r.userId}, ${r.propertyId}, ${r.reasonId}, ${r.otherMessage})
      on conflict (user_id, property_id) do nothing returning id`);
    return rowsOf(inserted).length > 0;
  },
};
