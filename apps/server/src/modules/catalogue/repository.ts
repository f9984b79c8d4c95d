import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import type { Translations } from '../../db/schema/index.ts';
import { categories, categoryParameters, outdoorFacilities, parameters } from '../../db/schema/index.ts';

// Kept by a trigger on properties (migration 0009): counting a category's listings each time costs a scan.
const LISTED_IN_CATEGORY = sql<number>`${categories.listedProperties}`;

const parameterColumns = {
  id: parameters.id,
  name: parameters.name,
  typeOfParameter: parameters.typeOfParameter,
  typeValues: parameters.typeValues,
  image: parameters.image,
  isRequired: parameters.isRequired,
};

const everyParameter = (db: Executor) => db.select({ ...parameterColumns, code: parameters.code }).from(parameters);
const everyFacility = (db: Executor) => db.select({ id: outdoorFacilities.id, name: outdoorFacilities.name, image: outdoorFacilities.image }).from(outdoorFacilities);

/** What a listing's card names its parameters and facilities with (listings keep only their ids and values). */
export interface CardCatalogue {
  parameters: Map<number, Awaited<ReturnType<typeof everyParameter>>[number]>;
  /** A parameter's place in its category's form, by `${categoryId}:${parameterId}`. */
  sequence: Map<string, number>;
  facilities: Map<number, Awaited<ReturnType<typeof everyFacility>>[number]>;
}

export const catalogueRepository = {
  /** Every parameter and facility, and each category's order of its parameters: a few hundred rows at most. */
  async cardCatalogue(db: Executor): Promise<CardCatalogue> {
    const [params, order, facilities] = await Promise.all([
      everyParameter(db),
      db.select().from(categoryParameters),
      everyFacility(db),
    ]);
    return {
      parameters: new Map(params.map((p) => [p.id, p])),
      sequence: new Map(order.map((r) => [`${r.categoryId}:${r.parameterId}`, r.sequence])),
      facilities: new Map(facilities.map((f) => [f.id, f])),
    };
  },

  /** The translations of every category, parameter and facility that has any. */
  async translations(db: Executor) {
    const result = await db.execute(sql`
      select 'categories' as kind, id, translations from categories where translations <> '{}'::jsonb
      union all select 'parameters', id, translations from parameters where translations <> '{}'::jsonb
      union all select 'facilities', id, translations from outdoor_facilities where translations <> '{}'::jsonb`);
    return rowsOf<{ kind: 'categories' | 'parameters' | 'facilities'; id: number; translations: Translations }>(result);
  },

  async categories(db: Executor, opts: { search?: string; hasProperty?: boolean; limit: number; offset: number }) {
    const where = sql.join(
      [
        sql`${categories.isActive}`,
        opts.search ? sql`${ilike(categories.category, `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}` : undefined,
        opts.hasProperty ? sql`${LISTED_IN_CATEGORY} > 0` : undefined,
      ].filter((c) => c !== undefined),
      sql` and `,
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: categories.id,
          category: categories.category,
          slugId: categories.slugId,
          image: categories.image,
          metaTitle: categories.metaTitle,
          metaDescription: categories.metaDescription,
          metaKeywords: categories.metaKeywords,
          metaImage: categories.metaImage,
          propertiesCount: LISTED_IN_CATEGORY,
        })
        .from(categories)
        .where(where)
        .orderBy(asc(categories.sequence), asc(categories.id))
        .limit(opts.limit)
        .offset(opts.offset),
      db.select({ total: count() }).from(categories).where(where),
    ]);
    return { rows, total };
  },

  parametersOfCategories(db: Executor, categoryIds: number[]) {
    if (!categoryIds.length) return Promise.resolve([]);
    return db
      .select({ categoryId: categoryParameters.categoryId, ...parameterColumns })
      .from(categoryParameters)
      .innerJoin(parameters, eq(parameters.id, categoryParameters.parameterId))
      .where(sql`${categoryParameters.categoryId} in ${categoryIds}`)
      .orderBy(asc(categoryParameters.sequence), asc(parameters.id));
  },

  /** Whether a category exists and takes new listings. */
  async isActiveCategory(db: Executor, id: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from categories where id = ${id} and is_active`)).length > 0;
  },

  async categoryIdBySlug(db: Executor, slugId: string): Promise<number | null> {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slugId, slugId)).limit(1);
    return row?.id ?? null;
  },

  facilities(db: Executor, opts: { limit: number; offset: number }) {
    return db
      .select({ id: outdoorFacilities.id, name: outdoorFacilities.name, image: outdoorFacilities.image })
      .from(outdoorFacilities)
      .orderBy(asc(outdoorFacilities.name))
      .limit(opts.limit)
      .offset(opts.offset);
  },

  async facilitiesCount(db: Executor): Promise<number> {
    const [{ total }] = await db.select({ total: count() }).from(outdoorFacilities);
    return total;
  },

  /** Parameters used as search filters ("facilities for filter"). */
  filterParameters(db: Executor) {
    return db
      .select(parameterColumns)
      .from(parameters)
      .orderBy(asc(parameters.id));
  },
};

export const cityRepository = {
  /** Cities with their number of listed properties (kept in `city_listings`), busiest first. */
  async withCounts(db: Executor, opts: { limit: number; offset: number }) {
    const result = await db.execute(sql`
      select ci.name, ci.image, coalesce(cl.listed, 0)::int as n from cities ci
      left join city_listings cl on cl.city_key = lower(ci.name)
      order by n desc, ci.name limit ${opts.limit} offset ${opts.offset}`);
    return rowsOf<{ name: string; image: string | null; n: number }>(result);
  },

  async count(db: Executor): Promise<number> {
    const result = await db.execute(sql`select count(*)::int as n from cities`);
    return rowsOf<{ n: number }>(result)[0].n;
  },
};
