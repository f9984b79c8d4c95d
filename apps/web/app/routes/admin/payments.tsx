import { adminPage, adminPayment, PAYMENT_GATEWAYS, PAYMENT_STATUSES, type AdminPayment } from '@estate/core';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { badge, day, money } from '../../features/admin/money/format.ts';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { useAdminTable } from '../../features/admin/use-admin-table.ts';
import { getSession } from '../../lib/session.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';

const paymentsAnswer = adminPage(adminPayment);
const FILTERS = ['status', 'gateway', 'from', 'to', 'user_id'] as const;
const TONE = { success: 'green', pending: 'amber', failed: 'red', refunded: 'slate' } as const;

/** The filtered table as a CSV file: fetched with the session's token, then handed to the browser as a download. */
async function downloadCsv(query: Record<string, string | undefined>, failed: string) {
  const url = new URL('/api/admin/payments/export', window.location.origin);
  // `all` is the table's choice of no filter.
  for (const [k, v] of Object.entries(query)) if (v && v !== 'all') url.searchParams.set(k, v);
  const token = getSession()?.token;
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    toast(failed, 'error');
    return;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'payments.csv';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** `/admin/payments`: every payment, filtered by state, provider, dates and buyer; CSV; refunds. */
export default function AdminPayments() {
  const t = useT();
  const ids = useId();
  const table = useAdminTable('payments', 'payments', paymentsAnswer, { filters: FILTERS, defaultSort: 'created_at' });
  const [target, setTarget] = useState<AdminPayment | null>(null);
  const [reason, setReason] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const refund = useAdminMutation((p: { id: number; reason: string }) => ({ path: `payments/${p.id}/refund`, json: { reason: p.reason || undefined } }), () => t('adminRefunded', 'Payment refunded'));
  const statusLabel = (s: AdminPayment['payment_status']) =>
    ({ success: t('adminPaySuccess', 'Paid'), pending: t('adminPayPending', 'Pending'), failed: t('adminPayFailed', 'Failed'), refunded: t('adminPayRefunded', 'Refunded') })[s];

  const columns: Column<AdminPayment>[] = [
    { key: 'created_at', header: t('adminColDate', 'Date'), sortable: true, cell: (p) => day(p.created_at, t.lang) },
    {
      key: 'user',
      header: t('adminColBuyer', 'Buyer'),
      cell: (p) => (
        <span className="wrap-anywhere">
          {p.user.name ?? '—'}
          {p.user.email ? <span className="block text-xs text-slate-600">{p.user.email}</span> : null}
        </span>
      ),
    },
    { key: 'package', header: t('adminColPackage', 'Package'), cell: (p) => p.package_name },
    { key: 'amount', header: t('adminColAmount', 'Amount'), sortable: true, cell: (p) => <bdi dir="ltr">{money(p.amount, p.currency, t.lang)}</bdi> },
    { key: 'payment_gateway', header: t('adminColGateway', 'Provider'), sortable: true, cell: (p) => <span className="capitalize">{p.payment_gateway}</span> },
    { key: 'payment_status', header: t('adminColState', 'State'), sortable: true, cell: (p) => <span className={badge(TONE[p.payment_status])}>{statusLabel(p.payment_status)}</span> },
    { key: 'reference', header: t('adminColReference', 'Reference'), cell: (p) => <bdi dir="ltr" className="font-mono text-xs wrap-anywhere">{p.transaction_id ?? p.order_id ?? `#${p.id}`}</bdi> },
    {
      key: 'actions',
      header: t('adminColActions', 'Actions'),
      cell: (p) =>
        p.refundable ? (
          <button
            type="button"
            onClick={() => {
              setTarget(p);
              setReason('');
              refund.reset();
              dialog.current?.showModal();
            }}
            className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            {t('adminRefund', 'Refund')}
            <span className="sr-only"> #{p.id}</span>
          </button>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
  ];

  const f = table.state.filters;
  return (
    <AdminPage
      title={t('adminPayments', 'Payments')}
      lead={t('adminPaymentsLead', 'Every payment, with its provider and state. Refunds go back through the provider that took the money.')}
      actions={
        <button
          type="button"
          onClick={() => void downloadCsv({ ...f, q: table.state.q, sort: table.state.sort, order: table.state.order }, t('adminCsvFailed', 'The file could not be made. Please try again.'))}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          {t('adminDownloadCsv', 'Download CSV')}
        </button>
      }
    >
      <div className="mb-4 grid gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchPayments', 'Search by buyer, package or reference')} />
        <div className="flex flex-wrap items-center gap-3">
          <TableFilter label={t('adminColState', 'State')} value={f.status || 'all'} onChange={(v) => table.setFilter('status', v)} options={[['all', t('adminStateAll', 'All')], ...PAYMENT_STATUSES.map((s) => [s, statusLabel(s)] as const)]} />
          <TableFilter label={t('adminColGateway', 'Provider')} value={f.gateway || 'all'} onChange={(v) => table.setFilter('gateway', v)} options={[['all', t('adminStateAll', 'All')], ...PAYMENT_GATEWAYS.map((g) => [g, g] as const)]} />
          <div className="flex items-center gap-2">
            <label htmlFor={`${ids}-from`} className="text-sm font-medium text-slate-700">
              {t('adminFrom', 'From')}
            </label>
            <input id={`${ids}-from`} type="date" value={f.from} onChange={(e) => table.setFilter('from', e.target.value)} className={`${inputClass} w-auto`} />
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={`${ids}-to`} className="text-sm font-medium text-slate-700">
              {t('adminTo', 'To')}
            </label>
            <input id={`${ids}-to`} type="date" value={f.to} onChange={(e) => table.setFilter('to', e.target.value)} className={`${inputClass} w-auto`} />
          </div>
        </div>
      </div>
      <DataTable
        caption={t('adminPayments', 'Payments')}
        columns={columns}
        table={table}
        rowKey={(p) => p.id}
        empty={t('adminPaymentsEmpty', 'No payments match.')}
      />
      <ConfirmDialog
        ref={dialog}
        id="refund-dialog"
        tone="danger"
        title={t('adminRefundTitle', 'Refund this payment?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminRefund', 'Refund')}
        busy={refund.isPending}
        onConfirm={() => target && refund.mutate({ id: target.id, reason }, { onSuccess: () => dialog.current?.close() })}
      >
        {target && (
          <p className="mt-2 text-sm text-slate-700">
            {t('adminRefundLead', 'The money goes back through {gateway}, and the package it bought ends now.').replace('{gateway}', target.payment_gateway)}{' '}
            <bdi dir="ltr" className="font-semibold">
              {money(target.amount, target.currency, t.lang)}
            </bdi>
          </p>
        )}
        <label htmlFor={`${ids}-reason`} className="mt-3 block text-sm font-medium">
          {t('adminRefundReason', 'Reason (kept in the audit log)')}
        </label>
        <input id={`${ids}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass} maxLength={500} />
        {refund.error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {localizeMessage(refund.error.message, t)}
          </p>
        ) : null}
      </ConfirmDialog>
    </AdminPage>
  );
}
