import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { RequireUser } from '../../components/RequireUser.tsx';
import { ADMIN_NAV } from '../../features/admin/nav.ts';
import { useInboxUnread } from '../../features/admin/inbox/api.ts';
import { useConsoleTexts } from '../../features/admin/console-texts.ts';
import { ConsoleTexts, useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('siteConsole', 'Admin console'), site) }, { name: 'robots', content: 'noindex' }];
}

/** Unread messages to the platform, beside the inbox's menu entry. */
function InboxBadge() {
  const t = useT();
  const unread = useInboxUnread().data ?? 0;
  if (!unread) return null;
  return (
    <span className="relative ms-2 inline-block rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="inbox-badge">
      {unread}
      <span className="sr-only"> {t('adminInboxUnreadSr', 'unread')}</span>
    </span>
  );
}

function AdminNav() {
  const t = useT();
  const item = ({ isActive }: { isActive: boolean }) =>
    `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand text-white' : 'text-slate-800 hover:bg-slate-100'}`;
  return (
    <nav aria-label={t('siteConsole', 'Admin console')} className="md:sticky md:top-20 md:self-start">
      <p className="mb-2 hidden text-xs font-semibold uppercase tracking-wide text-slate-600 md:block">{t('siteConsole', 'Admin console')}</p>
      {/* A phone gets one swipeable row of sections; a wide screen a column. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:gap-1 md:overflow-visible md:px-0">
        {ADMIN_NAV.map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to} end={entry.end} className={item}>
              {t(entry.label[0], entry.label[1])}
              {entry.badge === 'inbox' && <InboxBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The console's texts, loaded when it opens (they are not in the visitors' pages); English needs none. */
function Console({ children }: { children: ReactNode }) {
  const t = useT();
  const texts = useConsoleTexts(t.lang);
  if (t.lang !== 'en' && !texts.data) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {texts.error ? t('errorNetwork', 'Network error. Please check your internet connection.') : t('loading', 'Loading…')}
      </p>
    );
  }
  return <ConsoleTexts.Provider value={texts.data ?? null}>{children}</ConsoleTexts.Provider>;
}

/**
 * `/admin/*`: the console, for administrators only. Its pages are separate route modules, so a
 * visitor's pages never load them; the API refuses everyone else whatever this page shows.
 */
export default function AdminLayout() {
  const t = useT();
  return (
    <RequireUser>
      {(session) =>
        session.data.role !== 'admin' ? (
          <div className="py-16 text-center">
            <h1 className="text-2xl font-bold">{t('consoleOnlyTitle', 'This area is for administrators')}</h1>
            <p className="mt-2 text-slate-700">{t('consoleOnlyLead', 'Your account cannot open the admin console. If you think it should, ask another administrator.')}</p>
            <Link to="/" className="mt-6 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
              {t('backToHome', 'Back to home')}
            </Link>
          </div>
        ) : (
          <Console>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
              <AdminNav />
              <Outlet />
            </div>
          </Console>
        )
      }
    </RequireUser>
  );
}
