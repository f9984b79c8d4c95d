/**
 * The browser's side of the pending purchase (spec §3 `pending_search_criteria`): what the
 * premium pop-up saved before the plans opened. Read after hydration only.
 */
import { STORAGE_KEYS } from '@estate/core';
import { useEffect, useState } from 'react';
import { parsePending, type PendingPurchase } from './payment-view.ts';

export function readPendingPurchase(): PendingPurchase | null {
  try {
    return parsePending(localStorage.getItem(STORAGE_KEYS.pendingSearchCriteria));
  } catch {
    return null;
  }
}

/** Spec §4: after a payment "a flag marks the user as just paid"; the filters stay for the search lock to save. */
export function markPendingPaid(now = new Date()) {
  const pending = readPendingPurchase();
  if (!pending || pending.paid_at) return;
  try {
    localStorage.setItem(STORAGE_KEYS.pendingSearchCriteria, JSON.stringify({ ...pending, paid_at: now.toISOString() }));
  } catch {
    // Storage refused: the redirect has been decided already.
  }
}

/** The pending purchase not yet paid for, once the page has hydrated (null before, and when there is none). */
export function usePendingPurchase(): PendingPurchase | null {
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  useEffect(() => {
    const found = readPendingPurchase();
    setPending(found && !found.paid_at ? found : null);
  }, []);
  return pending;
}
