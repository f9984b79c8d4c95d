import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/notifications';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../../features/notifications/get-notifications.ts';
import { PushToggle } from '../../features/notifications/PushToggle.tsx';
import { useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import { pageHref } from '../../lib/paging.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('notifications', 'Notifications'), site) }, { name: 'robots', content: 'noindex' }];
}

const pageOf = (value: string | null) => Math.max(1, Math.min(1000, Math.floor(Number(value)) || 1));

function Notifications() {
  const t = useT();
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const list = useNotifications(page);
  const items = list.data?.items ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('notifications', 'Notifications')}</h1>
      <PushToggle />
      {list.data && !items.length ? (
        <EmptyState>{t('noNotificationsHint', 'Nothing yet. News about your purchases, price drops on your favourites and new listings for your saved searches shows here.')}</EmptyState>
      ) : null}
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="notification-list">
        {items.map((n) => {
          const href = n.property ? `/properties-details/${n.property.slug_id}` : null;
          const body = (
            <div className="flex gap-3 p-4">
              {n.property?.title_image ? <img src={n.property.title_image} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded object-cover" loading="lazy" /> : null}
              <div className="min-w-0">
                <p className={`font-semibold ${n.is_read ? '' : 'text-brand-dark'}`}>
                  {!n.is_read ? <span className="sr-only">{t('unread', 'Unread')}: </span> : null}
                  <bdi>{n.title}</bdi>
                </p>
                <p className="mt-0.5 break-words text-sm text-slate-700">
                  <bdi>{n.message}</bdi>
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  <time dateTime={n.created_at}>{new Date(n.created_at).toLocaleString(t.lang, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' })}</time>
                </p>
              </div>
            </div>
          );
          return <li key={n.id}>{href ? <Link to={href} className="block hover:bg-slate-50">{body}</Link> : body}</li>;
        })}
      </ul>
      {list.data ? <Pagination page={page} total={list.data.total} pageSize={NOTIFICATIONS_PAGE_SIZE} href={(p) => pageHref('/user/notifications', p)} /> : null}
    </div>
  );
}

export default function NotificationsPage() {
  return <RequireUser>{() => <Notifications />}</RequireUser>;
}
