import type { AddReportBody } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { reportRepository as repo } from './repository.ts';

/**
 * `add_reports` (spec §3 Report, §7). One report per user and listing: a second one is refused
 * with 409 rather than accepted again, so the first reason stands (an operator reads it, and a
 * user cannot bury it under a milder one) and a client that still shows the button learns that
 * its state is stale; `get_property`'s `is_reported` says the same before anyone clicks.
 */
export class ReportService {
  constructor(private readonly db: Database) {}

  async add(body: AddReportBody, ctx: RequestContext): Promise<{ property_id: number; is_reported: true }> {
    const userId = viewerIdOf(ctx);
    const listing = await repo.listed(this.db, body.property_id);
    if (!listing) throw new NotFound('Property not found');
    if (listing.owner_id === userId) throw new Forbidden('You cannot report your own listing.');
    // reason_id 0 (or none) is "Other", explained by other_message (the schema requires it then).
    const reasonId = body.reason_id ? body.reason_id : null;
    if (reasonId !== null && !(await repo.reasonExists(this.db, reasonId))) throw new Invalid('reason_id', 'reason_id is not a known reason');
    const isNew = await repo.add(this.db, { userId, propertyId: listing.id, reasonId, otherMessage: body.other_message ?? null });
    if (!isNew) throw new Conflict('You have already reported this listing.');
    return { property_id: listing.id, is_reported: true };
  }
}
