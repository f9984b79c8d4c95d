import { MAX_FAVOURITES, type FavouriteState, type MarkBody, type PropertyDetail, type UserMarks } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import type { PropertyService } from '../properties/service.ts';
import { favouriteRepository } from './repository.ts';

/**
 * Favourites (spec §7 `add_favourite`, `get_favourite_property`). A listing's
 * `total_favourites` changes in the same transaction as the favourite, once per user, so it is
 * always the number of rows. Public pages may show that total up to PUBLIC_CACHE_SECONDS late, as
 * they do views: a heart is not worth dropping every cached page for.
 */
export class FavouriteService {
  constructor(
    private readonly db: Database,
    private readonly properties: PropertyService,
  ) {}

  /** `add_favourite`: type 1 adds (listed listings only), 0 removes; both may be repeated. */
  async mark({ property_id: propertyId, type }: MarkBody, ctx: RequestContext): Promise<FavouriteState> {
    const userId = viewerIdOf(ctx);
    return this.db.transaction(async (tx) => {
      if (type === 1) {
        // User before listing, the order account deletion takes them in: no deadlock between the two.
        await favouriteRepository.lockUser(tx, userId);
        if (!(await favouriteRepository.lockListed(tx, propertyId))) throw new NotFound('Property not found');
        const isFull = (await favouriteRepository.countOf(tx, userId)) >= MAX_FAVOURITES;
        // A listing already among them adds nothing, so a full list does not refuse it.
        if (isFull && !(await favouriteRepository.has(tx, userId, propertyId))) {
          throw new Conflict(`You can keep up to ${MAX_FAVOURITES} favourites. Remove some to add more.`);
        }
        await favouriteRepository.add(tx, userId, propertyId);
      } else {
        // Removing is always allowed, whatever became of the listing, and never says whether it exists.
        await favouriteRepository.remove(tx, userId, propertyId);
      }
      return { property_id: propertyId, is_favourite: type, total_favourite_users: await favouriteRepository.totalOf(tx, propertyId) };
    });
  }

  /** `get_favourite_property`: the caller's listed favourites in full, newest first. */
  async list(q: { limit: number; offset: number }, ctx: RequestContext): Promise<{ data: PropertyDetail[]; total: number }> {
    const { ids, total } = await favouriteRepository.page(this.db, viewerIdOf(ctx), q.limit, q.offset);
    return { data: await this.properties.listedDetails(ids, ctx), total };
  }

  /** `get-user-marks` (ours): which listings the caller favourited or marked interest in. */
  marks(ctx: RequestContext): Promise<UserMarks> {
    return favouriteRepository.marksOf(this.db, viewerIdOf(ctx), MAX_FAVOURITES);
  }
}
