import { z } from 'zod';
import { REQUEST_STATUSES } from './codes.ts';
import { envelope, idField, intField, textField } from './common.ts';

/**
 * The admin console's calls (`/api/admin/*`): ours, not the original clients'. Every list is a
 * server-side table — page, page size, one sort column, a direction and a free-text filter — and
 * answers its rows with the total, so the console never loads a whole table.
 */

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;
export const ADMIN_MAX_PAGE = 10_000;
export const ADMIN_REASON_MAX = 500;
export const ADMIN_BULK_MAX = 100;

const sortDirection = z.enum(['asc', 'desc'], { error: 'order must be asc or desc' });

/** The common table query; `sort` is checked against each table's own columns by `sortOf`. */
export const adminListQuery = z.object({
  page: intField('page', { min: 1, max: ADMIN_MAX_PAGE }).default(1),
  per_page: intField('per_page', { min: 1, max: 100 }).default(20),
  q: textField('q', 100).optional(),
  sort: textField('sort', 40).optional(),
  order: sortDirection.default('desc'),
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** One page of a table. */
export const adminPage = <T extends z.ZodType>(row: T) =>
  envelope(z.array(row), { total: z.number().int().nonnegative(), page: z.number().int().positive(), per_page: z.number().int().positive() });

/** The answer of a change: what the row is now. */
export const adminDone = <T extends z.ZodType>(row: T) => envelope(row);

/** The reason an admin gives the owner (rejection, warning, deactivation). */
export const adminReason = z
  .string({ error: 'reason must be text' })
  .trim()
  .min(3, { error: 'Please write a reason of at least 3 characters' })
  .max(ADMIN_REASON_MAX, { error: `reason must be at most ${ADMIN_REASON_MAX} characters` });

export const adminIdParams = z.object({ id: idField('id') });

/** A list of ids for a bulk action: 1–100 distinct ids. */
export const adminIds = z
  // An empty list arrives as absent (api-contract "Conventions").
  .array(idField('ids'), { error: (issue) => (issue.input === undefined ? 'Choose at least one row' : 'ids must be a list of ids') })
  .min(1, { error: 'Choose at least one row' })
  .max(ADMIN_BULK_MAX, { error: `At most ${ADMIN_BULK_MAX} rows at once` })
  .transform((ids) => [...new Set(ids)]);

// ── Audit log ───────────────────────────────────────────────────────────────────────────────

export const auditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  /** What was done, e.g. `property.approve`, `settings.update`. */
  action: z.string(),
  /** What it was done to: a table-like name and the row's id. */
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListQuery = adminListQuery.extend({
  action: textField('action', 60).optional(),
  entity: textField('entity', 40).optional(),
  actor_id: idField('actor_id').optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

// ── Moderation ──────────────────────────────────────────────────────────────────────────────

export const MODERATION_KINDS = ['property', 'project'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const moderationParams = z.object({ kind: z.enum(MODERATION_KINDS, { error: 'kind must be property or project' }) });

export const moderationListQuery = adminListQuery.extend({
  status: z.enum(REQUEST_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
});
export type ModerationListQuery = z.infer<typeof moderationListQuery>;

export const moderationItem = z.object({
  id: z.number().int(),
  kind: z.enum(MODERATION_KINDS),
  title: z.string(),
  slug_id: z.string(),
  title_image: z.string().nullable(),
  city: z.string().nullable(),
  /** sell / rent for properties, the project type for projects. */
  purpose: z.string().nullable(),
  price: z.number().nullable(),
  request_status: z.enum(REQUEST_STATUSES),
  reject_reason: z.string().nullable(),
  /** 1 shown, 0 hidden by its owner or an admin. */
  status: z.number().int(),
  owner: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItem>;

export const moderateBody = z
  .object({
    ids: adminIds,
    action: z.enum(['approve', 'reject'], { error: 'action must be approve or reject' }),
    reason: adminReason.optional(),
  })
  .refine((b) => b.action !== 'reject' || b.reason !== undefined, { path: ['reason'], error: 'Please tell the owner why the listing is rejected' });
export type ModerateBody = z.infer<typeof moderateBody>;

export const moderateResult = z.object({ changed: z.array(z.number().int()), unchanged: z.array(z.number().int()) });

// ── Dashboard ───────────────────────────────────────────────────────────────────────────────

const stateCounts = z.object({ total: z.number().int(), pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() });

export const DASHBOARD_DAYS = 30;

export const dashboard = z.object({
  properties: stateCounts,
  projects: stateCounts,
  users: z.object({ total: z.number().int(), agents: z.number().int(), inactive: z.number().int() }),
  revenue: z.object({ currency: z.string(), last_30_days: z.number(), all_time: z.number() }),
  queues: z.object({
    pending_listings: z.number().int(),
    open_reports: z.number().int(),
    pending_verifications: z.number().int(),
    /** Messages to the platform no administrator has read (the inbox). */
    unread_messages: z.number().int(),
  }),
  /** One point a day for the last 30 days, oldest first (UTC dates). */
  series: z.array(z.object({ date: z.string(), listings: z.number().int(), users: z.number().int(), revenue: z.number() })),
});
export type Dashboard = z.infer<typeof dashboard>;
