import type { ReportDecisionBody, ReportQueueQuery } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { auditRepository } from './audit-repository.ts';
import type { PeopleService } from './people-service.ts';
import { reportsQueueRepository as repo } from './reports-repository.ts';

/**
 * The reports queue (issue 16): listings users reported (spec §3 Report), grouped, with their
 * reasons. An admin dismisses the reports, hides the listing (status 0: it leaves public pages),
 * warns the owner (a notice and an e-mail) or deactivates the owner; every open report of the
 * listing closes with that decision, in one transaction with its audit entry.
 */
export class ReportsQueueService {
  constructor(
    private readonly db: Database,
    private readonly deps: { people: PeopleService; notifier?: Notifier; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  queue(q: ReportQueueQuery) {
    return repo.queue(this.db, q);
  }

  async decide(propertyId: number, body: ReportDecisionBody, ctx: RequestContext): Promise<{ property_id: number; action: ReportDecisionBody['action']; closed: number }> {
    const adminId = viewerIdOf(ctx);
    const { listing, closed, ownerSlug } = await this.db.transaction(async (tx) => {
      const listing = await repo.lockListing(tx, propertyId);
      if (!listing) throw new NotFound('Property not found');
      let ownerSlug: string | null = null;
      const before = { status: listing.status };
      const closed = await repo.close(tx, listing.id, body.action, adminId);
      // Nothing open to decide (another admin decided first): nothing changes, no one is told.
      if (!closed) throw new Conflict('This listing has no open reports.');
      switch (body.action) {
        case 'hide':
          await repo.hide(tx, listing.id);
          if (listing.owner_id !== null && listing.owner_id !== adminId) {
            const said = body.reason ? keyed('listing-hidden-reason', { title: listing.title, reason: body.reason }) : keyed('listing-hidden', { title: listing.title });
            const { title, message } = said;
            await this.deps.notifier?.notify(tx, listing.owner_id, { ...said, type: 2, propertyId: listing.id, kind: 'property-hidden', url: `/my-property/${listing.slug_id}`, email: { subject: title, text: message } });
          }
          break;
        case 'warn': {
          if (listing.owner_id === null) throw new Conflict('This listing has no owner to warn.');
          const said = keyed('listing-warning', { title: listing.title, reason: body.reason ?? '' });
          const { title } = said;
          const message = said.message.trim();
          await this.deps.notifier?.notify(tx, listing.owner_id, { ...said, message, type: 2, propertyId: listing.id, kind: 'property-warning', url: `/my-property/${listing.slug_id}`, email: { subject: title, text: `${message}\n\nPlease correct the listing, or it may be hidden.` } });
          break;
        }
        case 'deactivate': {
          if (listing.owner_id === null) throw new Conflict('This listing has no owner to deactivate.');
          ownerSlug = (await this.deps.people.setActiveIn(tx, adminId, listing.owner_id, false, body.reason)).slug_id;
          break;
        }
        case 'dismiss':
          break;
      }
      await auditRepository.record(tx, {
        actorId: adminId,
        action: `report.${body.action}`,
        entity: 'property',
        entityId: listing.id,
        before: { ...before, open_reports: closed },
        after: { status: body.action === 'hide' ? 0 : listing.status, open_reports: 0, resolution: body.action, ...(body.reason ? { reason: body.reason } : {}) },
      });
      return { listing, closed, ownerSlug };
    });
    if (body.action === 'hide') this.deps.invalidatePages([...pageTagsFor.property(), ...pageTagsFor.property(listing.slug_id), ...pageTagsFor.agent()]);
    if (body.action === 'deactivate') this.deps.people.after(ownerSlug);
    this.deps.notifier?.flush();
    return { property_id: listing.id, action: body.action, closed };
  }
}
