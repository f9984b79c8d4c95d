import { sql } from 'drizzle-orm';
import { DEFAULT_CRITERIA_EXPIRY_DAYS } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';

/** A user package as the lock sees it: whose it is and whether it is running now. */
export interface HeldPackage {
  id: number;
  user_id: number;
  end_date: Date | string;
  is_running: boolean;
}

export interface SearchCriteriaRow {
  id: number;
  user_id: number;
  user_package_id: number | null;
  property_type: number | null;
  rooms: unknown;
  min_price: string | null;
  max_price: string | null;
  category_ids: number[];
  outdoor_facility_ids: number[];
  city: string | null;
  state: string | null;
  country: string | null;
  location: unknown;
  expiration_date: Date | string;
  created_at: Date | string;
}

export interface NewSearchCriteria {
  userId: number;
  userPackageId: number;
  propertyType: number;
  rooms: { bedrooms: number | null; bathrooms: number | null; living_rooms: number | null; floors: number | null };
  minPrice: number | null;
  maxPrice: number | null;
  categoryIds: number[];
  outdoorFacilityIds: number[];
  city: string | null;
  state: string | null;
  country: string | null;
  location: string;
}

const COLUMNS = sql.raw(`c.id, c.user_id, c.user_package_id, c.property_type, c.rooms, c.min_price::text as min_price, c.max_price::text as max_price,
  c.category_ids, c.outdoor_facility_ids, c.city, c.state, c.country, c.location, c.expiration_date, c.created_at`);

/**
 * Criteria still in force: before their expiration date, and on a package that is still running
 * (a package cut short ends its lock with it). Everything else is expired, whatever it says.
 */
const IN_FORCE = sql.raw(`c.expiration_date > now() and exists (
  select 1 from user_packages up where up.id = c.user_package_id and up.start_date <= now() and up.end_date > now())`);

/** An int[] literal for `…::int[]`: one parameter however many ids. */
const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export const searchCriteriaRepository = {
  async packageById(db: Executor, userPackageId: number): Promise<HeldPackage | null> {
    const result = await db.execute(sql`
      select id, user_id, end_date, (start_date <= now() and end_date > now()) as is_running
      from user_packages where id = ${userPackageId}`);
    return rowsOf<HeldPackage>(result)[0] ?? null;
  },

  /** The user's running package that ends last (the one a lock can last longest on), or null. */
  async latestRunningOf(db: Executor, userId: number): Promise<HeldPackage | null> {
    const result = await db.execute(sql`
      select id, user_id, end_date, true as is_running
      from user_packages where user_id = ${userId} and start_date <= now() and end_date > now()
      order by end_date desc, id desc limit 1`);
    return rowsOf<HeldPackage>(result)[0] ?? null;
  },

  /** Locks the user's row: one account's saves run one at a time, so it never holds two searches. */
  async lockUser(tx: Executor, userId: number): Promise<void> {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
  },

  /**
   * Replaces the user's saved search. It expires 30 days from now (spec §9), or when its package
   * ends if that comes first — both read from the database's clock, which decides expiry too.
   */
  async replace(tx: Executor, c: NewSearchCriteria): Promise<SearchCriteriaRow> {
    await tx.execute(sql`delete from search_criteria where user_id = ${c.userId}`);
    const result = await tx.execute(sql`
      insert into search_criteria as c (user_id, user_package_id, property_type, rooms, min_price, max_price,
        category_ids, outdoor_facility_ids, city, state, country, location, expiration_date)
      select ${c.userId}, up.id, ${c.propertyType}, ${JSON.stringify(c.rooms)}::jsonb, ${c.minPrice}, ${c.maxPrice},
        ${intArray(c.categoryIds)}::int[], ${intArray(c.outdoorFacilityIds)}::int[], ${c.city}, ${c.state}, ${c.country},
        ${JSON.stringify(c.location)}::jsonb,
        least(now() + make_interval(days => ${DEFAULT_CRITERIA_EXPIRY_DAYS}), up.end_date)
      from user_packages up where up.id = ${c.userPackageId}
      returning ${COLUMNS}`);
    return rowsOf<SearchCriteriaRow>(result)[0];
  },

  /** The user's saved search if it is still in force (optionally only on one package). */
  async inForceOf(db: Executor, userId: number, userPackageId?: number): Promise<SearchCriteriaRow | null> {
    const result = await db.execute(sql`
      select ${COLUMNS} from search_criteria c
      where c.user_id = ${userId} and ${IN_FORCE}
        ${userPackageId === undefined ? sql`` : sql`and c.user_package_id = ${userPackageId}`}
      order by c.expiration_date desc, c.id desc limit 1`);
    return rowsOf<SearchCriteriaRow>(result)[0] ?? null;
  },

  /** Expiry enforced lazily: the user's searches no longer in force are deleted when next looked at. */
  async deleteExpiredOf(db: Executor, userId: number): Promise<number> {
    const result = await db.execute(sql`delete from search_criteria c where c.user_id = ${userId} and not (${IN_FORCE}) returning c.id`);
    return rowsOf(result).length;
  },

  async deleteAllOf(db: Executor, userId: number): Promise<number> {
    return rowsOf(await db.execute(sql`delete from search_criteria where user_id = ${userId} returning id`)).length;
  },
};
