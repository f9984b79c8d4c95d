import { MAX_SEARCH_ALERTS, type SearchAlert, type SearchAlertBody, type UpdateSearchAlertBody } from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { alertRepository as repo, type MatchedListing } from './repository.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * Saved-search alerts (issue 15, beyond the spec; no cap per listing, unlike the portals): when a
 * listing goes live or gets cheaper, everyone whose alert it matches is told — a notification,
 * live on their socket, and by Web Push — in the same transaction as the change.
 */
export class AlertService {
  constructor(
    private readonly db: Database,
    private readonly notifier: Notifier,
  ) {}

  async create(body: SearchAlertBody, ctx: RequestContext): Promise<SearchAlert> {
    const userId = viewerIdOf(ctx);
    const id = await this.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      if ((await repo.count(tx, userId)) >= MAX_SEARCH_ALERTS) throw new Conflict(`You can keep at most ${MAX_SEARCH_ALERTS} alerts. Delete one to add another.`);
      return repo.insert(tx, userId, body);
    });
    return (await this.list(ctx)).find((a) => a.id === id)!;
  }

  async list(ctx: RequestContext): Promise<SearchAlert[]> {
    return (await repo.ofUser(this.db, viewerIdOf(ctx))).map((r) => ({
      id: r.id,
      name: r.name,
      property_type: r.property_type,
      category_id: r.category_id,
      city: r.city,
      min_price: r.min_price === null ? null : Number(r.min_price),
      max_price: r.max_price === null ? null : Number(r.max_price),
      min_bedrooms: r.min_bedrooms,
      push: r.push,
      email_digest: r.email_digest,
      created_at: iso(r.created_at),
    }));
  }

  /** Turns push or the daily e-mail of one of one's alerts on or off; answers the alert as it now is. */
  async update(body: UpdateSearchAlertBody, ctx: RequestContext): Promise<SearchAlert> {
    if (!(await repo.setSwitches(this.db, viewerIdOf(ctx), body.id, body))) throw new NotFound('Alert not found');
    return (await this.list(ctx)).find((a) => a.id === body.id)!;
  }

  async delete(id: number, ctx: RequestContext): Promise<void> {
    if (!(await repo.delete(this.db, viewerIdOf(ctx), id))) throw new NotFound('Alert not found');
  }

  /** In the caller's transaction: tells everyone whose alert matches a listing that went live ('new') or got cheaper. */
  async onListing(tx: Executor, listing: MatchedListing & { title: string; slug: string }, reason: 'new' | 'cheaper'): Promise<number> {
    const matched = await repo.matching(tx, listing);
    // Those who asked to be told at once (an alert with push off waits for the daily e-mail, if on).
    const users = [...new Set(matched.filter((a) => a.push).map((a) => a.user_id))];
    return this.notifier.notifyUsers(tx, users, listing.id, {
      kind: 'search-alert',
      title: reason === 'new' ? 'New listing for your search' : 'Cheaper now, for your search',
      message: listing.title,
      url: `/properties-details/${listing.slug}`,
    });
  }
}
