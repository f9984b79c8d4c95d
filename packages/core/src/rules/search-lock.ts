/**
 * The search lock of spec §4 as pure rules: what the browser keeps under the storage keys of §3,
 * how a lock starts, expires and is reconciled with the server, and the retries and messages of
 * §8–§9. Storage, the server and time all come in through small interfaces (`LockStores`,
 * `SearchCriteriaTransport`, `LockClock`), so the rules never touch `window` and run in tests on
 * a fake clock. The browser adapter (apps/web features/search-lock) only supplies those three.
 *
 * What is kept where (keys of spec §3):
 * - persistent `locked_search_criteria`: `{ filters, permanent }`, the locked search; with
 *   persistent `subscription_expiration` (ISO 8601) it is the lock.
 * - session `locked_search_criteria`: `"true"`, the lock flag of this tab; session
 *   `search_filter_data`: the locked filters again, for this tab.
 * - persistent `formatted_search_criteria`: the criteria in the server's form, as last sent.
 * - persistent `subscription_just_expired`: `"true"` after a lock ran out, until its notice is dismissed.
 * - persistent `pending_search_criteria`, session `current_filter_data`: a search waiting to be
 *   saved after payment, and the filters on screen (removed only by the "clearing failed" rule).
 *
 * The permanent lock flag marks a lock the server does not hold — the one-day fallback after a
 * save after payment failed: the server's "no criteria" does not clear it (it could not know of
 * it), while its own expiry and a missing package still do.
 */
import { DEFAULT_CRITERIA_EXPIRY_DAYS, POST_PAYMENT_FALLBACK_DAYS, PREMIUM_UNLOCK_HOURS, STORAGE_KEYS } from './constants.ts';
import { isPlainObject, toServerSearchCriteria, type SearchFormCriteria, type ServerSearchCriteria } from './search-criteria.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const SEARCH_CRITERIA_ERRORS = {
  saveFailed: 'Failed to save search criteria',
  getFailed: 'Failed to get search criteria',
  notAuthenticated: 'User not authenticated',
  loginToSave: 'Please log in to save your search criteria',
} as const;

/** Spec §8: a save after payment is tried 3 times, waiting 1 s and then 2 s between tries. */
export const SAVE_AFTER_PAYMENT_WAITS_MS = [1000, 2000] as const;
/** Spec §8: network failures and 5xx answers are retried up to 2 times, after 2 s and then 4 s. */
export const NETWORK_RETRY_WAITS_MS = [2000, 4000] as const;

/**
 * Searches a person without a running package may run before the free-search banner (spec §8
 * "You've reached the limit of free searches"; the spec gives no number). Five distinct searches
 * a day: enough to look around a city, few enough that regular use meets the plans. Searching is
 * public (spec §6: visitors call the property list), so this is a nudge kept in the browser.
 */
export const FREE_SEARCH_LIMIT = 5;
export const FREE_SEARCH_WINDOW_MS = DAY_MS;
/** Where the browser counts free searches (ours: spec §3 names no key for it). */
export const FREE_SEARCHES_KEY = 'free_searches';

/** A search as the properties page's URL holds it: `property_type`, `city`, `min_price`… */
export type LockedFilters = Record<string, string>;

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** The browser's two stores: local storage (persistent) and session storage. */
export interface LockStores {
  persistent: KeyValueStore;
  session: KeyValueStore;
}

export interface LockClock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** One answer of the server: its HTTP status (0 when none came: network failure, timeout) and body. */
export interface TransportAnswer {
  status: number;
  body: unknown;
}

/** The server calls the lock needs (spec §7 "Search criteria"). */
export interface SearchCriteriaTransport {
  save(criteria: ServerSearchCriteria): Promise<TransportAnswer>;
  load(): Promise<TransportAnswer>;
  remove(): Promise<TransportAnswer>;
  /** `user-profile`: the user with the `user_package_id` of their running package (null: none). */
  profile(): Promise<TransportAnswer>;
}

export interface SearchLock {
  filters: LockedFilters;
  /** ISO 8601. */
  expiresAt: string;
  permanent: boolean;
}

/** Saved criteria as the server answers them (only the fields the lock reads). */
export interface ServerCriteriaRecord {
  property_type: number | string | null;
  rooms: { bedrooms: number | null; bathrooms: number | null; living_rooms: number | null; floors: number | null } | null;
  min_price: number | null;
  max_price: number | null;
  category_ids: (number | string)[];
  outdoor_facility_ids: (number | string)[];
  city: string | null;
  expiration_date: string;
}

export type DegradedOperation = 'load' | 'save' | 'remove' | 'profile';
export interface DegradationEvent {
  operation: DegradedOperation;
  /** The last status seen (0: no answer). */
  status: number;
  attempts: number;
}

/** Spec §8: a failed save or read, with its status (500 when none is known) and what the server said. */
export class SearchCriteriaError extends Error {
  constructor(
    message: string,
    readonly status = 500,
    readonly details: unknown = null,
  ) {
    super(message);
    this.name = 'SearchCriteriaError';
  }
}

/** Why a lock ended, for the notice the page shows. */
export type UnlockReason = 'expired' | 'logged-out' | 'server-has-none' | 'no-package';

export type LockStatus = { state: 'locked'; lock: SearchLock } | { state: 'unlocked'; justExpired: boolean };

export interface LockOutcome {
  status: LockStatus;
  /** Set when this step removed a lock. */
  unlocked?: UnlockReason;
  /** The server could not be reached: what is kept locally stands. */
  degraded?: boolean;
}

const K = STORAGE_KEYS;
const PERSISTENT_LOCK_KEYS = [K.lockedSearchCriteria, K.subscriptionExpiration, K.formattedSearchCriteria] as const;
const SESSION_LOCK_KEYS = [K.lockedSearchCriteria, K.searchFilterData] as const;

const isSuccess = (status: number) => status >= 200 && status < 300;
/** Network failures (no answer) and server errors are worth another try; a refusal is not. */
export const isRetryable = (status: number) => status === 0 || status >= 500;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function validTime(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : null;
}

function toFilters(value: unknown): LockedFilters | null {
  if (!isPlainObject(value)) return null;
  const filters: LockedFilters = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string' && entry !== '') filters[key] = entry;
    else if (typeof entry === 'number' && Number.isFinite(entry)) filters[key] = String(entry);
  }
  return filters;
}

/** The lock as stored, or null when there is none (or what is stored cannot be read). */
export function readLock(stores: LockStores): SearchLock | null {
  const stored = parseJson(stores.persistent.get(K.lockedSearchCriteria));
  const expiresAt = stores.persistent.get(K.subscriptionExpiration);
  if (!isPlainObject(stored) || validTime(expiresAt) === null) return null;
  const filters = toFilters(stored.filters);
  if (!filters) return null;
  return { filters, expiresAt: expiresAt!, permanent: stored.permanent === true };
}

export const isExpired = (lock: Pick<SearchLock, 'expiresAt'>, now: number) => (validTime(lock.expiresAt) ?? 0) <= now;

/** Whether anything of a lock is stored, readable or not (the start-up rules clear broken ones too). */
function hasLockTraces(stores: LockStores): boolean {
  return PERSISTENT_LOCK_KEYS.some((key) => stores.persistent.get(key) !== null) || SESSION_LOCK_KEYS.some((key) => stores.session.get(key) !== null);
}

/** The UI search form of the properties page's filters, for the server's form (`toServerSearchCriteria`). */
export function filtersToSearchForm(filters: LockedFilters): SearchFormCriteria {
  const location = filters.city ? { city: filters.city } : null;
  return {
    propType: filters.property_type ?? null,
    category: filters.category_id ?? null,
    minPrice: filters.min_price ?? null,
    maxPrice: filters.max_price ?? null,
    bedrooms: filters.bedrooms ?? null,
    bathrooms: filters.bathrooms ?? null,
    livingRooms: filters.living_rooms ?? null,
    floors: filters.floors ?? null,
    facilitiesIds: filters.facility_ids ? filters.facility_ids.split(',').filter(Boolean) : [],
    selectedLocation: location,
  };
}

/** Filters of the properties page from criteria the server holds (a lock made on another device). */
export function serverCriteriaToFilters(record: ServerCriteriaRecord): LockedFilters {
  const filters: LockedFilters = {};
  const put = (key: string, value: unknown) => {
    if (value !== null && value !== undefined && value !== '') filters[key] = String(value);
  };
  put('property_type', record.property_type);
  put('category_id', record.category_ids[0]);
  put('city', record.city);
  put('min_price', record.min_price);
  put('max_price', record.max_price);
  put('bedrooms', record.rooms?.bedrooms);
  put('bathrooms', record.rooms?.bathrooms);
  put('living_rooms', record.rooms?.living_rooms);
  put('floors', record.rooms?.floors);
  if (record.outdoor_facility_ids.length) put('facility_ids', record.outdoor_facility_ids.join(','));
  return filters;
}

function parseRecord(value: unknown): ServerCriteriaRecord | null {
  if (!isPlainObject(value) || validTime(value.expiration_date) === null) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((id): id is number | string => typeof id === 'number' || typeof id === 'string') : []);
  const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
  const rooms = isPlainObject(value.rooms) ? value.rooms : {};
  return {
    property_type: typeof value.property_type === 'number' || typeof value.property_type === 'string' ? value.property_type : null,
    rooms: { bedrooms: numberOrNull(rooms.bedrooms), bathrooms: numberOrNull(rooms.bathrooms), living_rooms: numberOrNull(rooms.living_rooms), floors: numberOrNull(rooms.floors) },
    min_price: numberOrNull(value.min_price),
    max_price: numberOrNull(value.max_price),
    category_ids: list(value.category_ids),
    outdoor_facility_ids: list(value.outdoor_facility_ids),
    city: typeof value.city === 'string' ? value.city : null,
    expiration_date: value.expiration_date as string,
  };
}

const dataOf = (body: unknown): unknown => (isPlainObject(body) ? body.data : undefined);

/**
 * How the banner words a lock (spec §9: 'Your search is active and locked for 24 hours'): a lock
 * ending within a day says so; a longer one names its end.
 */
export function lockWording(lock: Pick<SearchLock, 'expiresAt'>, now: number): { kind: 'day' } | { kind: 'until'; expiresAt: string } {
  const left = (validTime(lock.expiresAt) ?? now) - now;
  return left <= PREMIUM_UNLOCK_HOURS * HOUR_MS ? { kind: 'day' } : { kind: 'until', expiresAt: lock.expiresAt };
}

/** The default end of saved criteria: 30 days from saving (spec §9). */
export const defaultCriteriaExpiry = (now: number) => new Date(now + DEFAULT_CRITERIA_EXPIRY_DAYS * DAY_MS).toISOString();
/** The end of a lock kept locally after a failed save after payment: one day (spec §9). */
export const fallbackCriteriaExpiry = (now: number) => new Date(now + POST_PAYMENT_FALLBACK_DAYS * DAY_MS).toISOString();

export interface SearchOwnerIds {
  userId: number;
  userPackageId: number | null;
}

export interface SearchLockDeps {
  stores: LockStores;
  transport: SearchCriteriaTransport;
  clock: LockClock;
  /** Spec §8: raised when the server stayed unreachable after the retries; local data is kept. */
  onDegraded?: (event: DegradationEvent) => void;
}

/** The lock's transitions (spec §4 "Search lock"), over injected storage, server and clock. */
export class SearchLockRules {
  constructor(private readonly deps: SearchLockDeps) {}

  private get stores() {
    return this.deps.stores;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** The lock as it stands now; a lock whose time has passed is ended on the way (everything cleared, just-expired set). */
  status(): LockStatus {
    const lock = readLock(this.stores);
    if (lock && isExpired(lock, this.now())) {
      this.expire();
      return this.unlocked();
    }
    if (lock) return { state: 'locked', lock };
    return this.unlocked();
  }

  private unlocked(): LockStatus {
    return { state: 'unlocked', justExpired: this.stores.persistent.get(K.subscriptionJustExpired) === 'true' };
  }

  /** Starts a lock: criteria saved with an expiration date set the flags in both stores. */
  start(lock: SearchLock, formatted: ServerSearchCriteria | ServerCriteriaRecord | null = null): LockStatus {
    const { persistent, session } = this.stores;
    persistent.set(K.lockedSearchCriteria, JSON.stringify({ filters: lock.filters, permanent: lock.permanent }));
    persistent.set(K.subscriptionExpiration, new Date(validTime(lock.expiresAt) ?? this.now()).toISOString());
    if (formatted) persistent.set(K.formattedSearchCriteria, JSON.stringify(formatted));
    persistent.remove(K.subscriptionJustExpired);
    session.set(K.lockedSearchCriteria, 'true');
    session.set(K.searchFilterData, JSON.stringify(lock.filters));
    return this.status();
  }

  /** The expiration passed: everything of the lock is cleared and `subscription_just_expired` set. */
  expire(): void {
    this.clear();
    this.stores.persistent.set(K.subscriptionJustExpired, 'true');
  }

  /**
   * Removes the lock. If that fails part-way, every criteria key is removed one by one and
   * `subscription_just_expired` is set (spec §4, start-up: "if clearing fails").
   */
  clear(): void {
    try {
      for (const key of PERSISTENT_LOCK_KEYS) this.stores.persistent.remove(key);
      for (const key of SESSION_LOCK_KEYS) this.stores.session.remove(key);
    } catch {
      this.removeEverything();
    }
  }

  private removeEverything(): void {
    const attempt = (store: KeyValueStore, key: string) => {
      try {
        store.remove(key);
      } catch {
        // Keep going: every key that can be removed is.
      }
    };
    for (const key of [...PERSISTENT_LOCK_KEYS, K.pendingSearchCriteria]) attempt(this.stores.persistent, key);
    for (const key of [...SESSION_LOCK_KEYS, K.currentFilterData]) attempt(this.stores.session, key);
    try {
      this.stores.persistent.set(K.subscriptionJustExpired, 'true');
    } catch {
      // Nothing more can be done with a store that refuses writes.
    }
  }

  /** The "Your Subscription Has Expired" notice was seen. */
  dismissExpiredNotice(): void {
    this.stores.persistent.remove(K.subscriptionJustExpired);
  }

  /** One call, retried on network failures and 5xx after 2 s and 4 s; then the degradation event. */
  private async withRetries(operation: DegradedOperation, call: () => Promise<TransportAnswer>): Promise<TransportAnswer & { degraded: boolean }> {
    const once = async (): Promise<TransportAnswer> => {
      try {
        return await call();
      } catch {
        return { status: 0, body: null };
      }
    };
    let answer = await once();
    let attempts = 1;
    for (const wait of NETWORK_RETRY_WAITS_MS) {
      if (!isRetryable(answer.status)) break;
      await this.deps.clock.sleep(wait);
      answer = await once();
      attempts++;
    }
    const degraded = isRetryable(answer.status);
    if (degraded) this.deps.onDegraded?.({ operation, status: answer.status, attempts });
    return { ...answer, degraded };
  }

  /**
   * Reads the server's criteria. Without a user: 'User not authenticated'. When the server stays
   * unreachable, the degradation event is raised and the local lock is answered instead.
   */
  async load(isLoggedIn: boolean): Promise<{ source: 'server'; criteria: ServerCriteriaRecord | null } | { source: 'local'; lock: SearchLock | null }> {
    if (!isLoggedIn) throw new SearchCriteriaError(SEARCH_CRITERIA_ERRORS.notAuthenticated, 401);
    const answer = await this.withRetries('load', () => this.deps.transport.load());
    if (answer.degraded) return { source: 'local', lock: readLock(this.stores) };
    if (!isSuccess(answer.status)) throw new SearchCriteriaError(SEARCH_CRITERIA_ERRORS.getFailed, answer.status, answer.body);
    return { source: 'server', criteria: parseRecord(dataOf(answer.body)) };
  }

  /**
   * Saves the search and locks it until the date the server answers. A 401 answers null (the
   * client's 401 handling logs the user out); any other failure throws 'Failed to save search criteria'.
   */
  async save(filters: LockedFilters, owner: SearchOwnerIds | null): Promise<LockStatus | null> {
    if (!owner) throw new SearchCriteriaError(SEARCH_CRITERIA_ERRORS.loginToSave, 401);
    const criteria = toServerSearchCriteria(filtersToSearchForm(filters), owner);
    const answer = await this.withRetries('save', () => this.deps.transport.save(criteria));
    return this.lockFromSave(answer, filters, criteria);
  }

  private lockFromSave(answer: TransportAnswer, filters: LockedFilters, criteria: ServerSearchCriteria): LockStatus | null {
    if (answer.status === 401) return null;
    const saved = isSuccess(answer.status) ? parseRecord(dataOf(answer.body)) : null;
    if (!saved) throw new SearchCriteriaError(SEARCH_CRITERIA_ERRORS.saveFailed, answer.status || 500, answer.body);
    return this.start({ filters, expiresAt: saved.expiration_date, permanent: false }, criteria);
  }

  /**
   * After a payment the pending search is saved: 3 tries, 1 s and 2 s apart. If none succeeds,
   * the search is locked here for one day (the permanent flag: the server does not hold it).
   */
  async saveAfterPayment(filters: LockedFilters, owner: SearchOwnerIds | null): Promise<{ status: LockStatus | null; fallback: boolean }> {
    if (!owner) throw new SearchCriteriaError(SEARCH_CRITERIA_ERRORS.loginToSave, 401);
    const criteria = toServerSearchCriteria(filtersToSearchForm(filters), owner);
    for (let attempt = 0; attempt <= SAVE_AFTER_PAYMENT_WAITS_MS.length; attempt++) {
      if (attempt > 0) await this.deps.clock.sleep(SAVE_AFTER_PAYMENT_WAITS_MS[attempt - 1]);
      let answer: TransportAnswer;
      try {
        answer = await this.deps.transport.save(criteria);
      } catch {
        answer = { status: 0, body: null };
      }
      if (answer.status === 401) return { status: null, fallback: false };
      try {
        return { status: this.lockFromSave(answer, filters, criteria), fallback: false };
      } catch {
        // Tried again below, then the one-day fallback.
      }
    }
    return { status: this.start({ filters, expiresAt: fallbackCriteriaExpiry(this.now()), permanent: true }, criteria), fallback: true };
  }

  /** Ends the lock on the server too (best effort: the server also ends it by itself). */
  async removeFromServer(): Promise<boolean> {
    const answer = await this.withRetries('remove', () => this.deps.transport.remove());
    return isSuccess(answer.status);
  }

  /**
   * Start-up (spec §4): a stored expiry in the past clears the lock (just-expired); a visitor's
   * lock is cleared; a user's is compared with the server's: none there clears it (unless
   * permanent), criteria there save their expiration date here — and lock this browser too when it
   * held nothing (a search locked on another device).
   */
  async reconcileAtStartup(isLoggedIn: boolean): Promise<LockOutcome> {
    const local = readLock(this.stores);
    if (local && isExpired(local, this.now())) {
      this.expire();
      return { status: this.unlocked(), unlocked: 'expired' };
    }
    if (!isLoggedIn) {
      if (!hasLockTraces(this.stores)) return { status: this.status() };
      this.clear();
      return { status: this.status(), unlocked: local ? 'logged-out' : undefined };
    }
    let found: Awaited<ReturnType<SearchLockRules['load']>>;
    try {
      found = await this.load(true);
    } catch {
      // Refused (not a network failure): nothing is known, so what is here stays.
      return { status: this.status() };
    }
    if (found.source === 'local') return { status: this.status(), degraded: true };
    const server = found.criteria;
    if (!server) {
      if (local?.permanent) return { status: this.status() };
      if (!hasLockTraces(this.stores)) return { status: this.status() };
      this.clear();
      return { status: this.status(), unlocked: local ? 'server-has-none' : undefined };
    }
    if (isExpired({ expiresAt: server.expiration_date }, this.now())) {
      this.expire();
      return { status: this.unlocked(), unlocked: 'expired' };
    }
    if (local) {
      this.stores.persistent.set(K.subscriptionExpiration, server.expiration_date);
      this.stores.persistent.set(K.lockedSearchCriteria, JSON.stringify({ filters: local.filters, permanent: false }));
      return { status: this.status() };
    }
    return { status: this.start({ filters: serverCriteriaToFilters(server), expiresAt: server.expiration_date, permanent: false }, null) };
  }

  /**
   * The lock also stands on the user's package, confirmed with the server after the page shows:
   * no running package removes the local flags. Answers the package found (undefined: unknown).
   */
  async confirmPackage(): Promise<LockOutcome & { userPackageId?: number | null }> {
    const answer = await this.withRetries('profile', () => this.deps.transport.profile());
    if (answer.degraded) return { status: this.status(), degraded: true };
    if (!isSuccess(answer.status)) {
      if (answer.status === 401 && readLock(this.stores)) {
        this.clear();
        return { status: this.status(), unlocked: 'logged-out', userPackageId: null };
      }
      return { status: this.status() };
    }
    const data = dataOf(answer.body);
    const id = isPlainObject(data) && typeof data.user_package_id === 'number' ? data.user_package_id : null;
    if (id === null && readLock(this.stores)) {
      this.clear();
      return { status: this.status(), unlocked: 'no-package', userPackageId: null };
    }
    return { status: this.status(), userPackageId: id };
  }
}

/**
 * Counts a person's distinct searches in a rolling day, for the free-search banner. Answers how
 * many there were (this one included) and whether the free ones are used up.
 */
export function recordFreeSearch(store: KeyValueStore, search: LockedFilters, now: number): { count: number; limitReached: boolean } {
  const signature = JSON.stringify(Object.entries(search).sort(([a], [b]) => a.localeCompare(b)));
  const { since, searches: seen } = readFreeSearches(store, now);
  // At the limit nothing more needs remembering: the banner already shows.
  const searches = seen.includes(signature) || seen.length >= FREE_SEARCH_LIMIT ? seen : [...seen, signature];
  try {
    store.set(FREE_SEARCHES_KEY, JSON.stringify({ since, searches }));
  } catch {
    // A full or refused store only loses the count.
  }
  return { count: searches.length, limitReached: searches.length >= FREE_SEARCH_LIMIT };
}

/** Whether the free searches are used up, without counting one. */
export function isFreeSearchLimitReached(store: KeyValueStore, now: number): boolean {
  return readFreeSearches(store, now).searches.length >= FREE_SEARCH_LIMIT;
}

/** The searches of the current day-long window; a window that began more than a day ago (or in the future) starts again. */
function readFreeSearches(store: KeyValueStore, now: number): { since: number; searches: string[] } {
  let stored: unknown = null;
  try {
    stored = parseJson(store.get(FREE_SEARCHES_KEY));
  } catch {
    stored = null;
  }
  if (!isPlainObject(stored)) return { since: now, searches: [] };
  const since = stored.since;
  if (typeof since !== 'number' || since > now || now - since >= FREE_SEARCH_WINDOW_MS) return { since: now, searches: [] };
  const list: unknown[] = Array.isArray(stored.searches) ? stored.searches : [];
  return { since, searches: list.filter((s): s is string => typeof s === 'string') };
}
