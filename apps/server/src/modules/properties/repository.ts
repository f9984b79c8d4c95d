import { sql, type SQL } from 'drizzle-orm';
import type { PARAMETER_CODES, PropertySort } from '@estate/core';
import { MAX_COUNTED_RESULTS } from '@estate/core';
import { executePrepared, intArray, rowsOf, withinMs, type Database, type Executor } from '../../db/client.ts';
import { LIVE_AD, placeConditions, postedSinceCondition, toPrefixQuery } from '../../db/listing-conditions.ts';
import type { CardCatalogue } from '../catalogue/repository.ts';

/** Same text as the partial indexes' predicate so the planner can use them. */
const LISTED = sql.raw(`p.status = 1 and p.request_status = 'approved'`);

export interface PropertyFilters {
  propertyType?: number;
  categoryId?: number;
  categoryIds?: number[];
  propertyTypes?: number[];
  city?: string;
  state?: string;
  country?: string;
  minPrice?: number;
  maxPrice?: number;
  postedSince?: number;
  promoted?: boolean;
  search?: string;
  parameterId?: number;
  facilityIds?: number[];
  bedrooms?: number;
  bathrooms?: number;
  livingRooms?: number;
  floors?: number;
  isPremium?: boolean;
  /** null selects the platform's own listings. */
  ownerId?: number | null;
  excludeId?: number;
  /** Only these listings (e.g. the ones slides point at). */
  ids?: number[];
  bbox?: { minLng: number; minLat: number; maxLng: number; maxLat: number };
  polygon?: { lng: number; lat: number }[];
  circle?: { latitude: number; longitude: number; radiusKm: number };
}

export interface CardRow {
  id: number;
  slug_id: string;
  title: string;
  title_image: string | null;
  price: string;
  property_type: number;
  category_id: number;
  category_name: string | null;
  category_image: string | null;
  category_slug_id: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  rentduration: 'Daily' | 'Monthly' | 'Quarterly' | 'Yearly' | null;
  is_premium: boolean;
  total_click: number;
  created_at: Date | string;
  promoted: boolean;
  is_favourite: boolean;
  parameters: ParameterJson[];
  facilities: FacilityJson[];
}

export interface ParameterJson {
  id: number;
  name: string;
  code: (typeof PARAMETER_CODES)[number] | null;
  type_of_parameter: 'textbox' | 'number' | 'dropdown' | 'radiobutton' | 'checkbox' | 'textarea' | 'file';
  type_values: string[] | null;
  image: string | null;
  is_required: boolean;
  value: string;
}

export interface FacilityJson {
  facility_id: number;
  distance: number;
  name: string;
  image: string | null;
}

export interface DetailRow extends CardRow {
  description: string;
  client_address: string | null;
  three_d_image: string | null;
  video_link: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  meta_image: string | null;
  status: number;
  request_status: 'approved' | 'pending' | 'rejected';
  owner_id: number | null;
  owner_name: string | null;
  owner_slug_id: string | null;
  owner_email: string | null;
  owner_mobile: string | null;
  owner_profile: string | null;
  owner_verified: boolean;
  total_favourites: number;
  total_interested: number;
  gallery: { id: number; image: string }[] | null;
  documents: { id: number; name: string; type: string; file: string; file_name: string | null }[] | null;
  /** Its price changes, newest first, as JSON gives them: only `findDetail` and `findDetailsByIds` read them. */
  price_history?: { price: number; changed_at: string }[] | null;
}

const KM_PER_DEGREE = 111.32;


function whereClause(f: PropertyFilters): SQL {
  const conds: SQL[] = [LISTED];
  if (f.propertyType !== undefined) conds.push(sql`p.property_type = ${f.propertyType}`);
  if (f.categoryId !== undefined) conds.push(sql`p.category_id = ${f.categoryId}`);
  if (f.categoryIds?.length) conds.push(sql`p.category_id in ${sql`(${sql.join(f.categoryIds.map((id) => sql`${id}`), sql`, `)})`}`);
  if (f.propertyTypes?.length) conds.push(sql`p.property_type in ${sql`(${sql.join(f.propertyTypes.map((t) => sql`${t}`), sql`, `)})`}`);
  conds.push(...placeConditions('p', f));
  if (f.minPrice !== undefined) conds.push(sql`p.price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conds.push(sql`p.price <= ${f.maxPrice}`);
  const posted = postedSinceCondition('p', f.postedSince);
  if (posted) conds.push(posted);
  if (f.promoted) conds.push(sql`exists (select 1 from advertisements a where a.property_id = p.id and ${LIVE_AD})`);
  if (f.search) {
    const query = toPrefixQuery(f.search);
    if (query) conds.push(sql`p.search_vector @@ to_tsquery('english', ${query})`);
  }
  if (f.parameterId !== undefined) {
    conds.push(sql`exists (select 1 from property_parameters pp where pp.property_id = p.id and pp.parameter_id = ${f.parameterId})`);
  }
  for (const facilityId of f.facilityIds ?? []) {
    conds.push(sql`exists (select 1 from property_facilities pf where pf.property_id = p.id and pf.facility_id = ${facilityId})`);
  }
  if (f.bedrooms !== undefined) conds.push(sql`p.bedrooms = ${f.bedrooms}`);
  if (f.bathrooms !== undefined) conds.push(sql`p.bathrooms = ${f.bathrooms}`);
  if (f.livingRooms !== undefined) conds.push(sql`p.living_rooms = ${f.livingRooms}`);
  if (f.floors !== undefined) conds.push(sql`p.floors = ${f.floors}`);
  if (f.isPremium !== undefined) conds.push(sql`p.is_premium = ${f.isPremium}`);
  if (f.ownerId === null) conds.push(sql`p.owner_id is null`);
  else if (f.ownerId !== undefined) conds.push(sql`p.owner_id = ${f.ownerId}`);
  if (f.excludeId !== undefined) conds.push(sql`p.id <> ${f.excludeId}`);
  if (f.ids) conds.push(f.ids.length ? sql`p.id in ${sql`(${sql.join(f.ids.map((id) => sql`${id}`), sql`, `)})`}` : sql`false`);
  if (f.bbox) {
    // The same test as `location <@ box`, written so properties_listed_place_idx answers it in-index.
    const b = f.bbox;
    conds.push(sql`p.latitude between ${b.minLat} and ${b.maxLat} and p.longitude between ${b.minLng} and ${b.maxLng}`);
  }
  if (f.polygon) {
    const literal = `(${f.polygon.map((pt) => `(${pt.lng},${pt.lat})`).join(',')})`;
    conds.push(sql`p.location <@ ${literal}::polygon`);
  }
  if (f.circle) {
    const { latitude, longitude, radiusKm } = f.circle;
    const dLat = radiusKm / KM_PER_DEGREE;
    const dLng = radiusKm / (KM_PER_DEGREE * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01));
    // The box lets the GiST index find candidates; the haversine keeps only the round area.
    conds.push(sql`p.location <@ box(point(${longitude - dLng}, ${latitude - dLat}), point(${longitude + dLng}, ${latitude + dLat}))`);
    conds.push(
      sql`2 * 6371 * asin(sqrt(power(sin(radians(p.latitude - ${latitude}) / 2), 2) + cos(radians(${latitude})) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - ${longitude}) / 2), 2))) <= ${radiusKm}`,
    );
  }
  return sql.join(conds, sql` and `);
}

// "nulls last" as in the indexes (drizzle writes DESC NULLS LAST), or the planner cannot use them.
const ORDER: Record<PropertySort, string> = {
  newest: 'p.created_at desc nulls last, p.id desc nulls last',
  oldest: 'p.created_at asc nulls first, p.id asc nulls first',
  price_asc: 'p.price asc, p.id asc',
  price_desc: 'p.price desc, p.id desc',
  most_viewed: 'p.total_click desc nulls last, p.id desc nulls last',
  most_liked: 'p.total_favourites desc nulls last, p.id desc nulls last',
};

/**
 * The same orders written so that no index serves them (each column shifted by nothing): the
 * planner then finds a text search's rows from its words' matches (the GIN index) and sorts them.
 */
const ORDER_FROM_MATCHES: Record<PropertySort, string> = {
  newest: "p.created_at + interval '0 s' desc nulls last, p.id desc nulls last",
  oldest: "p.created_at + interval '0 s' asc nulls first, p.id asc nulls first",
  price_asc: 'p.price + 0 asc, p.id asc',
  price_desc: 'p.price + 0 desc, p.id desc',
  most_viewed: 'p.total_click + 0 desc nulls last, p.id desc nulls last',
  most_liked: 'p.total_favourites + 0 desc nulls last, p.id desc nulls last',
};

/**
 * How long a text search may walk its sort order's index. PostgreSQL walks it when it expects the
 * words to be common (it cannot tell how rarely words go together, nor prefixes well): right for a
 * common word, which is found in the first rows, but words that match nothing had it read every
 * listing, 9 s of its time at a million listings. Past this the search runs from its words' matches.
 */
export const TEXT_WALK_MS = 50;

const cardColumns = (viewerId: number | null) => sql`
  p.id, p.slug_id, p.title, p.title_image, p.price, p.property_type, p.category_id,
  c.category as category_name, c.image as category_image, c.slug_id as category_slug_id,
  p.city, p.state, p.country, p.address, p.latitude, p.longitude, p.rentduration, p.is_premium,
  p.total_click, p.created_at,
  exists (select 1 from advertisements a where a.property_id = p.id and ${LIVE_AD}) as promoted,
  ${viewerId === null ? sql`false` : sql`exists (select 1 from favourites f where f.property_id = p.id and f.user_id = ${viewerId})`} as is_favourite,
  p.card_parameters, p.card_facilities`;

/** A card's parameters and facilities as its row keeps them (migration 0025): ids with values. */
interface StoredExtras {
  card_parameters: [number, string][];
  card_facilities: [number, number][];
}

type Stored<R extends CardRow> = Omit<R, 'parameters' | 'facilities'> & StoredExtras;

/**
 * Rows as read, with their parameters named from the catalogue in the order of their category's
 * form (then by id), and their facilities nearest first. One the catalogue no longer has is left
 * out, as a join would (its rows go with it: a trigger follows the cascade).
 */
function named<R extends CardRow>(rows: Stored<R>[], catalogue: CardCatalogue): R[] {
  // The names are set on the row pg made, not on a copy: an object rest that leaves keys out
  // runs through V8's slow path (62-74 µs for a page of 12 cards, against 3-4 µs). The stored
  // arrays are cleared, not deleted, which would turn every row into a dictionary.
  return rows.map((stored) => {
    const row = stored as unknown as R & { card_parameters?: unknown; card_facilities?: unknown };
    const placed: { place: number; id: number; json: ParameterJson }[] = [];
    for (const [id, value] of stored.card_parameters) {
      const p = catalogue.parameters.get(id);
      if (!p) continue;
      const json: ParameterJson = { id, name: p.name, code: p.code, type_of_parameter: p.typeOfParameter, type_values: p.typeValues, image: p.image, is_required: p.isRequired, value };
      placed.push({ place: catalogue.sequence.get(`${row.category_id}:${id}`) ?? 999, id, json });
    }
    placed.sort((a, b) => a.place - b.place || a.id - b.id);
    const facilities: FacilityJson[] = [];
    for (const [id, distance] of stored.card_facilities) {
      const f = catalogue.facilities.get(id);
      if (f) facilities.push({ facility_id: id, distance, name: f.name, image: f.image });
    }
    row.parameters = placed.map((p) => p.json);
    row.facilities = facilities;
    row.card_parameters = undefined;
    row.card_facilities = undefined;
    return row;
  });
}

export interface SearchOptions {
  sort: PropertySort;
  limit: number;
  offset: number;
}

export type MapPointRow = Pick<CardRow, 'id' | 'slug_id' | 'title' | 'title_image' | 'price' | 'property_type' | 'rentduration'> & {
  latitude: number;
  longitude: number;
};

/** The map's markers: the few columns a marker needs, newest first, at most `limit`. */
export const mapPointsQuery = (filters: PropertyFilters, limit: number, fromMatches = false): SQL =>
  sql`with hits as (
      select p.id from properties p
      where ${whereClause(filters)} and p.latitude is not null and p.longitude is not null
      order by ${sql.raw((fromMatches ? ORDER_FROM_MATCHES : ORDER).newest)} limit ${limit}
    )
    select p.id, p.slug_id, p.title, p.title_image, p.price, p.property_type, p.rentduration, p.latitude, p.longitude
    from hits join properties p on p.id = hits.id
    order by ${sql.raw(ORDER.newest)}`;

/** One page of a search as ids only, served from an index alone (the cards come by id); exported so tests EXPLAIN what runs. */
export const searchIdsQuery = (filters: PropertyFilters, opts: SearchOptions, fromMatches = false): SQL =>
  sql`select p.id from properties p where ${whereClause(filters)} order by ${sql.raw((fromMatches ? ORDER_FROM_MATCHES : ORDER)[opts.sort])} limit ${opts.limit} offset ${opts.offset}`;

/**
 * A search's query as `query(false)` when it has no text; with text, walked for TEXT_WALK_MS at
 * most, then as `query(true)`, from its words' matches.
 */
export async function searched<T>(db: Database, filters: PropertyFilters, query: (fromMatches: boolean) => SQL): Promise<T[]> {
  if (!filters.search) return rowsOf<T>(await executePrepared(db, query(false)));
  const walked = await withinMs(db, TEXT_WALK_MS, async (tx) => rowsOf<T>(await executePrepared(tx, query(false))));
  return walked ?? rowsOf<T>(await executePrepared(db, query(true)));
}

/** Listed listings' cards by id, in no particular order: one statement whatever the ids (an array parameter). */
export const cardsByIdsQuery = (ids: number[]): SQL =>
  sql`select ${cardColumns(null)} from properties p left join categories c on c.id = p.category_id where p.id = any(${`{${ids.join(",")}}`}::int[]) and ${LISTED}`;

export const countQuery = (filters: PropertyFilters): SQL =>
  sql`select count(*)::int as n from (select 1 from properties p where ${whereClause(filters)} limit ${MAX_COUNTED_RESULTS}) counted`;


/** Listings with everything the detail page shows, where `where` says. */
const detailQuery = (where: SQL, viewerId: number | null, limit: number, withPrices = false): SQL => sql`
      select ${cardColumns(viewerId)},
        p.description, p.client_address, p.three_d_image, p.video_link, p.meta_title, p.meta_description,
        p.meta_keywords, p.meta_image, p.status, p.request_status, p.owner_id, p.total_favourites, p.total_interested,
        u.name as owner_name, u.slug_id as owner_slug_id, u.email as owner_email, u.mobile as owner_mobile,
        u.profile as owner_profile, coalesce(u.verification_status = 'success', false) as owner_verified,
        (select json_agg(json_build_object('id', i.id, 'image', i.image) order by i.sequence, i.id)
          from property_images i where i.property_id = p.id) as gallery,
        (select json_agg(json_build_object('id', d.id, 'name', d.name, 'type', d.type, 'file', d.file, 'file_name', d.file_name) order by d.id)
          from property_documents d where d.property_id = p.id) as documents${
            withPrices
              ? sql`,
        (select json_agg(json_build_object('price', h.price, 'changed_at', h.changed_at) order by h.changed_at desc, h.id desc)
          from property_price_changes h where h.property_id = p.id) as price_history`
              : sql``
          }
      from properties p
      left join categories c on c.id = p.category_id
      left join users u on u.id = p.owner_id
      where ${where}
      limit ${limit}`;

/**
 * The search's featured listings: those with a live advertisement that match the filters, newest
 * advertisement first. Driven from the (few) live advertisements by their partial index, so it
 * costs the same however many listings there are; exported so tests EXPLAIN what runs.
 */
export const featuredIdsQuery = (filters: PropertyFilters, limit: number): SQL => sql`
  select p.id from advertisements a join properties p on p.id = a.property_id
  where a.status = 0 and a.property_id is not null and a.end_date > now() and a.start_date <= now() and ${whereClause(filters)}
  order by a.start_date desc, a.id desc limit ${limit}`;

export const propertyRepository = {
  async featuredIds(db: Executor, filters: PropertyFilters, limit: number): Promise<number[]> {
    return rowsOf<{ id: number }>(await db.execute(featuredIdsQuery(filters, limit))).map((r) => r.id);
  },

  async searchIds(db: Database, filters: PropertyFilters, opts: SearchOptions): Promise<number[]> {
    return (await searched<{ id: number }>(db, filters, (fromMatches) => searchIdsQuery(filters, opts, fromMatches))).map((r) => r.id);
  },

  /** Cards (not the viewer's flags) of listed listings, by id; missing or unlisted ids are left out. */
  async cardsByIds(db: Executor, ids: number[], catalogue: CardCatalogue): Promise<CardRow[]> {
    if (!ids.length) return [];
    return named(rowsOf<Stored<CardRow>>(await executePrepared(db, cardsByIdsQuery(ids))), catalogue);
  },

  async mapPoints(db: Database, filters: PropertyFilters, limit: number): Promise<MapPointRow[]> {
    return searched<MapPointRow>(db, filters, (fromMatches) => mapPointsQuery(filters, limit, fromMatches));
  },

  async count(db: Executor, filters: PropertyFilters): Promise<number> {
    return rowsOf<{ n: number }>(await executePrepared(db, countQuery(filters)))[0]?.n ?? 0;
  },

  async findCardsByIds(db: Executor, ids: number[], viewerId: number | null, catalogue: CardCatalogue): Promise<CardRow[]> {
    if (!ids.length) return [];
    const result = await executePrepared(
      db,
      sql`select ${cardColumns(viewerId)} from properties p left join categories c on c.id = p.category_id where p.id = any(${intArray(ids)}) and ${LISTED}`,
    );
    const byId = new Map(named(rowsOf<Stored<CardRow>>(result), catalogue).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is CardRow => r !== undefined);
  },

  /** One listing with everything the detail page shows, its price history included; not limited to listed rows. */
  async findDetail(db: Executor, by: { id?: number; slugId?: string }, viewerId: number | null, catalogue: CardCatalogue): Promise<DetailRow | null> {
    const where = by.id !== undefined ? sql`p.id = ${by.id}` : sql`p.slug_id = ${by.slugId}`;
    return named(rowsOf<Stored<DetailRow>>(await executePrepared(db, detailQuery(where, viewerId, 1, true))), catalogue)[0] ?? null;
  },

  /** Listings in full whatever their state, their price history included, in the order of `ids` (an owner's own). */
  async findDetailsByIds(db: Executor, ids: number[], catalogue: CardCatalogue): Promise<DetailRow[]> {
    if (!ids.length) return [];
    const where = sql`p.id in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`}`;
    const byId = new Map(named(rowsOf<Stored<DetailRow>>(await db.execute(detailQuery(where, null, ids.length, true))), catalogue).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is DetailRow => r !== undefined);
  },

  /** Listed listings in full, in the order of `ids` (favourites answer the full record). */
  async findListedDetails(db: Executor, ids: number[], viewerId: number | null, catalogue: CardCatalogue): Promise<DetailRow[]> {
    if (!ids.length) return [];
    const where = sql`p.id in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`} and ${LISTED}`;
    const byId = new Map(named(rowsOf<Stored<DetailRow>>(await db.execute(detailQuery(where, viewerId, ids.length))), catalogue).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is DetailRow => r !== undefined);
  },

  /**
   * Same category, nearest first (GiST `<->`), then newest: the nearest listings' ids and their
   * cards in one statement (a listing's page new to the server is 4 round trips, not 5).
   */
  async similar(db: Executor, property: { id: number; categoryId: number; latitude: number | null; longitude: number | null }, limit: number, viewerId: number | null, catalogue: CardCatalogue): Promise<CardRow[]> {
    const order =
      property.latitude !== null && property.longitude !== null
        ? sql`p.location <-> point(${property.longitude}, ${property.latitude})`
        : sql`p.created_at desc nulls last, p.id desc nulls last`;
    // The limit is written into the text: a prepared statement's generic plan, not knowing it,
    // would weigh sorting the whole category against the index's nearest-first walk. The inner
    // `p` is the nearest walk's, the outer one the cards' (the same rows, so the same order).
    const result = await executePrepared(
      db,
      sql`
      select ${cardColumns(viewerId)} from properties p left join categories c on c.id = p.category_id
      where p.id in (
        select p.id from properties p
        where ${whereClause({ categoryId: property.categoryId, excludeId: property.id })}
        order by ${order} limit ${sql.raw(String(Math.trunc(limit)))})
      order by ${order}`,
    );
    return named(rowsOf<Stored<CardRow>>(result), catalogue);
  },

  /** Adds buffered view counts: the running totals and today's per-day rows, in one transaction. */
  async addViews(db: Executor, views: Map<number, number>): Promise<void> {
    if (!views.size) return;
    const values = sql.join([...views].map(([id, n]) => sql`(${id}::int, ${n}::int)`), sql`, `);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update properties p set total_click = p.total_click + v.n from (values ${values}) as v(id, n) where p.id = v.id`);
      await tx.execute(sql`
        insert into property_views (property_id, viewed_on, views)
        select v.id, current_date, v.n from (values ${values}) as v(id, n) where exists (select 1 from properties p where p.id = v.id)
        on conflict (property_id, viewed_on) do update set views = property_views.views + excluded.views`);
    });
  },

  async favouriteIds(db: Executor, viewerId: number, propertyIds: number[]): Promise<Set<number>> {
    if (!propertyIds.length) return new Set();
    const result = await db.execute(sql`
      select property_id from favourites where user_id = ${viewerId}
      and property_id in ${sql`(${sql.join(propertyIds.map((id) => sql`${id}`), sql`, `)})`}`);
    return new Set(rowsOf<{ property_id: number }>(result).map((r) => r.property_id));
  },

  async viewerFlags(db: Executor, propertyId: number, ownerId: number | null, viewerId: number) {
    const result = await db.execute(sql`
      select
        exists (select 1 from interests i where i.property_id = ${propertyId} and i.user_id = ${viewerId}) as is_interested,
        exists (select 1 from reports r where r.property_id = ${propertyId} and r.user_id = ${viewerId}) as is_reported,
        ${ownerId === null ? sql`exists (select 1 from blocks b where b.user_id = ${viewerId} and b.to_admin)` : sql`exists (select 1 from blocks b where b.user_id = ${viewerId} and b.to_user_id = ${ownerId})`} as is_blocked_by_me,
        ${ownerId === null ? sql`false` : sql`exists (select 1 from blocks b where b.user_id = ${ownerId} and b.to_user_id = ${viewerId})`} as is_blocked_by_user`);
    return rowsOf<{ is_interested: boolean; is_reported: boolean; is_blocked_by_me: boolean; is_blocked_by_user: boolean }>(result)[0];
  },
};
