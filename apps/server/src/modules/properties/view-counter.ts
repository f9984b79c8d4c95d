import type { Database } from '../../db/client.ts';
import { propertyRepository } from './repository.ts';

/**
 * Counts property views in memory and writes them in one statement every few seconds, so a
 * busy listing costs one write per interval instead of one per visit. `flush()` runs on shutdown;
 * a crash loses at most one interval of views.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  /** Every view counted by this process, written or not. */
  private readonly counted = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly intervalMs = 2000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  add(propertyId: number): void {
    this.counted.set(propertyId, (this.counted.get(propertyId) ?? 0) + 1);
    this.pending.set(propertyId, (this.pending.get(propertyId) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** Views this process has written to the database so far. */
  writtenFor(propertyId: number): number {
    return (this.counted.get(propertyId) ?? 0) - (this.pending.get(propertyId) ?? 0);
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
      propertyRepository.addViews(this.db, batch).catch((err) => {
        // Put them back so the next flush retries.
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        this.onError(err);
      }),
    );
    return this.flushing;
  }
}
