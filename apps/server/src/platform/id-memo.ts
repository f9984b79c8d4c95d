/**
 * Rows by numeric id (or values by any key) for a short time (the public cache's lifetime),
 * bounded by count. Two generations instead of evicting one entry at a time: when the young one is
 * full it becomes the old one and the oldest generation goes whole, so a busy memo never deletes
 * from a Map (which, under churn, made each eviction walk the Map's holes).
 */
export class IdMemo<V, K extends number | string = number> {
  private young = new Map<K, { value: V; expires: number }>();
  private old = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(id: K): V | undefined {
    const hit = this.young.get(id) ?? this.old.get(id);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  set(id: K, value: V): void {
    if (this.young.size >= this.maxEntries / 2) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(id, { value, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }
}

/**
 * Counts a use of `key` in `uses` and answers how many there have been, this one included, each
 * within the memo's lifetime of the one before (decision 21: the caches keep what is asked again).
 */
export function countUse(uses: IdMemo<number, string>, key: string): number {
  const used = (uses.get(key) ?? 0) + 1;
  uses.set(key, used);
  return used;
}
