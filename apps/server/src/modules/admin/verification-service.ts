import type { AdminFormField, FormFieldBody, VerificationApplication, VerificationDecisionBody, VerificationQueueQuery } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { verificationRepository } from '../verification/repository.ts';
import { auditRepository } from './audit-repository.ts';
import { verificationAdminRepository as repo } from './verification-repository.ts';

/**
 * Agent verification in the console (spec §1, §4 Verification status): applications with their
 * answers and files, the decision (the verified badge follows on agent cards, pages and listings;
 * the applicant is told), and the form agents fill in (`get-agent-verification-form-fields`).
 */
export class VerificationAdminService {
  constructor(
    private readonly db: Database,
    private readonly deps: { notifier?: Notifier; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  async queue(q: VerificationQueueQuery, ctx: RequestContext): Promise<{ rows: VerificationApplication[]; total: number }> {
    const { rows, total } = await repo.queue(this.db, q);
    return { total, rows: rows.map((r) => ({ ...r, answers: r.answers.map((a) => (a.field_type === 'file' ? { ...a, value: mediaUrl(ctx.origin, a.value) ?? '' } : a)) })) };
  }

  async decide(userId: number, body: VerificationDecisionBody, ctx: RequestContext): Promise<{ user_id: number; verification_status: 'success' | 'failed'; reason: string | null }> {
    const adminId = viewerIdOf(ctx);
    const reason = body.status === 'failed' ? (body.reason ?? null) : null;
    const slug = await this.db.transaction(async (tx) => {
      const applicant = await repo.lockApplicant(tx, userId);
      if (!applicant) throw new NotFound('Person not found');
      if (applicant.request_status !== 'pending') throw new Conflict('This application is not waiting for a decision.');
      await verificationRepository.decide(tx, userId, body.status, reason);
      await auditRepository.record(tx, {
        actorId: adminId,
        action: body.status === 'success' ? 'verification.approve' : 'verification.fail',
        entity: 'user',
        entityId: userId,
        before: { verification_status: applicant.verification_status },
        after: { verification_status: body.status, reason },
      });
      const approved = body.status === 'success';
      const said = approved ? keyed('verification-approved', {}) : keyed('verification-failed', { reason: reason ?? '' });
      const { title, message } = said;
      await this.deps.notifier?.notify(tx, userId, { ...said, kind: approved ? 'verification-approved' : 'verification-failed', url: '/user/profile', email: { subject: title, text: message } });
      return applicant.slug_id;
    });
    this.deps.notifier?.flush();
    this.deps.invalidatePages(pageTagsFor.agent(slug));
    return { user_id: userId, verification_status: body.status, reason };
  }

  // ── the form ──

  fields(): Promise<AdminFormField[]> {
    return repo.fields(this.db);
  }

  async createField(body: FormFieldBody, ctx: RequestContext): Promise<AdminFormField> {
    const adminId = viewerIdOf(ctx);
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.insertField(tx, body);
      await repo.setOptions(tx, id, body.options);
      await auditRepository.record(tx, { actorId: adminId, action: 'verification_field.create', entity: 'verification_field', entityId: id, after: body });
      return id;
    });
    return (await repo.field(this.db, id))!;
  }

  async updateField(id: number, body: FormFieldBody, ctx: RequestContext): Promise<AdminFormField> {
    const adminId = viewerIdOf(ctx);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockField(tx, id))) throw new NotFound('Field not found');
      const before = await repo.field(tx, id);
      // Answers already given keep their meaning: a field with answers keeps its type.
      if (before && before.answers > 0 && before.field_type !== body.field_type) throw new Invalid('field_type', 'field_type cannot change once the field has answers; add a new field instead');
      await repo.updateField(tx, id, body);
      await repo.setOptions(tx, id, body.options);
      await auditRepository.record(tx, {
        actorId: adminId,
        action: 'verification_field.update',
        entity: 'verification_field',
        entityId: id,
        before: before && { name: before.name, field_type: before.field_type, is_required: before.is_required, is_active: before.is_active, options: before.options.map((o) => o.value) },
        after: body,
      });
    });
    return (await repo.field(this.db, id))!;
  }

  /** Removes a field; one with stored answers is switched off instead, so past applications stay readable. */
  async deleteField(id: number, ctx: RequestContext): Promise<{ id: number; deleted: boolean }> {
    const adminId = viewerIdOf(ctx);
    return this.db.transaction(async (tx) => {
      if (!(await repo.lockField(tx, id))) throw new NotFound('Field not found');
      const before = (await repo.field(tx, id))!;
      const deleted = before.answers === 0;
      if (deleted) await repo.deleteField(tx, id);
      else await repo.deactivateField(tx, id);
      await auditRepository.record(tx, { actorId: adminId, action: deleted ? 'verification_field.delete' : 'verification_field.deactivate', entity: 'verification_field', entityId: id, before: { name: before.name, is_active: before.is_active }, after: deleted ? null : { is_active: false } });
      return { id, deleted };
    });
  }

  /** The form's order: `ids` names every field once, first to last. */
  async reorder(ids: number[], ctx: RequestContext): Promise<AdminFormField[]> {
    const adminId = viewerIdOf(ctx);
    await this.db.transaction(async (tx) => {
      const all = await repo.lockAllFields(tx);
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== all.length || all.some((id) => !given.has(id))) throw new Invalid('ids', 'ids must name every field of the form once');
      const before = (await repo.fields(tx)).map((f) => f.id);
      await repo.setOrder(tx, ids);
      await auditRepository.record(tx, { actorId: adminId, action: 'verification_field.reorder', entity: 'verification_field', entityId: null, before: { order: before }, after: { order: ids } });
    });
    return repo.fields(this.db);
  }
}
