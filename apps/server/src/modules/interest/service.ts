import type { InterestedUser, InterestedUsersQuery, InterestState, MarkBody } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { interestRepository } from './repository.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * "I'm interested" (spec §7 `interested_users`, `get_interested_users`): a user tells an owner
 * they want a listing, and only that owner sees who did, with the contact details to reach them.
 * `total_interested` changes in the same transaction as the mark, once per user.
 */
export class InterestService {
  constructor(private readonly db: Database) {}

  /** `interested_users`: type 1 marks a listed listing (not one's own), 0 unmarks; both may be repeated. */
  async mark({ property_id: propertyId, type }: MarkBody, ctx: RequestContext): Promise<InterestState> {
    const userId = viewerIdOf(ctx);
    return this.db.transaction(async (tx) => {
      if (type === 1) {
        const listing = await interestRepository.lockListed(tx, propertyId);
        if (!listing) throw new NotFound('Property not found');
        if (listing.owner_id === userId) throw new Forbidden('You cannot mark interest in your own listing.');
        await interestRepository.add(tx, userId, propertyId);
      } else {
        // Unmarking is always allowed, whatever became of the listing, and never says whether it exists.
        await interestRepository.remove(tx, userId, propertyId);
      }
      return { property_id: propertyId, is_interested: type, total_interested_users: await interestRepository.totalOf(tx, propertyId) };
    });
  }

  /**
   * `get_interested_users`: the owner only. Anyone else is refused: 403 for a listing the public
   * sees anyway, 404 for one it does not (pending, rejected, paused), so its existence stays hidden.
   */
  async users(q: InterestedUsersQuery, ctx: RequestContext): Promise<{ data: InterestedUser[]; total: number }> {
    const userId = viewerIdOf(ctx);
    const listing = await interestRepository.find(this.db, { id: q.property_id, slugId: q.property_id === undefined ? q.slug_id : undefined });
    if (!listing || (listing.owner_id !== userId && !listing.is_listed)) throw new NotFound('Property not found');
    if (listing.owner_id !== userId) throw new Forbidden('Only the owner of this listing can see who is interested in it.');
    const { rows, total } = await interestRepository.users(this.db, listing.id, q.limit, q.offset);
    return {
      data: rows.map((r) => ({ id: r.id, name: r.name, slug_id: r.slug_id, email: r.email, mobile: r.mobile, profile: mediaUrl(ctx.origin, r.profile), interested_at: iso(r.interested_at) })),
      total,
    };
  }
}
