import type { VerificationApplication } from '@estate/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { ReasonDialog } from '../../features/admin/ReasonDialog.tsx';
import { useDecideVerification, useVerificationTable } from '../../features/admin/people/api.ts';
import { useT } from '../../lib/i18n.ts';

const when = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' });

/** `/admin/verifications`: agents' applications with their answers and files; approve or fail with a reason. */
export default function AdminVerifications() {
  const t = useT();
  const table = useVerificationTable();
  const decide = useDecideVerification(t);
  const failDialog = useRef<HTMLDialogElement>(null);
  const approveDialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<VerificationApplication | null>(null);
  const name = (row: VerificationApplication) => row.user.name ?? row.user.email ?? `#${row.user.id}`;

  const columns: Column<VerificationApplication>[] = [
    {
      key: 'name',
      header: t('adminColApplicant', 'Applicant'),
      sortable: true,
      cell: (row) => (
        <span className="flex flex-col">
          <Link to={`/admin/people/${row.user.id}`} className="font-medium text-brand-dark underline wrap-anywhere">
            {name(row)}
          </Link>
          {row.user.email && <span className="text-slate-600 wrap-anywhere">{row.user.email}</span>}
        </span>
      ),
    },
    {
      key: 'answers',
      header: t('adminColAnswers', 'Answers'),
      cell: (row) => (
        <dl className="grid gap-1">
          {row.answers.map((a) => (
            <div key={a.field_id} className="min-w-0">
              <dt className="text-xs font-semibold text-slate-600">{a.name}</dt>
              <dd dir="auto" className="wrap-anywhere">
                {a.field_type === 'file' ? (
                  <a href={a.value} target="_blank" rel="noreferrer" className="text-brand-dark underline">
                    {t('adminOpenFile', 'Open file')}
                    <span className="sr-only"> {a.name}</span>
                  </a>
                ) : (
                  a.value
                )}
              </dd>
            </div>
          ))}
          {row.review_note && (
            <div>
              <dt className="text-xs font-semibold text-slate-600">{t('adminFailReason', 'Reason given')}</dt>
              <dd dir="auto" className="wrap-anywhere">{row.review_note}</dd>
            </div>
          )}
        </dl>
      ),
    },
    { key: 'updated_at', header: t('adminColUpdated', 'Updated'), sortable: true, cell: (row) => when(row.updated_at, t.lang) },
    {
      key: 'actions',
      header: t('adminColActions', 'Actions'),
      cell: (row) =>
        row.status === 'pending' ? (
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => {
                setTarget(row);
                approveDialog.current?.showModal();
              }}
              className="rounded-lg bg-emerald-700 px-3 py-1 text-sm font-semibold text-white hover:bg-emerald-800"
            >
              {t('adminApprove', 'Approve')}
              <span className="sr-only"> {name(row)}</span>
            </button>
            <button
              type="button"
              onClick={() => {
                decide.reset();
                setTarget(row);
                failDialog.current?.showModal();
              }}
              className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
            >
              {t('adminFail', 'Fail')}
              <span className="sr-only"> {name(row)}</span>
            </button>
          </span>
        ) : row.status === 'success' ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">{t('adminVerified', 'Verified')}</span>
        ) : (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">{t('adminVerificationFailedBadge', 'Failed')}</span>
        ),
    },
  ];

  return (
    <AdminPage
      title={t('adminVerification', 'Agent verification')}
      lead={t('adminVerificationLead', 'Check each application’s answers and files. Approved agents get the verified badge.')}
      actions={
        <Link to="/admin/verification-form" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50">
          {t('adminEditForm', 'Edit the form')}
        </Link>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchPeople', 'Search by name, e-mail or id')} />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.status}
          onChange={(v) => table.setFilter('status', v)}
          options={[
            ['pending', t('adminStatePending', 'Waiting for review')],
            ['success', t('adminVerified', 'Verified')],
            ['failed', t('adminVerificationFailedBadge', 'Failed')],
          ]}
        />
      </div>
      <DataTable
        caption={t('adminVerification', 'Agent verification')}
        columns={columns}
        table={table}
        rowKey={(row) => row.user.id}
        empty={t('adminNoApplications', 'No applications here.')}
      />
      <ConfirmDialog
        ref={approveDialog}
        id="approve-verification-dialog"
        title={target ? `${t('adminApproveVerification', 'Verify this agent?')} ${name(target)}` : ''}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminApprove', 'Approve')}
        busy={decide.isPending}
        onConfirm={() => target && decide.mutate({ userId: target.user.id, status: 'success' }, { onSuccess: () => approveDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{t('adminApproveVerificationLead', 'The verified badge shows on their profile and listings, and they are told.')}</p>
      </ConfirmDialog>
      <ReasonDialog
        dialog={failDialog}
        title={target ? `${t('adminFailVerification', 'Fail the application')}: ${name(target)}` : ''}
        reasonLabel={t('adminFailVerificationReason', 'Why? The agent will read this and may apply again.')}
        reasonRequired
        confirmLabel={t('adminFail', 'Fail')}
        tone="danger"
        busy={decide.isPending}
        error={decide.error}
        onConfirm={(reason) => target && decide.mutate({ userId: target.user.id, status: 'failed', reason }, { onSuccess: () => failDialog.current?.close() })}
      />
    </AdminPage>
  );
}
