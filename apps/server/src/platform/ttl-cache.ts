/** A small time-bounded memo for values that may be a little stale (e.g. result counts). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
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
  }
}
