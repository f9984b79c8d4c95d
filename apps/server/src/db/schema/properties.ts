import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  point,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, metaColumns, tsvector, updatedAt, xid8 } from './columns.ts';
import { categories, outdoorFacilities, parameters } from './catalogue.ts';
import { users } from './users.ts';

/** The rows the public listing search may show; every search index is partial on it. */
export const listedPredicate = sql`status = 1 and request_status = 'approved'`;

/** Trailing key columns of the search indexes: what a search filters on besides its order. */
const searchedColumns = (t: { propertyType: AnyPgColumn; categoryId: AnyPgColumn; price: AnyPgColumn; bedrooms: AnyPgColumn; city: AnyPgColumn }) => [
  t.propertyType,
  t.categoryId,
  t.price,
  t.bedrooms,
  t.city,
];

export const properties = pgTable(
  'properties',
  {
    id: id(),
    slugId: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    price: numeric({ precision: 15, scale: 2 }).notNull(),
    categoryId: integer().notNull().references(() => categories.id),
    /** 0 sell, 1 rent, 2 sold, 3 rented (api-contract "Codes"). */
    propertyType: smallint().notNull().default(1),
    rentduration: text({ enum: ['Daily', 'Monthly', 'Quarterly', 'Yearly'] }),
    address: text(),
    clientAddress: text(),
    city: text(),
    state: text(),
    country: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    location: point({ mode: 'xy' }).generatedAlwaysAs(sql`point(longitude, latitude)`),
    titleImage: text(),
    threeDImage: text(),
    videoLink: text(),
    ...metaColumns(),
    isPremium: boolean().notNull().default(false),
    /** 1 active, 0 inactive. */
    status: smallint().notNull().default(1),
    requestStatus: text({ enum: ['approved', 'pending', 'rejected'] }).notNull().default('pending'),
    rejectReason: text(),
    /** Null when the platform itself lists the property (`added_by` 0). */
    ownerId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's package (user_packages.id) whose `property_list` unit paid for this listing; given back if it is deleted before approval. */
    paidWithPackageId: integer(),
    // Values of the parameters the search filters on, copied from property_parameters on write.
    bedrooms: smallint(),
    bathrooms: smallint(),
    livingRooms: smallint(),
    floors: smallint(),
    area: numeric({ precision: 12, scale: 2 }),
    // A card's parameters and facilities as ids and values, kept from property_parameters and
    // property_facilities by triggers (migration 0025): a page of cards reads them with its rows
    // instead of two index scans per card; names and pictures come from the catalogue.
    cardParameters: jsonb().$type<[number, string][]>().notNull().default([]),
    cardFacilities: jsonb().$type<[number, number][]>().notNull().default([]),
    totalClick: integer().notNull().default(0),
    totalFavourites: integer().notNull().default(0),
    totalInterested: integer().notNull().default(0),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(city, '') || ' ' || coalesce(state, '') || ' ' || coalesce(address, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('properties_slug_id_key').on(t.slugId),
    index('properties_owner_idx').on(t.ownerId, t.createdAt),
    // The search's sort orders, each followed by the columns most searches filter on, so a page
    // (ids only) and a capped count are index-only scans that test the filters inside the index
    // and never visit rows they reject (decision 7). `city` rides along for lower(city).
    index('properties_listed_created_idx').on(t.createdAt.desc(), t.id.desc(), ...searchedColumns(t)).where(listedPredicate),
    index('properties_listed_price_idx').on(t.price, t.id, ...searchedColumns(t).filter((c) => c !== t.price)).where(listedPredicate),
    index('properties_listed_views_idx').on(t.totalClick.desc(), t.id.desc(), ...searchedColumns(t)).where(listedPredicate),
    index('properties_listed_likes_idx').on(t.totalFavourites.desc(), t.id.desc(), ...searchedColumns(t)).where(listedPredicate),
    // Most searches name a city: the same within one city, newest first and by price.
    index('properties_listed_city_created_idx').on(sql`lower(city)`, t.createdAt.desc(), t.id.desc(), ...searchedColumns(t)).where(listedPredicate),
    index('properties_listed_city_price_idx').on(sql`lower(city)`, t.price, t.id, ...searchedColumns(t).filter((c) => c !== t.price)).where(listedPredicate),
    // Map areas (bbox) as latitude and longitude ranges, with every sort key along, so the page,
    // the count and the map's markers find their rows without visiting the ones outside the box.
    index('properties_listed_place_idx')
      .on(t.latitude, t.longitude, t.createdAt, t.id, t.price, t.totalClick, t.totalFavourites, ...searchedColumns(t).filter((c) => c !== t.price))
      .where(listedPredicate),
    index('properties_listed_type_created_idx').on(t.propertyType, t.createdAt.desc(), t.id.desc(), ...searchedColumns(t).filter((c) => c !== t.propertyType)).where(listedPredicate),
    index('properties_listed_category_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc(), ...searchedColumns(t).filter((c) => c !== t.categoryId)).where(listedPredicate),
    index('properties_listed_state_idx').on(sql`lower(state)`).where(listedPredicate),
    index('properties_listed_country_idx').on(sql`lower(country)`).where(listedPredicate),
    index('properties_listed_bedrooms_idx').on(t.bedrooms).where(listedPredicate),
    index('properties_listed_bathrooms_idx').on(t.bathrooms).where(listedPredicate),
    index('properties_listed_living_rooms_idx').on(t.livingRooms).where(listedPredicate),
    index('properties_listed_floors_idx').on(t.floors).where(listedPredicate),
    index('properties_listed_premium_idx').on(t.isPremium).where(listedPredicate),
    // The platform's own listings, counted for the agent list's first entry from the index alone.
    index('properties_listed_platform_idx').on(t.id).where(sql`${t.ownerId} is null and ${listedPredicate}`),
    index('properties_listed_location_gist').using('gist', t.location).where(listedPredicate),
    index('properties_search_gin').using('gin', t.searchVector).where(listedPredicate),
  ],
);

export const propertyImages = pgTable(
  'property_images',
  {
    id: id(),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    image: text().notNull(),
    sequence: smallint().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('property_images_property_idx').on(t.propertyId, t.sequence)],
);

export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: id(),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull(),
    file: text().notNull(),
    /** The uploaded file's own name (e.g. `brochure.pdf`), shown and offered on download. */
    fileName: text(),
    createdAt: createdAt(),
  },
  (t) => [index('property_documents_property_idx').on(t.propertyId)],
);

export const propertyParameters = pgTable(
  'property_parameters',
  {
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    parameterId: integer().notNull().references(() => parameters.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.parameterId] }), index('property_parameters_parameter_idx').on(t.parameterId, t.propertyId)],
);

export const propertyFacilities = pgTable(
  'property_facilities',
  {
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    facilityId: integer().notNull().references(() => outdoorFacilities.id, { onDelete: 'cascade' }),
    distance: numeric({ precision: 8, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.facilityId] }), index('property_facilities_facility_idx').on(t.facilityId, t.propertyId)],
);

/** Views per property per day; `properties.total_click` holds the running total. */
export const propertyViews = pgTable(
  'property_views',
  {
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    viewedOn: date().notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.viewedOn] })],
);

/** Every price a listing has had, from when: the detail page shows the changes (beyond the spec). */
export const propertyPriceChanges = pgTable(
  'property_price_changes',
  {
    id: id(),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    price: numeric({ precision: 15, scale: 2 }).notNull(),
    changedAt: createdAt(),
  },
  (t) => [index('property_price_changes_property_idx').on(t.propertyId, t.changedAt)],
);

/** Slugs a listing had before its title changed, so old links still lead to it. */
export const propertySlugRedirects = pgTable(
  'property_slug_redirects',
  {
    slugId: text().primaryKey(),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('property_slug_redirects_property_idx').on(t.propertyId)],
);

/**
 * Listings whose searchable facts may have changed, written by a statement-level trigger on
 * `properties` (migration 0023) in the writer's transaction. Each instance's in-memory search
 * index reads the rows of transactions that have finished since it last looked (by `xid` against
 * the snapshot's xmin, so a late commit is never skipped) and reloads those listings (decision 13).
 */
export const propertySearchChanges = pgTable(
  'property_search_changes',
  {
    seq: bigserial({ mode: 'number' }).primaryKey(),
    propertyId: integer().notNull(),
    xid: xid8().notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('property_search_changes_xid_idx').on(t.xid), index('property_search_changes_changed_idx').on(t.changedAt)],
);

/**
 * Words of text searches the search index has learned, with when one was last searched. An index
 * that starts learns the most recent of them while visitors browse (decision 13), so a restart, a
 * deploy or a new instance does not meet visitors' words cold.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
    searchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_words_searched_idx').on(t.searchedAt)],
);
