import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './constants.ts';
import {
  FREE_SEARCH_LIMIT,
  FREE_SEARCH_WINDOW_MS,
  NETWORK_RETRY_WAITS_MS,
  SAVE_AFTER_PAYMENT_WAITS_MS,
  SEARCH_CRITERIA_ERRORS,
  SearchCriteriaError,
  SearchLockRules,
  defaultCriteriaExpiry,
  fallbackCriteriaExpiry,
  filtersToSearchForm,
  isFreeSearchLimitReached,
  lockWording,
  readLock,
  recordFreeSearch,
  serverCriteriaToFilters,
  type DegradationEvent,
  type KeyValueStore,
  type LockStores,
  type SearchCriteriaTransport,
  type TransportAnswer,
} from './search-lock.ts';
import { toServerSearchCriteria } from './search-criteria.ts';

const K = STORAGE_KEYS;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2026-03-01T10:00:00.000Z');

class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  failRemoving = new Set<string>();
  get(key: string) {
    return this.map.get(key) ?? null;
  }
  set(key: string, value: string) {
    this.map.set(key, value);
  }
  remove(key: string) {
    if (this.failRemoving.has(key)) {
      this.failRemoving.delete(key);
      throw new Error('storage refused');
    }
    this.map.delete(key);
  }
}

/** A clock that only moves when told to, or when the rules wait (the wait is recorded). */
class FakeClock {
  time = START;
  waits: number[] = [];
  now = () => this.time;
  sleep = async (ms: number) => {
    this.waits.push(ms);
    this.time += ms;
  };
  advance(ms: number) {
    this.time += ms;
  }
}

type Step = TransportAnswer | 'throw';
/** A server that answers each call from a script (the last answer repeats), and counts calls. */
class ScriptedServer implements SearchCriteriaTransport {
  calls: { op: string; body?: unknown }[] = [];
  constructor(private readonly script: Partial<Record<'save' | 'load' | 'remove' | 'profile', Step[]>> = {}) {}
  private answer(op: 'save' | 'load' | 'remove' | 'profile', body?: unknown): Promise<TransportAnswer> {
    this.calls.push({ op, body });
    const steps = this.script[op] ?? [{ status: 200, body: { error: false, message: 'ok', data: null } }];
    const step = steps.length > 1 ? steps.shift()! : steps[0];
    return step === 'throw' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(step);
  }
  save = (criteria: unknown) => this.answer('save', criteria);
  load = () => this.answer('load');
  remove = () => this.answer('remove');
  profile = () => this.answer('profile');
  count(op: string) {
    return this.calls.filter((c) => c.op === op).length;
  }
}

const record = (expiration: number, extra: Record<string, unknown> = {}) => ({
  id: 7,
  user_id: 3,
  user_package_id: 11,
  property_type: 0,
  rooms: { bedrooms: 2, bathrooms: null, living_rooms: null, floors: null },
  min_price: 100000,
  max_price: 900000,
  category_ids: [4],
  outdoor_facility_ids: [1, 5],
  city: 'Pune',
  state: null,
  country: null,
  location: 'Pune',
  expiration_date: new Date(expiration).toISOString(),
  ...extra,
});
const ok = (data: unknown): TransportAnswer => ({ status: 200, body: { error: false, message: 'ok', data } });
const refused = (status: number, message = 'refused'): TransportAnswer => ({ status, body: { error: true, message } });

function setup(script: ConstructorParameters<typeof ScriptedServer>[0] = {}) {
  const stores: LockStores & { persistent: MemoryStore; session: MemoryStore } = { persistent: new MemoryStore(), session: new MemoryStore() };
  const clock = new FakeClock();
  const server = new ScriptedServer(script);
  const degraded: DegradationEvent[] = [];
  const rules = new SearchLockRules({ stores, transport: server, clock, onDegraded: (e) => degraded.push(e) });
  return { stores, clock, server, degraded, rules };
}

const filters = { property_type: '0', city: 'Pune', min_price: '100000', max_price: '900000', bedrooms: '2', facility_ids: '1,5', category_id: '4' };
const owner = { userId: 3, userPackageId: 11 };

describe('starting a lock', () => {
  it('saves with the server, then sets the flags in both stores with the server’s expiration date', async () => {
    const expires = START + 30 * DAY;
    const { rules, stores, server } = setup({ save: [ok(record(expires))] });
    const status = await rules.save(filters, owner);
    expect(status).toEqual({ state: 'locked', lock: { filters, expiresAt: new Date(expires).toISOString(), permanent: false } });
    expect(stores.persistent.get(K.subscriptionExpiration)).toBe(new Date(expires).toISOString());
    expect(JSON.parse(stores.persistent.get(K.lockedSearchCriteria)!)).toEqual({ filters, permanent: false });
    expect(stores.session.get(K.lockedSearchCriteria)).toBe('true');
    expect(JSON.parse(stores.session.get(K.searchFilterData)!)).toEqual(filters);
    // What went to the server is the spec's server form, kept as formatted_search_criteria.
    const sent = server.calls[0].body;
    expect(sent).toEqual(toServerSearchCriteria(filtersToSearchForm(filters), owner));
    expect(sent).toMatchObject({ user_id: 3, user_package_id: 11, property_type: 0, rooms: { bedrooms: 2 }, category_ids: [4], outdoor_facility_ids: [1, 5], city: 'Pune', location: 'Pune' });
    expect(JSON.parse(stores.persistent.get(K.formattedSearchCriteria)!)).toEqual(sent);
  });

  it('starting a lock clears an old subscription_just_expired', () => {
    const { rules, stores } = setup();
    stores.persistent.set(K.subscriptionJustExpired, 'true');
    rules.start({ filters, expiresAt: new Date(START + DAY * 2).toISOString(), permanent: false });
    expect(stores.persistent.get(K.subscriptionJustExpired)).toBeNull();
  });

  it('needs a user: “Please log in to save your search criteria”', async () => {
    const { rules, server } = setup();
    await expect(rules.save(filters, null)).rejects.toThrow(SEARCH_CRITERIA_ERRORS.loginToSave);
    await expect(rules.saveAfterPayment(filters, null)).rejects.toThrow('Please log in to save your search criteria');
    expect(server.calls).toEqual([]);
  });

  it('answers null on a 401 and locks nothing', async () => {
    const { rules, stores } = setup({ save: [refused(401)] });
    expect(await rules.save(filters, owner)).toBeNull();
    expect(readLock(stores)).toBeNull();
  });

  it('throws “Failed to save search criteria” with the status and the server’s answer on a refusal', async () => {
    const { rules, server, clock } = setup({ save: [refused(403, 'An active package is needed')] });
    const error = await rules.save(filters, owner).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchCriteriaError);
    expect(error).toMatchObject({ message: 'Failed to save search criteria', status: 403, details: { error: true, message: 'An active package is needed' } });
    // A refusal is not retried.
    expect(server.count('save')).toBe(1);
    expect(clock.waits).toEqual([]);
  });

  it('retries network failures and 5xx twice, after 2 s then 4 s, then raises the degradation event (status 500 by default)', async () => {
    const { rules, server, clock, degraded, stores } = setup({ save: ['throw', refused(503), 'throw'] });
    const error = await rules.save(filters, owner).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Failed to save search criteria', status: 500 });
    expect(server.count('save')).toBe(3);
    expect(clock.waits).toEqual([2000, 4000]);
    expect(NETWORK_RETRY_WAITS_MS).toEqual([2000, 4000]);
    expect(degraded).toEqual([{ operation: 'save', status: 0, attempts: 3 }]);
    expect(readLock(stores)).toBeNull();
  });

  it('succeeds on a retry without raising the event', async () => {
    const { rules, clock, degraded } = setup({ save: [refused(502), ok(record(START + 30 * DAY))] });
    expect((await rules.save(filters, owner))?.state).toBe('locked');
    expect(clock.waits).toEqual([2000]);
    expect(degraded).toEqual([]);
  });
});

describe('expiry', () => {
  it('a lock stands until its expiration, then everything is cleared and subscription_just_expired is true', () => {
    const { rules, stores, clock } = setup();
    stores.persistent.set(K.pendingSearchCriteria, '{"filters":{}}');
    rules.start({ filters, expiresAt: new Date(START + 30 * DAY).toISOString(), permanent: false }, toServerSearchCriteria(filtersToSearchForm(filters), owner));
    clock.advance(30 * DAY - 1);
    expect(rules.status().state).toBe('locked');
    clock.advance(1);
    expect(rules.status()).toEqual({ state: 'unlocked', justExpired: true });
    for (const key of [K.lockedSearchCriteria, K.subscriptionExpiration, K.formattedSearchCriteria]) expect(stores.persistent.get(key), key).toBeNull();
    for (const key of [K.lockedSearchCriteria, K.searchFilterData]) expect(stores.session.get(key), key).toBeNull();
    expect(stores.persistent.get(K.subscriptionJustExpired)).toBe('true');
    // A search waiting for a payment is not the lock's to drop.
    expect(stores.persistent.get(K.pendingSearchCriteria)).toBe('{"filters":{}}');
    rules.dismissExpiredNotice();
    expect(rules.status()).toEqual({ state: 'unlocked', justExpired: false });
  });

  it('words a lock ending within a day as “locked for 24 hours”, a longer one by its end', () => {
    expect(lockWording({ expiresAt: new Date(START + DAY).toISOString() }, START)).toEqual({ kind: 'day' });
    expect(lockWording({ expiresAt: new Date(START + 3 * HOUR).toISOString() }, START)).toEqual({ kind: 'day' });
    const later = new Date(START + DAY + 1).toISOString();
    expect(lockWording({ expiresAt: later }, START)).toEqual({ kind: 'until', expiresAt: later });
  });

  it('defaults: 30 days from saving, one day for the fallback', () => {
    expect(defaultCriteriaExpiry(START)).toBe('2026-03-31T10:00:00.000Z');
    expect(fallbackCriteriaExpiry(START)).toBe('2026-03-02T10:00:00.000Z');
  });
});

describe('the package check', () => {
  const locked = (stores: LockStores, rules: SearchLockRules) => rules.start({ filters, expiresAt: new Date(START + 10 * DAY).toISOString(), permanent: false });

  it('keeps the lock when the server finds a running package', async () => {
    const { rules, stores } = setup({ profile: [ok({ id: 3, user_package_id: 11 })] });
    locked(stores, rules);
    expect(await rules.confirmPackage()).toMatchObject({ status: { state: 'locked' }, userPackageId: 11 });
  });

  it('removes the local flags when none is found', async () => {
    const { rules, stores } = setup({ profile: [ok({ id: 3, user_package_id: null })] });
    locked(stores, rules);
    expect(await rules.confirmPackage()).toEqual({ status: { state: 'unlocked', justExpired: false }, unlocked: 'no-package', userPackageId: null });
    expect(stores.session.get(K.lockedSearchCriteria)).toBeNull();
  });

  it('keeps the lock when the server cannot be reached (degraded)', async () => {
    const { rules, stores, degraded, clock } = setup({ profile: ['throw'] });
    locked(stores, rules);
    expect(await rules.confirmPackage()).toMatchObject({ status: { state: 'locked' }, degraded: true });
    expect(clock.waits).toEqual([2000, 4000]);
    expect(degraded).toEqual([{ operation: 'profile', status: 0, attempts: 3 }]);
  });
});

describe('reading the server’s criteria', () => {
  it('needs a user: “User not authenticated”', async () => {
    const { rules, server } = setup();
    await expect(rules.load(false)).rejects.toMatchObject({ name: 'SearchCriteriaError', message: 'User not authenticated', status: 401 });
    expect(server.calls).toEqual([]);
  });

  it('throws “Failed to get search criteria” on a refusal', async () => {
    const { rules } = setup({ load: [refused(403)] });
    await expect(rules.load(true)).rejects.toMatchObject({ message: 'Failed to get search criteria', status: 403 });
  });

  it('after 2 s and 4 s of failures raises the degradation event and keeps the local data', async () => {
    const { rules, stores, degraded, clock } = setup({ load: [refused(500), refused(500), refused(500)] });
    rules.start({ filters, expiresAt: new Date(START + DAY * 3).toISOString(), permanent: false });
    const found = await rules.load(true);
    expect(found).toEqual({ source: 'local', lock: readLock(stores) });
    expect(clock.waits).toEqual([2000, 4000]);
    expect(degraded).toEqual([{ operation: 'load', status: 500, attempts: 3 }]);
  });
});

describe('start-up reconciliation', () => {
  const lockFor = (rules: SearchLockRules, days: number, permanent = false) =>
    rules.start({ filters, expiresAt: new Date(START + days * DAY).toISOString(), permanent });

  it('logged in, locked here, the server has no active criteria: cleared (Search Criteria Unlocked)', async () => {
    const { rules, stores } = setup({ load: [ok(null)] });
    lockFor(rules, 5);
    expect(await rules.reconcileAtStartup(true)).toEqual({ status: { state: 'unlocked', justExpired: false }, unlocked: 'server-has-none' });
    expect(readLock(stores)).toBeNull();
  });

  it('…unless the permanent lock flag is set', async () => {
    const { rules } = setup({ load: [ok(null)] });
    lockFor(rules, 1, true);
    expect((await rules.reconcileAtStartup(true)).status.state).toBe('locked');
  });

  it('logged in and the server has criteria: its expiration date is saved here', async () => {
    const serverEnd = START + 12 * DAY;
    const { rules, stores } = setup({ load: [ok(record(serverEnd))] });
    lockFor(rules, 30, true);
    const outcome = await rules.reconcileAtStartup(true);
    expect(outcome.status).toEqual({ state: 'locked', lock: { filters, expiresAt: new Date(serverEnd).toISOString(), permanent: false } });
    expect(stores.persistent.get(K.subscriptionExpiration)).toBe(new Date(serverEnd).toISOString());
  });

  it('logged in with nothing here and criteria on the server (another device): locked here with the server’s search', async () => {
    const { rules } = setup({ load: [ok(record(START + 3 * DAY))] });
    const outcome = await rules.reconcileAtStartup(true);
    expect(outcome.status).toEqual({
      state: 'locked',
      lock: {
        filters: { property_type: '0', category_id: '4', city: 'Pune', min_price: '100000', max_price: '900000', bedrooms: '2', facility_ids: '1,5' },
        expiresAt: new Date(START + 3 * DAY).toISOString(),
        permanent: false,
      },
    });
  });

  it('the server’s criteria already past their date (by this clock) end the lock as expired', async () => {
    const { rules, stores } = setup({ load: [ok(record(START - 1))] });
    expect(await rules.reconcileAtStartup(true)).toEqual({ status: { state: 'unlocked', justExpired: true }, unlocked: 'expired' });
    expect(stores.persistent.get(K.subscriptionJustExpired)).toBe('true');
  });

  it('not logged in but locked here: cleared, and the server is not asked', async () => {
    const { rules, server, stores } = setup();
    lockFor(rules, 5);
    expect(await rules.reconcileAtStartup(false)).toMatchObject({ unlocked: 'logged-out', status: { state: 'unlocked' } });
    expect(readLock(stores)).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('a stored expiry in the past: cleared as expired before anything is asked', async () => {
    const { rules, clock, server } = setup();
    lockFor(rules, 1);
    clock.advance(DAY);
    expect(await rules.reconcileAtStartup(true)).toEqual({ status: { state: 'unlocked', justExpired: true }, unlocked: 'expired' });
    expect(server.calls).toEqual([]);
  });

  it('if clearing fails, every criteria key is removed and subscription_just_expired is set', async () => {
    const { rules, stores } = setup({ load: [ok(null)] });
    lockFor(rules, 5);
    stores.persistent.set(K.pendingSearchCriteria, '{}');
    stores.session.set(K.currentFilterData, '{}');
    stores.persistent.failRemoving.add(K.subscriptionExpiration);
    await rules.reconcileAtStartup(true);
    for (const key of [K.lockedSearchCriteria, K.formattedSearchCriteria, K.pendingSearchCriteria]) expect(stores.persistent.get(key), key).toBeNull();
    for (const key of [K.lockedSearchCriteria, K.searchFilterData, K.currentFilterData]) expect(stores.session.get(key), key).toBeNull();
    expect(stores.persistent.get(K.subscriptionJustExpired)).toBe('true');
    expect(readLock(stores)).toBeNull();
  });

  it('a server that cannot be reached leaves the local lock as it is (degraded)', async () => {
    const { rules, degraded } = setup({ load: ['throw'] });
    lockFor(rules, 5);
    expect(await rules.reconcileAtStartup(true)).toMatchObject({ status: { state: 'locked' }, degraded: true });
    expect(degraded).toHaveLength(1);
  });

  it('clears unreadable leftovers of a lock', async () => {
    const { rules, stores } = setup({ load: [ok(null)] });
    stores.persistent.set(K.lockedSearchCriteria, '{not json');
    stores.session.set(K.lockedSearchCriteria, 'true');
    await rules.reconcileAtStartup(true);
    expect(stores.persistent.get(K.lockedSearchCriteria)).toBeNull();
    expect(stores.session.get(K.lockedSearchCriteria)).toBeNull();
  });
});

describe('saving after payment', () => {
  it('tries 3 times, 1 s and 2 s apart, then locks here for one day with the permanent flag', async () => {
    const { rules, server, clock, stores } = setup({ save: ['throw', refused(500), refused(422)] });
    const result = await rules.saveAfterPayment(filters, owner);
    expect(server.count('save')).toBe(3);
    expect(clock.waits).toEqual([1000, 2000]);
    expect(SAVE_AFTER_PAYMENT_WAITS_MS).toEqual([1000, 2000]);
    expect(result.fallback).toBe(true);
    expect(result.status).toEqual({ state: 'locked', lock: { filters, expiresAt: new Date(START + 3000 + DAY).toISOString(), permanent: true } });
    expect(JSON.parse(stores.persistent.get(K.lockedSearchCriteria)!).permanent).toBe(true);
  });

  it('locks with the server’s date when a later try succeeds', async () => {
    const { rules, clock } = setup({ save: [refused(503), ok(record(START + 30 * DAY))] });
    const result = await rules.saveAfterPayment(filters, owner);
    expect(result).toMatchObject({ fallback: false, status: { state: 'locked', lock: { permanent: false } } });
    expect(clock.waits).toEqual([1000]);
  });

  it('stops at a 401 (null)', async () => {
    const { rules, server } = setup({ save: [refused(401)] });
    expect(await rules.saveAfterPayment(filters, owner)).toEqual({ status: null, fallback: false });
    expect(server.count('save')).toBe(1);
  });
});

describe('filters and the server form', () => {
  it('round-trip through the server’s criteria', () => {
    const sent = toServerSearchCriteria(filtersToSearchForm(filters), owner);
    const back = serverCriteriaToFilters({ ...sent, category_ids: sent.category_ids, expiration_date: new Date(START).toISOString() } as never);
    expect(back).toEqual(filters);
  });
});

describe('free searches', () => {
  it(`counts distinct searches and reports the limit at the ${FREE_SEARCH_LIMIT}th, for a day`, () => {
    const store = new MemoryStore();
    let now = START;
    for (let i = 1; i < FREE_SEARCH_LIMIT; i++) {
      expect(recordFreeSearch(store, { city: `City ${i}` }, now)).toEqual({ count: i, limitReached: false });
      // The same search again is not another one.
      expect(recordFreeSearch(store, { city: `City ${i}` }, now).count).toBe(i);
      now += HOUR;
    }
    expect(isFreeSearchLimitReached(store, now)).toBe(false);
    expect(recordFreeSearch(store, { city: 'One more', property_type: '1' }, now)).toEqual({ count: FREE_SEARCH_LIMIT, limitReached: true });
    expect(recordFreeSearch(store, { property_type: '1', city: 'One more' }, now).count).toBe(FREE_SEARCH_LIMIT);
    expect(recordFreeSearch(store, { city: 'Beyond' }, now)).toEqual({ count: FREE_SEARCH_LIMIT, limitReached: true });
    expect(isFreeSearchLimitReached(store, now)).toBe(true);
    // A day after the first search the count starts again.
    expect(isFreeSearchLimitReached(store, START + FREE_SEARCH_WINDOW_MS)).toBe(false);
    expect(recordFreeSearch(store, { city: 'Next day' }, START + FREE_SEARCH_WINDOW_MS)).toEqual({ count: 1, limitReached: false });
  });

  it('starts again from unreadable or future-dated data', () => {
    const store = new MemoryStore();
    store.set('free_searches', 'garbage');
    expect(recordFreeSearch(store, { city: 'A' }, START).count).toBe(1);
    store.set('free_searches', JSON.stringify({ since: START + DAY, searches: ['a', 'b', 'c', 'd', 'e', 'f'] }));
    expect(isFreeSearchLimitReached(store, START)).toBe(false);
  });
});
