import { adminLanguageText, adminPage, type AdminLanguageText } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { useAdminTable } from '../../features/admin/use-admin-table.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { languagesAnswer } from './languages.tsx';

const textsAnswer = adminPage(adminLanguageText);

/** One text: typed in place, saved on its own; an emptied text falls back to the shipped one or English. */
function TextEditor({ languageId, row, dir, lang }: { languageId: number; row: AdminLanguageText; dir: 'ltr' | 'rtl'; lang: string }) {
  const t = useT();
  const [value, setValue] = useState(row.text ?? '');
  const save = useAdminMutation((text: string) => ({ path: `languages/${languageId}/texts`, method: 'PUT', json: { texts: { [row.key]: text } } }), () => t('adminTextSaved', 'Text saved'));
  const changed = value !== (row.text ?? '');
  const id = `text-${row.key}`;
  return (
    <div className="flex min-w-56 flex-col gap-2 sm:flex-row sm:items-start">
      <label htmlFor={id} className="sr-only">
        {t('adminTextFor', 'Text for')} {row.key}
      </label>
      <textarea id={id} rows={2} dir={dir} lang={lang} value={value} onChange={(e) => setValue(e.target.value)} placeholder={row.bundled ?? row.english} className={`${inputClass} border-slate-300 text-sm`} />
      <button
        type="button"
        disabled={!changed || save.isPending}
        onClick={() => save.mutate(value)}
        className="shrink-0 rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark disabled:bg-slate-300 disabled:text-slate-700"
      >
        {t('adminSave', 'Save')}
        <span className="sr-only"> {row.key}</span>
      </button>
    </div>
  );
}

/** `/admin/languages/:id`: the site's texts in a language against English, missing ones first to find. */
export default function AdminLanguageTexts() {
  const t = useT();
  const { id } = useParams();
  const session = useSession();
  const languages = useQuery({ queryKey: ['admin', 'languages', session?.data.id], enabled: !!session, queryFn: () => adminCall('languages', languagesAnswer) });
  const language = languages.data?.data.find((l) => String(l.id) === id);
  const table = useAdminTable(`language-texts-${id}`, `languages/${id}/texts`, textsAnswer, { filters: ['missing'], defaultSort: 'key', defaultOrder: 'asc', perPage: 20 });
  const dir = language?.rtl ? 'rtl' : 'ltr';

  const columns: Column<AdminLanguageText>[] = [
    { key: 'key', header: t('adminColKey', 'Key'), sortable: true, cell: (r) => <code className="text-xs wrap-anywhere">{r.key}</code> },
    { key: 'english', header: t('adminColEnglish', 'English'), cell: (r) => <span lang="en">{r.english}</span> },
    {
      key: 'text',
      header: language?.name ?? t('adminColText', 'Text'),
      cell: (r) => (
        <div>
          {r.text === null && <span className="mb-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{t('adminMissing', 'Missing')}</span>}
          <TextEditor key={`${r.key}:${r.text ?? ''}`} languageId={Number(id)} row={r} dir={dir} lang={language?.code ?? 'en'} />
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={language ? `${t('adminLanguageTexts', 'Texts')}: ${language.name}` : t('adminLanguageTexts', 'Texts')}
      lead={t('adminLanguageTextsLead', 'Each text is saved on its own and shows on the site’s next page. An empty text shows the English one instead.')}
      actions={
        <Link to="/admin/languages" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium">
          {t('adminAllLanguages', 'All languages')}
        </Link>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchTexts', 'Search keys and texts')} />
        <TableFilter
          label={t('adminShow', 'Show')}
          value={table.state.filters.missing || 'all'}
          onChange={(v) => table.setFilter('missing', v)}
          options={[
            ['all', t('adminAllTexts', 'All texts')],
            ['1', t('adminMissingOnly', 'Missing only')],
          ]}
        />
      </div>
      <DataTable
        caption={t('adminLanguageTexts', 'Texts')}
        columns={columns}
        table={table}
        rowKey={(r) => (table.state.page - 1) * table.state.per_page + table.rows.indexOf(r)}
        empty={t('adminTextsEmpty', 'No texts match.')}
      />
    </AdminPage>
  );
}
