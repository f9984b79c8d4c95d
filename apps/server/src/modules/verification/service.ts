import { MAX_VERIFICATION_ANSWER, type ApplyVerificationBody, type VerificationField, type VerificationState, type VerificationValue } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { MediaBatch } from '../../platform/media-batch.ts';
import { mediaUrl, type MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { UploadedFile } from '../../platform/uploads.ts';
import { verificationRepository as repo, type FieldRow } from './repository.ts';

/** Where applications' files are stored (a picture or PDF each, checked by content). */
export const VERIFICATION_MEDIA = 'verification';
const MAX_FILE_MB = 10;

/**
 * Agent verification (spec §1, §4 Verification status, §7): the dynamic form, an application that
 * sets the status to `pending`, and the decision (admins only: `decide`, for the admin area) that
 * makes it `success` — the verified badge on the agent's cards and listings — or `failed` with a
 * reason, after which the agent may apply again.
 */
export class VerificationService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly deps: { invalidatePages: (tags: PageTag[]) => void },
  ) {}

  /** `get-agent-verification-form-fields`. */
  async fields(): Promise<VerificationField[]> {
    return (await repo.fields(this.db)).map((f) => ({ id: f.id, name: f.name, field_type: f.field_type, is_required: f.is_required ? 1 : 0, form_fields_values: f.options }));
  }

  /** `apply-agent-verification`: every answer checked against its field, files stored all-or-nothing with the rows. */
  async apply(body: ApplyVerificationBody, ctx: RequestContext): Promise<VerificationState> {
    const userId = viewerIdOf(ctx);
    const fields = new Map((await repo.fields(this.db)).map((f) => [f.id, f]));
    const given = new Map<number, unknown>();
    for (const [i, entry] of body.form_fields.entries()) {
      if (!fields.has(entry.id)) throw new Invalid(`form_fields.${i}.id`, `form_fields[${i}][id] is not a field of the form`);
      if (given.has(entry.id)) throw new Invalid(`form_fields.${i}.id`, `form_fields[${i}][id] is answered twice`);
      given.set(entry.id, entry.value);
    }
    // Cheap checks first, before any file is stored.
    const texts = new Map<number, string>();
    const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
    // What was sent is checked first (so a wrong answer is named as such), then what is missing.
    for (const field of fields.values()) {
      const value = given.get(field.id);
      if (isEmpty(value)) continue;
      if (field.field_type !== 'file') texts.set(field.id, answerOf(field, value));
      else if (!(value instanceof UploadedFile)) throw new Invalid('form_fields', `${field.name} must be a file (a PDF or a picture)`);
    }
    const missing = [...fields.values()].find((f) => f.is_required && isEmpty(given.get(f.id)));
    if (missing) throw new Invalid('form_fields', `${missing.name} is required`);
    // Refused early when it would be refused anyway, so no file is stored for nothing.
    await this.assertMayApply(this.db, userId);

    const limit = MAX_FILE_MB * 1024 * 1024;
    const batch = new MediaBatch(this.media, VERIFICATION_MEDIA, { imageBytes: limit, documentBytes: limit });
    await batch.run(async () => {
      const files: { fieldId: number; value: string }[] = [];
      for (const field of fields.values()) {
        const value = given.get(field.id);
        if (field.field_type === 'file' && value instanceof UploadedFile) files.push({ fieldId: field.id, value: (await batch.document(field.name, value)).key });
      }
      await this.db.transaction(async (tx) => {
        await this.assertMayApply(tx, userId, true);
        const { requestId, oldFiles } = await repo.open(tx, userId);
        await repo.addAnswers(tx, requestId, [...[...texts].map(([fieldId, value]) => ({ fieldId, value })), ...files]);
        batch.removeAfterCommit(...oldFiles);
      });
    });
    return { verification_status: 'pending', reason: null };
  }

  /** `get-agent-verification-form-values`: one's own answers (files as absolute URLs) and status. */
  async values(ctx: RequestContext): Promise<{ data: VerificationValue[] } & VerificationState> {
    const userId = viewerIdOf(ctx);
    const [answers, request, status] = await Promise.all([repo.answers(this.db, userId), repo.requestOf(this.db, userId), repo.statusOf(this.db, userId)]);
    return {
      data: answers.map((a) => ({ ...a, value: a.field_type === 'file' ? (mediaUrl(ctx.origin, a.value) ?? '') : a.value })),
      verification_status: (status ?? 'initial') as VerificationState['verification_status'],
      reason: request?.status === 'failed' ? request.review_note : null,
    };
  }

  /** An admin's decision on a pending application (the admin area calls this); 404 when none is pending. */
  async decide(userId: number, decision: { status: 'success' } | { status: 'failed'; reason: string }): Promise<VerificationState> {
    const reason = decision.status === 'failed' ? decision.reason.trim() : null;
    if (decision.status === 'failed' && !reason) throw new Invalid('reason', 'reason is required when an application fails');
    const decided = await this.db.transaction((tx) => repo.decide(tx, userId, decision.status, reason));
    if (!decided) throw new NotFound('No pending application');
    // The badge shows on the agent's cards, page and listings.
    this.deps.invalidatePages(pageTagsFor.agent((await repo.slugOf(this.db, userId)) ?? undefined));
    return { verification_status: decision.status, reason };
  }

  private async assertMayApply(db: Parameters<typeof repo.lockStatus>[0], userId: number, lock = false): Promise<void> {
    const status = lock ? await repo.lockStatus(db, userId) : await repo.statusOf(db, userId);
    if (status === 'pending') throw new Conflict('Your verification is pending review. You can apply again if it fails.');
    if (status === 'success') throw new Conflict('You are already verified.');
  }
}

/** A non-file answer as stored: text within bounds, a number, or option values from the field. */
function answerOf(field: FieldRow, value: unknown): string {
  const name = field.name;
  const texts = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null));
  if (texts.some((t) => t === null)) throw new Invalid('form_fields', `${name} must be text`);
  const parts = texts as string[];
  switch (field.field_type) {
    case 'text':
    case 'textarea':
    case 'number': {
      if (parts.length !== 1) throw new Invalid('form_fields', `${name} takes one answer`);
      const text = parts[0];
      if (text.length > MAX_VERIFICATION_ANSWER) throw new Invalid('form_fields', `${name} must be at most ${MAX_VERIFICATION_ANSWER} characters`);
      if (field.field_type === 'number' && !/^-?\d+(\.\d+)?$/.test(text)) throw new Invalid('form_fields', `${name} must be a number`);
      return text;
    }
    case 'dropdown':
    case 'radio':
    case 'checkbox': {
      // A checkbox may hold several options: a list, or one text with commas.
      const chosen = field.field_type === 'checkbox' ? parts.flatMap((p) => (field.options.some((o) => o.value === p) ? [p] : p.split(',').map((s) => s.trim()))).filter(Boolean) : parts;
      if (field.field_type !== 'checkbox' && chosen.length !== 1) throw new Invalid('form_fields', `${name} takes one option`);
      const allowed = new Set(field.options.map((o) => o.value));
      if (!chosen.length || chosen.some((c) => !allowed.has(c))) throw new Invalid('form_fields', `${name} must be one of its options`);
      return [...new Set(chosen)].join(',');
    }
    default:
      throw new AppError(400, `${name} cannot be answered`);
  }
}
