import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Parser } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';
import { adminCall } from './admin-call.ts';

export interface TablePage<Row> {
  data: Row[];
  total: number;
  page: number;
  per_page: number;
}

export interface TableState {
  page: number;
  per_page: number;
  sort: string | undefined;
  order: 'asc' | 'desc';
  q: string;
  /** The table's own filters, by query-string name. */
  filters: Record<string, string>;
}

const whole = (value: string | null, fallback: number, max: number) => Math.max(1, Math.min(max, Math.floor(Number(value)) || fallback));

/**
 * A server-side table bound to the page's URL: page, page size, sort, direction, search and the
 * table's filters live in the query string, so a view can be shared, reloaded and gone back to.
 * Changing a filter or the search returns to page 1.
 */
export function useAdminTable<Row>(key: string, path: string, schema: Parser<TablePage<Row>>, opts: { filters?: readonly string[]; filterDefaults?: Record<string, string>; defaultSort?: string; defaultOrder?: 'asc' | 'desc'; perPage?: number } = {}) {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filterNames = opts.filters ?? [];
  const state: TableState = {
    page: whole(params.get('page'), 1, 10_000),
    per_page: whole(params.get('per_page'), opts.perPage ?? 20, 100),
    sort: params.get('sort') ?? opts.defaultSort,
    order: params.get('order') === 'asc' ? 'asc' : params.get('order') === 'desc' ? 'desc' : (opts.defaultOrder ?? 'desc'),
    q: params.get('q') ?? '',
    filters: Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? opts.filterDefaults?.[name] ?? ''])),
  };
  const query = useQuery({
    queryKey: ['admin', key, session?.data.id, state],
    enabled: !!session,
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () =>
      adminCall(path, schema, {
        // `all` is the choice of no filter where the table's default is one.
        query: { page: state.page, per_page: state.per_page, sort: state.sort, order: state.order, q: state.q || undefined, ...Object.fromEntries(Object.entries(state.filters).map(([k, v]) => [k, v === 'all' ? undefined : v])) },
      }),
  });

  // Changes made before the URL has caught up (a filter, then at once a search) build on each
  // other, not on the URL each of them saw.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const update = useCallback(
    (changes: Record<string, string | number | undefined>, keepPage = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(pending.current ?? current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          if (!keepPage) next.delete('page');
          pending.current = next;
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  return {
    state,
    query,
    rows: query.data?.data ?? [],
    total: query.data?.total ?? 0,
    setPage: (page: number) => update({ page }, true),
    setSort: (sort: string) => update({ sort, order: state.sort === sort && state.order === 'desc' ? 'asc' : 'desc' }),
    setSearch: (q: string) => update({ q }),
    setFilter: (name: string, value: string) => update({ [name]: value }),
    setPerPage: (perPage: number) => update({ per_page: perPage }),
  };
}

/** What a `DataTable` reads of a table. */
export type AdminTable<Row> = Pick<ReturnType<typeof useAdminTable<Row>>, 'rows' | 'state' | 'total' | 'query' | 'setSort' | 'setPage'>;
