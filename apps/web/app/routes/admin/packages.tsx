import { adminPackage, adminPage, type AdminPackage } from '@estate/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { badge, durationParts, FEATURE_LABELS, money } from '../../features/admin/money/format.ts';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { useAdminTable } from '../../features/admin/use-admin-table.ts';
import { useSite, useT } from '../../lib/i18n.ts';

const packagesAnswer = adminPage(adminPackage);

/** `/admin/packages`: what is on sale, at what price, for how long, with which features. */
export default function AdminPackages() {
  const t = useT();
  const site = useSite();
  const currency = site?.currency.code ?? 'USD';
  const table = useAdminTable('packages', 'packages', packagesAnswer, { filters: ['active'], defaultSort: 'created_at' });
  const [target, setTarget] = useState<AdminPackage | null>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const toggleDialog = useRef<HTMLDialogElement>(null);
  const remove = useAdminMutation((p: AdminPackage) => ({ path: `packages/${p.id}`, method: 'DELETE' }), () => t('adminPackageDeleted', 'Package deleted'));
  const toggle = useAdminMutation(
    (p: AdminPackage) => ({ path: `packages/${p.id}/active`, json: { is_active: p.is_active ? 0 : 1 } }),
    (p) => (p.is_active ? t('adminPackageOffSale', 'Taken off sale') : t('adminPackageOnSale', 'On sale again')),
  );
  const featureName = (name: keyof typeof FEATURE_LABELS) => t(...FEATURE_LABELS[name]);
  const duration = (hours: number) => {
    const d = durationParts(hours);
    return d.unit === 'days' ? t.count(d.value, 'adminDays', '{count} day', '{count} days') : t.count(d.value, 'adminHours', '{count} hour', '{count} hours');
  };

  const columns: Column<AdminPackage>[] = [
    {
      key: 'name',
      header: t('adminColPackage', 'Package'),
      sortable: true,
      cell: (p) => (
        <Link to={`/admin/packages/${p.id}`} className="font-medium text-brand-dark underline wrap-anywhere">
          {p.name}
        </Link>
      ),
    },
    { key: 'price', header: t('adminColPrice', 'Price'), sortable: true, cell: (p) => (p.package_type === 'free' ? t('adminFree', 'Free') : money(p.price, currency, t.lang)) },
    { key: 'duration', header: t('adminColDuration', 'Duration'), sortable: true, cell: (p) => duration(p.duration) },
    {
      key: 'features',
      header: t('adminColFeatures', 'Features'),
      cell: (p) => (
        <ul className="space-y-0.5 text-xs">
          {p.features.map((f) => (
            <li key={f.name}>
              {featureName(f.name)}: {f.limit_type === 'unlimited' ? t('adminUnlimited', 'unlimited') : f.limit}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'purchases', header: t('adminColBought', 'Bought'), cell: (p) => p.purchases },
    { key: 'state', header: t('adminColState', 'State'), cell: (p) => <span className={badge(p.is_active ? 'green' : 'slate')}>{p.is_active ? t('adminOnSale', 'On sale') : t('adminOffSale', 'Off sale')}</span> },
    {
      key: 'actions',
      header: t('adminColActions', 'Actions'),
      cell: (p) => (
        <span className="flex flex-wrap gap-2">
          <Link to={`/admin/packages/${p.id}`} className="rounded-lg border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            {t('adminEdit', 'Edit')}
            <span className="sr-only"> {p.name}</span>
          </Link>
          <button
            type="button"
            onClick={() => {
              setTarget(p);
              toggleDialog.current?.showModal();
            }}
            className="rounded-lg border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {p.is_active ? t('adminTakeOffSale', 'Take off sale') : t('adminPutOnSale', 'Put on sale')}
            <span className="sr-only"> {p.name}</span>
          </button>
          {p.purchases === 0 && (
            <button
              type="button"
              onClick={() => {
                setTarget(p);
                deleteDialog.current?.showModal();
              }}
              className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
            >
              {t('adminDelete', 'Delete')}
              <span className="sr-only"> {p.name}</span>
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('adminPackages', 'Packages')}
      lead={t('adminPackagesLead', 'What users can buy: price, duration and the features each package grants.')}
      actions={
        <Link to="/admin/packages/new" className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
          {t('adminNewPackage', 'New package')}
        </Link>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchPackages', 'Search by name or id')} />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.active || 'all'}
          onChange={(v) => table.setFilter('active', v)}
          options={[
            ['all', t('adminStateAll', 'All')],
            ['1', t('adminOnSale', 'On sale')],
            ['0', t('adminOffSale', 'Off sale')],
          ]}
        />
      </div>
      <DataTable
        caption={t('adminPackages', 'Packages')}
        columns={columns}
        table={table}
        rowKey={(p) => p.id}
        empty={t('adminPackagesEmpty', 'No packages yet. Create one to start selling.')}
      />
      <ConfirmDialog
        ref={deleteDialog}
        id="delete-package-dialog"
        tone="danger"
        title={t('adminDeletePackageTitle', 'Delete this package?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminDelete', 'Delete')}
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target, { onSettled: () => deleteDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{target?.name}</p>
      </ConfirmDialog>
      <ConfirmDialog
        ref={toggleDialog}
        id="toggle-package-dialog"
        title={target?.is_active ? t('adminTakeOffSaleTitle', 'Take this package off sale?') : t('adminPutOnSaleTitle', 'Put this package on sale?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={target?.is_active ? t('adminTakeOffSale', 'Take off sale') : t('adminPutOnSale', 'Put on sale')}
        busy={toggle.isPending}
        onConfirm={() => target && toggle.mutate(target, { onSettled: () => toggleDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{t('adminToggleLead', 'Buyers keep what they already hold either way.')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
