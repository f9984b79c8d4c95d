import { Link } from 'react-router';
import type { Route } from './+types/articles';
import { Pagination } from '../components/Pagination.tsx';
import { ArticleTeaser, TeaserGrid } from '../components/Teaser.tsx';
import { api } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { listMeta, siteFromMatches } from '../lib/meta.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';
import { EmptyState } from '../components/EmptyState.tsx';

const PAGE_SIZE = 12;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageNumber(url);
  const categories = (await api.articleCategories({ request, context })).filter((c) => c.articles_count > 0);
  // Categories are chosen by slug in the URL; an unknown one shows every article.
  const category = categories.find((c) => c.slug_id === url.searchParams.get('category')) ?? null;
  const { items, total } = await api.articles({ request, context }, { ...pageQuery(page, PAGE_SIZE), category_id: category?.id });
  return { page, categories, category, items, total };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  const title = loaderData?.category ? `${loaderData.category.category} · ${t('articles', 'Articles')}` : t('articles', 'Articles');
  return listMeta(site, title, t('articlesDescription', 'Guides and news on buying, renting, home loans, tax and the property market.'));
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { page, categories, category, items, total } = loaderData;
  const t = useT();
  const chip = (active: boolean) =>
    `inline-block rounded-full border px-4 py-1.5 text-sm font-medium ${active ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand'}`;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{category ? category.category : t('articles', 'Articles')}</h1>
      {categories.length ? (
        <nav aria-label={t('articleCategories', 'Article categories')} className="mt-5">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/articles" aria-current={category ? undefined : 'page'} className={chip(!category)}>
                {t('allArticles', 'All')}
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/articles?category=${encodeURIComponent(c.slug_id)}`} aria-current={category?.id === c.id ? 'page' : undefined} className={chip(category?.id === c.id)}>
                  {c.category} <span className="sr-only">(</span>
                  <span className={category?.id === c.id ? 'text-teal-50' : 'text-slate-600'}>{c.articles_count}</span>
                  <span className="sr-only">)</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {items.length ? (
        <div className="mt-6">
          <TeaserGrid>
            {items.map((a) => (
              <ArticleTeaser key={a.id} article={a} />
            ))}
          </TeaserGrid>
        </div>
      ) : (
        <EmptyState>{t('noArticles', 'No articles yet.')}</EmptyState>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} href={(n) => pageHref('/articles', n, category ? { category: category.slug_id } : {})} />
    </>
  );
}
