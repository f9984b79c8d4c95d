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
