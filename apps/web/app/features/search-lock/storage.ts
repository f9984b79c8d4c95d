/**
 * The browser side of the search lock's storage (packages/core rules/search-lock.ts): local
 * storage is the persistent store, session storage the session one. Storage may be missing
 * (server rendering) or refuse (private mode, full): reads then find nothing and writes are lost,
 * except removals, whose failure the rules must see to apply the spec's "clearing fails" rule.
 */
import type { KeyValueStore, LockClock, LockStores } from '@estate/core/rules/search-lock';

function storeOver(pick: () => Storage | undefined): KeyValueStore {
  return {
    get(key) {
      try {
        return pick()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick()?.setItem(key, value);
      } catch {
        // A full or refused store: the lock then lasts as long as the page.
      }
    },
    remove(key) {
      pick()?.removeItem(key);
    },
  };
}

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export const browserStores: LockStores = { persistent: storeOver(local), session: storeOver(session) };

export const browserClock: LockClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
