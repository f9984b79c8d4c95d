import type { ModerateBody, ModerationKind, ModerationListQuery } from '@estate/core';
import type { Database, Transaction } from '../../db/client.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import type { AlertService } from '../alerts/service.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { propertyOwnerRepository } from '../properties/owner-repository.ts';
import { auditRepository } from './audit-repository.ts';
import { moderationRepository as repo } from './moderation-repository.ts';

/**
 * Listings waiting for review (spec §4: a listing is `pending` until approved unless it is
 * auto-approved). An admin approves or rejects one or many; the owner is told either way, with
 * the reason; an approved property is matched against saved-search alerts; every decision is audited.
 */
export class ModerationService {
  constructor(
    private readonly db: Database,
    private readonly deps: { notifier?: Notifier; alerts?: AlertService; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  list(kind: ModerationKind, q: ModerationListQuery) {
    return repo.list(this.db, kind, q);
  }

  /**
   * Decides every listing named; one already in the asked state is left as it is (and not
   * announced again). All or nothing: one transaction for the rows, their audit entries and notices.
   */
  async moderate(kind: ModerationKind, body: ModerateBody, ctx: RequestContext): Promise<{ changed: number[]; unchanged: number[] }> {
    const adminId = viewerIdOf(ctx);
    const status = body.action === 'approve' ? 'approved' : 'rejected';
    const reason = body.action === 'reject' ? (body.reason ?? null) : null;
    const { changed, unchanged, slugs } = await this.db.transaction(async (tx) => {
      const rows = await repo.lock(tx, kind, body.ids);
      const found = new Set(rows.map((r) => r.id));
      const todo = rows.filter((r) => r.request_status !== status || (status === 'rejected' && r.reject_reason !== reason));
      await repo.decide(
        tx,
        kind,
        todo.map((r) => r.id),
        status,
        reason,
      );
      await auditRepository.record(
        tx,
        todo.map((r) => ({
          actorId: adminId,
          action: `${kind}.${body.action}`,
          entity: kind,
          entityId: r.id,
          before: { request_status: r.request_status, reject_reason: r.reject_reason },
          after: { request_status: status, reject_reason: reason },
        })),
      );
      for (const r of todo) {
        if (r.owner_id !== null && r.owner_id !== adminId) await this.tellOwner(tx, kind, r, status, reason);
        if (kind === 'property' && status === 'approved' && this.deps.alerts) {
          const facts = await propertyOwnerRepository.alertFacts(tx, r.id);
          if (facts) await this.deps.alerts.onListing(tx, facts, 'new');
        }
      }
      return {
        changed: todo.map((r) => r.id),
        unchanged: body.ids.filter((id) => !todo.some((r) => r.id === id) && found.has(id)),
        slugs: todo.map((r) => r.slug_id),
      };
    });
    if (changed.length) {
      const tagsOf = kind === 'property' ? pageTagsFor.property : pageTagsFor.project;
      this.deps.invalidatePages([...tagsOf(), ...slugs.flatMap((s) => tagsOf(s))]);
    }
    this.deps.notifier?.flush();
    return { changed, unchanged };
  }

  private async tellOwner(tx: Transaction, kind: ModerationKind, row: { id: number; owner_id: number | null; title: string; slug_id: string }, status: 'approved' | 'rejected', reason: string | null) {
    if (!this.deps.notifier || row.owner_id === null) return;
    const approved = status === 'approved';
    const said = keyed(kind === 'property' ? (approved ? 'listing-approved' : 'listing-rejected') : approved ? 'project-approved' : 'project-rejected', { title: row.title, reason: reason ?? '' });
    const url = kind === 'property' ? `/my-property/${row.slug_id}` : `/user/edit-project/${row.id}`;
    await this.deps.notifier.notify(tx, row.owner_id, {
      ...said,
      type: kind === 'property' ? 2 : 0,
      propertyId: kind === 'property' ? row.id : null,
      kind: `${kind}-${status}`,
      url,
      // E-mail stays in English: a user has no language of their own yet.
      email: { subject: said.title, text: `${said.message}\n\n${approved ? 'Thank you for listing with us.' : 'You can edit it and send it for review again.'}` },
    });
  }
}
