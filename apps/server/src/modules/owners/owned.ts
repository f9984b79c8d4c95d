import type { Database, Executor } from '../../db/client.ts';
import { Forbidden, Invalid, NotFound } from '../../platform/errors.ts';
import type { MediaBatch } from '../../platform/media-batch.ts';
import type { PageTag } from '../../platform/page-cache.ts';
import type { PackageService } from '../packages/service.ts';

/** What every owned row (a property, a project) answers about itself. */
export interface OwnedRowBase {
  id: number;
  slug_id: string;
  owner_id: number | null;
  status: number;
  request_status: 'approved' | 'pending' | 'rejected';
  paid_with_package_id: number | null;
}

/** One kind of listing an owner keeps: its rows, files, the unit that paid for one and the pages that show it. */
export interface OwnedKind<R extends OwnedRowBase> {
  /** "property" or "project", for messages. */
  noun: 'property' | 'project';
  find(db: Executor, id: number): Promise<R | null>;
  lock(tx: Executor, id: number): Promise<R | null>;
  filesOf(tx: Executor, id: number): Promise<string[]>;
  delete(tx: Executor, id: number): Promise<void>;
  setStatus(tx: Executor, id: number, status: number): Promise<void>;
  feature: 'property_list' | 'project_list';
  tags(slug: string): PageTag[];
}

/**
 * What owning a listing means, the same for properties and projects: only its owner may touch it
 * (someone else gets 403 where it is public anyway, 404 where its existence must not leak);
 * deleting takes its files after the rows and gives back the unit of one never approved; pausing
 * is for approved listings only.
 */
export class OwnedListings<R extends OwnedRowBase> {
  constructor(
    private readonly db: Database,
    private readonly kind: OwnedKind<R>,
    private readonly deps: { packages: PackageService; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  /** The row, if `ownerId` owns it; `lock` inside a transaction. */
  async ownedOrRefuse(db: Executor, id: number, ownerId: number, lock = false): Promise<R> {
    const row = lock ? await this.kind.lock(db, id) : await this.kind.find(db, id);
    const notFound = `${this.kind.noun === 'property' ? 'Property' : 'Project'} not found`;
    if (!row) throw new NotFound(notFound);
    if (row.owner_id !== ownerId) {
      if (row.status === 1 && row.request_status === 'approved') throw new Forbidden();
      throw new NotFound(notFound);
    }
    return row;
  }

  /** Deletes an owned listing: its files go through `batch` once the rows are gone. */
  async remove(id: number, ownerId: number, batch: MediaBatch): Promise<void> {
    await this.ownedOrRefuse(this.db, id, ownerId);
    const slug = await batch.run(() =>
      this.db.transaction(async (tx) => {
        const row = await this.ownedOrRefuse(tx, id, ownerId, true);
        batch.removeAfterCommit(...(await this.kind.filesOf(tx, id)));
        await this.kind.delete(tx, id);
        if (row.request_status !== 'approved' && row.paid_with_package_id !== null) {
          await this.deps.packages.releaseFeature(tx, ownerId, this.kind.feature, { userPackageId: row.paid_with_package_id });
        }
        return row.slug_id;
      }),
    );
    this.deps.invalidatePages(this.kind.tags(slug));
  }

  /** Pauses (0) or re-activates (1) an owned, approved listing. */
  async setActive(id: number, ownerId: number, status: number): Promise<void> {
    await this.change(id, ownerId, async (tx, row) => {
      if (row.request_status !== 'approved') throw new Invalid('status', `Only an approved ${this.kind.noun} can be paused or made active again`);
      await this.kind.setStatus(tx, id, status);
    });
  }

  /** Runs `work` on the locked, owned row in a transaction, then drops the pages that show it. */
  async change(id: number, ownerId: number, work: (tx: Executor, row: R) => Promise<void>): Promise<void> {
    await this.ownedOrRefuse(this.db, id, ownerId);
    const slug = await this.db.transaction(async (tx) => {
      const row = await this.ownedOrRefuse(tx, id, ownerId, true);
      await work(tx, row);
      return row.slug_id;
    });
    this.deps.invalidatePages(this.kind.tags(slug));
  }
}
