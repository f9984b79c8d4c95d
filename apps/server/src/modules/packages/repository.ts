import { sql } from 'drizzle-orm';
import type { FeatureType } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';

/** The setting naming (by id) the package every new account gets; empty gives none. */
export const SIGNUP_PACKAGE_SETTING = 'signup_package_id';

// A user's package runs from start_date until end_date (start plus the package's duration in hours).
const RUNNING = sql`up.start_date <= now() and up.end_date > now()`;

export interface PackageRow {
  id: number;
  name: string;
  package_type: 'free' | 'paid';
  price: string;
  duration: number;
}

export interface PackageFeatureRow {
  package_id: number;
  id: number;
  name: FeatureType;
  limit_type: 'limited' | 'unlimited';
  limit: number | null;
}

export interface UserPackageRow extends PackageRow {
  user_package_id: number;
  start_date: Date | string;
  end_date: Date | string;
}

export interface UserPackageFeatureRow extends Omit<PackageFeatureRow, 'package_id'> {
  user_package_id: number;
  used_limit: number;
  total_limit: number | null;
}

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
      where up.user_id = ${userId} and ${RUNNING}`);
    return rowsOf<{ package_available: boolean; feature_available: boolean; limit_available: boolean }>(result)[0];
  },

  /** Whether a running package holds the feature without a limit. */
  async hasUnlimited(db: Executor, userId: number, feature: FeatureType): Promise<boolean> {
    const result = await db.execute(sql`
      select exists (
        select 1 from user_packages up join user_package_features upf on upf.user_package_id = up.id
        where up.user_id = ${userId} and ${RUNNING} and upf.limit_type = 'unlimited'
          and upf.feature_id = (select id from features where name = ${feature})) as ok`);
    return rowsOf<{ ok: boolean }>(result)[0]?.ok ?? false;
  },

  /** The user's live 24-hour unlock, if any (spec §4: one listing at a time). */
  async liveUnlock(db: Executor, userId: number): Promise<{ property_id: number; expires_at: Date | string } | null> {
    const result = await db.execute(sql`select property_id, expires_at from premium_unlocks where user_id = ${userId} and expires_at > now() order by expires_at desc limit 1`);
    return rowsOf<{ property_id: number; expires_at: Date | string }>(result)[0] ?? null;
  },

  /** Records a 24-hour unlock; answers when it ends. */
  async addUnlock(tx: Executor, userId: number, propertyId: number, userPackageId: number, hours: number): Promise<Date | string> {
    const result = await tx.execute(
      sql`insert into premium_unlocks (user_id, property_id, user_package_id, expires_at) values (${userId}, ${propertyId}, ${userPackageId}, now() + make_interval(hours => ${hours})) returning expires_at`,
    );
    return rowsOf<{ expires_at: Date | string }>(result)[0].expires_at;
  },

  /** Locks the user's row: one user's unlocks run one at a time. */
  async lockUser(tx: Executor, userId: number): Promise<void> {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
  },

  async hasLiveUnlock(db: Executor, userId: number, propertyId: number): Promise<boolean> {
    const result = await db.execute(sql`
      select exists (select 1 from premium_unlocks where user_id = ${userId} and property_id = ${propertyId} and expires_at > now()) as ok`);
    return rowsOf<{ ok: boolean }>(result)[0]?.ok ?? false;
  },

  /** Packages on sale, cheapest first. */
  async activePackages(db: Executor): Promise<PackageRow[]> {
    return rowsOf<PackageRow>(
      await db.execute(sql`select p.id, p.name, p.package_type, p.price::text as price, p.duration from packages p where p.is_active order by p.price, p.id`),
    );
  },

  async featuresOfPackages(db: Executor, packageIds: number[]): Promise<PackageFeatureRow[]> {
    if (!packageIds.length) return [];
    return rowsOf<PackageFeatureRow>(
      await db.execute(sql`
        select pf.package_id, f.id, f.name, pf.limit_type, pf.limit
        from package_features pf join features f on f.id = pf.feature_id
        where pf.package_id = any(${idArray(packageIds)}::int[])
        order by f.id`),
    );
  },

  /** The user's running packages, those ending first first. */
  async runningOf(db: Executor, userId: number): Promise<UserPackageRow[]> {
    return rowsOf<UserPackageRow>(
      await db.execute(sql`
        select up.id as user_package_id, up.start_date, up.end_date, p.id, p.name, p.package_type, p.price::text as price, p.duration
        from user_packages up join packages p on p.id = up.package_id
        where up.user_id = ${userId} and ${RUNNING}
        order by up.end_date, up.id`),
    );
  },

  async featuresOfUserPackages(db: Executor, userPackageIds: number[]): Promise<UserPackageFeatureRow[]> {
    if (!userPackageIds.length) return [];
    return rowsOf<UserPackageFeatureRow>(
      await db.execute(sql`
        select upf.user_package_id, f.id, f.name, upf.limit_type, upf.total_limit as "limit", upf.used_limit, upf.total_limit
        from user_package_features upf join features f on f.id = upf.feature_id
        where upf.user_package_id = any(${idArray(userPackageIds)}::int[])
        order by f.id`),
    );
  },

  async allFeatures(db: Executor): Promise<{ id: number; name: FeatureType }[]> {
    return rowsOf<{ id: number; name: FeatureType }>(await db.execute(sql`select id, name from features order by id`));
  },

  async setting(db: Executor, key: string): Promise<string | null> {
    return rowsOf<{ value: string }>(await db.execute(sql`select value from settings where key = ${key}`))[0]?.value ?? null;
  },

  async isActivePackage(db: Executor, packageId: number): Promise<boolean> {
    return rowsOf<{ ok: boolean }>(await db.execute(sql`select exists (select 1 from packages where id = ${packageId} and is_active) as ok`))[0].ok;
  },

  /**
   * Gives each user a running copy of a package: from now for its duration, with its features'
   * limits copied, so later changes to the package leave what was granted as it was.
   */
  async grant(db: Executor, packageId: number, userIds: number[]): Promise<number[]> {
    if (!userIds.length) return [];
    const result = await db.execute(sql`
      with granted as (
        insert into user_packages (user_id, package_id, start_date, end_date)
        select u.id, p.id, now(), now() + make_interval(hours => p.duration)
        from unnest(${idArray(userIds)}::int[]) as u(id) cross join packages p
        where p.id = ${packageId}
        returning id, package_id
      ), copied as (
        insert into user_package_features (user_package_id, feature_id, limit_type, total_limit)
        select g.id, pf.feature_id, pf.limit_type, case when pf.limit_type = 'limited' then coalesce(pf.limit, 0) end
        from granted g join package_features pf on pf.package_id = g.package_id
      )
      select id from granted`);
    return rowsOf<{ id: number }>(result).map((r) => r.id);
  },

  /**
   * The running package a use of `feature` is taken from: an unlimited one first (it loses
   * nothing), else the limited one with units left that ends first.
   */
  async nextSource(db: Executor, userId: number, feature: FeatureType): Promise<number | null> {
    const result = await db.execute(sql`
      select upf.user_package_id
      from user_package_features upf
      join user_packages up on up.id = upf.user_package_id
      join features f on f.id = upf.feature_id
      where up.user_id = ${userId} and f.name = ${feature} and ${RUNNING}
        and (upf.limit_type = 'unlimited' or upf.used_limit < upf.total_limit)
      order by (upf.limit_type = 'unlimited') desc, up.end_date, up.id
      limit 1`);
    return rowsOf<{ user_package_id: number }>(result)[0]?.user_package_id ?? null;
  },

  /**
   * Spends one unit of `feature` from one user package, only if a unit is still left when the row
   * is written: under concurrent spenders the row lock makes the second re-check the condition, so
   * the last unit goes to exactly one of them. Answers whether it was spent.
   */
  async spend(db: Executor, userPackageId: number, userId: number, feature: FeatureType): Promise<boolean> {
    const result = await db.execute(sql`
      update user_package_features upf set used_limit = upf.used_limit + 1
      from user_packages up, features f
      where upf.user_package_id = ${userPackageId} and up.id = upf.user_package_id and up.user_id = ${userId}
        and f.id = upf.feature_id and f.name = ${feature} and up.start_date <= now() and up.end_date > now()
        and (upf.limit_type = 'unlimited' or upf.used_limit < upf.total_limit)
      returning upf.user_package_id`);
    return rowsOf<{ user_package_id: number }>(result).length === 1;
  },

  /**
   * Counts one use of a feature that is not limit-checked (spec §4: only the first four feature
   * types are), on the running package holding it that ends first. Answers whether one held it.
   */
  async countUse(db: Executor, userId: number, feature: FeatureType): Promise<boolean> {
    const result = await db.execute(sql`
      update user_package_features upf set used_limit = upf.used_limit + 1
      where (upf.user_package_id, upf.feature_id) = (
        select upf2.user_package_id, upf2.feature_id from user_package_features upf2
        join user_packages up on up.id = upf2.user_package_id join features f on f.id = upf2.feature_id
        where up.user_id = ${userId} and f.name = ${feature} and ${RUNNING}
        order by up.end_date, up.id limit 1)
      returning upf.user_package_id`);
    return rowsOf(result).length === 1;
  },

  /**
   * Gives one unit of `feature` back to the user's package it came from (or, when that is not
   * known, to the running one spending would take from next among those with units spent).
   * Answers the user package credited, or null when nothing was spent.
   */
  async giveBack(db: Executor, userId: number, feature: FeatureType, userPackageId: number | null): Promise<number | null> {
    const result = await db.execute(sql`
      update user_package_features upf set used_limit = upf.used_limit - 1
      where (upf.user_package_id, upf.feature_id) = (
        select upf2.user_package_id, upf2.feature_id
        from user_package_features upf2
        join user_packages up on up.id = upf2.user_package_id
        join features f on f.id = upf2.feature_id
        where up.user_id = ${userId} and f.name = ${feature} and upf2.used_limit > 0
          and ${userPackageId === null ? sql`up.start_date <= now() and up.end_date > now()` : sql`up.id = ${userPackageId}`}
        order by (upf2.limit_type = 'unlimited'), up.end_date, up.id
        limit 1
      ) and upf.used_limit > 0
      returning upf.user_package_id`);
    return rowsOf<{ user_package_id: number }>(result)[0]?.user_package_id ?? null;
  },
};

/** An int[] literal for `= any(…::int[])`: one parameter however many ids. */
function idArray(ids: number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}
