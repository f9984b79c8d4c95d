import type { AdminAd, AdminAdListQuery } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { adminAdsRepository as repo } from './ads-repository.ts';
import { auditRepository } from './audit-repository.ts';

/**
 * Featured listings (advertisements) in the console: every one with its dates and state; an admin
 * ends one early or extends one (an ended one runs again from now). The listing's pages and
 * searches follow at once.
 */
export class AdminAdsService {
  constructor(
    private readonly db: Database,
    private readonly deps: { invalidatePages: (tags: PageTag[]) => void },
  ) {}

  list(q: AdminAdListQuery) {
    return repo.list(this.db, q);
  }

  async end(id: number, ctx: RequestContext): Promise<AdminAd> {
    return this.change(id, ctx, async (tx, ad) => {
      if (!ad.live && ad.status !== 'pending') throw new Conflict('This advertisement is not running.');
      await repo.end(tx, id);
      return 'advertisement.end';
    });
  }

  async extend(id: number, days: number, ctx: RequestContext): Promise<AdminAd> {
    return this.change(id, ctx, async (tx, ad) => {
      if (ad.status === 'rejected' || ad.status === 'pending') throw new Conflict('Only an approved advertisement can be extended.');
      await repo.extend(tx, id, days);
      return 'advertisement.extend';
    });
  }

  private async change(id: number, ctx: RequestContext, apply: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], ad: AdminAd) => Promise<string>): Promise<AdminAd> {
    const adminId = viewerIdOf(ctx);
    const after = await this.db.transaction(async (tx) => {
      const before = await repo.lock(tx, id);
      if (!before) throw new NotFound('Advertisement not found');
      const action = await apply(tx, before);
      const after = (await repo.find(tx, id))!;
      await auditRepository.record(tx, {
        actorId: adminId,
        action,
        entity: 'advertisement',
        entityId: id,
        before: { status: before.status, end_date: before.end_date },
        after: { status: after.status, end_date: after.end_date },
      });
      return after;
    });
    const slug = after.listing?.slug_id;
    this.deps.invalidatePages(after.feature_for === 'property' ? pageTagsFor.property(slug) : pageTagsFor.project(slug));
    return after;
  }
}
