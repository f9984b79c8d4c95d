import type { InboxRow } from '@estate/core';
import { Link } from 'react-router';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { useInboxTable } from '../../features/admin/inbox/api.ts';
import { useT } from '../../lib/i18n.ts';

const pill = 'inline-block w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold';
const when = (iso: string, lang: string) => new Date(iso).toLocaleString(lang, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', numberingSystem: 'latn' });

/** `/admin/messages`: what people wrote to the platform about its listings — unread first, then latest. */
export default function AdminMessages() {
  const t = useT();
  const table = useInboxTable();
  const lastMessage = (row: InboxRow) => row.last_message ?? (row.last_message_type === 'audio' ? t('adminInboxVoiceNote', 'Voice note') : t('adminInboxFile', 'File'));
  const columns: Column<InboxRow>[] = [
    {
      key: 'name',
      header: t('adminColPerson', 'Person'),
      sortable: true,
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Link to={`/admin/messages/${row.id}`} className={`text-brand-dark underline wrap-anywhere ${row.unread_count ? 'font-bold' : 'font-medium'}`} data-testid="inbox-open">
            {row.user.name || row.user.email || t('adminNoName', 'No name')}
          </Link>
          {row.unread_count > 0 && <span className={`${pill} bg-brand text-white`}>{t('adminInboxUnreadCount', '{count} unread').replace('{count}', String(row.unread_count))}</span>}
        </span>
      ),
    },
    { key: 'listing', header: t('adminColListing', 'Listing'), cell: (row) => <span className="wrap-anywhere">{row.property?.title ?? t('adminInboxNoListing', 'No listing (a general question)')}</span> },
    {
      key: 'last_message',
      header: t('adminColLastMessage', 'Last message'),
      cell: (row) => (
        <span className="line-clamp-2 wrap-anywhere text-slate-700" dir="auto">
          {row.last_from_platform && <span className="font-medium text-slate-900">{t('adminInboxWeSaid', 'We:')} </span>}
          {lastMessage(row)}
        </span>
      ),
    },
    {
      key: 'unread',
      header: t('adminColState', 'State'),
      sortable: true,
      cell: (row) =>
        row.blocks_admin ? (
          <span className={`${pill} bg-red-100 text-red-800`}>{t('adminInboxBlocked', 'Blocks the platform')}</span>
        ) : row.unread_count ? (
          <span className={`${pill} bg-amber-100 text-amber-900`}>{t('adminInboxWaiting', 'Waiting for an answer')}</span>
        ) : row.last_from_platform ? (
          <span className={`${pill} bg-emerald-100 text-emerald-900`}>{t('adminInboxAnswered', 'Answered')}</span>
        ) : (
          <span className={`${pill} bg-slate-100 text-slate-800`}>{t('adminInboxRead', 'Read')}</span>
        ),
    },
    { key: 'last_message_at', header: t('adminColLatest', 'Latest'), sortable: true, cell: (row) => when(row.last_message_at, t.lang) },
  ];
  return (
    <AdminPage title={t('adminInbox', 'Messages')} lead={t('adminInboxLead', 'What people write to the platform about its listings. Any administrator may answer; the person reads the answer in their messages.')}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminInboxSearch', 'Search by person, listing or message')} />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.unread || 'all'}
          onChange={(v) => table.setFilter('unread', v === 'all' ? '' : v)}
          options={[
            ['all', t('adminStateAll', 'All')],
            ['1', t('adminInboxWaiting', 'Waiting for an answer')],
          ]}
        />
      </div>
      <DataTable caption={t('adminInbox', 'Messages')} columns={columns} table={table} rowKey={(row) => row.id} empty={t('adminInboxEmpty', 'No messages to the platform yet.')} />
    </AdminPage>
  );
}
