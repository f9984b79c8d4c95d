import type { PersonalisedFields, PersonalisedFieldsBody, PropertyCard, PropertyDetail } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Invalid } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import type { PropertyService } from '../properties/service.ts';
import { recommendationRepository as repo, type PreferenceRow, type Taste } from './repository.ts';

/**
 * Recommendation preferences (`personalised-fields`, spec §3) and `get_user_recommendation`:
 * listings ranked by the saved preferences and by what the user favoured and opened (see
 * `recommendationQuery`), newest listings when there is nothing to go on.
 */
export class RecommendationService {
  constructor(
    private readonly db: Database,
    private readonly properties: PropertyService,
  ) {}

  async get(ctx: RequestContext): Promise<PersonalisedFields | null> {
    const userId = viewerIdOf(ctx);
    const row = await repo.preferences(this.db, userId);
    return row ? toFields(userId, row) : null;
  }

  /** POST: replaces the saved preferences; unknown categories or facilities are refused. */
  async save(body: PersonalisedFieldsBody, ctx: RequestContext): Promise<PersonalisedFields> {
    const userId = viewerIdOf(ctx);
    const categoryIds = body.category_ids ?? [];
    const facilityIds = body.outdoor_facilitiy_ids ?? [];
    const known = await repo.known(this.db, categoryIds, facilityIds);
    if (categoryIds.some((id) => !known.categories.has(id))) throw new Invalid('category_ids', 'category_ids holds an unknown category');
    if (facilityIds.some((id) => !known.facilities.has(id))) throw new Invalid('outdoor_facilitiy_ids', 'outdoor_facilitiy_ids holds an unknown facility');
    const [priceMin, priceMax] = body.price_range ?? [null, null];
    await repo.save(this.db, userId, { categoryIds, facilityIds, priceMin, priceMax, propertyTypes: body.property_type ?? [], city: body.city || null });
    return (await this.get(ctx))!;
  }

  /** DELETE: forgets them; true when there were any. */
  remove(ctx: RequestContext): Promise<boolean> {
    return repo.remove(this.db, viewerIdOf(ctx));
  }

  /** `get_user_recommendation`: a page of listings in full, best first. */
  async page(q: { limit: number; offset: number }, ctx: RequestContext): Promise<{ data: PropertyDetail[]; total: number }> {
    const { ids, total } = await this.ids(viewerIdOf(ctx), q.limit, q.offset);
    return { data: await this.properties.listedDetails(ids, ctx), total };
  }

  /** homepage-data's `user_recommendation`: the same ranking, as cards. */
  async cards(limit: number, ctx: RequestContext): Promise<PropertyCard[]> {
    const { ids } = await this.ids(viewerIdOf(ctx), limit, 0);
    return this.properties.cardsByIds(ids, ctx);
  }

  /** Remembers that a logged-in user opened a listing (not awaited by the page; a lost one costs nothing). */
  recordView(userId: number, propertyId: number): Promise<void> {
    return repo.recordView(this.db, userId, propertyId);
  }

  private async ids(userId: number, limit: number, offset: number) {
    const [prefs, liked] = await Promise.all([repo.preferences(this.db, userId), repo.liked(this.db, userId)]);
    const taste: Taste = {
      categoryIds: prefs?.category_ids ?? [],
      facilityIds: prefs?.outdoor_facility_ids ?? [],
      priceMin: prefs?.price_min != null ? Number(prefs.price_min) : null,
      priceMax: prefs?.price_max != null ? Number(prefs.price_max) : null,
      propertyTypes: prefs?.property_types ?? [],
      city: prefs?.city ?? null,
      likedCategoryIds: liked.categoryIds,
      likedCities: liked.cities,
    };
    return repo.page(this.db, userId, taste, limit, offset);
  }
}

function toFields(userId: number, row: PreferenceRow): PersonalisedFields {
  return {
    user_id: userId,
    category_ids: row.category_ids ?? [],
    outdoor_facilitiy_ids: row.outdoor_facility_ids ?? [],
    price_range: [row.price_min != null ? Number(row.price_min) : null, row.price_max != null ? Number(row.price_max) : null],
    property_type: row.property_types ?? [],
    city: row.city,
  };
}
