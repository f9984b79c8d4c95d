import { sql } from 'drizzle-orm';
import type { FeatureType } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';


export const packageRepository = {
  /** Availability of one feature across the user's running packages (spec §5 feature gate). */
  async featureAvailability(db: Executor, userId: number, feature: FeatureType) {
    const result = await db.execute(sql`
      select
        count(up.id) > 0 as package_available,
        count(upf.feature_id) > 0 as feature_available,
        coalesce(bool_or(upf.limit_type = 'unlimited' or upf.used_limit < upf.total_limit), false) as limit_available
      from user_packages up
      left join user_package_features upf on upf.user_package_id = up.id
        and upf.feature_id = (select id from features where name = ${feature})
      where up.user_id = ${userId} and up.start_date <= now() and up.end_date > now()`);
    return rowsOf<{ package_available: boolean; feature_available: boolean; limit_available: boolean }>(result)[0];
  },

  async hasLiveUnlock(db: Executor, userId: number, propertyId: number): Promise<boolean> {
    const result = await db.execute(sql`
      select exists (select 1 from premium_unlocks where user_id = ${userId} and property_id = ${propertyId} and expires_at > now()) as ok`);
    return rowsOf<{ ok: boolean }>(result)[0]?.ok ?? false;
  },
};
