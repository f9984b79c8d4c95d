import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * Every change an administrator makes, written in the same transaction as the change: who, what,
 * to which row, the row's fields before and after. Rows are never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    // The actor's row may be deleted later; the entry stays, with the name it had.
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorName: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);
