import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { inputClass } from '../../components/Form.tsx';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import type { AdminTable } from './use-admin-table.ts';

export interface Column<Row> {
  /** Also the server's sort name when `sortable`. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  className?: string;
}

interface Props<Row> {
  caption: string;
  columns: Column<Row>[];
  /** The table's rows, state, fetch and setters, as `useAdminTable` gives them. */
  table: AdminTable<Row>;
  rowKey: (row: Row) => number | string;
  empty: string;
  /** Row selection for bulk actions: the selected keys and their setter. */
  selection?: { selected: ReadonlySet<number>; onChange: (next: Set<number>) => void; label: (row: Row) => string };
}

/**
 * A server-side table: sortable column headers (with `aria-sort`), optional row selection, paging.
 * On a phone each row becomes a card of "header: value" lines, so nothing scrolls sideways.
 */
export function DataTable<Row>(props: Props<Row>) {
  const t = useT();
  const { selection, table } = props;
  const { state, rows, total } = table;
  const loading = table.query.isFetching;
  const pages = Math.max(1, Math.ceil(total / state.per_page));
  const keys = rows.map((row) => Number(props.rowKey(row)));
  const allSelected = !!selection && keys.length > 0 && keys.every((k) => selection.selected.has(k));
  const toggleAll = () => selection?.onChange(allSelected ? new Set() : new Set(keys));
  const toggle = (key: number) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const first = (state.page - 1) * state.per_page + 1;
  const last = Math.min(total, state.page * state.per_page);
  const number = (n: number) => new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(n);

  return (
    <div aria-busy={loading}>
      {table.query.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {localizeMessage(table.query.error.message, t)}
        </p>
      ) : null}
      <table className="w-full border-separate border-spacing-0 text-sm md:rounded-xl md:border md:border-slate-200 md:bg-white">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="sr-only md:not-sr-only">
          <tr>
            {selection && (
              <th scope="col" className="w-10 border-b border-slate-200 px-3 py-2 text-start">
                <input type="checkbox" checked={allSelected} onChange={toggleAll} aria-label={t('adminSelectPage', 'Select every row on this page')} className="size-4" />
              </th>
            )}
            {props.columns.map((column) => {
              const sorted = state.sort === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`border-b border-slate-200 px-3 py-2 text-start font-semibold text-slate-700 ${column.className ?? ''}`}
                >
                  {column.sortable ? (
                    <button type="button" onClick={() => table.setSort(column.key)} className="inline-flex items-center gap-1 hover:underline">
                      {column.header}
                      <span aria-hidden="true" className="text-xs text-slate-500">
                        {sorted ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = Number(props.rowKey(row));
            return (
              <tr key={key} className="mb-3 block rounded-xl border border-slate-200 bg-white p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:p-0">
                {selection && (
                  <td className="block py-1 md:table-cell md:border-b md:border-slate-100 md:px-3 md:py-2">
                    <input type="checkbox" checked={selection.selected.has(key)} onChange={() => toggle(key)} aria-label={selection.label(row)} className="size-4" />
                  </td>
                )}
                {props.columns.map((column) => (
                  <td key={column.key} className={`grid grid-cols-[6.5rem_minmax(0,1fr)] items-baseline gap-2 py-1 align-top md:table-cell md:border-b md:border-slate-100 md:px-3 md:py-2 ${column.className ?? ''}`}>
                    <span aria-hidden="true" className="text-sm font-medium text-slate-600 md:hidden">
                      {column.header}
                    </span>
                    <div className="min-w-0">{column.cell(row)}</div>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {!loading && rows.length === 0 && <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{props.empty}</p>}
      <nav aria-label={t('pagination', 'Pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-slate-700" role="status">
          {total > 0 ? `${number(first)}–${number(last)} / ${number(total)}` : ''}
        </p>
        <div className="flex gap-2">
          <button type="button" disabled={state.page <= 1} onClick={() => table.setPage(state.page - 1)} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium disabled:opacity-50">
            {t('previous', 'Previous')}
          </button>
          <span className="self-center text-slate-600">
            {t('page', 'Page')} {number(state.page)} / {number(pages)}
          </span>
          <button type="button" disabled={state.page >= pages} onClick={() => table.setPage(state.page + 1)} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium disabled:opacity-50">
            {t('next', 'Next')}
          </button>
        </div>
      </nav>
    </div>
  );
}

/** The search box above a table: searches when submitted, so each keystroke is not a request. */
export function TableSearch({ value, onSearch, label }: { value: string; onSearch: (q: string) => void; label: string }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-64 flex-1 gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={label} className={`${inputClass} min-w-0 flex-1`} />
      <button type="submit" className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
        {t('search', 'Search')}
      </button>
    </form>
  );
}

/** A labelled select above a table. */
export function TableFilter({ label, value, options, onChange }: { label: string; value: string; options: readonly (readonly [value: string, label: string])[]; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} w-auto`}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
