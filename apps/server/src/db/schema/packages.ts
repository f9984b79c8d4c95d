import { FEATURE_TYPES } from '@estate/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { projects } from './projects.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** Features a package can grant (spec §4 "Feature types"). */
export const features = pgTable(
  'features',
  {
    id: id(),
    name: text({ enum: FEATURE_TYPES }).notNull(),
  },
  (t) => [uniqueIndex('features_name_key').on(t.name)],
);

export const packages = pgTable('packages', {
  id: id(),
  name: text().notNull(),
  packageType: text({ enum: ['free', 'paid'] }).notNull(),
  price: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
  /** Hours. */
  duration: integer().notNull(),
  iosProductId: text(),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const packageFeatures = pgTable(
  'package_features',
  {
    packageId: integer().notNull().references(() => packages.id, { onDelete: 'cascade' }),
    featureId: integer().notNull().references(() => features.id, { onDelete: 'cascade' }),
    limitType: text({ enum: ['limited', 'unlimited'] }).notNull(),
    limit: integer(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.featureId] })],
);

/** A package a user holds, from purchase (or a free claim) until end_date. */
export const userPackages = pgTable(
  'user_packages',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer().notNull().references(() => packages.id),
    paymentId: integer(),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    /** When the owner was told the package ends in 3 days (once). */
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_packages_user_idx').on(t.userId, t.endDate), index('user_packages_to_remind_idx').on(t.endDate).where(sql`reminded_at is null`)],
);

export const userPackageFeatures = pgTable(
  'user_package_features',
  {
    userPackageId: integer().notNull().references(() => userPackages.id, { onDelete: 'cascade' }),
    featureId: integer().notNull().references(() => features.id),
    limitType: text({ enum: ['limited', 'unlimited'] }).notNull(),
    totalLimit: integer(),
    usedLimit: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userPackageId, t.featureId] })],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer().notNull().references(() => packages.id),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    currency: text().notNull(),
    paymentGateway: text().notNull(),
    /** The provider's order / intent id. */
    orderId: text(),
    transactionId: text(),
    /** pending → success | failed, failed → success, success → refunded; never back (payments/service.ts). */
    paymentStatus: text({ enum: ['success', 'failed', 'pending', 'refunded'] }).notNull().default('pending'),
    platformType: text(),
    /** The package this payment granted, once it succeeded. */
    userPackageId: integer().references(() => userPackages.id, { onDelete: 'set null' }),
    providerPayload: jsonb(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('payments_gateway_order_key').on(t.paymentGateway, t.orderId).where(sql`order_id is not null`),
  ],
);

/**
 * Every provider event applied to a payment, once: the same event replayed finds its row and
 * changes nothing. Records each transition with the provider's ids.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    gateway: text().notNull(),
    /** The provider's event id (or, where a provider has none, a digest of what it sent). */
    eventId: text().notNull(),
    paymentId: integer().references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text(),
    transactionId: text(),
    payload: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_gateway_event_key').on(t.gateway, t.eventId), index('payment_events_payment_idx').on(t.paymentId)],
);

/** Featuring requests; `status` 0 approved, 1 pending, 2 rejected, 3 expired. */
export const advertisements = pgTable(
  'advertisements',
  {
    id: id(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    featureFor: text({ enum: ['property', 'project'] }).notNull(),
    propertyId: integer().references(() => properties.id, { onDelete: 'cascade' }),
    projectId: integer().references(() => projects.id, { onDelete: 'cascade' }),
    userPackageId: integer().references(() => userPackages.id, { onDelete: 'set null' }),
    status: smallint().notNull().default(1),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('advertisements_live_property_idx').on(t.propertyId, t.endDate).where(sql`status = 0 and property_id is not null`),
    index('advertisements_live_project_idx').on(t.projectId, t.endDate).where(sql`status = 0 and project_id is not null`),
    index('advertisements_user_idx').on(t.userId),
  ],
);

/** 24-hour unlocks of a single premium property (spec §4 "Premium property access"). */
export const premiumUnlocks = pgTable(
  'premium_unlocks',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    userPackageId: integer().references(() => userPackages.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('premium_unlocks_user_idx').on(t.userId, t.expiresAt)],
);
