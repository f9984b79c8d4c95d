import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

/** Previous / next links between pages of a list; nothing when everything fits on one page. */
export function Pagination({ page, total, pageSize, href }: { page: number; total: number; pageSize: number; href: (page: number) => string }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = page < pages;
  if (page <= 1 && !hasNext) return null;
  const linkClass = 'rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50';
  return (
    <nav aria-label={t('pagination', 'Pagination')} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={linkClass}>
          <span aria-hidden="true">← </span>
          {t('previous', 'Previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        {t('page', 'Page')} {page} / {pages}
      </span>
      {hasNext ? (
        <Link to={href(page + 1)} rel="next" className={linkClass}>
          {t('next', 'Next')}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
