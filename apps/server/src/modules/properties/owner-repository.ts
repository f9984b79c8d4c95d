import { sql, type SQL } from 'drizzle-orm';
import type { OwnerListingState } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { LIVE_AD } from '../../db/listing-conditions.ts';
import { properties } from '../../db/schema/index.ts';

/** The folder owners' uploads for properties are stored in (one folder, so one sweep finds orphans). */
export const LISTING_MEDIA = 'listings';

const idList = (ids: readonly number[]): SQL => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/** What a write needs to know of a listing before changing it. */
export interface OwnedRow {
  id: number;
  slug_id: string;
  owner_id: number | null;
  title: string;
  price: string;
  property_type: number;
  category_id: number;
  status: number;
  request_status: 'approved' | 'pending' | 'rejected';
  title_image: string | null;
  three_d_image: string | null;
  meta_image: string | null;
  paid_with_package_id: number | null;
}

const OWNED_COLUMNS = sql.raw('id, slug_id, owner_id, title, price, property_type, category_id, status, request_status, title_image, three_d_image, meta_image, paid_with_package_id');

export interface ParameterDefinition {
  id: number;
  name: string;
  code: string | null;
  type_of_parameter: 'textbox' | 'number' | 'dropdown' | 'radiobutton' | 'checkbox' | 'textarea' | 'file';
  type_values: string[] | null;
  is_required: boolean;
}

export type PropertyValues = Partial<typeof properties.$inferInsert>;

/** The moderation or listing state `get-added-properties` filters on, as SQL. */
function stateCondition(state: OwnerListingState): SQL {
  switch (state) {
    case 'pending':
    case 'rejected':
      return sql`p.request_status = ${state}`;
    // Sold and rented listings have states of their own.
    case 'approved':
      return sql`p.request_status = 'approved' and p.status = 1 and p.property_type in (0, 1)`;
    case 'paused':
      return sql`p.request_status = 'approved' and p.status = 0 and p.property_type in (0, 1)`;
    case 'sold':
      return sql`p.property_type = 2`;
    case 'rented':
      return sql`p.property_type = 3`;
  }
}

export interface OwnedFilters {
  ownerId: number;
  id?: number;
  slugId?: string;
  state?: OwnerListingState;
  /** 0 sale (sold included) or 1 rent (rented included). */
  propertyType?: number;
  promoted?: boolean;
  search?: string;
}

function ownedWhere(f: OwnedFilters): SQL {
  const conds: SQL[] = [sql`p.owner_id = ${f.ownerId}`];
  if (f.id !== undefined) conds.push(sql`p.id = ${f.id}`);
  if (f.slugId !== undefined) conds.push(sql`p.slug_id = ${f.slugId}`);
  if (f.state) conds.push(stateCondition(f.state));
  if (f.propertyType !== undefined) conds.push(f.propertyType % 2 === 0 ? sql`p.property_type in (0, 2)` : sql`p.property_type in (1, 3)`);
  if (f.promoted) conds.push(sql`exists (select 1 from advertisements a where a.property_id = p.id and ${LIVE_AD})`);
  if (f.search) conds.push(sql`p.title ilike ${`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return sql.join(conds, sql` and `);
}

async function filesWhere(db: Executor, listings: SQL): Promise<string[]> {
  const result = await db.execute(sql`
    with picked as (select p.id, p.title_image, p.three_d_image, p.meta_image from properties p where ${listings})
    select title_image as key from picked
    union all select three_d_image from picked
    union all select meta_image from picked
    union all select i.image from property_images i join picked on picked.id = i.property_id
    union all select d.file from property_documents d join picked on picked.id = d.property_id
    union all select pp.value from property_parameters pp join picked on picked.id = pp.property_id
      join parameters pa on pa.id = pp.parameter_id where pa.type_of_parameter = 'file'`);
  return rowsOf<{ key: string | null }>(result)
    .map((r) => r.key)
    .filter((k): k is string => !!k);
}

export const propertyOwnerRepository = {
  /** The listing (whoever owns it: the service decides). */
  async find(db: Executor, id: number): Promise<OwnedRow | null> {
    return rowsOf<OwnedRow>(await db.execute(sql`select ${OWNED_COLUMNS} from properties where id = ${id}`))[0] ?? null;
  },

  /** The same, locked until the transaction ends. */
  async lock(tx: Executor, id: number): Promise<OwnedRow | null> {
    return rowsOf<OwnedRow>(await tx.execute(sql`select ${OWNED_COLUMNS} from properties where id = ${id} for update`))[0] ?? null;
  },

  /** The parameters a category asks for, in its order. */
  async parametersOf(db: Executor, categoryId: number): Promise<ParameterDefinition[]> {
    const result = await db.execute(sql`
      select pa.id, pa.name, pa.code, pa.type_of_parameter, pa.type_values, pa.is_required
      from category_parameters cp join parameters pa on pa.id = cp.parameter_id
      where cp.category_id = ${categoryId} order by cp.sequence, pa.id`);
    return rowsOf<ParameterDefinition>(result);
  },

  async existingFacilityIds(db: Executor, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    return new Set(rowsOf<{ id: number }>(await db.execute(sql`select id from outdoor_facilities where id in ${idList(ids)}`)).map((r) => r.id));
  },

  /** What saved-search alerts are matched on, and what they say. */
  async alertFacts(db: Executor, id: number) {
    const result = await db.execute(sql`
      select id, owner_id, property_type, category_id, city, price::float8 as price, bedrooms, title, slug_id from properties where id = ${id}`);
    const r = rowsOf<{ id: number; owner_id: number | null; property_type: number; category_id: number; city: string | null; price: number; bedrooms: number | null; title: string; slug_id: string }>(result)[0];
    return r ? { id: r.id, ownerId: r.owner_id, propertyType: r.property_type, categoryId: r.category_id, city: r.city, price: r.price, bedrooms: r.bedrooms, title: r.title, slug: r.slug_id } : null;
  },

  async insert(tx: Executor, values: typeof properties.$inferInsert): Promise<number> {
    const [row] = await tx.insert(properties).values(values).returning({ id: properties.id });
    return row.id;
  },

  async update(tx: Executor, id: number, values: PropertyValues): Promise<void> {
    if (!Object.keys(values).length) return;
    await tx
      .update(properties)
      .set({ ...values, updatedAt: new Date() })
      .where(sql`${properties.id} = ${id}`);
  },

  async galleryOf(db: Executor, propertyId: number): Promise<{ id: number; image: string }[]> {
    return rowsOf<{ id: number; image: string }>(await db.execute(sql`select id, image from property_images where property_id = ${propertyId} order by sequence, id`));
  },

  async addGallery(tx: Executor, propertyId: number, keys: string[], firstSequence: number): Promise<void> {
    if (!keys.length) return;
    const values = sql.join(keys.map((key, i) => sql`(${propertyId}, ${key}, ${firstSequence + i})`), sql`, `);
    await tx.execute(sql`insert into property_images (property_id, image, sequence) values ${values}`);
  },

  /** Removes the listing's own pictures among `ids` (others' ids are ignored); answers their keys. */
  async removeGallery(tx: Executor, propertyId: number, ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    const result = await tx.execute(sql`delete from property_images where property_id = ${propertyId} and id in ${idList(ids)} returning image`);
    return rowsOf<{ image: string }>(result).map((r) => r.image);
  },

  async documentCount(db: Executor, propertyId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from property_documents where property_id = ${propertyId}`))[0].n;
  },

  async addDocuments(tx: Executor, propertyId: number, docs: { name: string; type: string; file: string; fileName: string }[]): Promise<void> {
    if (!docs.length) return;
    const values = sql.join(
      docs.map((d) => sql`(${propertyId}, ${d.name}, ${d.type}, ${d.file}, ${d.fileName})`),
      sql`, `,
    );
    await tx.execute(sql`insert into property_documents (property_id, name, type, file, file_name) values ${values}`);
  },

  async removeDocuments(tx: Executor, propertyId: number, ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    const result = await tx.execute(sql`delete from property_documents where property_id = ${propertyId} and id in ${idList(ids)} returning file`);
    return rowsOf<{ file: string }>(result).map((r) => r.file);
  },

  /** The listing's parameter values now (file values are stored keys). */
  async parameterValues(db: Executor, propertyId: number): Promise<Map<number, { value: string; type: string }>> {
    const result = await db.execute(sql`
      select pp.parameter_id, pp.value, pa.type_of_parameter as type from property_parameters pp join parameters pa on pa.id = pp.parameter_id
      where pp.property_id = ${propertyId}`);
    return new Map(rowsOf<{ parameter_id: number; value: string; type: string }>(result).map((r) => [r.parameter_id, { value: r.value, type: r.type }]));
  },

  /** Sets the given parameter values (an empty value removes one). */
  async setParameters(tx: Executor, propertyId: number, values: Map<number, string | null>): Promise<void> {
    const removed = [...values].filter(([, v]) => v === null).map(([id]) => id);
    const kept = [...values].filter((e): e is [number, string] => e[1] !== null);
    if (removed.length) await tx.execute(sql`delete from property_parameters where property_id = ${propertyId} and parameter_id in ${idList(removed)}`);
    if (kept.length) {
      const rows = sql.join(kept.map(([id, v]) => sql`(${propertyId}, ${id}, ${v})`), sql`, `);
      await tx.execute(sql`insert into property_parameters (property_id, parameter_id, value) values ${rows} on conflict (property_id, parameter_id) do update set value = excluded.value`);
    }
  },

  async replaceFacilities(tx: Executor, propertyId: number, facilities: { facilityId: number; distance: number }[]): Promise<void> {
    await tx.execute(sql`delete from property_facilities where property_id = ${propertyId}`);
    if (!facilities.length) return;
    const rows = sql.join(facilities.map((f) => sql`(${propertyId}, ${f.facilityId}, ${f.distance})`), sql`, `);
    await tx.execute(sql`insert into property_facilities (property_id, facility_id, distance) values ${rows}`);
  },

  async addPriceChange(tx: Executor, propertyId: number, price: number): Promise<void> {
    await tx.execute(sql`insert into property_price_changes (property_id, price) values (${propertyId}, ${price})`);
  },

  async addSlugRedirect(tx: Executor, oldSlug: string, propertyId: number): Promise<void> {
    await tx.execute(sql`insert into property_slug_redirects (slug_id, property_id) values (${oldSlug}, ${propertyId}) on conflict (slug_id) do update set property_id = excluded.property_id`);
  },

  /** The current slug of a listing an old slug pointed at. */
  async redirectedSlug(db: Executor, oldSlug: string): Promise<string | null> {
    const result = await db.execute(sql`select p.slug_id from property_slug_redirects r join properties p on p.id = r.property_id where r.slug_id = ${oldSlug}`);
    return rowsOf<{ slug_id: string }>(result)[0]?.slug_id ?? null;
  },

  /** Every stored file of the listing (pictures, documents, file parameters), before it is deleted. */
  async filesOf(db: Executor, propertyId: number): Promise<string[]> {
    return filesWhere(db, sql`p.id = ${propertyId}`);
  },

  /** Every stored file of all of an owner's listings (their account is being deleted). */
  async filesOfOwner(db: Executor, ownerId: number): Promise<string[]> {
    return filesWhere(db, sql`p.owner_id = ${ownerId}`);
  },

  async delete(tx: Executor, propertyId: number): Promise<void> {
    await tx.execute(sql`delete from properties where id = ${propertyId}`);
  },

  /** Every key in the owners' media folder a row points at (the start-up sweep keeps these). */
  async referencedKeys(db: Executor): Promise<string[]> {
    const prefix = `${LISTING_MEDIA}/%`;
    const result = await db.execute(sql`
      select title_image as key from properties where title_image like ${prefix}
      union all select three_d_image from properties where three_d_image like ${prefix}
      union all select meta_image from properties where meta_image like ${prefix}
      union all select image from property_images where image like ${prefix}
      union all select file from property_documents where file like ${prefix}
      union all select value from property_parameters where value like ${prefix}`);
    return rowsOf<{ key: string }>(result).map((r) => r.key);
  },

  /** One page of the owner's listings (newest first), how many there are, and their views together. */
  async ownedPage(db: Executor, filters: OwnedFilters, limit: number, offset: number): Promise<{ ids: number[]; total: number; totalViews: number }> {
    const where = ownedWhere(filters);
    const [ids, sums] = await Promise.all([
      db.execute(sql`select p.id from properties p where ${where} order by p.created_at desc, p.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n, coalesce(sum(p.total_click), 0)::int as views from properties p where ${where}`),
    ]);
    const sum = rowsOf<{ n: number; views: number }>(sums)[0];
    return { ids: rowsOf<{ id: number }>(ids).map((r) => r.id), total: sum.n, totalViews: sum.views };
  },

  /** What the owner sees beside each listing: the reject reason and whether it could be featured now. */
  async ownerExtras(db: Executor, ids: number[]): Promise<Map<number, { reject_reason: string | null; is_feature_available: boolean }>> {
    if (!ids.length) return new Map();
    const result = await db.execute(sql`
      select p.id, p.reject_reason,
        (p.status = 1 and p.request_status = 'approved' and p.property_type in (0, 1)
          and not exists (select 1 from advertisements a where a.property_id = p.id and ${LIVE_AD})) as is_feature_available
      from properties p where p.id in ${idList(ids)}`);
    return new Map(rowsOf<{ id: number; reject_reason: string | null; is_feature_available: boolean }>(result).map((r) => [r.id, r]));
  },

  /** The first few interested users of each listing, newest first. */
  async interestedPreview(db: Executor, ids: number[], perListing: number): Promise<Map<number, { id: number; name: string | null; profile: string | null }[]>> {
    const out = new Map<number, { id: number; name: string | null; profile: string | null }[]>();
    if (!ids.length) return out;
    const result = await db.execute(sql`
      select x.property_id, x.id, x.name, x.profile from (
        select i.property_id, u.id, u.name, u.profile, row_number() over (partition by i.property_id order by i.created_at desc, u.id desc) as n
        from interests i join users u on u.id = i.user_id where i.property_id in ${idList(ids)}
      ) x where x.n <= ${perListing} order by x.property_id, x.n`);
    for (const r of rowsOf<{ property_id: number; id: number; name: string | null; profile: string | null }>(result)) {
      const list = out.get(r.property_id) ?? [];
      list.push({ id: r.id, name: r.name, profile: r.profile });
      out.set(r.property_id, list);
    }
    return out;
  },
};
