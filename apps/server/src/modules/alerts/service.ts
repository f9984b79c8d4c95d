import { MAX_SEARCH_ALERTS, type SearchAlert, type SearchAlertBody, type UpdateSearchAlertBody } from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { alertRepository as repo, type DigestLine, type MatchedListing } from './repository.ts';

/** Not sent: the claim of the day is undone with it (nothing was left to tell). */
class NothingToTell extends Error {}

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
    await repo.recordForDigest(tx, matched, listing.id, reason, listing.price);
    // Those who asked to be told at once (an alert with push off waits for the daily e-mail, if on).
    const users = [...new Set(matched.filter((a) => a.push).map((a) => a.user_id))];
    return this.notifier.notifyUsers(tx, users, listing.id, {
      kind: 'search-alert',
      ...keyed(reason === 'new' ? 'search-alert-new' : 'search-alert-cheaper', { title: listing.title }),
      url: `/properties-details/${listing.slug}`,
    });
  }

  /**
   * The daily e-mail digest: each user with untold matches of alerts that ask for it gets one
   * e-mail a UTC day, listing the new matches and price drops since their last digest. Idempotent:
   * the day is claimed and the matches taken in the transaction that queues the e-mail, each in
   * one statement, so a restart or a second instance running at the same time sends nothing more.
   * Run at start-up and every hour (main.ts); answers how many digests were queued.
   */
  async sendDigests(opts: { now?: Date; origin?: string } = {}): Promise<number> {
    const now = opts.now ?? new Date();
    const day = now.toISOString().slice(0, 10);
    let sent = 0;
    for (const userId of await repo.usersWithPendingMatches(this.db)) {
      try {
        await this.db.transaction(async (tx) => {
          if (!(await repo.claimDigestDay(tx, userId, day, now))) throw new NothingToTell();
          const lines = await repo.takeMatches(tx, userId, now);
          const user = await repo.addressOf(tx, userId);
          // Matches of a listing gone since, or of an alert no longer asking, are dropped with the claim undone.
          if (!lines.length) throw new NothingToTell();
          if (!user?.email) return;
          await this.notifier.mailer.enqueue(tx, { to: user.email, ...digestMail(lines, user.name, opts.origin), userId, meta: { kind: 'alert-digest' } });
          sent++;
        });
      } catch (error) {
        if (!(error instanceof NothingToTell)) throw error;
      }
    }
    if (sent) void this.notifier.mailer.kick();
    return sent;
  }
}

/** The digest's words: new matches first, then price drops, each with its link. */
export function digestMail(lines: DigestLine[], name: string | null, origin = ''): { subject: string; text: string } {
  const fresh = lines.filter((l) => l.reason === 'new');
  const cheaper = lines.filter((l) => l.reason === 'cheaper');
  const price = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 0 });
  const line = (l: DigestLine) => `- ${l.title}${l.city ? ` (${l.city})` : ''}, ${price(l.price)}: ${origin}/properties-details/${l.slug_id}`;
  const parts = [`Hello${name ? ` ${name}` : ''},`, ''];
  if (fresh.length) parts.push(`New listings for your saved searches (${fresh.length}):`, ...fresh.map(line), '');
  if (cheaper.length) parts.push(`Cheaper now (${cheaper.length}):`, ...cheaper.map(line), '');
  parts.push(`Manage your saved searches and this e-mail: ${origin}/user/alerts`);
  const count = fresh.length + cheaper.length;
  return { subject: count === 1 ? 'Your saved searches: 1 listing for you today' : `Your saved searches: ${count} listings for you today`, text: parts.join('\n') };
}
