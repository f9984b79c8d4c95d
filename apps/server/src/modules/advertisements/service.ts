import { FEATURE_DAYS, propertyTypeName, type Advertisement, type StoreAdvertisementBody } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import type { PackageService } from '../packages/service.ts';
import { advertisementRepository as repo, type AdvertisementRow } from './repository.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * Featuring (spec §7 `store_advertisement`, `get-featured-data`): an owner features their own
 * approved listing or project with a `property_feature` / `project_feature` unit, spent in the same
 * transaction as the advertisement. It runs from now for FEATURE_DAYS, never beyond the package
 * that paid for it; meanwhile the listing opens its searches and the home page's featured section.
 */
export class AdvertisementService {
  constructor(
    private readonly db: Database,
    private readonly deps: { packages: PackageService; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  async store(body: StoreAdvertisementBody, ctx: RequestContext): Promise<Advertisement> {
    const userId = viewerIdOf(ctx);
    const isProperty = body.feature_for === 'property';
    const listingId = (isProperty ? body.property_id : body.project_id)!;
    const field = isProperty ? 'property_id' : 'project_id';
    const { id, slug } = await this.db.transaction(async (tx) => {
      const row = isProperty ? await repo.lockProperty(tx, listingId) : await repo.lockProject(tx, listingId);
      if (!row) throw new NotFound(isProperty ? 'Property not found' : 'Project not found');
      if (row.owner_id !== userId) {
        if (row.listed) throw new Forbidden();
        throw new NotFound(isProperty ? 'Property not found' : 'Project not found');
      }
      if (!row.listed) throw new Invalid(field, `Only an approved, active ${body.feature_for} can be featured`);
      if (row.featured) throw new Conflict(`This ${body.feature_for} is featured already.`);
      const paid = await this.deps.packages.consumeFeature(tx, userId, isProperty ? 'property_feature' : 'project_feature');
      const adId = await repo.insert(tx, { userId, featureFor: body.feature_for, propertyId: isProperty ? listingId : null, projectId: isProperty ? null : listingId, userPackageId: paid.userPackageId, days: FEATURE_DAYS });
      return { id: adId, slug: row.slug_id };
    });
    this.deps.invalidatePages(isProperty ? pageTagsFor.property(slug) : pageTagsFor.project(slug));
    return toAdvertisement((await repo.find(this.db, id))!, ctx.origin);
  }

  async mine(type: 'property' | 'project' | undefined, limit: number, offset: number, ctx: RequestContext): Promise<{ data: Advertisement[]; total: number }> {
    const { rows, total } = await repo.pageOf(this.db, viewerIdOf(ctx), type, limit, offset);
    return { data: rows.map((r) => toAdvertisement(r, ctx.origin)), total };
  }
}

function toAdvertisement(r: AdvertisementRow, origin: string): Advertisement {
  return {
    id: r.id,
    status: r.status,
    feature_for: r.feature_for,
    start_date: iso(r.start_date),
    end_date: iso(r.end_date),
    property_id: r.property_id,
    project_id: r.project_id,
    property:
      r.property_id !== null && r.p_slug !== null
        ? { id: r.property_id, slug_id: r.p_slug, title: r.p_title!, title_image: mediaUrl(origin, r.p_image), price: Number(r.p_price), property_type: propertyTypeName(r.p_type ?? 0) }
        : null,
    project: r.project_id !== null && r.pr_slug !== null ? { id: r.project_id, slug_id: r.pr_slug, title: r.pr_title!, image: mediaUrl(origin, r.pr_image) } : null,
  };
}
