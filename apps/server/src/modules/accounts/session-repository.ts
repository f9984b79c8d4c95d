import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export interface Viewer {
  id: number;
  role: 'user' | 'agent' | 'admin';
  sessionId: number;
}

export const sessionRepository = {
  async findViewer(db: Executor, tokenHash: string): Promise<Viewer | null> {
    const [row] = await db
      .select({ id: users.id, role: users.role, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.isActive, true),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  },
};
