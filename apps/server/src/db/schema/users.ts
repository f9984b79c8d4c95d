import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** Everyone with an account: users, agents and administrators (spec §3 "User"). */
export const users = pgTable(
  'users',
  {
    id: id(),
    slugId: text().notNull(),
    role: text({ enum: ['user', 'agent', 'admin'] }).notNull().default('user'),
    name: text(),
    email: text(),
    mobile: text(),
    profile: text(),
    address: text(),
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    mobileVerifiedAt: timestamp({ withTimezone: true }),
    firebaseId: text(),
    authId: text(),
    /** 0 Google, 1 phone, 2 Apple, 3 e-mail (api-contract "Codes"). */
    logintype: smallint().notNull().default(3),
    type: smallint().notNull().default(0),
    fcmId: text(),
    aboutMe: text(),
    facebookId: text(),
    twiiterId: text(),
    instagramId: text(),
    youtubeId: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    city: text(),
    state: text(),
    country: text(),
    notification: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    verificationStatus: text({ enum: ['initial', 'pending', 'success', 'failed'] }).notNull().default('initial'),
    /** Listed (approved, active) properties the user owns, kept by a trigger on properties (migration 0009). */
    listedProperties: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_slug_id_key').on(t.slugId),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_mobile_key').on(t.mobile).where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.role),
  ],
);

/** Log-in sessions; only a hash of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    fcmId: text(),
    /** The language the page spoke when it reported the push subscription (en, hi, ar): pushes to it are written in it. */
    pushLanguage: text(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time codes for e-mail / phone verification, log-in and password reset. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    identifier: text().notNull(),
    purpose: text({ enum: ['verify', 'login', 'reset'] }).notNull(),
    codeHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_identifier_idx').on(t.identifier, t.purpose, t.createdAt)],
);

/**
 * Sign-in proofs that must work once only (Google ID tokens, by `jti` or their own hash), kept
 * until they would have expired anyway.
 */
export const spentTokens = pgTable(
  'spent_tokens',
  {
    tokenHash: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('spent_tokens_expires_idx').on(t.expiresAt)],
);
