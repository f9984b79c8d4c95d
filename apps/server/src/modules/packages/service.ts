import { featureUnavailableMessage, isFeatureAllowed, type ActivePackage, type FeatureType, type GetPackageAnswer, type PackageLimit, type PackageOffer } from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { PaymentRequired } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { packageRepository, SIGNUP_PACKAGE_SETTING, type PackageFeatureRow, type PackageRow } from './repository.ts';

/** Where a spent unit came from, so it can be given back to the same package. */
export interface FeatureUse {
  feature: FeatureType;
  userPackageId: number;
}

/** Who may see a premium listing in full: 'limited' when the viewer's 24-hour unlock is for another. */
export type PremiumAccess = 'granted' | 'limited' | 'none';

/** Spec §9: a premium unlock lasts 24 hours. */
export const PREMIUM_UNLOCK_HOURS = 24;

// Two spenders may both pick the same package's last unit; the loser looks again, a few times at most.
const SPEND_ATTEMPTS = 5;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * Entitlements: what packages are on sale, what a user holds and has left, and the one way other
 * modules spend and give back a unit of a feature — inside their own transaction, so a listing and
 * the unit it paid with are written (or rolled back) together.
 */
export class PackageService {
  constructor(private readonly db: Database) {}

  /** `get-package`: packages on sale; with a session also the user's running packages and what is left. */
  async packages(ctx: RequestContext): Promise<Omit<GetPackageAnswer, 'error' | 'message'>> {
    const [offers, allFeatures, running] = await Promise.all([
      packageRepository.activePackages(this.db),
      packageRepository.allFeatures(this.db),
      ctx.viewer ? packageRepository.runningOf(this.db, ctx.viewer.id) : Promise.resolve([]),
    ]);
    const [offerFeatures, heldFeatures] = await Promise.all([
      packageRepository.featuresOfPackages(this.db, offers.map((p) => p.id)),
      packageRepository.featuresOfUserPackages(this.db, running.map((p) => p.user_package_id)),
    ]);
    const active: ActivePackage[] = running.map((p) => ({
      ...toOffer(p, []),
      user_package_id: p.user_package_id,
      start_date: iso(p.start_date),
      end_date: iso(p.end_date),
      features: heldFeatures
        .filter((f) => f.user_package_id === p.user_package_id)
        .map((f) => ({ id: f.id, name: f.name, limit_type: f.limit_type, limit: f.limit, used_limit: f.used_limit, total_limit: f.total_limit })),
    }));
    return { data: offers.map((p) => toOffer(p, offerFeatures)), active_packages: active, all_features: allFeatures };
  }

  /** `check-package-limit`: the three flags of spec §3 for one feature, and the spec's message when it is not allowed. */
  async check(userId: number, feature: FeatureType, db: Executor = this.db): Promise<{ limit: PackageLimit; allowed: boolean; message: string }> {
    const row = await packageRepository.featureAvailability(db, userId, feature);
    const limit: PackageLimit = {
      package_available: Boolean(row?.package_available),
      feature_available: Boolean(row?.feature_available),
      limit_available: Boolean(row?.limit_available),
    };
    const allowed = isFeatureAllowed(feature, limit);
    return { limit, allowed, message: allowed ? 'Feature available' : featureUnavailableMessage(feature) };
  }

  /**
   * Spends one unit of `feature` for `userId` inside the caller's transaction `tx`. Throws
   * PaymentRequired (403, with the spec's message for that feature) when no running package has
   * one left. Unlimited features always succeed, and are counted.
   */
  async consumeFeature(tx: Executor, userId: number, feature: FeatureType): Promise<FeatureUse> {
    for (let attempt = 0; attempt < SPEND_ATTEMPTS; attempt++) {
      const source = await packageRepository.nextSource(tx, userId, feature);
      if (source === null) break;
      if (await packageRepository.spend(tx, source, userId, feature)) return { feature, userPackageId: source };
    }
    throw new PaymentRequired(feature, featureUnavailableMessage(feature));
  }

  /**
   * Gives one unit back inside the caller's transaction (e.g. a listing deleted before approval):
   * to the package it came from when `use` says so, else to a running package with units spent.
   * Answers whether a unit was given back.
   */
  async releaseFeature(tx: Executor, userId: number, feature: FeatureType, use?: Pick<FeatureUse, 'userPackageId'>): Promise<boolean> {
    return (await packageRepository.giveBack(tx, userId, feature, use?.userPackageId ?? null)) !== null;
  }

  /**
   * Spec §4 "Premium property access" for one premium listing a user opens: a package with
   * `premium_properties` unlimited opens every one; otherwise a live 24-hour unlock opens its own
   * listing only ("limited" for any other, the Access Limited pop-up); without one, a limited unit
   * is spent here to unlock this listing for PREMIUM_UNLOCK_HOURS; with none left, "none".
   * `spend` false only reads (lists, not visits).
   */
  async premiumAccess(userId: number, propertyId: number, spend = true): Promise<PremiumAccess> {
    return (await this.premiumOpening(userId, propertyId, spend)).access;
  }

  /**
   * premiumAccess, and when the listing is open through the user's 24-hour unlock (not an
   * unlimited package) the time that unlock ends (ISO), else null.
   */
  async premiumOpening(userId: number, propertyId: number, spend = true): Promise<{ access: PremiumAccess; unlockEndsAt: string | null }> {
    if (await packageRepository.hasUnlimited(this.db, userId, 'premium_properties')) return { access: 'granted', unlockEndsAt: null };
    const ofUnlock = (live: { property_id: number; expires_at: Date | string }) =>
      live.property_id === propertyId ? { access: 'granted' as const, unlockEndsAt: iso(live.expires_at) } : { access: 'limited' as const, unlockEndsAt: null };
    const live = await packageRepository.liveUnlock(this.db, userId);
    if (live) return ofUnlock(live);
    if (!spend) return { access: 'none', unlockEndsAt: null };
    return this.db.transaction(async (tx) => {
      // One opening at a time per user: two tabs opening two listings unlock one of them.
      await packageRepository.lockUser(tx, userId);
      const again = await packageRepository.liveUnlock(tx, userId);
      if (again) return ofUnlock(again);
      const source = await packageRepository.nextSource(tx, userId, 'premium_properties');
      if (source === null || !(await packageRepository.spend(tx, source, userId, 'premium_properties'))) return { access: 'none' as const, unlockEndsAt: null };
      const ends = await packageRepository.addUnlock(tx, userId, propertyId, source, PREMIUM_UNLOCK_HOURS);
      return { access: 'granted' as const, unlockEndsAt: iso(ends) };
    });
  }

  /**
   * A new account's package: the one `signup_package_id` names, if it exists and is on sale.
   * Runs in the sign-up's transaction, so an account never exists without it.
   */
  async grantSignupPackage(tx: Executor, userId: number): Promise<number | null> {
    // Read in the transaction: PGlite has one connection, which the sign-up holds.
    const packageId = Number(await packageRepository.setting(tx, SIGNUP_PACKAGE_SETTING));
    if (!Number.isInteger(packageId) || packageId < 1) return null;
    if (!(await packageRepository.isActivePackage(tx, packageId))) return null;
    const [granted] = await packageRepository.grant(tx, packageId, [userId]);
    return granted ?? null;
  }
}

function toOffer(p: PackageRow, features: PackageFeatureRow[]): PackageOffer {
  return {
    id: p.id,
    name: p.name,
    package_type: p.package_type,
    price: Number(p.price),
    duration: p.duration,
    features: features.filter((f) => f.package_id === p.id).map((f) => ({ id: f.id, name: f.name, limit_type: f.limit_type, limit: f.limit })),
  };
}
