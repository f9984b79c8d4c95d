import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { otpCodes, projects, properties, sessions, spentTokens, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;

const live = isNull(users.deletedAt);

export const userRepository = {
  async findById(db: Executor, id: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(and(eq(users.id, id), live)).limit(1);
    return row ?? null;
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(and(sql`lower(${users.email}) = lower(${email})`, live)).limit(1);
    return row ?? null;
  },

  async findByMobile(db: Executor, mobile: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(and(eq(users.mobile, mobile), live)).limit(1);
    return row ?? null;
  },

  async findByAuthId(db: Executor, logintype: number, authId: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(and(eq(users.logintype, logintype), eq(users.authId, authId), live)).limit(1);
    return row ?? null;
  },

  async slugTaken(db: Executor, slugId: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.slugId, slugId)).limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row;
  },

  async update(db: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** Another live account already using this e-mail or number. */
  async isContactTaken(db: Executor, field: 'email' | 'mobile', value: string, exceptId: number): Promise<boolean> {
    const column = field === 'email' ? sql`lower(${users.email}) = lower(${value})` : eq(users.mobile, value);
    const [row] = await db.select({ id: users.id }).from(users).where(and(column, ne(users.id, exceptId), live)).limit(1);
    return row !== undefined;
  },

  /** Every stored profile picture's key. */
  async pictureKeys(db: Executor): Promise<string[]> {
    const found = await db.select({ profile: users.profile }).from(users).where(isNotNull(users.profile));
    return found.map((r) => r.profile!);
  },

  async deleteListings(db: Executor, userId: number): Promise<void> {
    await db.delete(properties).where(eq(properties.ownerId, userId));
    await db.delete(projects).where(eq(projects.ownerId, userId));
  },
};

/** Who a valid session belongs to: what every request needs to know about its caller. */
export interface Viewer {
  id: number;
  role: 'user' | 'agent' | 'admin';
  sessionId: number;
}

export const sessionStore = {
  /** The live, unrevoked, unexpired session with this token hash, of an active account. */
  async findViewer(db: Executor, tokenHash: string): Promise<Viewer | null> {
    const [row] = await db
      .select({ id: users.id, role: users.role, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.isActive, true), live))
      .limit(1);
    return row ?? null;
  },

  async create(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(values);
  },

  async revoke(db: Executor, sessionId: number): Promise<void> {
    await db.update(sessions).set({ revokedAt: new Date(), fcmId: null }).where(eq(sessions.id, sessionId));
  },

  async revokeAllOf(db: Executor, userId: number, exceptSessionId?: number): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), fcmId: null })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)));
  },

  async setFcm(db: Executor, sessionId: number, fcmId: string | null, pushLanguage: string | null = null): Promise<void> {
    await db.update(sessions).set({ fcmId, pushLanguage }).where(eq(sessions.id, sessionId));
  },
};

export const otpRepository = {
  async latest(db: Executor, identifier: string, purpose: OtpRow['purpose']): Promise<OtpRow | null> {
    const [row] = await db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.identifier, identifier), eq(otpCodes.purpose, purpose)))
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1);
    return row ?? null;
  },

  async countSince(db: Executor, identifier: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.identifier, identifier), gt(otpCodes.createdAt, since)));
    return row.n;
  },

  async insert(db: Executor, values: typeof otpCodes.$inferInsert): Promise<void> {
    await db.insert(otpCodes).values(values);
  },

  /**
   * Counts one try, only while the code is unused and under `maxAttempts`: one statement, so
   * concurrent guesses cannot slip past the limit. Answers the row after counting, or null when
   * the try was refused.
   */
  async countAttempt(db: Executor, id: number, maxAttempts: number): Promise<OtpRow | null> {
    const [row] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, maxAttempts)))
      .returning();
    return row ?? null;
  },

  async consume(db: Executor, id: number): Promise<boolean> {
    const rows = await db
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  },
};

export const spentTokenStore = {
  /** Records a proof as used; false when it had been used before (one statement, so two racing uses cannot both win). */
  async spend(db: Executor, tokenHash: string, expiresAt: Date): Promise<boolean> {
    await db.delete(spentTokens).where(lt(spentTokens.expiresAt, sql`now()`));
    const rows = await db.insert(spentTokens).values({ tokenHash, expiresAt }).onConflictDoNothing().returning({ tokenHash: spentTokens.tokenHash });
    return rows.length === 1;
  },
};
