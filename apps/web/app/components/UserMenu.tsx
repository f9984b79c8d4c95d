import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useRealtimeConnection, useUnreadTotal } from '../features/chat/realtime.ts';
import { call } from '../lib/client.ts';
import { useT } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { useSignOut } from '../lib/sign-out.ts';
import { AppLink } from './AppLink.tsx';

/** The header's account corner: log in / sign up for visitors, the user's menu once logged in. */
export function UserMenu() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const signOut = useSignOut();
  // The tab's realtime socket lives while a user is logged in (opened after hydration, closed at log-out).
  useRealtimeConnection();
  const unread = useUnreadTotal();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!session) {
    return (
      <div className="flex items-center gap-2">
        <AppLink to="/login" className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
          {t('login', 'Log in')}
        </AppLink>
        {/* On phones the log-in page offers sign-up; the header keeps room for the menu. */}
        <AppLink to="/signup" className="hidden whitespace-nowrap rounded-md bg-brand px-3 py-2 text-sm font-medium text-white hover:bg-brand-dark sm:inline-block">
          {t('signup', 'Sign up')}
        </AppLink>
      </div>
    );
  }

  const user = session.data;
  const name = user.name?.trim() || user.email || user.mobile || t('myAccount', 'My account');
  const logout = async () => {
    setOpen(false);
    // The session ends on this side whatever the server answers (it may already be gone).
    const answer = await call('before-logout', null, { method: 'POST', body: {} }).catch(() => null);
    await signOut(answer?.message ?? t('loggedOut', 'Logged out'));
  };
  const item = 'block w-full rounded-md px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100';
  return (
    <div ref={wrapper} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex max-w-[min(13rem,100%)] items-center gap-2 rounded-full border border-slate-200 py-1 ps-1 pe-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        {user.profile ? (
          <img src={user.profile} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-light font-semibold text-brand-dark">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span dir="auto" className="truncate">{name}</span>
        {unread ? (
          <span data-testid="unread-badge" className="-ms-1 shrink-0 rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white">
            <span className="sr-only">{t('unreadMessages', 'Unread messages')}: </span>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div id={menuId} hidden={!open} className="absolute end-0 z-40 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
        <ul>
          {user.role === 'admin' && (
            <li>
              <Link to="/admin" className={`${item} font-semibold`}>
                {t('siteConsole', 'Admin console')}
              </Link>
            </li>
          )}
          <li>
            <Link to="/user/profile" className={item}>
              {t('myProfile', 'My profile')}
            </Link>
          </li>
          <li>
            <Link to="/user/dashboard" className={item}>
              {t('myListings', 'My listings')}
            </Link>
          </li>
          <li>
            <Link to="/user/chat" className={`${item} flex items-center justify-between gap-2`}>
              {t('chatTitle', 'Messages')}
              {unread ? <span className="rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white">{unread > 99 ? '99+' : unread}</span> : null}
            </Link>
          </li>
          <li>
            <Link to="/user/notifications" className={item}>
              {t('notifications', 'Notifications')}
            </Link>
          </li>
          <li>
            <Link to="/user/favourites" className={item}>
              {t('myFavourites', 'My favourites')}
            </Link>
          </li>
          <li>
            <Link to="/user/alerts" className={item}>
              {t('searchAlerts', 'Saved searches')}
            </Link>
          </li>
          <li>
            <Link to="/user/preferences" className={item}>
              {t('recommendationPreferences', 'Recommendation preferences')}
            </Link>
          </li>
          <li>
            <Link to="/user/verification" className={item}>
              {t('agentVerification', 'Agent verification')}
            </Link>
          </li>
          <li>
            <Link to="/user/advertisement" className={item}>
              {t('myAdvertisements', 'My featured listings')}
            </Link>
          </li>
          <li>
            <Link to="/subscription-plan" className={item}>
              {t('plansTitle', 'Plans and pricing')}
            </Link>
          </li>
          <li>
            <Link to="/user/payments" className={item}>
              {t('paymentHistory', 'Payment history')}
            </Link>
          </li>
          <li>
            <button type="button" onClick={logout} className={item}>
              {t('logout', 'Log out')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
