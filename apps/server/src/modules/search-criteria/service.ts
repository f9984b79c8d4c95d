import { LOCATION_NOT_SPECIFIED, type GetSearchCriteriaQuery, type SaveSearchCriteriaBody, type SearchCriteriaRecord, type UserProfile } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Forbidden } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import type { AccountService } from '../accounts/service.ts';
import { searchCriteriaRepository as repo, type HeldPackage, type SearchCriteriaRow } from './repository.ts';

export const NOT_YOURS = 'You can only save and read your own search criteria.';
export const NO_RUNNING_PACKAGE = 'An active package is needed to lock a search. Choose a plan to save this search.';
export const PACKAGE_NOT_RUNNING = 'This package has ended. Choose a plan to lock a search again.';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

/**
 * Saved searches locked to a subscription (spec §4 "Search lock"). The spec's clients send
 * `user_id` in the body; it is never trusted: the caller is the session's user, and a `user_id`
 * or `user_package_id` that is not theirs is refused. A lock needs a running package and ends at
 * its expiration date or with its package, whichever is first; expired searches are neither
 * answered nor kept (deleted when next looked at).
 */
export class SearchCriteriaService {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
  ) {}

  /** `direct-save-search`, `POST search-criteria`: replaces the caller's saved search and answers its expiration date. */
  async save(body: SaveSearchCriteriaBody, ctx: RequestContext): Promise<SearchCriteriaRecord> {
    const userId = viewerIdOf(ctx);
    if (body.user_id !== undefined && body.user_id !== userId) throw new Forbidden(NOT_YOURS);
    return this.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const held = await this.runningPackage(tx, userId, body.user_package_id);
      const city = body.city || null;
      const state = body.state || null;
      const country = body.country || null;
      const row = await repo.replace(tx, {
        userId,
        userPackageId: held.id,
        propertyType: body.property_type,
        rooms: {
          bedrooms: body.rooms?.bedrooms ?? null,
          bathrooms: body.rooms?.bathrooms ?? null,
          living_rooms: body.rooms?.living_rooms ?? null,
          floors: body.rooms?.floors ?? null,
        },
        minPrice: body.min_price ?? null,
        maxPrice: body.max_price ?? null,
        categoryIds: body.category_ids ?? [],
        outdoorFacilityIds: body.outdoor_facility_ids ?? [],
        city,
        state,
        country,
        location: body.location || [city, state, country].filter(Boolean).join(', ') || LOCATION_NOT_SPECIFIED,
      });
      return toRecord(row);
    });
  }

  /** `direct-get-criteria`, `GET search-criteria`: the caller's search in force, or null. */
  async get(query: GetSearchCriteriaQuery, ctx: RequestContext): Promise<SearchCriteriaRecord | null> {
    const userId = viewerIdOf(ctx);
    if (query.user_id !== undefined && query.user_id !== userId) throw new Forbidden(NOT_YOURS);
    if (query.user_package_id !== undefined) {
      const held = await repo.packageById(this.db, query.user_package_id);
      if (!held || held.user_id !== userId) throw new Forbidden(NOT_YOURS);
    }
    await repo.deleteExpiredOf(this.db, userId);
    const row = await repo.inForceOf(this.db, userId, query.user_package_id);
    return row ? toRecord(row) : null;
  }

  /** `DELETE search-criteria`: the caller's saved search is gone (repeating it changes nothing). */
  async clear(ctx: RequestContext): Promise<void> {
    await repo.deleteAllOf(this.db, viewerIdOf(ctx));
  }

  /** `user-profile`: the caller and the running package a search would be locked to. */
  async profile(ctx: RequestContext): Promise<UserProfile> {
    const [me, held] = await Promise.all([this.accounts.me(ctx), repo.latestRunningOf(this.db, viewerIdOf(ctx))]);
    return { ...me, user_package_id: held?.id ?? null };
  }

  /** The package a save locks to: the one named (the caller's, running), else the caller's latest-ending running one. */
  private async runningPackage(db: Parameters<typeof repo.packageById>[0], userId: number, userPackageId: number | undefined): Promise<HeldPackage> {
    if (userPackageId === undefined) {
      const latest = await repo.latestRunningOf(db, userId);
      if (!latest) throw new Forbidden(NO_RUNNING_PACKAGE);
      return latest;
    }
    const held = await repo.packageById(db, userPackageId);
    if (!held || held.user_id !== userId) throw new Forbidden(NOT_YOURS);
    if (!held.is_running) throw new Forbidden(PACKAGE_NOT_RUNNING);
    return held;
  }
}

function toRecord(row: SearchCriteriaRow): SearchCriteriaRecord {
  const rooms = (row.rooms && typeof row.rooms === 'object' ? row.rooms : {}) as Record<string, unknown>;
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    id: row.id,
    user_id: row.user_id,
    user_package_id: row.user_package_id,
    property_type: row.property_type,
    rooms: { bedrooms: count(rooms.bedrooms), bathrooms: count(rooms.bathrooms), living_rooms: count(rooms.living_rooms), floors: count(rooms.floors) },
    min_price: numberOrNull(row.min_price),
    max_price: numberOrNull(row.max_price),
    category_ids: row.category_ids ?? [],
    outdoor_facility_ids: row.outdoor_facility_ids ?? [],
    city: row.city,
    state: row.state,
    country: row.country,
    location: typeof row.location === 'string' ? row.location : LOCATION_NOT_SPECIFIED,
    expiration_date: iso(row.expiration_date),
    created_at: iso(row.created_at),
  };
}
