import { z } from 'zod';
import { adminListQuery, adminReason } from './admin.ts';
import { VERIFICATION_STATUSES } from './codes.ts';
import { flagField, textField } from './common.ts';
import { VERIFICATION_FIELD_TYPES } from './trust.ts';

/**
 * The console's people and trust calls (`/api/admin/*`, issue 16): the reports queue, agent
 * verification review and its form, and people (users, agents, admins).
 */

// ── Reports queue ───────────────────────────────────────────────────────────────────────────

/** What an admin decided about a reported listing; every open report of the listing closes with it. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'warn', 'deactivate'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_STATES = ['open', 'closed'] as const;

export const reportQueueQuery = adminListQuery.extend({
  state: z.enum(REPORT_STATES, { error: 'state must be open or closed' }).default('open'),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuery>;

const person = z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable(), is_active: z.boolean() });

/** One reported listing with its reports of the asked state, grouped. */
export const reportedListing = z.object({
  property: z.object({
    id: z.number().int(),
    title: z.string(),
    slug_id: z.string(),
    title_image: z.string().nullable(),
    /** 1 shown, 0 hidden. */
    status: z.number().int(),
    request_status: z.string(),
  }),
  owner: person.nullable(),
  /** Reports of this state on the listing. */
  count: z.number().int(),
  /** The stored reasons chosen, most chosen first; "Other" reports are under `messages`. */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Reporters' own words (the "Other" reason and any message), newest first, at most 20. */
  messages: z.array(z.string()),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
  /** How the reports were closed (closed state only). */
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  resolved_at: z.string().nullable(),
});
export type ReportedListing = z.infer<typeof reportedListing>;

export const reportDecisionBody = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: 'action must be dismiss, hide, warn or deactivate' }),
    /** What the owner is told: required to warn or deactivate. */
    reason: adminReason.optional(),
  })
  .refine((b) => (b.action !== 'warn' && b.action !== 'deactivate') || b.reason !== undefined, { path: ['reason'], error: 'Please tell the owner why' });
export type ReportDecisionBody = z.infer<typeof reportDecisionBody>;

export const reportDecision = z.object({ property_id: z.number().int(), action: z.enum(REPORT_ACTIONS), closed: z.number().int() });

// ── Agent verification ──────────────────────────────────────────────────────────────────────

export const DECIDED_STATUSES = ['pending', 'success', 'failed'] as const;

export const verificationQueueQuery = adminListQuery.extend({
  status: z.enum(DECIDED_STATUSES, { error: 'status must be pending, success or failed' }).default('pending'),
});
export type VerificationQueueQuery = z.infer<typeof verificationQueueQuery>;

export const verificationApplication = z.object({
  user: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable(), slug_id: z.string(), role: z.string(), profile: z.string().nullable() }),
  status: z.enum(DECIDED_STATUSES),
  review_note: z.string().nullable(),
  submitted_at: z.string(),
  updated_at: z.string(),
  /** Answers in the form's order; a file's value is its absolute URL. */
  answers: z.array(z.object({ field_id: z.number().int(), name: z.string(), field_type: z.enum(VERIFICATION_FIELD_TYPES), value: z.string() })),
});
export type VerificationApplication = z.infer<typeof verificationApplication>;

export const verificationDecisionBody = z
  .object({
    status: z.enum(['success', 'failed'], { error: 'status must be success or failed' }),
    reason: adminReason.optional(),
  })
  .refine((b) => b.status !== 'failed' || b.reason !== undefined, { path: ['reason'], error: 'Please tell the agent why the application failed' });
export type VerificationDecisionBody = z.infer<typeof verificationDecisionBody>;

export const verificationDecision = z.object({ user_id: z.number().int(), verification_status: z.enum(VERIFICATION_STATUSES), reason: z.string().nullable() });

// ── The verification form ───────────────────────────────────────────────────────────────────

export const FORM_FIELD_NAME_MAX = 120;
export const FORM_OPTION_MAX = 100;
export const FORM_OPTIONS_MAX = 30;
/** Field types whose answer is one or more of the field's options. */
export const OPTION_FIELD_TYPES = ['dropdown', 'radio', 'checkbox'] as const;

export const formFieldBody = z
  .object({
    name: textField('name', FORM_FIELD_NAME_MAX).pipe(z.string().min(1, { error: 'name is required' })),
    field_type: z.enum(VERIFICATION_FIELD_TYPES, { error: `field_type must be one of ${VERIFICATION_FIELD_TYPES.join(', ')}` }),
    is_required: flagField('is_required').default(false),
    is_active: flagField('is_active').default(true),
    options: z
      .array(textField('options', FORM_OPTION_MAX).pipe(z.string().min(1, { error: 'An option cannot be empty' })), { error: 'options must be a list of texts' })
      .max(FORM_OPTIONS_MAX, { error: `At most ${FORM_OPTIONS_MAX} options` })
      .default([]),
  })
  .superRefine((b, ctx) => {
    const takesOptions = (OPTION_FIELD_TYPES as readonly string[]).includes(b.field_type);
    if (takesOptions && b.options.length < 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A dropdown, radio or checkbox field needs at least one option' });
    if (!takesOptions && b.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only dropdown, radio and checkbox fields have options' });
    if (new Set(b.options.map((o) => o.toLowerCase())).size !== b.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ from each other' });
  });
export type FormFieldBody = z.infer<typeof formFieldBody>;

export const adminFormField = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: z.enum(VERIFICATION_FIELD_TYPES),
  is_required: z.boolean(),
  is_active: z.boolean(),
  sequence: z.number().int(),
  options: z.array(z.object({ id: z.number().int(), value: z.string() })),
  /** Stored answers to it: such a field is switched off rather than deleted, so those stay readable. */
  answers: z.number().int(),
});
export type AdminFormField = z.infer<typeof adminFormField>;

export const formOrderBody = z.object({
  ids: z
    .array(z.coerce.number({ error: 'ids must be a list of ids' }).int({ error: 'ids must be a list of ids' }).positive({ error: 'ids must be a list of ids' }), { error: 'ids must be a list of ids' })
    .min(1, { error: 'ids must name every field of the form' })
    .max(200, { error: 'ids must name every field of the form' }),
});

// ── People ──────────────────────────────────────────────────────────────────────────────────

export const PERSON_ROLES = ['user', 'agent', 'admin'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const peopleQuery = adminListQuery.extend({
  role: z.enum(PERSON_ROLES, { error: 'role must be user, agent or admin' }).optional(),
  active: flagField('active').optional(),
  verification: z.enum(VERIFICATION_STATUSES, { error: `verification must be one of ${VERIFICATION_STATUSES.join(', ')}` }).optional(),
});
export type PeopleQuery = z.infer<typeof peopleQuery>;

export const personRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  slug_id: z.string(),
  profile: z.string().nullable(),
  role: z.enum(PERSON_ROLES),
  is_active: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  listings: z.number().int(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type PersonRow = z.infer<typeof personRow>;

export const personDetail = personRow.extend({
  activity: z.object({
    properties: z.number().int(),
    projects: z.number().int(),
    payments: z.number().int(),
    /** Reports against their listings, and how many are still open. */
    reports_against: z.number().int(),
    open_reports_against: z.number().int(),
    /** They block messages from the platform (`block-user` with to_admin). */
    blocks_admin: z.boolean(),
  }),
  recent_listings: z.array(z.object({ id: z.number().int(), title: z.string(), slug_id: z.string(), status: z.number().int(), request_status: z.string(), created_at: z.string() })),
});
export type PersonDetail = z.infer<typeof personDetail>;

export const personActiveBody = z.object({
  active: flagField('active'),
  reason: adminReason.optional(),
});

export const personRoleBody = z.object({ role: z.enum(PERSON_ROLES, { error: 'role must be user, agent or admin' }) });

export const personMessageBody = z.object({
  title: textField('title', 120).pipe(z.string().min(3, { error: 'Please write a title of at least 3 characters' })),
  message: textField('message', 2000).pipe(z.string().min(3, { error: 'Please write a message of at least 3 characters' })),
});
export type PersonMessageBody = z.infer<typeof personMessageBody>;
