import { useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { INTERESTED_PAGE_SIZE, useInterestedUsers } from './get-interested-users.ts';
import { dateLabel } from './PriceHistory.tsx';

/** Who is interested in the listing, with how to reach them, a page at a time. */
export function InterestedUsers({ propertyId, total: expected }: { propertyId: number; total: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const users = useInterestedUsers(propertyId, page);
  if (expected === 0 && !users.data?.total) {
    return <p className="mt-2 text-slate-700">{t('noInterestedUsers', 'Nobody has said they are interested yet. They will show here with how to reach them.')}</p>;
  }
  if (users.error) {
    return (
      <p role="alert" className="mt-2 text-red-700">
        {users.error.message}
      </p>
    );
  }
  if (!users.data) {
    return (
      <p role="status" className="mt-2 text-slate-600">
        {t('loading', 'Loading…')}
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(users.data.total / INTERESTED_PAGE_SIZE));
  const link = 'font-medium text-brand-dark underline underline-offset-2 wrap-anywhere';
  return (
    <>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="interested-users">
        {users.data.items.map((u) => (
          <li key={u.id} className="flex min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-3">
            {u.profile ? (
              <img src={u.profile} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-light text-lg font-semibold text-brand-dark">
                {(u.name ?? u.email ?? '?').slice(0, 1).toUpperCase()}
              </span>
            )}
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                <bdi>{u.name ?? t('unnamedUser', 'A user')}</bdi>
              </p>
              {u.mobile ? (
                <p>
                  <a href={`tel:${u.mobile}`} dir="ltr" className={link}>
                    {u.mobile}
                  </a>
                </p>
              ) : null}
              {u.email ? (
                <p>
                  <a href={`mailto:${u.email}`} className={link}>
                    {u.email}
                  </a>
                </p>
              ) : null}
              <p className="text-slate-600">{t('interestedSince', 'Interested since {date}').replace('{date}', dateLabel(u.interested_at, t.lang))}</p>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="mt-4 flex items-center justify-between gap-4">
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-medium disabled:opacity-50">
            {t('previous', 'Previous')}
          </button>
          <span className="text-sm text-slate-600" aria-live="polite">
            {t('page', 'Page')} {page} / {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-medium disabled:opacity-50">
            {t('next', 'Next')}
          </button>
        </div>
      ) : null}
    </>
  );
}
