import type { AdminPackage, AdminPackageBody, AdminPackageListQuery } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { auditRepository } from './audit-repository.ts';
import { adminPackagesRepository as repo } from './packages-repository.ts';

const audited = (p: AdminPackage | null) => (p ? { name: p.name, package_type: p.package_type, price: p.price, duration: p.duration, ios_product_id: p.ios_product_id, is_active: p.is_active, features: p.features } : null);

/**
 * Packages on sale (spec §4 "Feature types"): their price, duration in hours, features and limits.
 * What a user was granted is a copy (user_package_features), so editing a package never changes a
 * running purchase. A package anyone bought stays (payments and purchases point at it): deleting
 * it is refused, deactivating takes it off sale.
 */
export class AdminPackagesService {
  constructor(
    private readonly db: Database,
    private readonly deps: { invalidatePages: (tags: PageTag[]) => void },
  ) {}

  list(q: AdminPackageListQuery) {
    return repo.list(this.db, q);
  }

  async get(id: number): Promise<AdminPackage> {
    const found = await repo.find(this.db, id);
    if (!found) throw new NotFound('Package not found');
    return found;
  }

  async create(body: AdminPackageBody, ctx: RequestContext): Promise<AdminPackage> {
    const adminId = viewerIdOf(ctx);
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.insert(tx, body);
      await auditRepository.record(tx, { actorId: adminId, action: 'package.create', entity: 'package', entityId: id, before: null, after: audited(await repo.find(tx, id)) });
      return id;
    });
    this.changed();
    return this.get(id);
  }

  async update(id: number, body: AdminPackageBody, ctx: RequestContext): Promise<AdminPackage> {
    const adminId = viewerIdOf(ctx);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lock(tx, id))) throw new NotFound('Package not found');
      const before = await repo.find(tx, id);
      await repo.update(tx, id, body);
      await auditRepository.record(tx, { actorId: adminId, action: 'package.update', entity: 'package', entityId: id, before: audited(before), after: audited(await repo.find(tx, id)) });
    });
    this.changed();
    return this.get(id);
  }

  async setActive(id: number, active: boolean, ctx: RequestContext): Promise<AdminPackage> {
    const adminId = viewerIdOf(ctx);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lock(tx, id))) throw new NotFound('Package not found');
      const before = await repo.find(tx, id);
      if (before!.is_active === active) return;
      await repo.setActive(tx, id, active);
      await auditRepository.record(tx, { actorId: adminId, action: active ? 'package.activate' : 'package.deactivate', entity: 'package', entityId: id, before: { is_active: !active }, after: { is_active: active } });
    });
    this.changed();
    return this.get(id);
  }

  /** Deletes a package nobody bought; one that was bought is refused (409): deactivate it instead. */
  async remove(id: number, ctx: RequestContext): Promise<{ id: number }> {
    const adminId = viewerIdOf(ctx);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lock(tx, id))) throw new NotFound('Package not found');
      if (await repo.wasBought(tx, id)) throw new Conflict('This package was bought, so it is kept for its buyers’ records. Deactivate it to take it off sale.');
      const before = await repo.find(tx, id);
      await repo.remove(tx, id);
      await auditRepository.record(tx, { actorId: adminId, action: 'package.delete', entity: 'package', entityId: id, before: audited(before), after: null });
    });
    this.changed();
    return { id };
  }

  /** The plans page and get-package show the change at once. */
  private changed() {
    this.deps.invalidatePages(pageTagsFor.site());
  }
}
