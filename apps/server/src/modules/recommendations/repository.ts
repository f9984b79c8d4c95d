import { sql, type SQL } from 'drizzle-orm';
import { intArray, rowsOf, textArray, type Executor } from '../../db/client.ts';

/** Same text as the listing indexes' predicate, so they serve the candidate reads. */
const LISTED = sql.raw(`p.status = 1 and p.request_status = 'approved'`);
/** Listings read per preferred category or city, and newest ones as filler: the ranked pool's bound. */
export const CANDIDATES_PER_SOURCE = 200;

export interface PreferenceRow {
  category_ids: number[];
  outdoor_facility_ids: number[];
  price_min: string | null;
  price_max: string | null;
  property_types: number[];
  city: string | null;
}

/** What ranks a user's candidates: saved preferences, and the categories and cities of what they favoured or opened. */
export interface Taste {
  categoryIds: number[];
  facilityIds: number[];
  priceMin: number | null;
  priceMax: number | null;
  propertyTypes: number[];
  city: string | null;
  likedCategoryIds: number[];
  likedCities: string[];
}

/**
 * One page of recommended listing ids for `userId`, best first, and how many the pool holds.
 * Candidates come from the listing indexes only — newest per preferred or liked category
 * (properties_listed_category_idx), per preferred or liked city (…_city_created_idx) and newest
 * overall (…_created_idx), CANDIDATES_PER_SOURCE each — and are scored in SQL: category 3, city 2,
 * price in range 2, sale/rent 1, up to 2 wanted facilities, a liked category 2, a liked city 1.
 * The user's own listings and their favourites are left out; ties go to the newest.
 */
export function recommendationQuery(userId: number, taste: Taste, limit: number, offset: number): SQL {
  const categories = [...new Set([...taste.categoryIds, ...taste.likedCategoryIds])];
  const cities = [...new Set([...(taste.city ? [taste.city.toLowerCase()] : []), ...taste.likedCities])];
  const n = CANDIDATES_PER_SOURCE;
  const sources: SQL[] = [sql`(select p.id from properties p where ${LISTED} order by p.created_at desc, p.id desc limit ${n})`];
  if (categories.length) {
    sources.push(sql`(select c.id from unnest(${intArray(categories)}) as k(category_id) cross join lateral
      (select p.id from properties p where ${LISTED} and p.category_id = k.category_id order by p.created_at desc, p.id desc limit ${n}) c)`);
  }
  if (cities.length) {
    sources.push(sql`(select c.id from unnest(${textArray(cities)}) as k(city) cross join lateral
      (select p.id from properties p where ${LISTED} and lower(p.city) = k.city order by p.created_at desc, p.id desc limit ${n}) c)`);
  }
  const is = (cond: SQL) => sql`coalesce((${cond})::int, 0)`;
  const score = sql.join(
    [
      taste.categoryIds.length ? sql`3 * ${is(sql`p.category_id = any(${intArray(taste.categoryIds)})`)}` : sql`0`,
      taste.city ? sql`2 * ${is(sql`lower(p.city) = ${taste.city.toLowerCase()}`)}` : sql`0`,
      taste.priceMin !== null || taste.priceMax !== null
        ? sql`2 * ${is(sql`p.price >= ${taste.priceMin ?? 0} and p.price <= ${taste.priceMax ?? Number.MAX_SAFE_INTEGER}`)}`
        : sql`0`,
      taste.propertyTypes.length ? is(sql`p.property_type = any(${intArray(taste.propertyTypes)})`) : sql`0`,
      taste.facilityIds.length
        ? sql`least(2, (select count(*)::int from property_facilities pf where pf.property_id = p.id and pf.facility_id = any(${intArray(taste.facilityIds)})))`
        : sql`0`,
      taste.likedCategoryIds.length ? sql`2 * ${is(sql`p.category_id = any(${intArray(taste.likedCategoryIds)})`)}` : sql`0`,
      taste.likedCities.length ? is(sql`lower(p.city) = any(${textArray(taste.likedCities)})`) : sql`0`,
    ],
    sql` + `,
  );
  return sql`
    with candidates as (${sql.join(sources, sql` union `)})
    select p.id, (${score}) as score, count(*) over ()::int as total
    from candidates c join properties p on p.id = c.id
    where p.owner_id is distinct from ${userId}
      and not exists (select 1 from favourites f where f.user_id = ${userId} and f.property_id = p.id)
    order by score desc, p.created_at desc, p.id desc
    limit ${limit} offset ${offset}`;
}

export const recommendationRepository = {
  async preferences(db: Executor, userId: number): Promise<PreferenceRow | null> {
    const result = await db.execute(sql`
      select category_ids, outdoor_facility_ids, price_min, price_max, property_types, city
      from recommendation_preferences where user_id = ${userId}`);
    return rowsOf<PreferenceRow>(result)[0] ?? null;
  },

  async save(db: Executor, userId: number, p: { categoryIds: number[]; facilityIds: number[]; priceMin: number | null; priceMax: number | null; propertyTypes: number[]; city: string | null }) {
    await db.execute(sql`
      insert into recommendation_preferences (user_id, category_ids, outdoor_facility_ids, price_min, price_max, property_types, city, updated_at)
      values (${userId}, ${intArray(p.categoryIds)}, ${intArray(p.facilityIds)}, ${p.priceMin}, ${p.priceMax}, ${sql`${`{${p.propertyTypes.join(',')}}`}::smallint[]`}, ${p.city}, now())
      on conflict (user_id) do update set category_ids = excluded.category_ids, outdoor_facility_ids = excluded.outdoor_facility_ids,
        price_min = excluded.price_min, price_max = excluded.price_max, property_types = excluded.property_types, city = excluded.city, updated_at = now()`);
  },

  async remove(db: Executor, userId: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`delete from recommendation_preferences where user_id = ${userId} returning user_id`)).length > 0;
  },

  /** Which of these ids are categories and facilities that exist. */
  async known(db: Executor, categoryIds: number[], facilityIds: number[]): Promise<{ categories: Set<number>; facilities: Set<number> }> {
    const [c, f] = await Promise.all([
      categoryIds.length ? db.execute(sql`select id from categories where id = any(${intArray(categoryIds)})`) : { rows: [] },
      facilityIds.length ? db.execute(sql`select id from outdoor_facilities where id = any(${intArray(facilityIds)})`) : { rows: [] },
    ]);
    const ids = (r: unknown) => new Set(rowsOf<{ id: number }>(r).map((x) => x.id));
    return { categories: ids(c), facilities: ids(f) };
  },

  /**
   * The categories and cities of the user's latest 50 favourites and 50 opened listings, most
   * frequent first (by their primary keys: favourites (user_id, …), property_user_views_user_idx).
   */
  async liked(db: Executor, userId: number): Promise<{ categoryIds: number[]; cities: string[] }> {
    const result = await db.execute(sql`
      with recent as (
        (select property_id from favourites where user_id = ${userId} order by created_at desc limit 50)
        union all
        (select property_id from property_user_views where user_id = ${userId} order by viewed_at desc limit 50)
      )
      select p.category_id, lower(p.city) as city from recent r join properties p on p.id = r.property_id`);
    const rows = rowsOf<{ category_id: number | null; city: string | null }>(result);
    const top = <T>(items: (T | null)[], k: number) => {
      const counts = new Map<T, number>();
      for (const item of items) if (item !== null && item !== '') counts.set(item, (counts.get(item) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1]).slice(0, k).map(([v]) => v);
    };
    return { categoryIds: top(rows.map((r) => r.category_id), 3), cities: top(rows.map((r) => r.city), 2) };
  },

  /** A logged-in user opened a listing: remembered once per listing, with the latest time. */
  async recordView(db: Executor, userId: number, propertyId: number): Promise<void> {
    await db.execute(sql`
      insert into property_user_views (user_id, property_id) values (${userId}, ${propertyId})
      on conflict (user_id, property_id) do update set viewed_at = now()`);
  },

  async page(db: Executor, userId: number, taste: Taste, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    const rows = rowsOf<{ id: number; total: number }>(await db.execute(recommendationQuery(userId, taste, limit, offset)));
    return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  },
};
