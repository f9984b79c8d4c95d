import { adminArticleCategory, adminArticleRow, adminPage, type AdminArticleRow } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { ContentLinks } from '../../features/admin/content/sections.tsx';
import { DataTable, TableFilter, TableSearch, type Column } from '../../features/admin/DataTable.tsx';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { useAdminTable } from '../../features/admin/use-admin-table.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

const articlesAnswer = adminPage(adminArticleRow);
export const articleCategoriesAnswer = adminPage(adminArticleCategory);

/** `/admin/articles`: every article, published or not, searchable, with its category. */
export default function AdminArticles() {
  const t = useT();
  const session = useSession();
  const table = useAdminTable('articles', 'articles', articlesAnswer, { filters: ['published', 'category_id'], defaultSort: 'created_at' });
  const categories = useQuery({ queryKey: ['admin', 'article-categories-all', session?.data.id], enabled: !!session, queryFn: () => adminCall('article-categories', articleCategoriesAnswer, { query: { per_page: 100, sort: 'category', order: 'asc' } }) });
  const [target, setTarget] = useState<AdminArticleRow | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useAdminMutation((a: AdminArticleRow) => ({ path: `articles/${a.id}`, method: 'DELETE' }), () => t('adminArticleDeleted', 'Article deleted'));
  const date = (iso: string) => new Intl.DateTimeFormat(t.lang, { dateStyle: 'medium', numberingSystem: 'latn' }).format(new Date(iso));

  const columns: Column<AdminArticleRow>[] = [
    {
      key: 'title',
      header: t('adminColTitle', 'Title'),
      sortable: true,
      cell: (a) => (
        <Link to={`/admin/articles/${a.id}`} className="font-medium text-brand-dark underline wrap-anywhere">
          {a.title}
        </Link>
      ),
    },
    { key: 'category', header: t('adminColCategory', 'Category'), cell: (a) => a.category ?? '—' },
    { key: 'state', header: t('adminColState', 'State'), cell: (a) => (a.is_published ? t('adminPublished', 'Published') : t('adminDraft', 'Draft')) },
    { key: 'view_count', header: t('adminColViews', 'Views'), sortable: true, cell: (a) => a.view_count },
    { key: 'created_at', header: t('adminColCreated', 'Created'), sortable: true, cell: (a) => date(a.created_at) },
    {
      key: 'actions',
      header: t('adminColActions', 'Actions'),
      cell: (a) => (
        <span className="flex flex-wrap gap-2">
          {a.is_published && (
            <Link to={`/article-details/${a.slug_id}`} className="rounded-lg border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              {t('adminView', 'View')}
              <span className="sr-only"> {a.title}</span>
            </Link>
          )}
          <button
            type="button"
            onClick={() => {
              setTarget(a);
              dialog.current?.showModal();
            }}
            className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            {t('adminDelete', 'Delete')}
            <span className="sr-only"> {a.title}</span>
          </button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('adminArticles', 'Articles')}
      lead={t('adminArticlesLead', 'Write and publish articles; their HTML is cleaned on the server before anyone reads it.')}
      actions={
        <Link to="/admin/articles/new" className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
          {t('adminNewArticle', 'New article')}
        </Link>
      }
    >
      <ContentLinks />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <TableSearch value={table.state.q} onSearch={table.setSearch} label={t('adminSearchArticles', 'Search by title, slug or id')} />
        <TableFilter
          label={t('adminColState', 'State')}
          value={table.state.filters.published || 'all'}
          onChange={(v) => table.setFilter('published', v)}
          options={[
            ['all', t('adminStateAll', 'All')],
            ['1', t('adminPublished', 'Published')],
            ['0', t('adminDraft', 'Draft')],
          ]}
        />
        <TableFilter
          label={t('adminColCategory', 'Category')}
          value={table.state.filters.category_id || 'all'}
          onChange={(v) => table.setFilter('category_id', v)}
          options={[['all', t('adminStateAll', 'All')], ...(categories.data?.data ?? []).map((c) => [String(c.id), c.category] as const)]}
        />
      </div>
      <DataTable
        caption={t('adminArticles', 'Articles')}
        columns={columns}
        table={table}
        rowKey={(a) => a.id}
        empty={t('adminArticlesEmpty', 'No articles match.')}
      />
      <ConfirmDialog
        ref={dialog}
        id="delete-article-dialog"
        tone="danger"
        title={t('adminDeleteArticleTitle', 'Delete this article?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminDelete', 'Delete')}
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target, { onSettled: () => dialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{target?.title}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
