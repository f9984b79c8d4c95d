import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const favourites = pgTable(
  'favourites',
  {
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index('favourites_property_idx').on(t.propertyId)],
);

/** "Interested" marks a user leaves on a listing (spec §7 interested_users). */
export const interests = pgTable(
  'interests',
  {
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index('interests_property_idx').on(t.propertyId, t.createdAt)],
);

/**
 * Which listings a logged-in user opened, most recent visit kept (one row per user and listing):
 * what `get_user_recommendation` learns a user's taste from beside their favourites.
 */
export const propertyUserViews = pgTable(
  'property_user_views',
  {
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    viewedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index('property_user_views_user_idx').on(t.userId, t.viewedAt.desc())],
);
