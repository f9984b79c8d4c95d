import { PARAMETER_CODES } from '@estate/core';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, metaColumns, translations, updatedAt } from './columns.ts';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    category: text().notNull(),
    slugId: text().notNull(),
    image: text(),
    isActive: boolean().notNull().default(true),
    sequence: smallint().notNull().default(0),
    /** Listed (approved, active) properties in the category, kept by a trigger on properties (migration 0009). */
    listedProperties: integer().notNull().default(0),
    translations: translations(),
    ...metaColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_slug_id_key').on(t.slugId)],
);

/**
 * Property parameters ("facilities for filter"). `code` marks the few parameters the listing
 * search filters on by value (bedrooms, bathrooms…); their values are copied onto the property.
 */
export const parameters = pgTable(
  'parameters',
  {
    id: id(),
    name: text().notNull(),
    code: text({ enum: PARAMETER_CODES }),
    typeOfParameter: text({ enum: ['textbox', 'number', 'dropdown', 'radiobutton', 'checkbox', 'textarea', 'file'] }).notNull(),
    typeValues: jsonb().$type<string[] | null>(),
    image: text(),
    isRequired: boolean().notNull().default(false),
    translations: translations(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parameters_code_key').on(t.code).where(sql`${t.code} is not null`)],
);

export const categoryParameters = pgTable(
  'category_parameters',
  {
    categoryId: integer().notNull().references(() => categories.id, { onDelete: 'cascade' }),
    parameterId: integer().notNull().references(() => parameters.id, { onDelete: 'cascade' }),
    sequence: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.parameterId] }), index('category_parameters_parameter_idx').on(t.parameterId)],
);

export const outdoorFacilities = pgTable('outdoor_facilities', {
  id: id(),
  name: text().notNull(),
  image: text(),
  translations: translations(),
  createdAt: createdAt(),
});

export const cities = pgTable(
  'cities',
  {
    id: id(),
    name: text().notNull(),
    state: text(),
    country: text(),
    image: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cities_name_key').on(sql`lower(${t.name})`)],
);

/**
 * Listed (approved, active) properties per city as the listings spell it, lowercased: a city counts
 * the row whose key is `lower(name)`. Kept by the triggers on properties (migration 0027), so a
 * renamed city simply matches another key.
 */
export const cityListings = pgTable('city_listings', {
  cityKey: text().primaryKey(),
  listed: integer().notNull().default(0),
});
