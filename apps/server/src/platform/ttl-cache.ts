/**
 * A small time-bounded memo for values that may be a little stale (e.g. result counts). With
 * `staleMs`, an entry past its lifetime is kept that much longer for `getStale`: a reader that can
 * take the last value while one load refreshes it (stale-while-revalidate) need not wait.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; weight: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private totalWeight = 0;

  /** `bound.weigh` and `bound.maxWeight` bound it by size too (e.g. bytes), evicting the oldest first. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly bound?: { weigh: (value: V) => number; maxWeight: number },
    private readonly staleMs = 0,
  ) {}

  /** Entries and their total weight, for tests and diagnostics. */
  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.totalWeight };
  }

  /** The value while it is within its lifetime. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.expires < now) {
      if (hit.expires + this.staleMs < now) this.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** The value within its lifetime or past it by `staleMs` at most; `clear` forgets it as it forgets the rest. */
  getStale(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires + this.staleMs < Date.now()) {
      this.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    const weight = this.bound?.weigh(value) ?? 0;
    if (this.bound && weight > this.bound.maxWeight) return;
    this.delete(key);
    while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || (this.bound && this.totalWeight + weight > this.bound.maxWeight))) {
      this.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, weight });
    this.totalWeight += weight;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  /** Loads on a miss; concurrent misses for one key share a single load. A TTL of 0 disables caching. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = load().finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    const value = await loading;
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }
}
