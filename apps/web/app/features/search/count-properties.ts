import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, type Parser, RequestError } from '../../lib/client.ts';
import type { Filters } from './search-url.ts';

const DEBOUNCE_MS = 300; // spec §9

const totalAnswer: Parser<{ total: number }> = {
  safeParse(value) {
    const total = (value as { total?: unknown } | null)?.total;
    return typeof total === 'number' ? { success: true, data: { total } } : { success: false };
  },
};

/** How many listings the API counts for these filters (it stops counting at 1,000). */
async function countProperties(filters: Filters): Promise<number> {
  return (await call('get-property-list', totalAnswer, { query: { ...filters, limit: 1 } })).total;
}

export type PendingCount = { total: number | undefined; problem: string | undefined; isCounting: boolean };

/**
 * The count for filters not applied yet, asked 300 ms after the last change; `known` answers the
 * filters the page already shows without a call.
 */
function useBrowserPendingCount(filters: Filters, known: { key: string; total: number }): PendingCount {
  const key = new URLSearchParams(filters).toString();
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const query = useQuery({
    queryKey: ['property-count', settled],
    queryFn: () => countProperties(Object.fromEntries(new URLSearchParams(settled))),
    enabled: settled !== known.key,
    placeholderData: keepPreviousData,
    // A refused filter (max below min) will not pass on a retry.
    retry: (failures, error) => !(error instanceof RequestError && error.status === 400) && failures < 3,
  });
  if (key === known.key) return { total: known.total, problem: undefined, isCounting: false };
  const problem = query.error instanceof RequestError && query.error.status === 400 ? query.error.message : undefined;
  return { total: problem ? undefined : query.data, problem, isCounting: key !== settled || query.isFetching };
}

/**
 * A render on the server is a page's first, whose filters are not changed yet: what the browser's
 * first render answers (the known count, or counting for filters the page does not show), without
 * a query observer (1 % of a results page's render, for each of its filter forms). A build-time
 * choice, so each build calls the same hooks on every render.
 */
function serverPendingCount(filters: Filters, known: { key: string; total: number }): PendingCount {
  return new URLSearchParams(filters).toString() === known.key ? { total: known.total, problem: undefined, isCounting: false } : { total: undefined, problem: undefined, isCounting: true };
}

export const usePendingCount: (filters: Filters, known: { key: string; total: number }) => PendingCount = import.meta.env.SSR ? serverPendingCount : useBrowserPendingCount;
