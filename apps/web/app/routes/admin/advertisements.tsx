import { AD_MAX_EXTEND_DAYS, adminAd, adminPage, type AdminAd } from '@estate/core';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { badge, day } from '../../features/admin/money/format.ts';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { useAdminTable } from '../../features/admin/use-admin-table.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';

const adsAnswer = adminPage(adminAd);

/** `/admin/advertisements`: featured listings with their dates; end one early or extend it. */
export default function AdminAdvertisements() {
  const t = useT();
  const ids = useId();
  const table = useAdminTable('advertisements', 'advertisements', adsAnswer, { filters: ['state'], filterDefaults: { state: 'live' }, defaultSort: 'end_date' });
  const [target, setTarget] = useState<AdminAd | null>(null);
  const [days, setDays] = useState('7');
  const endDialog = useRef<HTMLDialogElement>(null);
  const extendDialog = useRef<HTMLDialogElement>(null);
  const end = useAdminMutation((a: AdminAd) => ({ path: `advertisements/${a.id}/end`, json: {} }), () => t('adminAdEnded', 'Featuring ended'));
  const extend = useAdminMutation((a: { id: number; days: string }) => ({ path: `advertisements/${a.id}/extend`, json: { days: a.days } }), () => t('adminAdExtended', 'Featuring extended'));
  type Tone = Parameters<typeof badge>[0];
  const stateLabel = (a: AdminAd): [string, Tone] => {
    if (a.live) return [t('adminAdLive', 'Running'), 'green'];
    if (a.status === 'approved') return [t('adminAdScheduled', 'Scheduled'), 'amber'];
    if (a.status === 'pending') return [t('adminStatePending', 'Waiting for review'), 'amber'];
    if (a.status === 'rejected') return [t('adminStateRejected', 'Rejected'), 'red'];
    return [t('adminAdExpired', 'Ended'), 'slate'];
  };
  const listingHref = (a: AdminAd) => (a.listing ? (a.feature_for === 'property' ? `/properties-details/${a.listing.slug_id}` : `/project-details/${a.listing.slug_id}`) : null);

  const columns: Column<AdminAd>[] = [
    {
      key: 'listing',
      header: t('adminColListing', 'Listing'),
      cell: (a) => {
        const href = listingHref(a);
        return href ? (
          <Link to={href} className="font-medium text-brand-dark underline wrap-anywhere">
            {a.listing!.title}
          </Link>
        ) : (
          '—'
        );
      },
    },
    { key: 'kind', header: t('adminColKind', 'Kind'), cell: (a) => (a.feature_for === 'property' ? t('adminKindProperty', 'Property') : t('adminKindProject', 'Project')) },
    { key: 'owner', header: t('adminColOwner', 'Owner'), cell: (a) => <span className="wrap-anywhere">{a.owner?.name ?? a.owner?.email ?? '—'}</span> },
    { key: 'start_date', header: t('adminColStarts', 'Starts'), sortable: true, cell: (a) => day(a.start_date, t.lang) },
    { key: 'end_date', header: t('adminColEnds', 'Ends'), sortable: true, cell: (a) => day(a.end_date, t.lang) },
    {
      key: 'state',
      header: t('adminColState', 'State'),
      cell: (a) => {
        const [text, tone] = stateLabel(a);
        return <span className={badge(tone)}>{text}</span>;
      },
    },
    {
      key: 'actions',
      header: t('adminColActions', 'Actions'),
      cell: (a) => (
        <span className="flex flex-wrap gap-2">
          {(a.live || a.status === 'pending') && (
            <button
              type="button"
              onClick={() => {
                setTarget(a);
                endDialog.current?.showModal();
              }}
              className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
            >
              {t('adminAdEnd', 'End now')}
              <span className="sr-only"> {a.listing?.title}</span>
            </button>
          )}
          {(a.status === 'approved' || a.status === 'expired') && (
            <button
              type="button"
              onClick={() => {
                setTarget(a);
                setDays('7');
                extend.reset();
                extendDialog.current?.showModal();
              }}
              className="rounded-lg border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t('adminAdExtend', 'Extend')}
              <span className="sr-only"> {a.listing?.title}</span>
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <AdminPage title={t('adminAdvertisements', 'Featured listings')} lead={t('adminAdvertisementsLead', 'Listings their owners paid to feature, with their dates.')}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchAds', 'Search by listing, owner or id')} />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.state}
          onChange={(v) => table.setFilter('state', v)}
          options={[
            ['live', t('adminAdLive', 'Running')],
            ['expired', t('adminAdExpired', 'Ended')],
            ['pending', t('adminStatePending', 'Waiting for review')],
            ['all', t('adminStateAll', 'All')],
          ]}
        />
      </div>
      <DataTable
        caption={t('adminAdvertisements', 'Featured listings')}
        columns={columns}
        table={table}
        rowKey={(a) => a.id}
        empty={t('adminAdsEmpty', 'No featured listings here.')}
      />
      <ConfirmDialog
        ref={endDialog}
        id="end-ad-dialog"
        tone="danger"
        title={t('adminAdEndTitle', 'End this featuring now?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminAdEnd', 'End now')}
        busy={end.isPending}
        onConfirm={() => target && end.mutate(target, { onSettled: () => endDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{target?.listing?.title}</p>
      </ConfirmDialog>
      <ConfirmDialog
        ref={extendDialog}
        id="extend-ad-dialog"
        title={t('adminAdExtendTitle', 'Extend this featuring')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminAdExtend', 'Extend')}
        busy={extend.isPending}
        onConfirm={() => target && extend.mutate({ id: target.id, days }, { onSuccess: () => extendDialog.current?.close() })}
      >
        <label htmlFor={`${ids}-days`} className="mt-3 block text-sm font-medium">
          {t('adminAdExtendDays', 'Days to add (an ended one runs again from today)')}
        </label>
        <input id={`${ids}-days`} type="number" min={1} max={AD_MAX_EXTEND_DAYS} value={days} onChange={(e) => setDays(e.target.value)} className={inputClass} />
        {extend.error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {localizeMessage(extend.error.message, t)}
          </p>
        ) : null}
      </ConfirmDialog>
    </AdminPage>
  );
}
