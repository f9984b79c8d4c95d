import type { PropertySort } from '@estate/core';
import type { Executor } from '../../db/client.ts';
import { searchWords } from '../../db/listing-conditions.ts';
import { MarkerStore } from './marker-store.ts';
import { mapPointParts } from './presenter.ts';
import type { PropertyFilters } from './repository.ts';
import { searchIndexRepository, type IndexedRow } from './search-index-repository.ts';

/**
 * The listing search's filters and sort orders, held in this process (decision 13).
 *
 * Distinct searches at a million listings cost PostgreSQL milliseconds each (planning, then
 * reading index pages from the OS cache), which capped them near 165 a second on two cores. The
 * facts a search filters and sorts on are few and small, so every listed listing's are kept here in
 * typed arrays, with the listings in the four sort orders, a bitmap per value of each equality
 * filter (city, type, category, rooms…), a map grid and owners' sets. A search plans like a
 * database: each filter offers its candidates (a bitmap, a price or date slice of an order, the grid
 * cells under its box) with their number known at once; a few candidates are tested one by one and
 * the best page kept, many are better found by walking the sort order until the page and the capped
 * count are complete. The cards then come by primary key.
 *
 * Text search is answered word by word: a word is learned at its first search — the listed
 * listings it matches, asked of PostgreSQL's full-text index once, kept as a bitmap — and a search
 * whose every word is learned ANDs their bitmaps like any other equality filter. The search's
 * tsquery is the AND of its words' prefix terms with stop words left out, so this is exactly its
 * condition. A search waits for the pass that learns its words (it would cost SQL about as much,
 * and every search of the word meanwhile as much again). At most `maxTerms` words are kept, those
 * searched only once forgotten first (`Vocabulary`). A listing whose search vector changed (its
 * hash, read on catching up) is tested again against every learned word.
 *
 * The database stays the truth. The index answers only the filters it holds — anything else
 * (parameters, facilities, promoted, polygons, radii, chosen ids, words not learned yet) goes to
 * SQL as before — and it follows every write through `property_search_changes`, which a trigger
 * fills in the writer's transaction: it reads the changes of every transaction finished since it
 * last looked and reloads those listings. With `staleMs` 0 (no public cache: tests, or an operator
 * who wants it) it catches up before every search, so a write is seen by the next read on any
 * instance; otherwise it catches up every second and on every local invalidation, and rebuilds a
 * sort order at most every `staleMs`, never staler than the public cache the answers already pass
 * through. Until it has loaded, and whenever it cannot catch up, searches go to SQL.
 */

const NONE = -1;
const NULL_ROOMS = -2;
/** Sort orders kept; the other two are these walked backwards. */
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
/** Listings linked into the postings between two turns of the event loop as the index loads. */
const LINKS_A_TURN = 65_536;
/** A turn of the event loop: what waits for I/O runs first. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Map grid cells, in degrees (≈ 5.5 km). */
const CELL = 0.05;
/** Words remembered (table search_words): those searched within this many days… */
const REMEMBER_DAYS = 30;
/** …and at most this many. */
const REMEMBER_MAX = 4096;
/** Words waiting to be learned; a search of a word beyond them goes to SQL (and queues it if there is room later). */
const MAX_QUEUED = 256;
/** Words learned in one pass (each read alone). */
const LEARN_BATCH = 8;

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
  get size(): number {
    return this.ids.size;
  }
}

/**
 * Slots in groups (a city's, a map cell's), each group in one order: `slots[start[g]…start[g + 1])`,
 * beside each its place in that order (`ranks`, rising within a group: `order[ranks[i]] === slots[i]`).
 */
interface Groups {
  start: Int32Array;
  slots: Int32Array;
  ranks: Int32Array;
  order: Int32Array;
}

/** One group's slots and their places in the order it was split from. */
interface GroupList {
  slots: Int32Array;
  ranks: Int32Array;
}

const NO_GROUPS: Groups = { start: new Int32Array(1), slots: new Int32Array(0), ranks: new Int32Array(0), order: new Int32Array(0) };

/** The slots of `order` split by `group[slot]` (0…`count` - 1; NONE: in none), each group keeping the order. */
function groupsOf(order: Int32Array, group: Int32Array | Int16Array, count: number): Groups {
  const start = new Int32Array(count + 1);
  for (let i = 0; i < order.length; i++) {
    const g = group[order[i]];
    if (g >= 0) start[g + 1]++;
  }
  for (let g = 0; g < count; g++) start[g + 1] += start[g];
  const next = start.slice(0, count);
  const slots = new Int32Array(start[count]);
  const ranks = new Int32Array(start[count]);
  for (let i = 0; i < order.length; i++) {
    const slot = order[i];
    const g = group[slot];
    if (g >= 0) {
      slots[next[g]] = slot;
      ranks[next[g]++] = i;
    }
  }
  return { start, slots, ranks, order };
}

/** Group `g` of `groups` as one list. */
const groupList = (groups: Groups, g: number): GroupList => ({
  slots: groups.slots.subarray(groups.start[g], groups.start[g + 1]),
  ranks: groups.ranks.subarray(groups.start[g], groups.start[g + 1]),
});

/** The slots holding one value of a filter, as bits, with their number. */
class Bits {
  words = new Uint32Array(0);
  count = 0;
  /** The words that ever held a bit: [lo, hi). Slots are laid out by city, so a city's bits are close together. */
  lo = Infinity;
  hi = 0;
  add(slot: number): void {
    const w = slot >>> 5;
    if (w < this.lo) this.lo = w;
    if (w >= this.hi) this.hi = w + 1;
    if (w >= this.words.length) {
      const wider = new Uint32Array(Math.max(w + 1, this.words.length * 2, 64));
      wider.set(this.words);
      this.words = wider;
    }
    const bit = 1 << (slot & 31);
    if (!(this.words[w] & bit)) {
      this.words[w] |= bit;
      this.count++;
    }
  }
  delete(slot: number): void {
    const w = slot >>> 5;
    const bit = 1 << (slot & 31);
    if (w < this.words.length && this.words[w] & bit) {
      this.words[w] &= ~bit;
      this.count--;
    }
  }
}

/**
 * Learned words (their bitmaps; null for a stop word) in two least-recently-used orders: those
 * searched at most once since they were learned, and those searched again. When there are more
 * than `max`, a word searched once goes before any searched again, so a stream of words typed once
 * cannot push out the words visitors keep typing (a segmented LRU). A word searched again that
 * falls out of the second order (three quarters of `max`) gets one more chance in the first.
 */
class Vocabulary {
  private readonly once = new Map<string, { bits: Bits | null; searched: boolean }>();
  private readonly again = new Map<string, Bits | null>();
  private readonly againMax: number;

  constructor(private readonly max: number) {
    this.againMax = Math.max(1, Math.floor((max * 3) / 4));
  }

  has(word: string): boolean {
    return this.again.has(word) || this.once.has(word);
  }

  get(word: string): Bits | null | undefined {
    return this.again.has(word) ? this.again.get(word) : this.once.get(word)?.bits;
  }

  /** A search of the word: it moves to the end of its order, or to the second order if searched before. */
  use(word: string): Bits | null | undefined {
    if (this.again.has(word)) {
      const bits = this.again.get(word)!;
      this.again.delete(word);
      this.again.set(word, bits);
      return bits;
    }
    const term = this.once.get(word);
    if (!term) return undefined;
    this.once.delete(word);
    if (!term.searched) {
      this.once.set(word, { bits: term.bits, searched: true });
      return term.bits;
    }
    this.again.set(word, term.bits);
    if (this.again.size > this.againMax) {
      const [oldest, bits] = this.again.entries().next().value!;
      this.again.delete(oldest);
      this.once.set(oldest, { bits, searched: true });
    }
    return term.bits;
  }

  /** A word just learned, not searched yet (the search that asked for it comes next). */
  learn(word: string, bits: Bits | null): void {
    this.once.delete(word);
    this.again.delete(word);
    this.once.set(word, { bits, searched: false });
    while (this.once.size + this.again.size > this.max) {
      const from = this.once.size ? this.once : this.again;
      from.delete(from.keys().next().value!);
    }
  }

  get size(): number {
    return this.once.size + this.again.size;
  }

  *entries(): IterableIterator<[string, Bits | null]> {
    for (const [word, term] of this.once) yield [word, term.bits];
    yield* this.again;
  }
}

/** One equality filter's bitmaps, by value. */
class Postings {
  private readonly byValue = new Map<number, Bits>();
  move(slot: number, from: number | null, to: number | null): void {
    if (from === to) return;
    if (from !== null) this.byValue.get(from)?.delete(slot);
    if (to !== null) {
      let bits = this.byValue.get(to);
      if (!bits) this.byValue.set(to, (bits = new Bits()));
      bits.add(slot);
    }
  }
  get(value: number): Bits | undefined {
    return this.byValue.get(value);
  }
}

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
};

/**
 * Where a search's candidates come from, and how many there are; `each` visits candidates while
 * `visit` answers true; `read`: what reading one costs (READ). `covers`: every candidate passes
 * every equality filter and word of the search (the bitmap of the only one, or of all of them
 * ANDed), so only the rest are tested.
 */
type Source = { size: number; read: number; each: (visit: (slot: number) => boolean) => void; covers?: boolean };

/** The filters the postings' bitmaps answer (equalityBits); a source that covers them leaves the rest to test. */
const EQUALITY_FILTERS = ['propertyType', 'categoryId', 'city', 'state', 'country', 'bedrooms', 'bathrooms', 'livingRooms', 'floors', 'isPremium'] as const satisfies readonly (keyof PropertyFilters)[];

/**
 * What reading and testing one entry costs, against a slot read in memory order, as timed at a
 * million listings with the caches disturbed between short runs: a bitmap's slots 11–16 ns, a box's
 * cells' or a city's lists 11–25 ns (slots are laid out by city, then cell, then newest first),
 * both `inOrder`; the newest order 29–50 ns (from cell to cell, each cell's run in order); the
 * price, views and likes orders and a budget's slice of the price order, each a random read of
 * memory, 44–80 ns.
 */
const READ = { inOrder: 1, newest: 3, scattered: 5 } as const;

/** The test of a search with no filter to test. */
const ALWAYS = (): boolean => true;

/** The `k` best of what it is offered, by `before` (a bounded binary heap, worst at the top). */
class TopK {
  private readonly heap: Int32Array;
  private length = 0;
  constructor(
    private readonly k: number,
    private readonly before: (a: number, b: number) => number,
  ) {
    this.heap = new Int32Array(Math.max(0, k));
  }
  offer(slot: number): void {
    const h = this.heap;
    const before = this.before;
    if (this.length < this.k) {
      let i = this.length++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (before(h[parent], slot) >= 0) break;
        h[i] = h[parent];
        i = parent;
      }
      h[i] = slot;
      return;
    }
    if (this.k <= 0 || before(slot, h[0]) >= 0) return;
    // Sift the new slot down from the top, moving the worse child up as it goes.
    const n = this.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const worse = r < n && before(h[r], h[l]) > 0 ? r : l;
      if (before(h[worse], slot) <= 0) break;
      h[i] = h[worse];
      i = worse;
    }
    h[i] = slot;
  }
  sorted(): number[] {
    return Array.from(this.heap.subarray(0, this.length)).sort(this.before);
  }
}

export class SearchIndex {
  private capacity = 0;
  private size = 0;
  private slotOfId = new Int32Array(0).fill(NONE);
  private listedCount = 0;
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
  private cell = new Float64Array(0);
  /** The map cell's number (cellIds), NONE when not on the map. */
  private cellId = new Int32Array(0);
  private readonly cellIds = new Map<number, number>();
  /** The newest order split by city and by map cell, made with it (a city's or a box's newest are walked there). */
  private newestByCity = NO_GROUPS;
  private newestByCell = NO_GROUPS;
  /** The price order split by deal type and by city, made with it (a price sort of one type or city walks the shorter). */
  private priceByType = NO_GROUPS;
  private priceByCity = NO_GROUPS;
  /** …and by city and deal type together: group `city * priceTypes + type`. */
  private priceByCityType = NO_GROUPS;
  private priceTypes = 0;
  /** Each slot's search-vector hash as last read (NaN: not read yet, as after the load). */
  private textHash = new Float64Array(0);
  /** Each placed listing's map marker, as JSON bytes. */
  private readonly markers: MarkerStore;
  private readonly cities = new Dictionary();
  private readonly states = new Dictionary();
  private readonly countries = new Dictionary();
  private readonly postings = {
    type: new Postings(),
    category: new Postings(),
    city: new Postings(),
    state: new Postings(),
    country: new Postings(),
    bedrooms: new Postings(),
    bathrooms: new Postings(),
    livingRooms: new Postings(),
    floors: new Postings(),
    premium: new Postings(),
  };
  private readonly owners = new Map<number, Set<number>>();
  private readonly orders: Record<OrderKey, Int32Array> = { newest: new Int32Array(0), price: new Int32Array(0), views: new Int32Array(0), likes: new Int32Array(0) };
  /** Slots added, removed or moved in each order since it was built. */
  private readonly moved: Record<OrderKey, Set<number>> = { newest: new Set(), price: new Set(), views: new Set(), likes: new Set() };
  private readonly builtAt: Record<OrderKey, number> = { newest: 0, price: 0, views: 0, likes: 0 };
  private scratch = new Uint32Array(0);
  /** Learned words: the slots each matches (null: a stop word). */
  private readonly terms: Vocabulary;
  /** Words searched, to learn in batches, one batch at a time… */
  private readonly queued = new Set<string>();
  /** …and words searched before this index started (search_words), learned after them. */
  private readonly recalled = new Set<string>();
  private learner: Promise<void> | null = null;
  /** The words of the pass being made. */
  private learning = new Set<string>();
  /** Learned words searched since they were last written to search_words. */
  private readonly searchedSince = new Set<string>();
  /** Catching up and a learned batch's last step run one at a time, so a word's matches and the changes read agree. */
  private serial: Promise<unknown> = Promise.resolve();

  private horizon: string | null = null;
  private lastCaughtUp = 0;
  private catchingUp: Promise<void> | null = null;
  /** The catch-up a local write asked for; searches wait for it. */
  private poked: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private prunedAt = 0;
  private loading: Promise<void> | null = null;
  private closed = false;
  /** posted_since 1 ("since yesterday") is the database's day; answered here only when that day is UTC's. */
  private utcDays = false;
  /**
   * Entries read by the searches run so far, and what reading them cost (READ): deterministic
   * where timings are not, so tests and `bench/index-probe.ts` hold plans to it.
   */
  readonly reads = { entries: 0, cost: 0 };

  constructor(
    private readonly db: Executor,
    private readonly opts: {
      staleMs: number;
      pollMs?: number;
      chunk?: number;
      /** Tests force each way of running a search. */
      plan?: 'walk' | 'candidates' | 'groups';
      /** Several equality filters' bitmaps are ANDed when the smallest offers more candidates than this (default 2,048; tests: 0). */
      andAbove?: number;
      /** Words kept (default 256; a bitmap of up to an eighth of a byte per listing each). */
      maxTerms?: number;
      /** The origin answers are made on, when it is fixed (PUBLIC_URL): markers are kept with it. */
      origin?: string;
    } = { staleMs: 0 },
  ) {
    this.terms = new Vocabulary(opts.maxTerms ?? 256);
    this.markers = new MarkerStore(undefined, opts.origin);
  }

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
    return this.listedCount;
  }

  /** Words of text searches learned, and waiting to be. */
  get words(): { learned: number; queued: number } {
    return { learned: this.terms.size, queued: this.queued.size + this.recalled.size };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * A write here changed listings (the app invalidated what shows them): look now, in a catch-up
   * that starts after any running one, and make searches wait for it, so the writer's next read —
   * and every visitor's after it — sees the write.
   */
  poke(): void {
    if (!this.ready) return;
    const running = this.catchingUp ?? Promise.resolve();
    const poked: Promise<void> = running
      .catch(() => undefined)
      .then(() => this.catchUp())
      .then(() => {
        // What the write moved takes its place in the orders at the next search, not within staleMs.
        for (const key of ORDER_KEYS) if (this.moved[key].size) this.builtAt[key] = 0;
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.poked === poked) this.poked = null;
      });
    this.poked = poked;
  }

  /** Whether the index answers these filters (the rest go to SQL). */
  holds(filters: PropertyFilters): boolean {
    for (const key of Object.keys(filters) as (keyof PropertyFilters)[]) {
      if (filters[key] === undefined || HELD.has(key)) continue;
      if (key === 'promoted' && !filters.promoted) continue;
      // Text, when every word is learned.
      if (key === 'search' && this.textOf(filters.search!, false) !== null) continue;
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
    const text = await this.usable(filters);
    if (!text) return null;
    const { slots, matched } = this.search(filters, text, sort, offset + limit, countCap);
    return { ids: slots.slice(offset).map((slot) => this.id[slot]), total: Math.min(matched, countCap) };
  }

  /** The newest `limit` matches that have a place on the map, or null as `page`. */
  async mapIds(filters: PropertyFilters, limit: number): Promise<number[] | null> {
    return (await this.mapSlots(filters, limit))?.map((slot) => this.id[slot]) ?? null;
  }

  /**
   * The newest `batch` matches that have a place on the map as their markers' JSON, comma-joined
   * with image URLs on `origin` (between the `envelope` made for their number and whether more
   * matched, when given), and whether more matched; or null as `page`.
   */
  async mapMarkers(
    filters: PropertyFilters,
    batch: number,
    origin: string,
    envelope?: (count: number, truncated: boolean) => [head: Uint8Array, tail: Uint8Array],
  ): Promise<{ json: Buffer; count: number; truncated: boolean } | null> {
    const slots = await this.mapSlots(filters, batch + 1);
    if (!slots) return null;
    const shown = slots.slice(0, batch);
    const truncated = slots.length > batch;
    return { json: this.markers.join(shown, origin, ...(envelope?.(shown.length, truncated) ?? [])), count: shown.length, truncated };
  }

  private async mapSlots(filters: PropertyFilters, limit: number): Promise<number[] | null> {
    const text = await this.usable(filters);
    return text ? this.search(filters, text, 'newest', limit, 0, true).slots : null;
  }

  /**
   * The search's words as bitmaps when the index can answer it (caught up as far as its staleness
   * requires), else null. A search held but for words not learned yet counts towards learning them.
   */
  private async usable(filters: PropertyFilters): Promise<Text | null> {
    if (!this.ready) return null;
    if (!this.holds(filters)) {
      if (!filters.search || !this.holds({ ...filters, search: undefined })) return null;
      this.sight(filters.search);
      // A word being learned, or next to be: wait for that pass rather than have SQL search the same rows meanwhile.
      if (!(await this.learnedSoon(filters.search)) || !this.holds(filters)) return null;
    }
    try {
      if (this.poked) await this.poked;
      if (this.opts.staleMs <= 0) {
        // Exact: a look that began before this search may have missed a write it must see.
        await this.catchingUp?.catch(() => undefined);
        await this.catchUp();
      } else if (Date.now() - this.lastCaughtUp > Math.max(this.opts.staleMs, this.opts.pollMs ?? 1000) * 2) {
        // The ticks have not kept up (database away?): catch up now or answer from SQL.
        await this.catchUp();
      }
    } catch {
      return null;
    }
    // Learning a word while this search waited may have forgotten another.
    return this.closed ? null : (this.textOf(filters.search ?? '', true) ?? null);
  }

  // ---------------------------------------------------------------------------------------------
  // Words of text searches

  /**
   * The bitmaps of a search's words (those not stop words): [] without words; NO_MATCH when every
   * word is a stop word (PostgreSQL's empty query matches nothing); null when a word is not learned.
   * `use` counts this search of them, for the order in which words are forgotten.
   */
  private textOf(search: string, use: boolean): Text | null {
    const words = searchWords(search);
    const out: Bits[] = [];
    for (const word of words) if (!this.terms.has(word)) return null;
    for (const word of words) {
      const bits = use ? this.terms.use(word) : this.terms.get(word);
      if (use && this.searchedSince.size < REMEMBER_MAX) this.searchedSince.add(word);
      if (bits) out.push(bits);
    }
    return words.length && !out.length ? NO_MATCH : out;
  }

  /** Queues the search's words not learned yet. */
  private sight(search: string): void {
    for (const word of searchWords(search)) {
      if (this.terms.has(word) || this.queued.has(word) || this.queued.size >= MAX_QUEUED) continue;
      this.recalled.delete(word);
      this.queued.add(word);
    }
    this.learnQueued();
  }

  /**
   * Waits for the search's words not learned yet when each is in the pass being made or the next
   * (a common word's search costs SQL about what that pass does — seconds at a million listings —
   * and every search of it meanwhile would cost as much again); true once all are learned.
   */
  private async learnedSoon(search: string): Promise<boolean> {
    for (let passes = 2; passes > 0; passes--) {
      const missing = searchWords(search).filter((word) => !this.terms.has(word));
      if (!missing.length) return true;
      const learner = this.learner;
      if (!learner) return false;
      // The next pass takes the first of the queue that this one does not hold.
      const next = passes > 1 ? [...this.queued].filter((word) => !this.learning.has(word)).slice(0, LEARN_BATCH) : [];
      if (!missing.every((word) => this.learning.has(word) || next.includes(word))) return false;
      await learner;
    }
    return searchWords(search).every((word) => this.terms.has(word));
  }

  /** Learns the queued words a batch at a time. */
  private learnQueued(): void {
    if (this.learner || (!this.queued.size && !this.recalled.size) || this.closed) return;
    const batch = [...this.queued].slice(0, LEARN_BATCH);
    for (const word of this.recalled) if (batch.length < LEARN_BATCH) batch.push(word);
    this.learning = new Set(batch);
    this.learner = this.learn(batch)
      .catch(() => undefined)
      .finally(() => {
        // Learned or failed: a failed word is learned when searched again.
        for (const word of batch) {
          this.queued.delete(word);
          this.recalled.delete(word);
        }
        this.learner = null;
        this.learning = new Set();
        this.learnQueued();
      });
  }

  /** Words being learned, for tests: resolves once every queued word is. */
  async learned(): Promise<void> {
    while (this.learner) await this.learner;
  }

  /**
   * Asks PostgreSQL which listed listings each word matches and keeps them. The pass over the
   * listings (seconds at a million under load) does not hold catching up back; then, exclusively,
   * the listings changed by transactions from before the pass on are tested again for these words
   * — a catch-up meanwhile tested them without — and the words join.
   */
  private async learn(batch: string[]): Promise<void> {
    const words = batch.filter((word) => !this.terms.has(word));
    if (this.closed || !words.length) return;
    const since = await searchIndexRepository.horizon(this.db);
    const matches = await searchIndexRepository.termsMatches(this.db, words);
    await this.exclusive(async () => {
      if (this.closed) return;
      const { ids: changed } = await searchIndexRepository.changedSince(this.db, since);
      const asked = words.filter((_, i) => !matches[i].neutral);
      const again = changed.length && asked.length ? await searchIndexRepository.termsMatching(this.db, asked, changed) : [];
      words.forEach((word, i) => {
        const { neutral, ids } = matches[i];
        let bits: Bits | null = null;
        if (!neutral) {
          bits = new Bits();
          // A listing listed since the last look is not here yet: the next look adds it and tests it.
          for (const id of ids) {
            const slot = this.slotOf(id);
            if (slot !== NONE) bits.add(slot);
          }
          this.retested(bits, changed, new Set(again[asked.indexOf(word)] ?? []));
        }
        this.terms.learn(word, bits);
      });
    });
  }

  /** Writes down the learned words searched since the last time (once a minute, on catching up). */
  async rememberSearched(): Promise<void> {
    const words = [...this.searchedSince];
    this.searchedSince.clear();
    await searchIndexRepository.rememberWords(this.db, words);
    await searchIndexRepository.forgetWords(this.db, REMEMBER_DAYS, REMEMBER_MAX);
  }

  /** Tests again every learned word against listings whose search vector changed (or was never read). */
  private async retest(ids: number[]): Promise<Map<string, Set<number>>> {
    const words = [...this.terms.entries()].filter(([, bits]) => bits).map(([word]) => word);
    const found = await searchIndexRepository.termsMatching(this.db, words, ids);
    return new Map(words.map((word, i) => [word, new Set(found[i])]));
  }

  /** A word's bits for listings tested again: set for those it matched (`hits`), cleared for the rest. */
  private retested(bits: Bits, ids: number[], hits: Set<number>): void {
    for (const id of ids) {
      const slot = this.slotOf(id);
      if (slot === NONE) continue;
      if (hits.has(id)) bits.add(slot);
      else bits.delete(slot);
    }
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.serial.then(run, run);
    this.serial = next.catch(() => undefined);
    return next;
  }

  // ---------------------------------------------------------------------------------------------
  // Planning and running a search

  /**
   * The first `need` matches in `sort` order, and how many match (exact up to `countCap`). The
   * filter offering the fewest candidates drives: when they are few, each is tested and the best
   * kept (page and count in one pass); when many, the page is found by walking the sort order (a
   * few entries per match) and the count by testing candidates until it reaches the cap.
   */
  private search(f: PropertyFilters, text: Text, sort: PropertySort, need: number, countCap: number, placed = false): { slots: number[]; matched: number } {
    const { key, reverse } = ORDER_OF[sort];
    if (text === NO_MATCH) return { slots: [], matched: 0 };
    const test = this.predicate(f, text, placed);
    if (!test) return { slots: [], matched: 0 };
    const source = this.cheapestSource(f, text);
    // No candidate, no match: every source holds every listing that passes its filter.
    if (source.size === 0) return { slots: [], matched: 0 };
    // What the candidates are not known to pass: a bitmap's candidates are tested for the rest
    // alone, and counted without a test when nothing is left (postings hold listed slots only).
    const rest = source.covers ? this.predicate(withoutEquality(f), [], placed)! : test;
    const walkedOrder = key === 'price' ? this.priceOrder(f) : { order: this.order(key), ofType: false, ofCity: false };
    const order = walkedOrder.order;
    // A price sort with a budget walks only the budget's slice of the price order.
    const priced = key === 'price' && (f.minPrice !== undefined || f.maxPrice !== undefined);
    const [from, to] = priced ? this.priceSlice(order, f.minPrice ?? -Infinity, f.maxPrice ?? Infinity) : [0, order.length];
    // Walking finds `need` matches after about need / density entries (density ≤ candidates / walked
    // range), each read in the order's order (READ); the candidates are read as their source is.
    // The matches are at most the candidates, and about as many as the share of listings each
    // tested filter leaves, multiplied (the fewer of the two: a rare bedroom count in a box is not
    // found by walking a whole deal type's price order). Asked only when a plan is chosen by it (a
    // city's or a box's newest are walked first). Costs in reads of memory in order:
    const walkRead = key === 'newest' ? READ.newest : READ.scattered;
    let known: number | undefined;
    const walkCost = () => {
      if (known === undefined) {
        const share = source.size ? this.shareTested(f, text, { ...walkedOrder, priced }) : 0;
        known = source.size && share > 0 ? Math.max((need * (to - from)) / source.size, need / share) : Infinity;
      }
      return known;
    };
    const walkReads = () => walkRead * walkCost();
    const enumerateReads = source.size * source.read;
    const enumerate = () => {
      const best = new TopK(need, this.comparator(key, reverse));
      let matched = 0;
      let read = 0;
      source.each((slot) => {
        read++;
        if (this.live[slot] && rest(slot)) {
          matched++;
          best.offer(slot);
        }
        return true;
      });
      this.count(read, source.read);
      return { slots: best.sorted(), matched };
    };
    // Newest first within one city or one map box: that city's (or the box's cells') own newest
    // orders hold only candidates of that filter, so far fewer entries are walked for the same matches.
    const groups = key === 'newest' && !reverse && need > 0 && (this.opts.plan === undefined || this.opts.plan === 'groups') ? this.newestGroups(f) : null;
    if (groups) {
      // How many entries the other filters leave per match is not known: walk them until they
      // cost half of what the other plans would, then take the other plan (at worst 1.5 times its
      // cost) — unless reading all the groups costs no more than that.
      const budget = this.opts.plan === 'groups' || groups.size <= enumerateReads ? Infinity : Math.max(Math.min(enumerateReads, walkReads()) / 2, 256);
      // The groups are as old as the newest order: listings added, re-dated or moved since are
      // left out of the walk and tested here instead, so the answer is exact at any staleness.
      const moved = this.moved.newest;
      const found = this.walkGroups(groups.lists, groups.order, test, need, budget, moved);
      if (found) {
        let slots = found;
        if (moved.size) {
          const since: number[] = [];
          for (const slot of moved) if (this.live[slot] && test(slot)) since.push(slot);
          if (since.length) slots = [...found, ...since].sort(this.comparator('newest')).slice(0, need);
          this.count(moved.size, READ.scattered);
        }
        return this.countedAfterWalk(slots, need, countCap, source, rest);
      }
    }
    if (this.opts.plan === 'candidates' || (this.opts.plan !== 'walk' && enumerateReads <= walkReads())) return enumerate();
    // The estimate may be far off (filters that go together, or apart: few of the cheapest homes
    // have four bedrooms, and the cheapest of a type are seldom in a given box, since prices go
    // with places); the walk stops and the candidates are tested instead once it has cost half of
    // what testing them does (at worst 1.5 times that in all). A walk of the newest order goes on
    // to four times its estimate too: its matches are spread alike along the order, so an estimate
    // right at first stays right (measured side by side: without it maps' walks took longer).
    const budget = this.opts.plan === 'walk' || source.size >= this.listedCount ? Infinity : key === 'newest' ? Math.max(4 * walkCost(), enumerateReads / (2 * walkRead)) : enumerateReads / (2 * walkRead);
    // The order is as old as its last rebuild (at most `staleMs`): listings added, re-priced or
    // moved since (or of another deal type now) are left out of the walk and tested here instead,
    // so the answer is exact at any staleness, as the newest groups' is.
    const moved = this.moved[key];
    let slots: number[] = [];
    let walked = 0;
    for (let i = from; i < to && slots.length < need; i++, walked++) {
      if (walked > budget) {
        this.count(walked, walkRead);
        return enumerate();
      }
      const slot = order[reverse ? to - 1 - (i - from) : i];
      if (this.live[slot] && test(slot) && !(moved.size && moved.has(slot))) slots.push(slot);
    }
    this.count(walked, walkRead);
    this.count(moved.size, READ.scattered);
    if (moved.size) {
      const since: number[] = [];
      for (const slot of moved) if (this.live[slot] && test(slot)) since.push(slot);
      if (since.length) slots = [...slots, ...since].sort(this.comparator(key, reverse)).slice(0, need);
    }
    return this.countedAfterWalk(slots, need, countCap, source, rest);
  }

  /**
   * A walk's page with the number of matches: all of them when the walk ran out, else counted from
   * the candidates (`test`: what they are not known to pass) up to the cap.
   */
  private countedAfterWalk(slots: number[], need: number, countCap: number, source: Source, test: (slot: number) => boolean): { slots: number[]; matched: number } {
    if (slots.length < need || countCap <= need) return { slots, matched: slots.length };
    if (test === ALWAYS && source.covers) return { slots, matched: source.size };
    let matched = 0;
    let read = 0;
    source.each((slot) => {
      read++;
      if (this.live[slot] && test(slot)) matched++;
      return matched < countCap;
    });
    this.count(read, source.read);
    return { slots, matched };
  }

  private count(entries: number, read: number): void {
    this.reads.entries += entries;
    this.reads.cost += entries * read;
  }

  /**
   * The newest orders of the search's city, or of the cells under its map box (whichever holds
   * fewer), with the order they were split from and their number of slots; or null when it names
   * neither (or a box of too many cells).
   */
  private newestGroups(f: PropertyFilters): { lists: GroupList[]; order: Int32Array; size: number } | null {
    const order = this.order('newest');
    if (order.length === 0) return null;
    let byCity: GroupList | null = null;
    if (f.city) {
      const id = this.cities.find(safeLower(f.city)!);
      if (id === undefined || id + 1 >= this.newestByCity.start.length) return { lists: [], order: this.newestByCity.order, size: 0 };
      byCity = groupList(this.newestByCity, id);
    }
    const byCell = f.bbox ? this.cellLists(f.bbox) : null;
    if (byCity && (!byCell || byCity.slots.length <= byCell.size)) return { lists: [byCity], order: this.newestByCity.order, size: byCity.slots.length };
    return byCell ? { ...byCell, order: this.newestByCell.order } : null;
  }

  /** The newest order's groups of the cells under a box with their number of slots, or null for a box of too many cells. */
  private cellLists(b: NonNullable<PropertyFilters['bbox']>): { lists: GroupList[]; size: number } | null {
    const groups = this.newestByCell;
    const lists: GroupList[] = [];
    let size = 0;
    const found = eachCellUnder(b, (key) => {
      const id = this.cellIds.get(key);
      if (id !== undefined && id + 1 < groups.start.length && groups.start[id + 1] > groups.start[id]) {
        lists.push(groupList(groups, id));
        size += groups.start[id + 1] - groups.start[id];
      }
    });
    return found ? { lists, size } : null;
  }

  /**
   * The first `need` matches of newest orders merged (each list in `order`'s order, no slot in
   * two), leaving out the slots in `skip`, or null when more than `budget` entries would be read.
   *
   * The first `need` matches are those among the entries placed before some point of `order`, so
   * the lists are read in rounds up to a point moved further each round, every list straight
   * through (no heap of lists, no entry read twice). The first round reads about twice `need`
   * entries; each next one as many as the matches so far say the rest needs, and a fifth more.
   */
  private walkGroups(lists: GroupList[], order: Int32Array, test: (slot: number) => boolean, need: number, budget: number, skip: Set<number>): number[] | null {
    const live = this.live;
    const wanted = skip.size ? (slot: number) => live[slot] === 1 && !skip.has(slot) && test(slot) : (slot: number) => live[slot] === 1 && test(slot);
    let size = 0;
    for (const list of lists) size += list.slots.length;
    const read = new Int32Array(lists.length);
    let found = new Int32Array(Math.min(need * 2, size));
    let matched = 0;
    let walked = 0;
    let point = 0;
    while (matched < need && walked < size) {
      // Entries read per match so far (at first: every other one).
      const perMatch = matched ? walked / matched : walked ? walked : 2;
      // Past the budget, or on the way there: the other plan is cheaper.
      if (walked > budget || (walked >= 256 && walked + (need - matched) * perMatch > budget)) {
        this.count(walked, READ.inOrder);
        return null;
      }
      // Entries of the lists per place of the order, as seen so far (at first: spread evenly).
      const perPlace = walked ? walked / point : size / order.length;
      // At most eight times what was read so far, and not far past the budget.
      const toRead = Math.min((need - matched) * perMatch * 1.2 + 16, Math.max(walked * 8, 256), budget - walked + 1);
      point = Math.min(order.length, Math.max(point + 1, Math.ceil(point + toRead / perPlace)));
      for (let l = 0; l < lists.length; l++) {
        const { slots, ranks } = lists[l];
        let i = read[l];
        for (; i < slots.length && ranks[i] < point; i++) {
          if (!wanted(slots[i])) continue;
          if (matched === found.length) {
            const grown = new Int32Array(found.length * 2);
            grown.set(found);
            found = grown;
          }
          found[matched++] = ranks[i];
        }
        walked += i - read[l];
        read[l] = i;
      }
    }
    this.count(walked, READ.inOrder);
    const first = found.subarray(0, matched).sort();
    const slots = new Array<number>(Math.min(need, matched));
    for (let i = 0; i < slots.length; i++) slots[i] = order[first[i]];
    return slots;
  }

  /**
   * The price order a search walks: its deal type's, its city's or its city's type's own (the
   * shortest), else the whole. Sale and rent prices hardly overlap, and cities' prices differ, so
   * the whole order's first entries would be of the other type or of other cities (a cheapest-first
   * sale search read half a million rents before its first match; a city's, 40,000–110,000 other
   * listings). A group the order has not met yet (a new city or type) is empty: what moved since
   * the order was made is tested apart. With it, whether it holds only the search's deal type,
   * only its city (a walk of it need not test those).
   */
  private priceOrder(f: PropertyFilters): { order: Int32Array; ofType: boolean; ofCity: boolean } {
    let order = this.order('price');
    let ofType = false;
    let ofCity = false;
    const listOf = (groups: Groups, g: number | undefined) => (g !== undefined && g >= 0 && g + 1 < groups.start.length ? groupList(groups, g).slots : NO_GROUPS.slots);
    const t = f.propertyType;
    if (t !== undefined) {
      order = listOf(this.priceByType, t);
      ofType = true;
    }
    if (f.city) {
      const id = this.cities.find(safeLower(f.city)!);
      const byCity = t === undefined ? listOf(this.priceByCity, id) : listOf(this.priceByCityType, id !== undefined && t >= 0 && t < this.priceTypes ? id * this.priceTypes + t : undefined);
      if (byCity.length < order.length) {
        order = byCity;
        ofType = t !== undefined;
        ofCity = true;
      }
    }
    return { order, ofType, ofCity };
  }

  /**
   * The share of listed listings that pass the filters a walk of an order must test, each filter
   * taken as independent of the others (as a planner does): the equality filters and words by
   * their bitmaps, a budget by its slice of the price order, a box by its cells. Those the walked
   * order holds alone (`walked`: a price order's type and city, its budget's slice) are left out.
   */
  private shareTested(f: PropertyFilters, text: Bits[], walked: { ofType: boolean; ofCity: boolean; priced: boolean }): number {
    const listed = this.listedCount;
    if (!listed) return 1;
    let share = 1;
    for (const bits of [...this.equalityBits(f, walked), ...text]) share *= (bits?.count ?? 0) / listed;
    if ((f.minPrice !== undefined || f.maxPrice !== undefined) && !walked.priced) {
      const [from, to] = this.priceSlice(this.order('price'), f.minPrice ?? -Infinity, f.maxPrice ?? Infinity);
      share *= (to - from) / listed;
    }
    if (f.bbox) {
      const cells = this.cellLists(f.bbox);
      if (cells) share *= Math.min(1, cells.size / listed);
    }
    return share;
  }

  /**
   * The entries of the price order from `min` to `max`, found by bisection. A slot moved since the
   * order was made may sit out of its price's place, so bisection looks at the next one that has
   * not moved (those that have are visited apart from the order, wherever they are now).
   */
  private priceSlice(order: Int32Array, min: number, max: number): [number, number] {
    const by = this.price;
    const moved = this.moved.price;
    const bound = (test: (v: number) => boolean) => {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        let at = mid;
        while (moved.size && at < hi && moved.has(order[at])) at++;
        if (at === hi || test(by[order[at]])) hi = mid;
        else lo = at + 1;
      }
      return lo;
    };
    const from = bound((v) => v >= min);
    return [from, Math.max(from, bound((v) => v > max))];
  }

  /** The filter whose candidates cost least to read: an equality bitmap (or several ANDed), a price slice, grid cells, an owner. */
  private cheapestSource(f: PropertyFilters, text: Bits[]): Source {
    const all: Source = {
      size: this.listedCount,
      read: READ.inOrder,
      each: (visit) => {
        for (let s = 0; s < this.size; s++) if (this.live[s] && !visit(s)) return;
      },
    };
    let best = all;
    // Fewest by the cost of reading them all: a price slice's candidates are each a random read.
    const cost = (source: Source) => source.size * source.read;
    const consider = (source: Source | null) => {
      if (source && cost(source) < cost(best)) best = source;
    };
    const equal: Bits[] = [];
    for (const bits of [...this.equalityBits(f), ...text]) {
      if (!bits) return { size: 0, read: READ.inOrder, each: () => undefined };
      equal.push(bits);
      consider(this.bitsSource(bits.words, bits.count, bits.lo, bits.hi));
    }
    if (equal.length === 1 && best !== all) best.covers = true;
    if (equal.length > 1 && best.size > (this.opts.andAbove ?? 2048)) {
      // Several equality filters: their intersection is often far smaller than any one.
      // Only the words every one of them ever used can hold a common bit.
      const lo = Math.max(...equal.map((b) => b.lo));
      const hi = Math.min(...equal.map((b) => Math.min(b.hi, b.words.length)));
      if (this.scratch.length < hi) this.scratch = new Uint32Array(Math.max(hi, this.scratch.length * 2));
      const and = this.scratch;
      // In one pass over the words (a pass to copy, one to AND and one to count: choosing a list
      // search's source took 44 µs on average at a million listings, 32 µs so). Two bitmaps, the
      // usual case, have a loop of their own: one loop for any number took 42 µs.
      let count = 0;
      const w0 = equal[0].words;
      const w1 = equal[1].words;
      if (equal.length === 2) {
        for (let i = lo; i < hi; i++) {
          const w = w0[i] & w1[i];
          and[i] = w;
          if (w) count += popcount(w);
        }
      } else {
        for (let i = lo; i < hi; i++) {
          let w = w0[i] & w1[i];
          for (let e = 2; w && e < equal.length; e++) w &= equal[e].words[i];
          and[i] = w;
          if (w) count += popcount(w);
        }
      }
      const anded = this.bitsSource(and, count, lo, hi);
      anded.covers = true;
      consider(anded);
    }
    // The budget's slice of the narrowest price order (the deal type's, the city's, or both): a
    // slice of every type met the other type's listings first (rents before any sale, cheapest first).
    if (f.minPrice !== undefined || f.maxPrice !== undefined) consider(this.sliceSource(this.priceOrder(f).order, f.minPrice ?? -Infinity, f.maxPrice ?? Infinity));
    if (f.ownerId !== undefined) {
      const slots = this.owners.get(f.ownerId ?? 0);
      consider({ size: slots?.size ?? 0, read: READ.inOrder, each: (visit) => eachOf(slots, visit) });
    }
    if (f.bbox) consider(this.gridSource(f.bbox));
    return best;
  }

  /**
   * The bitmaps of the search's equality filters (EQUALITY_FILTERS); undefined for a value no
   * listing has. `held`: the deal type or city an order holds alone, left out (`shareTested`).
   */
  private equalityBits(f: PropertyFilters, held: { ofType?: boolean; ofCity?: boolean } = {}): (Bits | undefined)[] {
    const out: (Bits | undefined)[] = [];
    const p = this.postings;
    if (f.propertyType !== undefined && !held.ofType) out.push(p.type.get(f.propertyType));
    if (f.categoryId !== undefined) out.push(p.category.get(f.categoryId));
    if (f.city && !held.ofCity) out.push(this.placeBits(this.cities, p.city, f.city));
    if (f.state) out.push(this.placeBits(this.states, p.state, f.state));
    if (f.country) out.push(this.placeBits(this.countries, p.country, f.country));
    if (f.bedrooms !== undefined) out.push(p.bedrooms.get(f.bedrooms));
    if (f.bathrooms !== undefined) out.push(p.bathrooms.get(f.bathrooms));
    if (f.livingRooms !== undefined) out.push(p.livingRooms.get(f.livingRooms));
    if (f.floors !== undefined) out.push(p.floors.get(f.floors));
    if (f.isPremium !== undefined) out.push(p.premium.get(f.isPremium ? 1 : 0));
    return out;
  }

  private placeBits(dict: Dictionary, postings: Postings, value: string): Bits | undefined {
    const id = dict.find(safeLower(value)!);
    return id === undefined ? undefined : postings.get(id);
  }

  private bitsSource(words: Uint32Array, size: number, lo: number, hi: number): Source {
    return {
      size,
      read: READ.inOrder,
      each: (visit) => {
        for (let i = lo; i < hi; i++) {
          let w = words[i];
          while (w) {
            const low = w & -w;
            if (!visit((i << 5) + 31 - Math.clz32(low))) return;
            w ^= low;
          }
        }
      },
    };
  }

  /**
   * Entries of a price order (`priceOrder`) between `min` and `max`, and the slots moved in the
   * price order since it was made, wherever they are now (as `gridSource`; the search's test
   * leaves out those outside the slice).
   */
  private sliceSource(order: Int32Array, min: number, max: number): Source {
    const [from, to] = this.priceSlice(order, min, max);
    const moved = this.moved.price;
    return {
      size: to - from + moved.size,
      read: READ.scattered,
      each: (visit) => {
        for (let i = from; i < to; i++) {
          const slot = order[i];
          if (moved.size && moved.has(slot)) continue;
          if (!visit(slot)) return;
        }
        for (const slot of moved) if (!visit(slot)) return;
      },
    };
  }

  /**
   * The listings in the cells under a box: the cells' lists in the newest order as last made, less
   * the slots added, moved or removed since (each visited once from the set of those, wherever it
   * is now; the box's own test leaves out those outside it). Arrays, walked several times faster
   * than a set per cell.
   */
  private gridSource(b: NonNullable<PropertyFilters['bbox']>): Source | null {
    const cells = this.cellLists(b);
    if (!cells) return null;
    // Taken together: a rebuild makes new groups and a new set of moves.
    const moved = this.moved.newest;
    return {
      size: cells.size + moved.size,
      read: READ.inOrder,
      each: (visit) => {
        for (const { slots: list } of cells.lists) {
          for (let i = 0; i < list.length; i++) {
            const slot = list[i];
            if (moved.size && moved.has(slot)) continue;
            if (!visit(slot)) return;
          }
        }
        for (const slot of moved) if (!visit(slot)) return;
      },
    };
  }

  private comparator(key: OrderKey, reverse = false): (a: number, b: number) => number {
    const id = this.id;
    const by = key === 'newest' ? this.created : key === 'price' ? this.price : key === 'views' ? this.clicks : this.likes;
    // newest, views and likes descend (ties: higher id first); price ascends (ties: lower id first).
    const sign = (key === 'price' ? 1 : -1) * (reverse ? -1 : 1);
    return (a, b) => sign * (by[a] - by[b] || id[a] - id[b]);
  }

  /**
   * One sort order, rebuilt when listings moved in it and it is older than the staleness allowed:
   * the unmoved entries keep their order, the moved ones are sorted and merged in.
   */
  private order(key: OrderKey): Int32Array {
    const moved = this.moved[key];
    if (!moved.size || (this.opts.staleMs > 0 && Date.now() - this.builtAt[key] < this.opts.staleMs)) return this.orders[key];
    const before = this.comparator(key);
    const kept = this.orders[key].filter((slot) => this.live[slot] === 1 && !moved.has(slot));
    const added = Int32Array.from([...moved].filter((slot) => this.live[slot] === 1)).sort(before);
    const merged = new Int32Array(kept.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < kept.length && j < added.length) merged[k++] = before(kept[i], added[j]) <= 0 ? kept[i++] : added[j++];
    while (i < kept.length) merged[k++] = kept[i++];
    while (j < added.length) merged[k++] = added[j++];
    this.orders[key] = merged;
    this.builtAt[key] = Date.now();
    // A new set, not cleared: a source made before this rebuild keeps the groups and moves it was made with.
    this.moved[key] = new Set();
    if (key === 'newest') this.groupNewest();
    if (key === 'price') this.groupPrice();
    return merged;
  }

  /**
   * A test of every filter for one slot, compiled into one function (a chain of closures cost
   * several times more per listing); null when a filter names a value no listing has. The source
   * depends only on which filters are set — their values are passed in — so each shape is compiled
   * once and its test grows hot across searches.
   */
  private predicate(f: PropertyFilters, text: Bits[], placed: boolean): ((slot: number) => boolean) | null {
    const terms: string[] = [];
    const values: unknown[] = [];
    const v = (value: unknown) => `v${values.push(value) - 1}`;
    if (f.propertyType !== undefined) terms.push(`type[s] === ${v(f.propertyType)}`);
    if (f.propertyTypes?.length) terms.push(`${v(new Set(f.propertyTypes))}.has(type[s])`);
    if (f.categoryId !== undefined) terms.push(`category[s] === ${v(f.categoryId)}`);
    if (f.categoryIds?.length) terms.push(`${v(new Set(f.categoryIds))}.has(category[s])`);
    for (const [value, dict, column] of [
      [f.city, this.cities, 'city'],
      [f.state, this.states, 'state'],
      [f.country, this.countries, 'country'],
    ] as const) {
      if (!value) continue;
      const wanted = dict.find(safeLower(value)!);
      if (wanted === undefined) return null;
      terms.push(`${column}[s] === ${v(wanted)}`);
    }
    if (f.minPrice !== undefined) terms.push(`price[s] >= ${v(f.minPrice)}`);
    if (f.maxPrice !== undefined) terms.push(`price[s] <= ${v(f.maxPrice)}`);
    if (f.postedSince === 0 || f.postedSince === 1) {
      const now = Date.now();
      const since = f.postedSince === 0 ? now - 7 * 86_400_000 : Math.floor(now / 86_400_000) * 86_400_000 - 86_400_000;
      terms.push(`created[s] >= ${v(since * 1000)}`);
    }
    for (const [value, column] of [
      [f.bedrooms, 'bedrooms'],
      [f.bathrooms, 'bathrooms'],
      [f.livingRooms, 'livingRooms'],
      [f.floors, 'floors'],
    ] as const) {
      if (value !== undefined) terms.push(`${column}[s] === ${v(value)}`);
    }
    if (f.isPremium !== undefined) terms.push(`premium[s] === ${v(f.isPremium ? 1 : 0)}`);
    for (const bits of text) terms.push(`((${v(bits.words)}[s >>> 5] >>> (s & 31)) & 1) === 1`);
    if (f.ownerId !== undefined) terms.push(`owner[s] === ${v(f.ownerId ?? 0)}`);
    if (f.excludeId !== undefined) terms.push(`id[s] !== ${v(f.excludeId)}`);
    if (f.bbox) {
      const b = f.bbox;
      terms.push(`lat[s] >= ${v(b.minLat)} && lat[s] <= ${v(b.maxLat)} && lng[s] >= ${v(b.minLng)} && lng[s] <= ${v(b.maxLng)}`);
    } else if (placed) {
      terms.push('lat[s] === lat[s] && lng[s] === lng[s]');
    }
    if (!terms.length) return ALWAYS;
    const body = terms.join(' && ');
    let make = compiledTests.get(body);
    if (!make) {
      const names = values.map((_, i) => `v${i}`);
      // Its source holds only column names and value placeholders: no value is ever written into it.
      make = new Function('c', 'vals', `const { ${COLUMN_NAMES.join(', ')} } = c; const [${names.join(', ')}] = vals; return function test(s) { return ${body}; };`) as CompiledTest;
      compiledTests.set(body, make);
    }
    return make(this.columns(), values);
  }

  /** The price order split by deal type, by city and by both (linear; made whenever that order is). */
  private groupPrice(): void {
    let types = 0;
    for (let s = 0; s < this.size; s++) if (this.type[s] >= types) types = this.type[s] + 1;
    this.priceByType = groupsOf(this.orders.price, this.type, types);
    this.priceByCity = groupsOf(this.orders.price, this.city, this.cities.size);
    const cityType = new Int32Array(this.size).fill(NONE);
    for (let s = 0; s < this.size; s++) if (this.city[s] >= 0 && this.type[s] >= 0) cityType[s] = this.city[s] * types + this.type[s];
    this.priceByCityType = groupsOf(this.orders.price, cityType, this.cities.size * types);
    this.priceTypes = types;
  }

  /** The newest order split by city and by map cell (linear; made whenever that order is). */
  private groupNewest(): void {
    this.newestByCity = groupsOf(this.orders.newest, this.city, this.cities.size);
    this.newestByCell = groupsOf(this.orders.newest, this.cellId, this.cellIds.size);
  }

  private columns(): Columns {
    return { type: this.type, category: this.category, city: this.city, state: this.state, country: this.country, price: this.price, created: this.created, bedrooms: this.bedrooms, bathrooms: this.bathrooms, livingRooms: this.livingRooms, floors: this.floors, premium: this.premium, owner: this.owner, id: this.id, lat: this.lat, lng: this.lng };
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
    // What was read is laid out in steps, with a turn of the event loop between them: the server
    // answers (from SQL) while the index loads, and at a million listings these steps took 3.4 s
    // in one piece, in which it answered nothing. Nothing reads the index before `ready`.
    await turn();
    if (this.closed) return;
    await this.layOutByCity();
    for (let slot = 0; slot < this.size; slot++) {
      this.link(slot);
      if (slot % LINKS_A_TURN === LINKS_A_TURN - 1) await turn();
    }
    // Every order sorted once, whole.
    const slots = new Int32Array(this.size);
    for (let s = 0; s < this.size; s++) slots[s] = s;
    for (const key of ORDER_KEYS) {
      await turn();
      if (this.closed) return;
      this.orders[key] = slots.slice().sort(this.comparator(key));
      this.builtAt[key] = Date.now();
    }
    await turn();
    this.groupNewest();
    this.groupPrice();
    this.horizon = horizon;
    await this.catchUp();
    // The words visitors searched lately, on this instance or another, learned while they browse
    // (after any they search meanwhile, most recent first).
    const remembered = await searchIndexRepository.recentWords(this.db, this.opts.maxTerms ?? 256, REMEMBER_DAYS).catch(() => []);
    for (const word of remembered) if (!this.queued.has(word)) this.recalled.add(word);
    this.learnQueued();
    const pollMs = this.opts.pollMs ?? 1000;
    if (!this.closed && pollMs > 0) {
      this.timer = setInterval(() => void this.catchUp().catch(() => undefined), pollMs);
      this.timer.unref();
    }
  }

  /** Reloads the listings changed by transactions finished since the last look (one at a time). */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.exclusive(async () => {
      const started = Date.now();
      const { horizon, ids } = await searchIndexRepository.changedSince(this.db, this.horizon!);
      for (let i = 0; i < ids.length; i += 5000) {
        const part = ids.slice(i, i + 5000);
        const rows = await searchIndexRepository.listedByIds(this.db, part);
        // Listings whose words may match differently: new here, or their search vector changed.
        const retested = rows.filter((row) => {
          const slot = this.slotOf(row.id);
          return slot === NONE || this.textHash[slot] !== row.text_hash;
        });
        const retestedIds = retested.map((row) => row.id);
        const matches = this.terms.size && retestedIds.length ? await this.retest(retestedIds) : null;
        // Applied at once (no await), so a search sees a listing whole.
        const found = new Set<number>();
        for (const row of rows) {
          found.add(row.id);
          this.textHash[this.put(row)] = row.text_hash ?? NaN;
        }
        for (const id of part) if (!found.has(id)) this.remove(id);
        if (matches) {
          for (const [word, hits] of matches) {
            const bits = this.terms.get(word);
            if (!bits) continue;
            this.retested(bits, retestedIds, hits);
          }
        }
      }
      this.horizon = horizon;
      this.lastCaughtUp = started;
      if (started - this.prunedAt > 60_000) {
        this.prunedAt = started;
        await searchIndexRepository.prune(this.db, 600);
        // Remembering is for the next start: its failure must not stop catching up.
        await this.rememberSearched().catch(() => undefined);
      }
    }).finally(() => {
      this.catchingUp = null;
    });
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
    this.bedrooms = widen(this.bedrooms, (n) => new Int32Array(n), NULL_ROOMS);
    this.bathrooms = widen(this.bathrooms, (n) => new Int32Array(n), NULL_ROOMS);
    this.livingRooms = widen(this.livingRooms, (n) => new Int32Array(n), NULL_ROOMS);
    this.floors = widen(this.floors, (n) => new Int32Array(n), NULL_ROOMS);
    this.premium = widen(this.premium, (n) => new Uint8Array(n));
    this.owner = widen(this.owner, (n) => new Int32Array(n));
    this.lat = widen(this.lat, (n) => new Float64Array(n), NaN);
    this.lng = widen(this.lng, (n) => new Float64Array(n), NaN);
    this.cell = widen(this.cell, (n) => new Float64Array(n), NaN);
    this.cellId = widen(this.cellId, (n) => new Int32Array(n), NONE);
    this.textHash = widen(this.textHash, (n) => new Float64Array(n), NaN);
    this.markers.grow(capacity);
    this.capacity = capacity;
  }

  /**
   * Puts the loaded listings in slots by city, then map cell, then newest first: one city's bits
   * sit in one run of words (a city's AND touches only those) and its listings in one stretch of
   * memory, and a map box's cells are walked newest first straight through memory, their columns
   * and markers alike.
   */
  private async layOutByCity(): Promise<void> {
    const n = this.size;
    const { city, cellId, created, id } = this;
    const perm = new Int32Array(n);
    for (let s = 0; s < n; s++) perm[s] = s;
    perm.sort((a, b) => city[a] - city[b] || cellId[a] - cellId[b] || created[b] - created[a] || id[b] - id[a]);
    // Nothing else changes the columns meanwhile: only the load writes before `ready`.
    await turn();
    const columns = ['id', 'live', 'created', 'price', 'clicks', 'likes', 'type', 'category', 'city', 'state', 'country', 'bedrooms', 'bathrooms', 'livingRooms', 'floors', 'premium', 'owner', 'lat', 'lng', 'cell', 'cellId', 'textHash'] as const;
    for (const name of columns) {
      const from = this[name];
      const to = from.slice();
      for (let s = 0; s < n; s++) to[s] = from[perm[s]];
      (this as unknown as Record<string, typeof from>)[name] = to;
    }
    await turn();
    this.markers.permute(perm);
    for (let s = 0; s < n; s++) this.slotOfId[this.id[s]] = s;
  }

  private slotOf(id: number): number {
    return id < this.slotOfId.length ? this.slotOfId[id] : NONE;
  }

  /** The equality filters' values of a slot, in the postings' order (null: none, e.g. a removed slot). */
  private values(slot: number): [keyof SearchIndex['postings'], number | null][] {
    const rooms = (v: number) => (v === NULL_ROOMS ? null : v);
    const place = (v: number) => (v === NONE ? null : v);
    return [
      ['type', this.type[slot]],
      ['category', this.category[slot]],
      ['city', place(this.city[slot])],
      ['state', place(this.state[slot])],
      ['country', place(this.country[slot])],
      ['bedrooms', rooms(this.bedrooms[slot])],
      ['bathrooms', rooms(this.bathrooms[slot])],
      ['livingRooms', rooms(this.livingRooms[slot])],
      ['floors', rooms(this.floors[slot])],
      ['premium', this.premium[slot]],
    ];
  }

  /** Takes a slot out of the postings and the owners' sets (its columns stay as they were). */
  private unlink(slot: number): void {
    for (const [name, value] of this.values(slot)) this.postings[name].move(slot, value, null);
    this.owners.get(this.owner[slot])?.delete(slot);
  }

  private link(slot: number): void {
    for (const [name, value] of this.values(slot)) this.postings[name].move(slot, null, value);
    let owned = this.owners.get(this.owner[slot]);
    if (!owned) this.owners.set(this.owner[slot], (owned = new Set()));
    owned.add(slot);
  }

  /** Adds or refreshes one listed listing. A slot is never reused, so a stale order never points at another listing. */
  private put(row: IndexedRow): number {
    let slot = this.slotOf(row.id);
    const price = Number(row.price);
    if (slot === NONE) {
      if (this.size === this.capacity) this.grow();
      slot = this.size++;
      if (row.id >= this.slotOfId.length) {
        const wider = new Int32Array(Math.max(row.id + 1, this.slotOfId.length * 2, 1024)).fill(NONE);
        wider.set(this.slotOfId);
        this.slotOfId = wider;
      }
      this.slotOfId[row.id] = slot;
      this.id[slot] = row.id;
      this.live[slot] = 1;
      this.listedCount++;
      // While loading, the orders are sorted whole at the end instead.
      if (this.horizon !== null) for (const key of ORDER_KEYS) this.moved[key].add(slot);
    } else {
      this.unlink(slot);
      // A new city or map cell: the newest order's groups are made again with the order.
      if (this.created[slot] !== row.created || this.city[slot] !== this.cities.idOf(row.city) || !Object.is(this.cell[slot], cellOf(row))) this.moved.newest.add(slot);
      // A new deal type or city: the price order's groups are made again with the order.
      if (this.price[slot] !== price || this.type[slot] !== row.property_type || this.city[slot] !== this.cities.idOf(row.city)) this.moved.price.add(slot);
      if (this.clicks[slot] !== row.total_click) this.moved.views.add(slot);
      if (this.likes[slot] !== row.total_favourites) this.moved.likes.add(slot);
    }
    this.created[slot] = row.created;
    this.price[slot] = price;
    this.clicks[slot] = row.total_click;
    this.likes[slot] = row.total_favourites;
    this.type[slot] = row.property_type;
    this.category[slot] = row.category_id;
    this.city[slot] = this.cities.idOf(row.city);
    this.state[slot] = this.states.idOf(row.state);
    this.country[slot] = this.countries.idOf(row.country);
    this.bedrooms[slot] = row.bedrooms ?? NULL_ROOMS;
    this.bathrooms[slot] = row.bathrooms ?? NULL_ROOMS;
    this.livingRooms[slot] = row.living_rooms ?? NULL_ROOMS;
    this.floors[slot] = row.floors ?? NULL_ROOMS;
    this.premium[slot] = row.is_premium ? 1 : 0;
    this.owner[slot] = row.owner_id ?? 0;
    const placed = row.latitude !== null && row.longitude !== null;
    this.lat[slot] = placed ? row.latitude! : NaN;
    this.lng[slot] = placed ? row.longitude! : NaN;
    this.cell[slot] = cellOf(row);
    if (placed) {
      let id = this.cellIds.get(this.cell[slot]);
      if (id === undefined) this.cellIds.set(this.cell[slot], (id = this.cellIds.size));
      this.cellId[slot] = id;
    } else this.cellId[slot] = NONE;
    if (placed) {
      const { json, originAt } = mapPointParts({ ...row, latitude: row.latitude!, longitude: row.longitude! });
      this.markers.set(slot, json, originAt);
    } else this.markers.delete(slot);
    // While loading, slots are laid out by city at the end and linked then.
    if (this.horizon !== null) this.link(slot);
    return slot;
  }

  /** A listing left the listed ones (unlisted, rejected, deleted). */
  private remove(id: number): void {
    const slot = this.slotOf(id);
    if (slot === NONE) return;
    this.slotOfId[id] = NONE;
    this.unlink(slot);
    for (const [, bits] of this.terms.entries()) bits?.delete(slot);
    this.markers.delete(slot);
    this.live[slot] = 0;
    this.listedCount--;
    // Searches skip dead slots, so the orders stay usable until their next rebuild.
    for (const key of ORDER_KEYS) this.moved[key].add(slot);
  }
}

const COLUMN_NAMES = ['type', 'category', 'city', 'state', 'country', 'price', 'created', 'bedrooms', 'bathrooms', 'livingRooms', 'floors', 'premium', 'owner', 'id', 'lat', 'lng'] as const;
type Columns = Record<(typeof COLUMN_NAMES)[number], Float64Array | Int32Array | Int16Array | Uint8Array>;
type CompiledTest = (columns: Columns, values: unknown[]) => (slot: number) => boolean;
/** Tests by the shape of their filters (a few hundred at most: which filters are set). */
const compiledTests = new Map<string, CompiledTest>();

/** The filters but those the postings' bitmaps answer. */
function withoutEquality(f: PropertyFilters): PropertyFilters {
  const rest = { ...f };
  for (const key of EQUALITY_FILTERS) delete rest[key];
  return rest;
}

/** A search's words as bitmaps to AND, or no match at all (every word a stop word). */
const NO_MATCH = 'none';
type Text = Bits[] | typeof NO_MATCH;

/** Visits a set's members while `visit` answers true; false when it stopped early. */
function eachOf(slots: Set<number> | undefined, visit: (slot: number) => boolean): boolean {
  if (slots) for (const slot of slots) if (!visit(slot)) return false;
  return true;
}

/** A grid cell's key from its row and column (cells of CELL degrees). */
const cellKey = (latCell: number, lngCell: number) => (latCell + 10_000) * 100_000 + (lngCell + 10_000);

/** Visits the key of every grid cell under a map box; false (and no visit) when they are more than 4,096. */
function eachCellUnder(b: NonNullable<PropertyFilters['bbox']>, visit: (key: number) => void): boolean {
  const lat0 = Math.floor(b.minLat / CELL);
  const lat1 = Math.floor(b.maxLat / CELL);
  const lng0 = Math.floor(b.minLng / CELL);
  const lng1 = Math.floor(b.maxLng / CELL);
  if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > 4096) return false;
  for (let la = lat0; la <= lat1; la++) for (let ln = lng0; ln <= lng1; ln++) visit(cellKey(la, ln));
  return true;
}

/** The key of a listing's map cell, NaN when it is not on the map. */
const cellOf = (row: Pick<IndexedRow, 'latitude' | 'longitude'>) =>
  row.latitude !== null && row.longitude !== null ? cellKey(Math.floor(row.latitude / CELL), Math.floor(row.longitude / CELL)) : NaN;
