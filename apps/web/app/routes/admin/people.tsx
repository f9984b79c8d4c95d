import type { PersonRow } from '@estate/core';
import { Link } from 'react-router';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { RoleBadge, StatusBadges } from '../../features/admin/people/PersonBadges.tsx';
import { usePeopleTable } from '../../features/admin/people/api.ts';
import { useT } from '../../lib/i18n.ts';

const when = (iso: string | null, lang: string) => (iso ? new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' }) : '—');

/** `/admin/people`: users, agents and administrators — search, filter, sort and page on the server. */
export default function AdminPeople() {
  const t = useT();
  const table = usePeopleTable();
  const columns: Column<PersonRow>[] = [
    {
      key: 'name',
      header: t('adminColName', 'Name'),
      sortable: true,
      cell: (row) => (
        <Link to={`/admin/people/${row.id}`} className="font-medium text-brand-dark underline wrap-anywhere">
          {row.name || t('adminNoName', 'No name')}
        </Link>
      ),
    },
    { key: 'email', header: t('adminColEmail', 'E-mail'), sortable: true, cell: (row) => <span className="wrap-anywhere">{row.email ?? row.mobile ?? '—'}</span> },
    { key: 'role', header: t('adminColRole', 'Role'), sortable: true, cell: (row) => <RoleBadge role={row.role} /> },
    { key: 'state', header: t('adminColState', 'State'), cell: (row) => <StatusBadges person={row} /> },
    { key: 'listings', header: t('adminColListings', 'Listings'), sortable: true, cell: (row) => row.listings },
    { key: 'last_login_at', header: t('adminColLastLogin', 'Last log-in'), sortable: true, cell: (row) => when(row.last_login_at, t.lang) },
    { key: 'created_at', header: t('adminColJoined', 'Joined'), sortable: true, cell: (row) => when(row.created_at, t.lang) },
  ];
  return (
    <AdminPage title={t('adminPeople', 'People')} lead={t('adminPeopleLead', 'Users, agents and administrators. Open a person to see their activity and act on their account.')}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchPeopleLong', 'Search by name, e-mail, phone or id')} />
        <TableFilter
          label={t('adminColRole', 'Role')}
          value={table.state.filters.role || 'all'}
          onChange={(v) => table.setFilter('role', v === 'all' ? '' : v)}
          options={[
            ['all', t('adminStateAll', 'All')],
            ['user', t('adminRoleUser', 'User')],
            ['agent', t('adminRoleAgent', 'Agent')],
            ['admin', t('adminRoleAdmin', 'Administrator')],
          ]}
        />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.active || 'all'}
          onChange={(v) => table.setFilter('active', v === 'all' ? '' : v)}
          options={[
            ['all', t('adminStateAll', 'All')],
            ['1', t('adminActive', 'Active')],
            ['0', t('adminDeactivated', 'Deactivated')],
          ]}
        />
      </div>
      <DataTable
        caption={t('adminPeople', 'People')}
        columns={columns}
        table={table}
        rowKey={(row) => row.id}
        empty={t('adminNoPeople', 'Nobody matches.')}
      />
    </AdminPage>
  );
}
