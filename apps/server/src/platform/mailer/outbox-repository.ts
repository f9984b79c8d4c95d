import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export type OutboxMessage = typeof outbox.$inferSelect;
export type NewOutboxMessage = typeof outbox.$inferInsert;

export const outboxRepository = {
  async insert(db: Executor, message: NewOutboxMessage): Promise<OutboxMessage> {
    const [row] = await db.insert(outbox).values(message).returning();
    return row;
  },

  pending(db: Executor, channel: 'email' | 'sms', maxAttempts: number, limit = 20): Promise<OutboxMessage[]> {
    return db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, channel), isNull(outbox.deliveredAt), lt(outbox.attempts, maxAttempts)))
      .orderBy(asc(outbox.createdAt))
      .limit(limit);
  },

  async markDelivered(db: Executor, id: number): Promise<void> {
    await db.update(outbox).set({ deliveredAt: new Date() }).where(eq(outbox.id, id));
  },

  async markFailed(db: Executor, id: number, error: string): Promise<void> {
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 500) })
      .where(eq(outbox.id, id));
  },

  latest(db: Executor, opts: { recipient?: string; limit: number }): Promise<OutboxMessage[]> {
    return db
      .select()
      .from(outbox)
      .where(opts.recipient ? sql`lower(${outbox.recipient}) = lower(${opts.recipient})` : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(opts.limit);
  },
};
