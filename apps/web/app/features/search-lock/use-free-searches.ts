/**
 * The free-search banner (spec §8 "You've reached the limit of free searches"): people without a
 * running package — visitors, and users once the server said they hold none — get
 * FREE_SEARCH_LIMIT distinct searches a day, counted in this browser.
 */
import { isFreeSearchLimitReached, recordFreeSearch, type LockedFilters } from '@estate/core/rules/search-lock';
import { useEffect, useState } from 'react';
import { browserStores } from './storage.ts';

export type Searcher = 'visitor' | 'no-package' | 'subscriber' | 'unknown';

/** Counts this search (when it narrows anything) and answers whether the free ones are used up. */
export function useFreeSearchLimit(search: LockedFilters, who: Searcher): boolean {
  const [reached, setReached] = useState(false);
  const key = JSON.stringify(search);
  useEffect(() => {
    if (who !== 'visitor' && who !== 'no-package') {
      setReached(false);
      return;
    }
    const filters = JSON.parse(key) as LockedFilters;
    const now = Date.now();
    setReached(Object.keys(filters).length ? recordFreeSearch(browserStores.persistent, filters, now).limitReached : isFreeSearchLimitReached(browserStores.persistent, now));
  }, [key, who]);
  return reached;
}
