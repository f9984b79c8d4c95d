import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** The dynamic form an agent fills in to be verified (spec §1, §7 agent verification). */
export const verificationFields = pgTable('verification_fields', {
  id: id(),
  name: text().notNull(),
  fieldType: text({ enum: ['text', 'number', 'dropdown', 'radio', 'checkbox', 'textarea', 'file'] }).notNull(),
  isRequired: boolean().notNull().default(false),
  sequence: smallint().notNull().default(0),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

export const verificationFieldOptions = pgTable(
  'verification_field_options',
  {
    id: id(),
    fieldId: integer().notNull().references(() => verificationFields.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [index('verification_field_options_field_idx').on(t.fieldId)],
);

/** One application per agent; re-applying replaces the answers. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'success', 'failed'] }).notNull().default('pending'),
    reviewNote: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('verification_requests_user_key').on(t.userId)],
);

export const verificationAnswers = pgTable(
  'verification_answers',
  {
    id: id(),
    requestId: integer().notNull().references(() => verificationRequests.id, { onDelete: 'cascade' }),
    fieldId: integer().notNull().references(() => verificationFields.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [uniqueIndex('verification_answers_request_field_key').on(t.requestId, t.fieldId)],
);
