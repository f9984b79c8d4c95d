/**
 * Spec §4 "Payments": after a payment the search that was pending when the plans opened (the
 * premium pop-up keeps it under `pending_search_criteria`) is saved and locked — 3 tries, 1 s and
 * 2 s apart, else locked here for one day. For the payment success view to call before it moves on.
 */
import { STORAGE_KEYS } from '@estate/core/rules/constants';
import { SEARCH_CRITERIA_ERRORS, SearchCriteriaError, type LockedFilters } from '@estate/core/rules/search-lock';
import { getSession } from '../../lib/session.ts';
import { browserStores } from './storage.ts';
import { searchLockRules } from './use-search-lock.ts';

export type AfterPayment = { status: 'nothing-pending' } | { status: 'locked'; fallback: boolean } | { status: 'login'; message: string } | { status: 'failed' };

function pendingSearch(): { filters: LockedFilters; rest: Record<string, unknown> } | null {
  try {
    const pending = JSON.parse(browserStores.persistent.get(STORAGE_KEYS.pendingSearchCriteria) ?? 'null') as Record<string, unknown> | null;
    const filters = pending?.filters;
    if (!filters || typeof filters !== 'object' || Array.isArray(filters)) return null;
    const kept = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
    if (!Object.keys(kept).length) return null;
    const { filters: _search, ...rest } = pending!;
    return { filters: kept, rest };
  } catch {
    return null;
  }
}

export async function savePendingSearchAfterPayment(): Promise<AfterPayment> {
  const pending = pendingSearch();
  if (!pending) return { status: 'nothing-pending' };
  const session = getSession();
  try {
    const saved = await searchLockRules().saveAfterPayment(pending.filters, session ? { userId: session.data.id, userPackageId: null } : null);
    if (!saved.status) return { status: 'login', message: SEARCH_CRITERIA_ERRORS.loginToSave };
    // The search is saved; what else was pending (the premium listing's slug) stays for its own page.
    if (Object.keys(pending.rest).length) browserStores.persistent.set(STORAGE_KEYS.pendingSearchCriteria, JSON.stringify(pending.rest));
    else browserStores.persistent.remove(STORAGE_KEYS.pendingSearchCriteria);
    return { status: 'locked', fallback: saved.fallback };
  } catch (error) {
    if (error instanceof SearchCriteriaError && error.message === SEARCH_CRITERIA_ERRORS.loginToSave) return { status: 'login', message: error.message };
    return { status: 'failed' };
  }
}
