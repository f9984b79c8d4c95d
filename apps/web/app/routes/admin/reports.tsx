import { LISTING_STATUS, type ReportAction, type ReportedListing } from '@estate/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { ReasonDialog } from '../../features/admin/ReasonDialog.tsx';
import { useDecideReport, useReportsTable } from '../../features/admin/people/api.ts';
import { useT } from '../../lib/i18n.ts';

const when = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' });

/** `/admin/reports`: listings users reported, with their reasons; dismiss, hide, warn or deactivate the owner. */
export default function AdminReports() {
  const t = useT();
  const table = useReportsTable();
  const decide = useDecideReport(t);
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<{ row: ReportedListing; action: ReportAction } | null>(null);
  const open = table.state.filters.state !== 'closed';

  const actionLabel: Record<ReportAction, string> = {
    dismiss: t('adminReportDismiss', 'Dismiss'),
    hide: t('adminReportHide', 'Hide listing'),
    warn: t('adminReportWarn', 'Warn owner'),
    deactivate: t('adminReportDeactivate', 'Deactivate owner'),
  };
  const resolutionLabel: Record<ReportAction, string> = {
    dismiss: t('adminResolutionDismiss', 'Dismissed'),
    hide: t('adminResolutionHide', 'Listing hidden'),
    warn: t('adminResolutionWarn', 'Owner warned'),
    deactivate: t('adminResolutionDeactivate', 'Owner deactivated'),
  };
  const ask = (row: ReportedListing, action: ReportAction) => {
    decide.reset();
    setTarget({ row, action });
    dialog.current?.showModal();
  };

  const columns: Column<ReportedListing>[] = [
    {
      key: 'title',
      header: t('adminColListing', 'Listing'),
      sortable: true,
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <Link to={`/admin/listings/property/${encodeURIComponent(row.property.slug_id)}`} className="font-medium text-brand-dark underline wrap-anywhere">
            {row.property.title}
          </Link>
          {row.property.status === LISTING_STATUS.inactive && <span className="w-fit rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t('adminHidden', 'Hidden')}</span>}
          {row.property.status === LISTING_STATUS.heldWithOwner && <span className="w-fit rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t('adminHeldWithOwner', 'Hidden: owner deactivated')}</span>}
        </span>
      ),
    },
    {
      key: 'owner',
      header: t('adminColOwner', 'Owner'),
      cell: (row) =>
        row.owner ? (
          <span className="flex flex-col gap-1">
            <Link to={`/admin/people/${row.owner.id}`} className="text-brand-dark underline wrap-anywhere">
              {row.owner.name ?? row.owner.email}
            </Link>
            {!row.owner.is_active && <span className="w-fit rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">{t('adminDeactivated', 'Deactivated')}</span>}
          </span>
        ) : (
          t('adminPlatform', 'The platform')
        ),
    },
    { key: 'count', header: t('adminColReports', 'Reports'), sortable: true, cell: (row) => <span className="font-semibold">{row.count}</span> },
    {
      key: 'reasons',
      header: t('adminColReasons', 'Reasons'),
      cell: (row) => (
        <ul className="space-y-1">
          {row.reasons.map((r) => (
            <li key={r.reason}>
              <bdi>{r.reason}</bdi> <span className="text-slate-600">× {r.count}</span>
            </li>
          ))}
          {row.messages.map((m, i) => (
            // The reporter's own words run in their own direction (an English quote on an Arabic page).
            <li key={i} dir="auto" className="text-slate-700 italic wrap-anywhere">
              “{m}”
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'last_reported_at', header: t('adminColLastReported', 'Last reported'), sortable: true, cell: (row) => when(row.last_reported_at, t.lang) },
    open
      ? {
          key: 'actions',
          header: t('adminColActions', 'Actions'),
          cell: (row) => (
            <span className="flex flex-wrap gap-2">
              {(['dismiss', 'hide', 'warn', 'deactivate'] as const)
                .filter((a) => (a !== 'warn' && a !== 'deactivate') || (row.owner && row.owner.is_active))
                .filter((a) => a !== 'hide' || row.property.status !== 0)
                .map((a) => (
                  <button
                    key={a}
                    type="button"
                    onClick={() => ask(row, a)}
                    className={`rounded-lg px-3 py-1 text-sm font-semibold ${a === 'dismiss' ? 'border border-slate-400 text-slate-800 hover:bg-slate-50' : a === 'warn' ? 'border border-amber-700 text-amber-900 hover:bg-amber-50' : 'border border-red-700 text-red-800 hover:bg-red-50'}`}
                  >
                    {actionLabel[a]}
                    <span className="sr-only"> {row.property.title}</span>
                  </button>
                ))}
            </span>
          ),
        }
      : { key: 'resolution', header: t('adminColDecision', 'Decision'), cell: (row) => (row.resolution ? `${resolutionLabel[row.resolution]}${row.resolved_at ? ` · ${when(row.resolved_at, t.lang)}` : ''}` : '—') },
  ];

  const action = target?.action;
  return (
    <AdminPage title={t('adminReports', 'Reports')} lead={t('adminReportsLead', 'Listings people reported, with their reasons. Every open report of a listing closes with your decision.')}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchReports', 'Search by listing, owner or id')} />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.state}
          onChange={(v) => table.setFilter('state', v)}
          options={[
            ['open', t('adminReportsOpen', 'Open')],
            ['closed', t('adminReportsClosed', 'Decided')],
          ]}
        />
      </div>
      <DataTable
        caption={t('adminReports', 'Reports')}
        columns={columns}
        table={table}
        rowKey={(row) => row.property.id}
        empty={open ? t('adminNoReports', 'No open reports. Listings people report will show up here.') : t('adminNoDecidedReports', 'No decided reports yet.')}
      />
      <ReasonDialog
        dialog={dialog}
        title={action ? `${actionLabel[action]}: ${target.row.property.title}` : ''}
        reasonLabel={action === 'dismiss' ? t('adminReasonNote', 'A note for the audit log') : t('adminReasonOwner', 'What the owner will read')}
        reasonRequired={action === 'warn' || action === 'deactivate'}
        confirmLabel={action ? actionLabel[action] : ''}
        tone={action === 'dismiss' ? 'brand' : 'danger'}
        busy={decide.isPending}
        error={decide.error}
        onConfirm={(reason) => target && decide.mutate({ id: target.row.property.id, action: target.action, reason }, { onSuccess: () => dialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">
          {action === 'dismiss' && t('adminDismissLead', 'The listing stays as it is; its reports are closed.')}
          {action === 'hide' && t('adminHideLead', 'The listing leaves the public pages at once. Its owner is told.')}
          {action === 'warn' && t('adminWarnLead', 'The owner gets a notice and an e-mail. The listing stays.')}
          {action === 'deactivate' && t('adminDeactivateLead', 'The owner is logged out everywhere and cannot log in until an administrator reactivates the account.')}
        </p>
      </ReasonDialog>
    </AdminPage>
  );
}
