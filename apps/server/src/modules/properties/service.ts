import type { GetPropertyQuery, PropertyCard, PropertyDetail, PropertyListQuery, PropertySort } from '@estate/core';
import { featureUnavailableMessage, isFeatureAllowed } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { packageRepository } from '../packages/repository.ts';
import type { SettingsService } from '../settings/service.ts';
import { toPropertyCard, toPropertyDetail } from './presenter.ts';
import { propertyRepository, type PropertyFilters } from './repository.ts';

export const SIMILAR_LIMIT = 8;
// Totals of a result list may lag this long behind new listings.
const COUNT_CACHE_MS = 15_000;

export class PropertyService {
  private readonly counts = new TtlCache<number>(COUNT_CACHE_MS, 5000);

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly catalogue: CatalogueService,
  ) {}

  /** `get-property-list` (spec §7): every filter, sorting and pagination. */
  async list(query: PropertyListQuery, ctx: RequestContext): Promise<{ data: PropertyCard[]; total: number }> {
    const filters: PropertyFilters = {
      propertyType: query.property_type,
      categoryId: query.category_slug_id ? await this.catalogue.categoryIdBySlug(query.category_slug_id) : query.category_id,
      city: query.city,
      state: query.state,
      country: query.country,
      minPrice: query.min_price,
      maxPrice: query.max_price,
      postedSince: query.posted_since,
      promoted: query.promoted,
      search: query.search,
      parameterId: query.parameter_id,
      facilityIds: query.facility_ids,
      bedrooms: query.bedrooms,
      bathrooms: query.bathrooms,
      livingRooms: query.living_rooms,
      floors: query.floors,
      isPremium: query.is_premium,
      bbox: query.bbox,
      polygon: query.polygon,
      circle:
        query.latitude !== undefined && query.longitude !== undefined && query.radius !== undefined
          ? { latitude: query.latitude, longitude: query.longitude, radiusKm: query.radius }
          : undefined,
    };
    const sort: PropertySort = query.sort_by ?? (query.most_viewed ? 'most_viewed' : query.most_liked ? 'most_liked' : 'newest');
    return this.page(filters, sort, query.limit, query.offset, ctx);
  }

  /** `get_property`: one listing (by id or slug) with similar ones, or the older list filters. */
  async get(query: GetPropertyQuery, ctx: RequestContext) {
    if (query.id !== undefined || query.slug_id !== undefined) return this.detail({ id: query.id, slugId: query.slug_id }, ctx);
    const filters: PropertyFilters = {
      propertyType: query.property_type,
      categoryId: query.category_slug_id ? await this.catalogue.categoryIdBySlug(query.category_slug_id) : query.category_id,
      city: query.city,
      state: query.state,
      country: query.country,
      minPrice: query.min_price,
      maxPrice: query.max_price,
      postedSince: query.posted_since,
      search: query.search,
      promoted: query.promoted || query.users_promoted,
      ownerId: query.userid,
    };
    const sort: PropertySort = query.top_rated ? 'most_viewed' : query.most_liked ? 'most_liked' : 'newest';
    const page = await this.page(filters, sort, query.limit, query.offset, ctx);
    return { data: page.data, total: page.total, similar_properties: [] as PropertyCard[], total_clicks: 0 };
  }

  async nearby(q: { city?: string; state?: string; type?: number; limit: number; offset: number }, ctx: RequestContext) {
    return this.page({ city: q.city, state: q.city ? undefined : q.state, propertyType: q.type }, 'newest', q.limit, q.offset, ctx);
  }

  /** An owner's listed properties, newest first (null = the platform's own). */
  byOwner(ownerId: number | null, limit: number, offset: number, ctx: RequestContext) {
    return this.page({ ownerId }, 'newest', limit, offset, ctx);
  }

  async section(filters: PropertyFilters, sort: PropertySort, limit: number, ctx: RequestContext): Promise<PropertyCard[]> {
    const rows = await propertyRepository.search(this.db, filters, { sort, limit, offset: 0, viewerId: ctx.viewer?.id ?? null });
    return rows.map((r) => toPropertyCard(r, ctx.origin));
  }

  private async page(filters: PropertyFilters, sort: PropertySort, limit: number, offset: number, ctx: RequestContext) {
    const viewerId = ctx.viewer?.id ?? null;
    const [rows, total] = await Promise.all([
      propertyRepository.search(this.db, filters, { sort, limit, offset, viewerId }),
      this.counts.getOrLoad(JSON.stringify(filters), () => propertyRepository.count(this.db, filters)),
    ]);
    return { data: rows.map((r) => toPropertyCard(r, ctx.origin)), total: Math.max(total, offset + rows.length) };
  }

  private async detail(by: { id?: number; slugId?: string }, ctx: RequestContext) {
    const viewerId = ctx.viewer?.id ?? null;
    const row = await propertyRepository.findDetail(this.db, by, viewerId);
    const isOwner = row !== null && viewerId !== null && row.owner_id === viewerId;
    const isAdmin = ctx.viewer?.role === 'admin';
    // Unlisted (pending, rejected, inactive) listings are visible to their owner and admins only.
    const isListed = row !== null && row.status === 1 && row.request_status === 'approved';
    if (!row || (!isListed && !isOwner && !isAdmin)) throw new NotFound('Property not found');
    if (row.is_premium && !isOwner && !isAdmin) await this.assertPremiumAccess(row.id, viewerId);

    if (!isOwner) await propertyRepository.recordView(this.db, row.id);
    const [company, flags, similar] = await Promise.all([
      this.settings.company(ctx.origin),
      viewerId === null ? undefined : propertyRepository.viewerFlags(this.db, row.id, row.owner_id, viewerId),
      propertyRepository.similar(this.db, { id: row.id, categoryId: row.category_id, latitude: row.latitude, longitude: row.longitude }, SIMILAR_LIMIT, viewerId),
    ]);
    const detail: PropertyDetail = toPropertyDetail({ ...row, total_click: row.total_click + (isOwner ? 0 : 1) }, ctx.origin, company, flags);
    return {
      data: [detail],
      total: 1,
      similar_properties: similar.map((r) => toPropertyCard(r, ctx.origin)),
      total_clicks: detail.total_view,
    };
  }

  /** Spec §4 "Premium property access": a package with premium_properties, or this listing's 24-hour unlock. */
  private async assertPremiumAccess(propertyId: number, viewerId: number | null): Promise<void> {
    const message = featureUnavailableMessage('premium_properties');
    if (viewerId === null) throw new Forbidden(message);
    if (await packageRepository.hasLiveUnlock(this.db, viewerId, propertyId)) return;
    const availability = await packageRepository.featureAvailability(this.db, viewerId, 'premium_properties');
    if (!isFeatureAllowed('premium_properties', availability)) throw new Forbidden(message);
  }
}
