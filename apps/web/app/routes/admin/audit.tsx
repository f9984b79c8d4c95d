import { adminPage, auditEntry, type AuditEntry } from '@estate/core';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { useAdminTable } from '../../features/admin/use-admin-table.ts';
import { useT } from '../../lib/i18n.ts';

const auditAnswer = adminPage(auditEntry);

const when = (iso: string, lang: string) => new Date(iso).toLocaleString(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', numberingSystem: 'latn' });

const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** What changed: each field whose value differs, "field: before → after" (left to right in every language). */
function Changes({ entry }: { entry: AuditEntry }) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (!fields.length) return <span className="text-slate-500">—</span>;
  return (
    <ul dir="ltr" className="space-y-1 text-xs">
      {fields.map((field) => (
        <li key={field} className="wrap-anywhere">
          <code className="font-semibold">{field}</code>: <span className="text-slate-600 line-through decoration-slate-400">{shown(before[field])}</span> → <span>{shown(after[field])}</span>
        </li>
      ))}
    </ul>
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
    { key: 'changes', header: t('adminColChanges', 'Before → after'), cell: (e) => <Changes entry={e} /> },
  ];
  return (
    <AdminPage title={t('adminAudit', 'Audit log')} lead={t('adminAuditLead', 'Every change made in the console: who, what, before and after.')}>
      <div className="mb-4 flex">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchAudit', 'Search by action, id, person or value')} />
      </div>
      <DataTable
        caption={t('adminAudit', 'Audit log')}
        columns={columns}
        table={table}
        rowKey={(e) => e.id}
        empty={t('adminAuditEmpty', 'No changes yet.')}
      />
    </AdminPage>
  );
}
