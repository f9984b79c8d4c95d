/**
 * The search lock on a page (spec §4): the core rules over the browser's storage, the API and the
 * real clock. After hydration the stored lock shows at once; then the start-up reconciliation asks
 * the server, and the running package is confirmed. While the page stays open the expiry is
 * checked every 30 seconds, when the tab comes back, and when another tab changes the lock.
 */
import { SearchCriteriaError, SearchLockRules, readLock, type LockOutcome, type LockStatus, type LockedFilters, type SearchLock } from '@estate/core/rules/search-lock';
import { useCallback, useEffect, useState } from 'react';
import { handleUnauthorized } from '../../lib/client.ts';
import { getSession, useSession } from '../../lib/session.ts';
import { browserClock, browserStores } from './storage.ts';
import { browserTransport } from './transport.ts';

const EXPIRY_CHECK_MS = 30_000;
/** Raised on `window` when the search-criteria calls stayed unreachable after their retries (spec §8). */
export const DEGRADED_EVENT = 'search-criteria-degraded';

let rules: SearchLockRules | undefined;
/** One set of rules per page load (they hold no state of their own: storage does). */
export function searchLockRules(): SearchLockRules {
  rules ??= new SearchLockRules({
    stores: browserStores,
    transport: browserTransport,
    clock: browserClock,
    onDegraded: (detail) => window.dispatchEvent(new CustomEvent(DEGRADED_EVENT, { detail })),
  });
  return rules;
}

export type SaveFailure = 'login' | 'plan' | 'failed';
export type SaveResult = { ok: true; lock: SearchLock } | { ok: false; reason: SaveFailure };

export interface SearchLockView {
  /** Null until the browser has read its storage (server rendering, hydration). */
  lock: SearchLock | null;
  isKnown: boolean;
  /** 'expired': "Your Subscription Has Expired"; 'unlocked': "Search Criteria Unlocked" for another reason. */
  notice: 'expired' | 'unlocked' | null;
  /** The running package (null: none; undefined: not known yet, or a visitor). */
  userPackageId: number | null | undefined;
  save(filters: LockedFilters): Promise<SaveResult>;
  dismiss(): void;
}

export function useSearchLock(): SearchLockView {
  const session = useSession();
  const token = session?.token;
  const [status, setStatus] = useState<LockStatus | null>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [userPackageId, setUserPackageId] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    const lockRules = searchLockRules();
    let current = true;
    const show = (outcome: Pick<LockOutcome, 'status' | 'unlocked'>) => {
      if (!current) return;
      setStatus(outcome.status);
      if (outcome.unlocked && outcome.unlocked !== 'expired') setUnlocked(true);
      // The server ends its copy by itself too; telling it keeps "no criteria" true everywhere at once.
      if (outcome.unlocked === 'expired' && token) void lockRules.removeFromServer();
    };
    /** Reads the lock again; one that just ran out becomes the expired notice. */
    const check = () => {
      const before = readLock(browserStores);
      const now = lockRules.status();
      show({ status: now, unlocked: before && now.state === 'unlocked' ? (now.justExpired ? 'expired' : 'server-has-none') : undefined });
    };
    check();
    setUserPackageId(undefined);
    void (async () => {
      show(await lockRules.reconcileAtStartup(!!token));
      if (!token || !current) return;
      const confirmed = await lockRules.confirmPackage();
      show(confirmed);
      if (current && confirmed.userPackageId !== undefined) setUserPackageId(confirmed.userPackageId);
    })();
    const timer = setInterval(check, EXPIRY_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', check);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', check);
    };
  }, [token]);

  const save = useCallback(
    async (filters: LockedFilters): Promise<SaveResult> => {
      const user = getSession();
      if (!user) return { ok: false, reason: 'login' };
      try {
        const saved = await searchLockRules().save(filters, { userId: user.data.id, userPackageId: userPackageId ?? null });
        if (!saved) {
          // Spec §8: a 401 on save answers null; the session is gone, so log in again.
          handleUnauthorized();
          return { ok: false, reason: 'login' };
        }
        setStatus(saved);
        setUnlocked(false);
        return saved.state === 'locked' ? { ok: true, lock: saved.lock } : { ok: false, reason: 'failed' };
      } catch (error) {
        return { ok: false, reason: error instanceof SearchCriteriaError && error.status === 403 ? 'plan' : 'failed' };
      }
    },
    [userPackageId],
  );

  const dismiss = useCallback(() => {
    const lockRules = searchLockRules();
    lockRules.dismissExpiredNotice();
    setUnlocked(false);
    setStatus(lockRules.status());
  }, []);

  const lock = status?.state === 'locked' ? status.lock : null;
  const notice = lock ? null : status?.state === 'unlocked' && status.justExpired ? 'expired' : unlocked ? 'unlocked' : null;
  return { lock, isKnown: status !== null, notice, userPackageId: token ? userPackageId : undefined, save, dismiss };
}
