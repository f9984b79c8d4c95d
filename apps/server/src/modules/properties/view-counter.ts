import type { Database } from '../../db/client.ts';
import { propertyRepository } from './repository.ts';

/**
 * Counts property views in memory and writes them in one statement every few seconds, so a
 * busy listing costs one write per interval instead of one per visit. `flush()` runs on shutdown;
 * a crash loses at most one interval of views.
 *
 * What it counted of a listing is kept while a row read from the database may still be answered
 * from a cache (`countedSince` adds the views since the read): a listing neither viewed nor read
 * for `forgetAfterMs` is forgotten, so at a million listings the counts stay those of the
 * listings being visited, not of every listing ever visited.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  /** Every view counted by this process, written or not, of the listings it still remembers. */
  private readonly counted = new Map<number, number>();
  /** When each remembered listing was last viewed or read, oldest first. */
  private readonly touched = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly intervalMs = 2000,
    private readonly onError: (err: unknown) => void = () => {},
    /** Longer than any cache keeps a listing's row (its lifetime), with room to spare. */
    private readonly forgetAfterMs = 120_000,
    private readonly now: () => number = Date.now,
  ) {}

  add(propertyId: number): void {
    this.counted.set(propertyId, (this.counted.get(propertyId) ?? 0) + 1);
    this.pending.set(propertyId, (this.pending.get(propertyId) ?? 0) + 1);
    this.touch(propertyId);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** Views this process has written to the database so far (asked as its row is read). */
  writtenFor(propertyId: number): number {
    if (this.counted.has(propertyId)) this.touch(propertyId);
    return (this.counted.get(propertyId) ?? 0) - (this.pending.get(propertyId) ?? 0);
  }

  /** How many listings' counts it remembers. */
  get size(): number {
    return this.counted.size;
  }

  private touch(propertyId: number): void {
    this.touched.delete(propertyId);
    this.touched.set(propertyId, this.now());
  }

  /** Forgets the listings neither viewed nor read for `forgetAfterMs` whose views are all written. */
  private forget(): void {
    const before = this.now() - this.forgetAfterMs;
    for (const [id, at] of this.touched) {
      if (at > before) break;
      if (this.pending.has(id)) continue;
      this.touched.delete(id);
      this.counted.delete(id);
    }
  }

  /** Views this process has counted since `writtenBefore` of them had been written. */
  countedSince(propertyId: number, writtenBefore: number): number {
    return (this.counted.get(propertyId) ?? 0) - writtenBefore;
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing.then(() =>
      propertyRepository.addViews(this.db, batch).then(
        () => this.forget(),
        (err) => {
          // Put them back so the next flush retries.
          for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
          this.onError(err);
        },
      ),
    );
    return this.flushing;
  }
}
