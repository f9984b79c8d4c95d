import { adminPage, auditEntry, type AuditEntry } from '@estate/core';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { useAdminTable } from '../../features/admin/use-admin-table.ts';
import { useT } from '../../lib/i18n.ts';

const auditAnswer = adminPage(auditEntry);

const when = (iso: string, lang: string) => new Date(iso).toLocaleString(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', numberingSystem: 'latn' });

/** A before or after value as compact JSON, left to right in every language. */
function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-500">—</span>;
  return (
    <code dir="ltr" className="block max-w-xs whitespace-pre-wrap text-xs wrap-anywhere text-slate-800">
      {JSON.stringify(value)}
    </code>
  );
}

/** `/admin/audit`: every change an admin made, newest first, searchable. */
export default function AdminAudit() {
  const t = useT();
  const table = useAdminTable('audit', 'audit', auditAnswer, { defaultSort: 'created_at', perPage: 50 });
  const columns: Column<AuditEntry>[] = [
    { key: 'created_at', header: t('adminColWhen', 'When'), sortable: true, cell: (e) => when(e.created_at, t.lang) },
    { key: 'actor', header: t('adminColWho', 'Who'), cell: (e) => e.actor_name ?? t('adminFormerAdmin', 'A removed account') },
    {
      key: 'action',
      header: t('adminColWhat', 'What'),
      sortable: true,
      cell: (e) => (
        <bdi dir="ltr" className="font-mono text-xs">
          {e.action} #{e.entity_id ?? ''}
        </bdi>
      ),
    },
    { key: 'before', header: t('adminColBefore', 'Before'), cell: (e) => <Change value={e.before} /> },
    { key: 'after', header: t('adminColAfter', 'After'), cell: (e) => <Change value={e.after} /> },
  ];
  return (
    <AdminPage title={t('adminAudit', 'Audit log')} lead={t('adminAuditLead', 'Every change made in the console: who, what, before and after.')}>
      <div className="mb-4 flex">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchAudit', 'Search by action, id, person or value')} />
      </div>
      <DataTable
        caption={t('adminAudit', 'Audit log')}
        columns={columns}
        rows={table.rows}
        rowKey={(e) => e.id}
        state={table.state}
        total={table.total}
        loading={table.query.isFetching}
        error={table.query.error}
        empty={t('adminAuditEmpty', 'No changes yet.')}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </AdminPage>
  );
}
