import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { categories, categoryParameters, cities, outdoorFacilities, parameters, reportReasons, sliders, type Translations } from '../../db/schema/index.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

/** A page of `select … from <from>` filtered by `q` over `searchable`, sorted by one of `sorts`. */
async function page<T>(db: Executor, q: AdminListQuery, opts: { select: SQL; from: SQL; searchable: SQL[]; sorts: Record<string, SQL>; fallback: string; where?: SQL[]; idColumn: SQL }) {
  const where = [...(opts.where ?? [])];
  if (q.q) {
    const like = containsPattern(q.q);
    where.push(sql`(${sql.join([...opts.searchable.map((c) => sql`${c} ilike ${like}`), sql`${opts.idColumn}::text = ${q.q}`], sql` or `)})`);
  }
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const order = orderOf(q, opts.sorts, opts.fallback);
  const [rows, count] = await Promise.all([
    db.execute(sql`select ${opts.select} from ${opts.from} ${filter} order by ${order}, ${opts.idColumn} desc ${limitOf(q)}`),
    db.execute(sql`select count(*)::int as n from ${opts.from} ${filter}`),
  ]);
  return { rows: rowsOf<T>(rows), total: rowsOf<{ n: number }>(count)[0].n };
}

export interface CategoryRow {
  id: number;
  category: string;
  slug_id: string;
  image: string | null;
  is_active: boolean;
  sequence: number;
  parameter_ids: number[];
  properties_count: number;
  translations: Translations;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
}
const categorySelect = sql`c.id, c.category, c.slug_id, c.image, c.is_active, c.sequence::int as sequence, c.translations, c.meta_title, c.meta_description, c.meta_keywords,
  coalesce((select json_agg(cp.parameter_id order by cp.sequence, cp.parameter_id) from category_parameters cp where cp.category_id = c.id), '[]'::json) as parameter_ids,
  ((select count(*) from properties p where p.category_id = c.id) + (select count(*) from projects pr where pr.category_id = c.id))::int as properties_count`;

export interface ParameterRow {
  id: number;
  name: string;
  code: string | null;
  type_of_parameter: string;
  type_values: string[] | null;
  image: string | null;
  is_required: boolean;
  categories_count: number;
  translations: Translations;
}
const parameterSelect = sql`pa.id, pa.name, pa.code, pa.type_of_parameter, pa.type_values, pa.image, pa.is_required, pa.translations,
  (select count(*)::int from category_parameters cp where cp.parameter_id = pa.id) as categories_count`;

export interface FacilityRow {
  id: number;
  name: string;
  image: string | null;
  properties_count: number;
  translations: Translations;
}
const facilitySelect = sql`f.id, f.name, f.image, f.translations, (select count(*)::int from property_facilities pf where pf.facility_id = f.id) as properties_count`;

export interface CityRow {
  id: number;
  name: string;
  state: string | null;
  country: string | null;
  image: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface SliderRow {
  id: number;
  type: number;
  heading: string | null;
  subheading: string | null;
  image: string;
  web_image: string | null;
  category_id: number | null;
  property_id: number | null;
  link: string | null;
  show_property_details: boolean;
  sequence: number;
  is_active: boolean;
  translations: Translations;
}
const sliderSelect = sql`s.id, s.type::int as type, s.heading, s.subheading, s.image, s.web_image, s.category_id, s.property_id, s.link, s.show_property_details, s.sequence::int as sequence, s.is_active, s.translations`;

export interface ReportReasonRow {
  id: number;
  reason: string;
  reports_count: number;
}
const reasonSelect = sql`r.id, r.reason, (select count(*)::int from reports rp where rp.reason_id = r.id) as reports_count`;

const one = async <T>(db: Executor, query: SQL): Promise<T | null> => rowsOf<T>(await db.execute(query))[0] ?? null;

export const adminCatalogueRepository = {
  categories: (db: Executor, q: AdminListQuery) =>
    page<CategoryRow>(db, q, {
      select: categorySelect,
      from: sql`categories c`,
      searchable: [sql`c.category`, sql`c.slug_id`],
      sorts: { sequence: sql`c.sequence`, category: sql`c.category`, created_at: sql`c.created_at` },
      fallback: 'sequence',
      idColumn: sql`c.id`,
    }),
  category: (db: Executor, id: number, lock = false) => one<CategoryRow>(db, sql`select ${categorySelect} from categories c where c.id = ${id} ${lock ? sql`for update` : sql``}`),
  async categorySlugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
    return (await one(db, sql`select 1 from categories where slug_id = ${slug} and id <> ${exceptId ?? 0}`)) !== null;
  },
  async insertCategory(db: Executor, values: typeof categories.$inferInsert): Promise<number> {
    const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
    return row.id;
  },
  async updateCategory(db: Executor, id: number, values: Partial<typeof categories.$inferInsert>): Promise<void> {
    await db.update(categories).set({ ...values, updatedAt: sql`now()` }).where(eq(categories.id, id));
  },
  async setCategoryParameters(db: Executor, id: number, parameterIds: number[]): Promise<void> {
    await db.delete(categoryParameters).where(eq(categoryParameters.categoryId, id));
    if (parameterIds.length) await db.insert(categoryParameters).values(parameterIds.map((parameterId, sequence) => ({ categoryId: id, parameterId, sequence })));
  },
  async deleteCategory(db: Executor, id: number): Promise<void> {
    await db.delete(categories).where(eq(categories.id, id));
  },

  parameters: (db: Executor, q: AdminListQuery) =>
    page<ParameterRow>(db, q, {
      select: parameterSelect,
      from: sql`parameters pa`,
      searchable: [sql`pa.name`, sql`pa.type_of_parameter`],
      sorts: { name: sql`pa.name`, type_of_parameter: sql`pa.type_of_parameter`, created_at: sql`pa.created_at` },
      fallback: 'name',
      idColumn: sql`pa.id`,
    }),
  parameter: (db: Executor, id: number, lock = false) => one<ParameterRow>(db, sql`select ${parameterSelect} from parameters pa where pa.id = ${id} ${lock ? sql`for update` : sql``}`),
  async existingParameters(db: Executor, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    return rowsOf<{ id: number }>(await db.execute(sql`select id from parameters where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)).map((r) => r.id);
  },
  async parameterUses(db: Executor, id: number): Promise<number> {
    return (await one<{ n: number }>(db, sql`select count(*)::int as n from property_parameters where parameter_id = ${id}`))!.n;
  },
  async insertParameter(db: Executor, values: typeof parameters.$inferInsert): Promise<number> {
    const [row] = await db.insert(parameters).values(values).returning({ id: parameters.id });
    return row.id;
  },
  async updateParameter(db: Executor, id: number, values: Partial<typeof parameters.$inferInsert>): Promise<void> {
    await db.update(parameters).set(values).where(eq(parameters.id, id));
  },
  async deleteParameter(db: Executor, id: number): Promise<void> {
    await db.delete(parameters).where(eq(parameters.id, id));
  },

  facilities: (db: Executor, q: AdminListQuery) =>
    page<FacilityRow>(db, q, { select: facilitySelect, from: sql`outdoor_facilities f`, searchable: [sql`f.name`], sorts: { name: sql`f.name`, created_at: sql`f.created_at` }, fallback: 'name', idColumn: sql`f.id` }),
  facility: (db: Executor, id: number, lock = false) => one<FacilityRow>(db, sql`select ${facilitySelect} from outdoor_facilities f where f.id = ${id} ${lock ? sql`for update` : sql``}`),
  async insertFacility(db: Executor, values: typeof outdoorFacilities.$inferInsert): Promise<number> {
    const [row] = await db.insert(outdoorFacilities).values(values).returning({ id: outdoorFacilities.id });
    return row.id;
  },
  async updateFacility(db: Executor, id: number, values: Partial<typeof outdoorFacilities.$inferInsert>): Promise<void> {
    await db.update(outdoorFacilities).set(values).where(eq(outdoorFacilities.id, id));
  },
  async deleteFacility(db: Executor, id: number): Promise<void> {
    await db.delete(outdoorFacilities).where(eq(outdoorFacilities.id, id));
  },

  cities: (db: Executor, q: AdminListQuery) =>
    page<CityRow>(db, q, {
      select: sql`ci.id, ci.name, ci.state, ci.country, ci.image, ci.latitude, ci.longitude`,
      from: sql`cities ci`,
      searchable: [sql`ci.name`, sql`ci.state`, sql`ci.country`],
      sorts: { name: sql`ci.name`, state: sql`ci.state`, country: sql`ci.country`, created_at: sql`ci.created_at` },
      fallback: 'name',
      idColumn: sql`ci.id`,
    }),
  city: (db: Executor, id: number, lock = false) =>
    one<CityRow>(db, sql`select ci.id, ci.name, ci.state, ci.country, ci.image, ci.latitude, ci.longitude from cities ci where ci.id = ${id} ${lock ? sql`for update` : sql``}`),
  async cityNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
    return (await one(db, sql`select 1 from cities where lower(name) = lower(${name}) and id <> ${exceptId ?? 0}`)) !== null;
  },
  async insertCity(db: Executor, values: typeof cities.$inferInsert): Promise<number> {
    const [row] = await db.insert(cities).values(values).returning({ id: cities.id });
    return row.id;
  },
  async updateCity(db: Executor, id: number, values: Partial<typeof cities.$inferInsert>): Promise<void> {
    await db.update(cities).set(values).where(eq(cities.id, id));
  },
  async deleteCity(db: Executor, id: number): Promise<void> {
    await db.delete(cities).where(eq(cities.id, id));
  },

  sliders: (db: Executor, q: AdminListQuery) =>
    page<SliderRow>(db, q, {
      select: sliderSelect,
      from: sql`sliders s`,
      searchable: [sql`s.heading`, sql`s.subheading`, sql`s.link`],
      sorts: { sequence: sql`s.sequence`, heading: sql`s.heading`, created_at: sql`s.created_at` },
      fallback: 'sequence',
      idColumn: sql`s.id`,
    }),
  slider: (db: Executor, id: number, lock = false) => one<SliderRow>(db, sql`select ${sliderSelect} from sliders s where s.id = ${id} ${lock ? sql`for update` : sql``}`),
  async insertSlider(db: Executor, values: typeof sliders.$inferInsert): Promise<number> {
    const [row] = await db.insert(sliders).values(values).returning({ id: sliders.id });
    return row.id;
  },
  async updateSlider(db: Executor, id: number, values: Partial<typeof sliders.$inferInsert>): Promise<void> {
    await db.update(sliders).set(values).where(eq(sliders.id, id));
  },
  async deleteSlider(db: Executor, id: number): Promise<void> {
    await db.delete(sliders).where(eq(sliders.id, id));
  },
  async categoryExists(db: Executor, id: number): Promise<boolean> {
    return (await one(db, sql`select 1 from categories where id = ${id}`)) !== null;
  },
  async propertyExists(db: Executor, id: number): Promise<boolean> {
    return (await one(db, sql`select 1 from properties where id = ${id}`)) !== null;
  },

  reportReasons: (db: Executor, q: AdminListQuery) =>
    page<ReportReasonRow>(db, q, { select: reasonSelect, from: sql`report_reasons r`, searchable: [sql`r.reason`], sorts: { reason: sql`r.reason`, created_at: sql`r.created_at` }, fallback: 'created_at', idColumn: sql`r.id` }),
  reportReason: (db: Executor, id: number, lock = false) => one<ReportReasonRow>(db, sql`select ${reasonSelect} from report_reasons r where r.id = ${id} ${lock ? sql`for update` : sql``}`),
  async insertReportReason(db: Executor, reason: string): Promise<number> {
    const [row] = await db.insert(reportReasons).values({ reason }).returning({ id: reportReasons.id });
    return row.id;
  },
  async updateReportReason(db: Executor, id: number, reason: string): Promise<void> {
    await db.update(reportReasons).set({ reason }).where(eq(reportReasons.id, id));
  },
  async deleteReportReason(db: Executor, id: number): Promise<void> {
    await db.delete(reportReasons).where(eq(reportReasons.id, id));
  },
};
