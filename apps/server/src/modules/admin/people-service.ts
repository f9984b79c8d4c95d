import type { PeopleQuery, PersonDetail, PersonMessageBody, PersonRole } from '@estate/core';
import type { Database, Transaction } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import type { MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { auditRepository } from './audit-repository.ts';
import { peopleRepository as repo, type LockedPerson } from './people-repository.ts';

export const LAST_ADMIN = 'This is the last active administrator: make someone else an administrator first.';
export const BLOCKS_ADMIN = 'This person has blocked messages from the platform.';

/**
 * People in the console: users, agents and administrators — their activity, deactivation and
 * reactivation (sessions end at once; the log-in refuses them with "Account Deactivated…"; their
 * listings and projects leave the public site until they are reactivated),
 * roles, verification reset and messages from the platform. The marketplace never loses its last
 * active administrator: the admins' rows are locked before that is checked, so two admins demoting
 * each other at once cannot both succeed.
 */
export class PeopleService {
  constructor(
    private readonly db: Database,
    private readonly deps: { notifier?: Notifier; media?: MediaStore; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  list(q: PeopleQuery) {
    return repo.list(this.db, q);
  }

  async detail(id: number): Promise<PersonDetail> {
    const person = await repo.detail(this.db, id);
    if (!person) throw new NotFound('Person not found');
    return person;
  }

  async setActive(id: number, active: boolean, reason: string | undefined, ctx: RequestContext): Promise<PersonDetail> {
    const adminId = viewerIdOf(ctx);
    const slug = await this.db.transaction(async (tx) => (await this.setActiveIn(tx, adminId, id, active, reason)).slug_id);
    this.after(slug);
    return this.detail(id);
  }

  /**
   * Deactivates or reactivates in the caller's transaction (the reports queue deactivates an owner
   * with its own change). One already in that state is left as it is.
   */
  async setActiveIn(tx: Transaction, adminId: number, id: number, active: boolean, reason: string | undefined): Promise<LockedPerson> {
    const admins = await repo.lockActiveAdmins(tx);
    const person = await repo.lock(tx, id);
    if (!person) throw new NotFound('Person not found');
    if (person.is_active === active) return person;
    if (!active) {
      if (id === adminId) throw new Conflict('You cannot deactivate your own account.');
      if (person.role === 'admin' && admins.length <= 1 && admins.includes(id)) throw new Conflict(LAST_ADMIN);
    }
    await repo.setActive(tx, id, active);
    const listings = await repo.holdListings(tx, id, !active);
    await auditRepository.record(tx, {
      actorId: adminId,
      action: active ? 'user.reactivate' : 'user.deactivate',
      entity: 'user',
      entityId: id,
      before: { is_active: person.is_active },
      after: { is_active: active, ...(reason ? { reason } : {}), [active ? 'listings_restored' : 'listings_held']: listings },
    });
    const said = active ? keyed('account-reactivated', {}) : reason ? keyed('account-deactivated-reason', { reason }) : keyed('account-deactivated', {});
    const { title, message } = said;
    await this.deps.notifier?.notify(tx, id, { ...said, kind: active ? 'account-reactivated' : 'account-deactivated', email: { subject: title, text: `${message}\n\nPlease contact us if you have questions.` } });
    return person;
  }

  async setRole(id: number, role: PersonRole, ctx: RequestContext): Promise<PersonDetail> {
    const adminId = viewerIdOf(ctx);
    const slug = await this.db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx);
      const person = await repo.lock(tx, id);
      if (!person) throw new NotFound('Person not found');
      if (person.role === role) return null;
      if (person.role === 'admin' && admins.length <= 1 && admins.includes(id)) throw new Conflict(LAST_ADMIN);
      await repo.setRole(tx, id, role);
      await auditRepository.record(tx, { actorId: adminId, action: role === 'admin' ? 'user.make_admin' : person.role === 'admin' ? 'user.remove_admin' : 'user.role', entity: 'user', entityId: id, before: { role: person.role }, after: { role } });
      return person.slug_id;
    });
    if (slug !== null) this.after(slug);
    return this.detail(id);
  }

  /** Back to "never applied": the badge goes, the application and its files are removed. */
  async resetVerification(id: number, ctx: RequestContext): Promise<PersonDetail> {
    const adminId = viewerIdOf(ctx);
    const { slug, files } = await this.db.transaction(async (tx) => {
      const person = await repo.lock(tx, id);
      if (!person) throw new NotFound('Person not found');
      const removed = await repo.resetVerification(tx, id);
      await auditRepository.record(tx, { actorId: adminId, action: 'user.reset_verification', entity: 'user', entityId: id, before: { verification_status: person.verification_status }, after: { verification_status: 'initial' } });
      if (person.verification_status !== 'initial') {
        await this.deps.notifier?.notify(tx, id, { ...keyed('verification-reset', {}), kind: 'verification-reset', url: '/user/profile' });
      }
      return { slug: person.slug_id, files: removed };
    });
    for (const key of files) await this.deps.media?.remove(key).catch(() => undefined);
    this.after(slug);
    return this.detail(id);
  }

  /** A notice (and e-mail) from the platform; refused when the person blocks messages from the platform. */
  async message(id: number, body: PersonMessageBody, ctx: RequestContext): Promise<{ user_id: number }> {
    const adminId = viewerIdOf(ctx);
    await this.db.transaction(async (tx) => {
      const person = await repo.lock(tx, id);
      if (!person) throw new NotFound('Person not found');
      if (await repo.blocksAdmin(tx, id)) throw new Forbidden(BLOCKS_ADMIN);
      await this.deps.notifier?.notify(tx, id, { title: body.title, message: body.message, kind: 'admin-message', email: { subject: body.title, text: body.message } });
      await auditRepository.record(tx, { actorId: adminId, action: 'user.message', entity: 'user', entityId: id, after: { title: body.title, message: body.message } });
    });
    this.deps.notifier?.flush();
    return { user_id: id };
  }

  /** After a commit: mail goes out, and agent lists and pages (which show active agents and their badge) are rebuilt. */
  after(slug: string | null): void {
    this.deps.notifier?.flush();
    this.deps.invalidatePages(pageTagsFor.agent(slug ?? undefined));
  }
}
