import type { ModerationItem, ModerationKind } from '@estate/core';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { ReasonDialog } from '../../features/admin/ReasonDialog.tsx';
import { StateBadge } from '../../features/admin/moderation/StateBadge.tsx';
import { useModerate, useModerationTable } from '../../features/admin/moderation/moderation.ts';
import { useT } from '../../lib/i18n.ts';

const when = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' });

export const previewHref = (row: Pick<ModerationItem, 'kind' | 'slug_id'>) => `/admin/listings/${row.kind}/${encodeURIComponent(row.slug_id)}`;

function Moderation({ kind }: { kind: ModerationKind }) {
  const t = useT();
  const table = useModerationTable(kind);
  const moderate = useModerate(t);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState<number[]>([]);
  const rejectDialog = useRef<HTMLDialogElement>(null);
  const approveDialog = useRef<HTMLDialogElement>(null);

  const act = (ids: number[], action: 'approve' | 'reject', reason?: string) =>
    moderate.mutate(
      { kind, ids, action, reason },
      {
        onSuccess: () => {
          setSelected(new Set());
          rejectDialog.current?.close();
          approveDialog.current?.close();
        },
      },
    );
  const askReject = (ids: number[]) => {
    moderate.reset();
    setTarget(ids);
    rejectDialog.current?.showModal();
  };
  const askApprove = (ids: number[]) => {
    setTarget(ids);
    approveDialog.current?.showModal();
  };

  const columns: Column<ModerationItem>[] = [
    {
      key: 'title',
      header: t('adminColListing', 'Listing'),
      sortable: true,
      cell: (row) => (
        <span className="flex items-center gap-3">
          {row.title_image ? <img src={row.title_image} alt="" width={56} height={42} className="hidden h-[42px] w-14 shrink-0 rounded object-cover sm:block" loading="lazy" /> : null}
          <Link to={previewHref(row)} className="font-medium text-brand-dark underline wrap-anywhere">
            {row.title}
          </Link>
        </span>
      ),
    },
    { key: 'owner', header: t('adminColOwner', 'Owner'), cell: (row) => <span className="wrap-anywhere">{row.owner?.name ?? row.owner?.email ?? t('adminPlatform', 'The platform')}</span> },
    { key: 'city', header: t('adminColCity', 'City'), sortable: true, cell: (row) => row.city ?? '—' },
    { key: 'created_at', header: t('adminColSubmitted', 'Submitted'), sortable: true, cell: (row) => when(row.created_at, t.lang) },
    { key: 'state', header: t('adminColState', 'State'), cell: (row) => <StateBadge row={row} /> },
    {
      key: 'actions',
      header: t('adminColActions', 'Actions'),
      cell: (row) => (
        <span className="flex flex-wrap gap-2">
          {row.request_status !== 'approved' && (
            <button type="button" onClick={() => askApprove([row.id])} className="rounded-lg bg-emerald-700 px-3 py-1 text-sm font-semibold text-white hover:bg-emerald-800">
              {t('adminApprove', 'Approve')}
              <span className="sr-only"> {row.title}</span>
            </button>
          )}
          {row.request_status !== 'rejected' && (
            <button type="button" onClick={() => askReject([row.id])} className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50">
              {t('adminReject', 'Reject')}
              <span className="sr-only"> {row.title}</span>
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchListings', 'Search by title, city, owner or id')} />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.status}
          onChange={(v) => table.setFilter('status', v)}
          options={[
            ['pending', t('adminStatePending', 'Waiting for review')],
            ['approved', t('adminStateApproved', 'Approved')],
            ['rejected', t('adminStateRejected', 'Rejected')],
            ['all', t('adminStateAll', 'All')],
          ]}
        />
      </div>
      {selected.size > 0 && (
        <div role="region" aria-label={t('adminBulkActions', 'Actions on the chosen rows')} className="mb-3 flex flex-wrap items-center gap-3 rounded-xl bg-slate-100 p-3">
          <span className="text-sm font-medium">{t.count(selected.size, 'adminSelectedCount', '{count} chosen', '{count} chosen')}</span>
          <button type="button" onClick={() => askApprove([...selected])} className="rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800">
            {t('adminApproveChosen', 'Approve chosen')}
          </button>
          <button type="button" onClick={() => askReject([...selected])} className="rounded-lg border border-red-700 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
            {t('adminRejectChosen', 'Reject chosen')}
          </button>
        </div>
      )}
      <DataTable
        caption={kind === 'property' ? t('adminPropertiesTable', 'Properties') : t('adminProjectsTable', 'Projects')}
        columns={columns}
        table={table}
        rowKey={(row) => row.id}
        empty={t('adminNothingToReview', 'Nothing here. New listings waiting for review will show up in this list.')}
        selection={{ selected, onChange: setSelected, label: (row) => `${t('adminChoose', 'Choose')} ${row.title}` }}
      />
      <ReasonDialog
        dialog={rejectDialog}
        title={t.count(target.length, 'adminRejectTitle', 'Reject {count} listing', 'Reject {count} listings')}
        reasonLabel={t('adminRejectReason', 'Why? The owner will read this.')}
        reasonRequired
        confirmLabel={t('adminReject', 'Reject')}
        tone="danger"
        busy={moderate.isPending}
        error={moderate.error}
        onConfirm={(reason) => act(target, 'reject', reason)}
      />
      <ConfirmDialog
        ref={approveDialog}
        id="approve-dialog"
        title={t.count(target.length, 'adminApproveTitle', 'Approve {count} listing?', 'Approve {count} listings?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminApprove', 'Approve')}
        busy={moderate.isPending}
        onConfirm={() => act(target, 'approve')}
      >
        <p className="mt-2 text-sm text-slate-700">{t('adminApproveLead', 'Everyone will see it, and its owner will be told.')}</p>
      </ConfirmDialog>
    </>
  );
}

/** `/admin/listings`: properties and projects waiting for review, and every decision since. */
export default function AdminListings() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const kind: ModerationKind = params.get('kind') === 'project' ? 'project' : 'property';
  const tab = (value: ModerationKind, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={kind === value}
      onClick={() => setParams(value === 'property' ? {} : { kind: value })}
      className={`rounded-lg px-4 py-2 text-sm font-semibold ${kind === value ? 'bg-brand text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50'}`}
    >
      {label}
    </button>
  );
  return (
    <AdminPage title={t('adminModeration', 'Listings to review')} lead={t('adminModerationLead', 'Approve what may go live; reject with a reason the owner will read.')}>
      <div role="tablist" aria-label={t('adminListingKind', 'Kind of listing')} className="mb-4 flex gap-2">
        {tab('property', t('adminPropertiesTable', 'Properties'))}
        {tab('project', t('adminProjectsTable', 'Projects'))}
      </div>
      {/* A new table (and selection) per kind. */}
      <Moderation key={kind} kind={kind} />
    </AdminPage>
  );
}
