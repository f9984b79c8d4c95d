import type { PropertySort } from '@estate/core';
import type { Executor } from '../../db/client.ts';
import type { PropertyFilters } from './repository.ts';
import { searchIndexRepository, type IndexedRow } from './search-index-repository.ts';

/**
 * The listing search's filters and sort orders, held in this process (decision 12).
 *
 * Distinct searches at a million listings cost PostgreSQL milliseconds each (planning, then
 * reading index pages from the OS cache), which capped them near 165 a second on two cores. The
 * facts a search filters and sorts on are few and small, so every listed listing's are kept here in
 * typed arrays (≈ 90 bytes a listing), partitioned by city, each partition with its listings in the
 * four sort orders. A search walks its city's (or, without one, every partition's merged) order,
 * tests each listing against the filters and stops once it has the page and the capped count: ids
 * and a total in a fraction of a millisecond. The cards then come by primary key.
 *
 * The database stays the truth. The index answers only the filters it holds — anything else (text
 * search, parameters, facilities, promoted, polygons, radii, chosen ids) goes to SQL as before — and
 * it follows every write through `property_search_changes`, which a trigger fills in the writer's
 * transaction: it reads the changes of every transaction finished since it last looked and reloads
 * those listings. With `staleMs` 0 (no public cache: tests, or an operator who wants it) it catches up
 * before every search, so a write is seen by the next read on any instance; otherwise it catches up
 * every second and on every local invalidation, and rebuilds a sort order at most every `staleMs`,
 * never staler than the public cache the answers already pass through. Until it has loaded, and
 * whenever it cannot catch up, searches go to SQL.
 */

const NONE = -1;
/** Sort orders kept per partition; the other two are these walked backwards. */
type OrderKey = 'newest' | 'price' | 'views' | 'likes';
const ORDER_OF: Record<PropertySort, { key: OrderKey; reverse: boolean }> = {
  newest: { key: 'newest', reverse: false },
  oldest: { key: 'newest', reverse: true },
  price_asc: { key: 'price', reverse: false },
  price_desc: { key: 'price', reverse: true },
  most_viewed: { key: 'views', reverse: false },
  most_liked: { key: 'likes', reverse: false },
};
const ORDER_KEYS: OrderKey[] = ['newest', 'price', 'views', 'likes'];

/** Filters the index answers; anything else set sends the search to SQL. */
const HELD: ReadonlySet<keyof PropertyFilters> = new Set<keyof PropertyFilters>([
  'propertyType',
  'propertyTypes',
  'categoryId',
  'categoryIds',
  'city',
  'state',
  'country',
  'minPrice',
  'maxPrice',
  'postedSince',
  'bedrooms',
  'bathrooms',
  'livingRooms',
  'floors',
  'isPremium',
  'ownerId',
  'excludeId',
  'bbox',
]);

/** PostgreSQL's lower() under a C or unknown collation changes ASCII letters only: other cased text goes to SQL. */
const safeLower = (s: string): string | null => {
  const lower = s.toLowerCase();
  // eslint-disable-next-line no-control-regex
  return lower === s || /^[\x00-\x7f]*$/.test(s) ? lower : null;
};

interface Partition {
  members: Set<number>;
  orders: Partial<Record<OrderKey, Int32Array>>;
  /** When each order was built; an order is rebuilt when it is dirty and older than the staleness allowed. */
  builtAt: Partial<Record<OrderKey, number>>;
  dirty: Set<OrderKey>;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export interface IndexPage {
  ids: number[];
  /** Listings matched, counted up to `countCap`. */
  total: number;
}

class Dictionary {
  private readonly ids = new Map<string, number>();
  idOf(value: string | null): number {
    if (value === null) return NONE;
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.ids.size));
    return id;
  }
  find(value: string): number | undefined {
    return this.ids.get(value);
  }
}

export class SearchIndex {
  private capacity = 0;
  private size = 0;
  private readonly slotOf = new Map<number, number>();
  private id = new Int32Array(0);
  private live = new Uint8Array(0);
  private created = new Float64Array(0);
  private price = new Float64Array(0);
  private clicks = new Float64Array(0);
  private likes = new Float64Array(0);
  private type = new Int16Array(0);
  private category = new Int32Array(0);
  private city = new Int32Array(0);
  private state = new Int32Array(0);
  private country = new Int32Array(0);
  private bedrooms = new Int32Array(0);
  private bathrooms = new Int32Array(0);
  private livingRooms = new Int32Array(0);
  private floors = new Int32Array(0);
  private premium = new Uint8Array(0);
  private owner = new Int32Array(0);
  private lat = new Float64Array(0);
  private lng = new Float64Array(0);
  private readonly cities = new Dictionary();
  private readonly states = new Dictionary();
  private readonly countries = new Dictionary();
  private readonly partitions = new Map<number, Partition>();

  private horizon: string | null = null;
  private lastCaughtUp = 0;
  private catchingUp: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private prunedAt = 0;
  private loading: Promise<void> | null = null;
  private closed = false;
  /** posted_since 1 ("since yesterday") is the database's day; answered here only when that day is UTC's. */
  private utcDays = false;

  constructor(
    private readonly db: Executor,
    private readonly opts: { staleMs: number; pollMs?: number; chunk?: number } = { staleMs: 0 },
  ) {}

  /** Loads every listed listing (in chunks), then follows changes. Searches use SQL until it is done. */
  start(): Promise<void> {
    this.loading ??= this.load().catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  get ready(): boolean {
    return this.horizon !== null && !this.closed;
  }

  get listed(): number {
    return this.slotOf.size;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A write here may have changed listings: look for changes now rather than at the next tick. */
  poke(): void {
    if (this.ready) void this.catchUp().catch(() => undefined);
  }

  /** Whether the index answers these filters (the rest go to SQL). */
  holds(filters: PropertyFilters): boolean {
    for (const key of Object.keys(filters) as (keyof PropertyFilters)[]) {
      if (filters[key] === undefined || HELD.has(key)) continue;
      if (key === 'promoted' && !filters.promoted) continue;
      if ((key === 'facilityIds' || key === 'categoryIds' || key === 'propertyTypes') && !(filters[key] as unknown[]).length) continue;
      return false;
    }
    for (const place of [filters.city, filters.state, filters.country]) if (place && safeLower(place) === null) return false;
    if (filters.postedSince === 1 && !this.utcDays) return false;
    return true;
  }

  /**
   * A page of ids in `sort` order and the number of matches counted up to `countCap`, or null when
   * the index cannot answer (not loaded, filters it does not hold, or it could not catch up).
   */
  async page(filters: PropertyFilters, sort: PropertySort, limit: number, offset: number, countCap: number): Promise<IndexPage | null> {
    if (!(await this.usable(filters))) return null;
    const ids: number[] = [];
    const end = offset + limit;
    let matched = 0;
    this.walk(filters, sort, (slot) => {
      if (matched >= offset && matched < end) ids.push(this.id[slot]);
      matched++;
      return matched < Math.max(countCap, end);
    });
    return { ids, total: Math.min(matched, countCap) };
  }

  /** The newest `limit` matches that have a place on the map, or null as `page`. */
  async mapIds(filters: PropertyFilters, limit: number): Promise<number[] | null> {
    if (!(await this.usable(filters))) return null;
    const ids: number[] = [];
    this.walk(filters, 'newest', (slot) => {
      if (Number.isNaN(this.lat[slot]) || Number.isNaN(this.lng[slot])) return true;
      ids.push(this.id[slot]);
      return ids.length < limit;
    });
    return ids;
  }

  private async usable(filters: PropertyFilters): Promise<boolean> {
    if (!this.ready || !this.holds(filters)) return false;
    try {
      if (this.opts.staleMs <= 0) {
        // Exact: a look that began before this search may have missed a write it must see.
        await this.catchingUp?.catch(() => undefined);
        await this.catchUp();
      } else if (Date.now() - this.lastCaughtUp > Math.max(this.opts.staleMs, this.opts.pollMs ?? 1000) * 2) {
        // The ticks have not kept up (database away?): catch up now or answer from SQL.
        await this.catchUp();
      }
    } catch {
      return false;
    }
    return !this.closed;
  }

  // ---------------------------------------------------------------------------------------------
  // Walking the orders

  private walk(filters: PropertyFilters, sort: PropertySort, visit: (slot: number) => boolean): void {
    const parts = this.partitionsFor(filters);
    if (!parts.length) return;
    const { key, reverse } = ORDER_OF[sort];
    const test = this.predicate(filters);
    const orders = parts.map(([cityId, p]) => ({ cityId, order: this.order(p, key) }));
    if (orders.length === 1) {
      const { cityId, order } = orders[0];
      const n = order.length;
      for (let i = 0; i < n; i++) {
        const slot = order[reverse ? n - 1 - i : i];
        if (this.city[slot] !== cityId || !this.live[slot] || !test(slot)) continue;
        if (!visit(slot)) return;
      }
      return;
    }
    // Several partitions: merge their orders (a binary heap of cursors), still in sort order.
    const before = this.comparator(key, reverse);
    const heap: { cityId: number; order: Int32Array; at: number }[] = [];
    const slotAt = (c: (typeof heap)[number]) => c.order[reverse ? c.order.length - 1 - c.at : c.at];
    const less = (a: (typeof heap)[number], b: (typeof heap)[number]) => before(slotAt(a), slotAt(b)) < 0;
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l], heap[m])) m = l;
        if (r < heap.length && less(heap[r], heap[m])) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    };
    for (const o of orders) if (o.order.length) heap.push({ ...o, at: 0 });
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
    while (heap.length) {
      const top = heap[0];
      const slot = slotAt(top);
      if (this.city[slot] === top.cityId && this.live[slot] && test(slot) && !visit(slot)) return;
      if (++top.at >= top.order.length) {
        heap[0] = heap[heap.length - 1];
        heap.pop();
      }
      if (heap.length) down(0);
    }
  }

  /** The partitions a search can find listings in: its city's, or those whose area meets its map box. */
  private partitionsFor(f: PropertyFilters): [number, Partition][] {
    if (f.city) {
      const cityId = this.cities.find(safeLower(f.city)!);
      const p = cityId === undefined ? undefined : this.partitions.get(cityId);
      return p && p.members.size ? [[cityId!, p]] : [];
    }
    const out: [number, Partition][] = [];
    for (const [cityId, p] of this.partitions) {
      if (!p.members.size) continue;
      const b = f.bbox;
      if (b && (p.maxLat < b.minLat || p.minLat > b.maxLat || p.maxLng < b.minLng || p.minLng > b.maxLng)) continue;
      out.push([cityId, p]);
    }
    return out;
  }

  private comparator(key: OrderKey, reverse = false): (a: number, b: number) => number {
    const id = this.id;
    const by = key === 'newest' ? this.created : key === 'price' ? this.price : key === 'views' ? this.clicks : this.likes;
    // newest, views and likes descend (ties: higher id first); price ascends (ties: lower id first).
    const sign = (key === 'price' ? 1 : -1) * (reverse ? -1 : 1);
    return (a, b) => sign * (by[a] - by[b] || id[a] - id[b]);
  }

  private order(p: Partition, key: OrderKey): Int32Array {
    const built = p.orders[key];
    const stale = p.dirty.has(key) && (this.opts.staleMs <= 0 || Date.now() - (p.builtAt[key] ?? 0) >= this.opts.staleMs);
    if (built && !stale) return built;
    const order = Int32Array.from(p.members).sort(this.comparator(key));
    p.orders[key] = order;
    p.builtAt[key] = Date.now();
    p.dirty.delete(key);
    return order;
  }

  private predicate(f: PropertyFilters): (slot: number) => boolean {
    const tests: ((s: number) => boolean)[] = [];
    const { type, category, price, created, state, country, premium, owner, id, lat, lng } = this;
    if (f.propertyType !== undefined) {
      const t = f.propertyType;
      tests.push((s) => type[s] === t);
    }
    if (f.propertyTypes?.length) {
      const ts = new Set(f.propertyTypes);
      tests.push((s) => ts.has(type[s]));
    }
    if (f.categoryId !== undefined) {
      const c = f.categoryId;
      tests.push((s) => category[s] === c);
    }
    if (f.categoryIds?.length) {
      const cs = new Set(f.categoryIds);
      tests.push((s) => cs.has(category[s]));
    }
    for (const [value, dict, column] of [
      [f.state, this.states, state],
      [f.country, this.countries, country],
    ] as const) {
      if (!value) continue;
      const wanted = dict.find(safeLower(value)!);
      if (wanted === undefined) return () => false;
      tests.push((s) => column[s] === wanted);
    }
    if (f.minPrice !== undefined) {
      const min = f.minPrice;
      tests.push((s) => price[s] >= min);
    }
    if (f.maxPrice !== undefined) {
      const max = f.maxPrice;
      tests.push((s) => price[s] <= max);
    }
    if (f.postedSince === 0 || f.postedSince === 1) {
      const now = Date.now();
      const since = f.postedSince === 0 ? now - 7 * 86_400_000 : Math.floor(now / 86_400_000) * 86_400_000 - 86_400_000;
      const sinceMicros = since * 1000;
      tests.push((s) => created[s] >= sinceMicros);
    }
    for (const [value, column] of [
      [f.bedrooms, this.bedrooms],
      [f.bathrooms, this.bathrooms],
      [f.livingRooms, this.livingRooms],
      [f.floors, this.floors],
    ] as const) {
      if (value === undefined) continue;
      tests.push((s) => column[s] === value);
    }
    if (f.isPremium !== undefined) {
      const want = f.isPremium ? 1 : 0;
      tests.push((s) => premium[s] === want);
    }
    if (f.ownerId !== undefined) {
      const o = f.ownerId ?? 0;
      tests.push((s) => owner[s] === o);
    }
    if (f.excludeId !== undefined) {
      const x = f.excludeId;
      tests.push((s) => id[s] !== x);
    }
    if (f.bbox) {
      const b = f.bbox;
      tests.push((s) => lat[s] >= b.minLat && lat[s] <= b.maxLat && lng[s] >= b.minLng && lng[s] <= b.maxLng);
    }
    if (!tests.length) return () => true;
    if (tests.length === 1) return tests[0];
    return (s) => {
      for (let i = 0; i < tests.length; i++) if (!tests[i](s)) return false;
      return true;
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Loading and following changes

  private async load(): Promise<void> {
    this.utcDays = await searchIndexRepository.daysAreUtc(this.db);
    // Changes of transactions not finished before this point are read again after the load.
    const horizon = await searchIndexRepository.horizon(this.db);
    let after = 0;
    const chunk = this.opts.chunk ?? 50_000;
    for (;;) {
      if (this.closed) return;
      const rows = await searchIndexRepository.listedAfter(this.db, after, chunk);
      for (const row of rows) this.put(row);
      if (rows.length < chunk) break;
      after = rows[rows.length - 1].id;
    }
    this.horizon = horizon;
    await this.catchUp();
    const pollMs = this.opts.pollMs ?? 1000;
    if (!this.closed && pollMs > 0) {
      this.timer = setInterval(() => void this.catchUp().catch(() => undefined), pollMs);
      this.timer.unref();
    }
  }

  /** Reloads the listings changed by transactions finished since the last look (one at a time). */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        const started = Date.now();
        const { horizon, ids } = await searchIndexRepository.changedSince(this.db, this.horizon!);
        for (let i = 0; i < ids.length; i += 5000) {
          const part = ids.slice(i, i + 5000);
          const rows = await searchIndexRepository.listedByIds(this.db, part);
          const found = new Set<number>();
          for (const row of rows) {
            found.add(row.id);
            this.put(row);
          }
          for (const id of part) if (!found.has(id)) this.remove(id);
        }
        this.horizon = horizon;
        this.lastCaughtUp = started;
        if (started - this.prunedAt > 60_000) {
          this.prunedAt = started;
          await searchIndexRepository.prune(this.db, 600);
        }
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const widen = <T extends Float64Array | Int32Array | Int16Array | Uint8Array>(old: T, make: (n: number) => T, fill?: number): T => {
      const next = make(capacity);
      if (fill !== undefined) next.fill(fill);
      next.set(old);
      return next;
    };
    this.id = widen(this.id, (n) => new Int32Array(n));
    this.live = widen(this.live, (n) => new Uint8Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.clicks = widen(this.clicks, (n) => new Float64Array(n));
    this.likes = widen(this.likes, (n) => new Float64Array(n));
    this.type = widen(this.type, (n) => new Int16Array(n));
    this.category = widen(this.category, (n) => new Int32Array(n));
    this.city = widen(this.city, (n) => new Int32Array(n), NONE);
    this.state = widen(this.state, (n) => new Int32Array(n), NONE);
    this.country = widen(this.country, (n) => new Int32Array(n), NONE);
    this.bedrooms = widen(this.bedrooms, (n) => new Int32Array(n));
    this.bathrooms = widen(this.bathrooms, (n) => new Int32Array(n));
    this.livingRooms = widen(this.livingRooms, (n) => new Int32Array(n));
    this.floors = widen(this.floors, (n) => new Int32Array(n));
    this.premium = widen(this.premium, (n) => new Uint8Array(n));
    this.owner = widen(this.owner, (n) => new Int32Array(n));
    this.lat = widen(this.lat, (n) => new Float64Array(n));
    this.lng = widen(this.lng, (n) => new Float64Array(n));
    this.capacity = capacity;
  }

  private partition(cityId: number): Partition {
    let p = this.partitions.get(cityId);
    if (!p) {
      p = { members: new Set(), orders: {}, builtAt: {}, dirty: new Set(ORDER_KEYS), minLat: Infinity, maxLat: -Infinity, minLng: Infinity, maxLng: -Infinity };
      this.partitions.set(cityId, p);
    }
    return p;
  }

  /** Adds or refreshes one listed listing. A slot is never reused, so a stale order never points at another listing. */
  private put(row: IndexedRow): void {
    let slot = this.slotOf.get(row.id);
    const cityId = this.cities.idOf(row.city);
    const price = Number(row.price);
    if (slot === undefined) {
      if (this.size === this.capacity) this.grow();
      slot = this.size++;
      this.slotOf.set(row.id, slot);
      this.id[slot] = row.id;
    } else {
      const was = this.partition(this.city[slot]);
      if (this.city[slot] !== cityId) {
        was.members.delete(slot);
        for (const key of ORDER_KEYS) was.dirty.add(key);
      } else {
        if (this.created[slot] !== row.created) was.dirty.add('newest');
        if (this.price[slot] !== price) was.dirty.add('price');
        if (this.clicks[slot] !== row.total_click) was.dirty.add('views');
        if (this.likes[slot] !== row.total_favourites) was.dirty.add('likes');
      }
    }
    const p = this.partition(cityId);
    if (!p.members.has(slot)) {
      p.members.add(slot);
      for (const key of ORDER_KEYS) p.dirty.add(key);
    }
    this.live[slot] = 1;
    this.created[slot] = row.created;
    this.price[slot] = price;
    this.clicks[slot] = row.total_click;
    this.likes[slot] = row.total_favourites;
    this.type[slot] = row.property_type;
    this.category[slot] = row.category_id;
    this.city[slot] = cityId;
    this.state[slot] = this.states.idOf(row.state);
    this.country[slot] = this.countries.idOf(row.country);
    this.bedrooms[slot] = row.bedrooms ?? NONE - 1;
    this.bathrooms[slot] = row.bathrooms ?? NONE - 1;
    this.livingRooms[slot] = row.living_rooms ?? NONE - 1;
    this.floors[slot] = row.floors ?? NONE - 1;
    this.premium[slot] = row.is_premium ? 1 : 0;
    this.owner[slot] = row.owner_id ?? 0;
    this.lat[slot] = row.latitude ?? NaN;
    this.lng[slot] = row.longitude ?? NaN;
    if (row.latitude !== null && row.longitude !== null) {
      p.minLat = Math.min(p.minLat, row.latitude);
      p.maxLat = Math.max(p.maxLat, row.latitude);
      p.minLng = Math.min(p.minLng, row.longitude);
      p.maxLng = Math.max(p.maxLng, row.longitude);
    }
  }

  /** A listing left the listed ones (unlisted, rejected, deleted). */
  private remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.live[slot] = 0;
    const p = this.partition(this.city[slot]);
    p.members.delete(slot);
    // Walks skip dead slots, so the orders stay usable until their next rebuild.
    for (const key of ORDER_KEYS) p.dirty.add(key);
  }
}
