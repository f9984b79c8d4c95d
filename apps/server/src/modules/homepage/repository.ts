import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recommendationPreferences, users } from '../../db/schema/index.ts';

export const homepageRepository = {
  async viewerContext(db: Executor, userId: number) {
    const [row] = await db
      .select({
        city: users.city,
        categoryIds: recommendationPreferences.categoryIds,
        facilityIds: recommendationPreferences.outdoorFacilityIds,
        priceMin: recommendationPreferences.priceMin,
        priceMax: recommendationPreferences.priceMax,
        propertyTypes: recommendationPreferences.propertyTypes,
        preferredCity: recommendationPreferences.city,
      })
      .from(users)
      .leftJoin(recommendationPreferences, eq(recommendationPreferences.userId, users.id))
      .where(eq(users.id, userId));
    return row ?? null;
  },
};
