import { MAX_COUNTED_RESULTS } from '@estate/core/rules/constants';

export type Pager = {
  /** The last page known to exist, or null when the API stopped counting (more than 1,000 results). */
  lastPage: number | null;
  hasPrevious: boolean;
  /** Where "previous" leads: the page before, or the last real page when this one is past the end. */
  previousPage: number;
  hasNext: boolean;
  /** This page lies beyond the results (a hand-edited or stale link). */
  pastTheEnd: boolean;
};

/**
 * Honest paging over a count that stops at MAX_COUNTED_RESULTS: page numbers only as far as the
 * count reaches, and "next" while a full page came back.
 */
export function pagerFor(page: number, itemsOnPage: number, pageSize: number, total: number): Pager {
  const counted = total < MAX_COUNTED_RESULTS;
  const lastPage = counted ? Math.max(1, Math.ceil(total / pageSize)) : null;
  const pastTheEnd = itemsOnPage === 0 && page > 1;
  const previousPage = lastPage !== null && page > lastPage ? lastPage : page - 1;
  const hasNext = itemsOnPage === pageSize && (lastPage === null || page < lastPage);
  return { lastPage, hasPrevious: page > 1, previousPage: Math.max(1, previousPage), hasNext, pastTheEnd };
}
