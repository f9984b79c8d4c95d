import { STORAGE_KEYS } from '@estate/core/rules/constants';
import { lockWording, type LockedFilters, type SearchLock } from '@estate/core/rules/search-lock';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Translate, useT } from '../../lib/i18n.ts';
import type { SaveFailure, SearchLockView } from './use-search-lock.ts';

const PLANS_PATH = '/subscription-plan';

function lockDate(iso: string, lang: string): string {
  return new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'long', year: 'numeric', numberingSystem: 'latn' });
}

/** Spec §9's words for a lock in its last day, else the day it ends. */
export function lockedText(lock: SearchLock, t: Translate, now = Date.now()): string {
  const wording = lockWording(lock, now);
  return wording.kind === 'day'
    ? t('searchLockedFor24Hours', 'Your search is active and locked for 24 hours')
    : t('searchLockedUntil', 'Your search is active and locked until {date}').replace('{date}', lockDate(wording.expiresAt, t.lang));
}

/** Remembers this page for after logging in (lib/client's `redirectAfterLogin`). */
function rememberPage() {
  try {
    localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, `${window.location.pathname}${window.location.search}`);
  } catch {
    // Without storage the login page sends the user home instead.
  }
}

const linkClass = 'font-semibold text-brand-dark underline';

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0" fill="currentColor">
      <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
    </svg>
  );
}

function Notice(props: { tone: 'brand' | 'amber' | 'slate'; testId: string; role?: 'status' | 'alert'; title: string; children?: ReactNode; onDismiss?: () => void; icon?: ReactNode }) {
  const t = useT();
  const tones = {
    brand: 'border-brand bg-brand-light text-slate-900',
    amber: 'border-amber-300 bg-amber-50 text-amber-950',
    slate: 'border-slate-300 bg-white text-slate-900',
  };
  return (
    <div role={props.role} className={`mt-3 flex items-start gap-3 rounded-xl border p-4 ${tones[props.tone]}`} data-testid={props.testId}>
      {props.icon}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{props.title}</p>
        {props.children ? <div className="mt-1 text-sm">{props.children}</div> : null}
      </div>
      {props.onDismiss ? (
        <button type="button" onClick={props.onDismiss} aria-label={t('dismissNotice', 'Dismiss this notice')} className="-m-1 shrink-0 rounded-md p-1.5 hover:bg-black/5">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path d="M5.3 4 10 8.6 14.7 4 16 5.3 11.4 10l4.6 4.7-1.3 1.3-4.7-4.6L5.3 16 4 14.7 8.6 10 4 5.3z" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

/**
 * Above the results on /properties: the locked-search banner, the notices when a lock ends
 * (spec §8 "Your Subscription Has Expired", "Search Criteria Unlocked"), and the free-search and
 * "Login Required" banners. "Save this search" sits with the result count (SaveSearchButton).
 */
export function SearchLockPanel(props: { lock: SearchLockView; isLoggedIn: boolean; freeLimitReached: boolean }) {
  const { lock, isLoggedIn } = props;
  const t = useT();
  return (
    <div data-testid="search-lock">
      {lock.lock ? (
        <Notice tone="brand" role="status" testId="search-locked" icon={<LockIcon />} title={lockedText(lock.lock, t)}>
          {t('searchLockedHint', 'The filters stay as you saved them until then.')}
        </Notice>
      ) : null}
      {lock.notice === 'expired' ? (
        <Notice tone="amber" role="alert" testId="subscription-expired" title={t('subscriptionExpired', 'Your Subscription Has Expired')} onDismiss={lock.dismiss}>
          <p>
            <strong>{t('searchUnlocked', 'Search Criteria Unlocked')}</strong>
            {': '}
            {t('subscriptionExpiredText', 'every filter can be changed again. Renew your plan to lock a search.')}{' '}
            <Link to={PLANS_PATH} className={linkClass}>
              {t('seePlans', 'See plans')}
            </Link>
          </p>
        </Notice>
      ) : lock.notice === 'unlocked' ? (
        <Notice tone="slate" role="status" testId="search-unlocked" title={t('searchUnlocked', 'Search Criteria Unlocked')} onDismiss={lock.dismiss}>
          {t('searchUnlockedText', 'Your saved search has ended, so every filter can be changed again.')}
        </Notice>
      ) : null}
      {props.freeLimitReached && !lock.lock ? (
        isLoggedIn ? (
          <Notice tone="amber" role="status" testId="free-search-limit" title={t('freeSearchLimit', "You've reached the limit of free searches")}>
            {t('freeSearchLimitText', 'Choose a plan to keep searching and to lock a search to your subscription.')}{' '}
            <Link to={PLANS_PATH} className={linkClass}>
              {t('seePlans', 'See plans')}
            </Link>
          </Notice>
        ) : (
          <Notice tone="amber" role="status" testId="login-required" title={t('loginRequired', 'Login Required: Please login or register to view all properties')}>
            {t('freeSearchLimit', "You've reached the limit of free searches")}.{' '}
            <Link to="/login" onClick={rememberPage} className={linkClass}>
              {t('login', 'Log in')}
            </Link>
            {' · '}
            <Link to="/signup" onClick={rememberPage} className={linkClass}>
              {t('createAccount', 'Create an account')}
            </Link>
          </Notice>
        )
      ) : null}
    </div>
  );
}

/**
 * "Save this search" beside the result count, for a search with criteria and no lock: asks before
 * locking the filters to the user's package, or says why it cannot (log in, no package, failed).
 * What it does is the button's description and the dialog's text, so a phone shows the results
 * rather than an explanation above them. Rendered on the server too, so nothing moves as the page
 * comes alive (a layout shift of 0.079 on a phone when it appeared only after hydration).
 */
export function SaveSearchButton(props: { search: LockedFilters; lock: SearchLockView; isLoggedIn: boolean; className?: string }) {
  const { search, lock, isLoggedIn } = props;
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  if (lock.lock || Object.keys(search).length === 0) return null;

  const ask = () => {
    setFailure(null);
    if (!isLoggedIn) return setFailure('login');
    if (lock.userPackageId === null) return setFailure('plan');
    dialog.current?.showModal();
  };
  const confirm = async () => {
    setBusy(true);
    const result = await lock.save(search);
    setBusy(false);
    dialog.current?.close();
    if (!result.ok) setFailure(result.reason);
  };
  const failureText: Record<SaveFailure, ReactNode> = {
    login: (
      <>
        {t('loginToSaveSearch', 'Please log in to save your search criteria')}{' '}
        <Link to="/login" onClick={rememberPage} className={linkClass}>
          {t('login', 'Log in')}
        </Link>
      </>
    ),
    plan: (
      <>
        {t('lockNeedsPackage', 'An active package is needed to lock a search. Choose a plan to save this search.')}{' '}
        <Link to={PLANS_PATH} className={linkClass}>
          {t('seePlans', 'See plans')}
        </Link>
      </>
    ),
    failed: t('saveSearchFailed', 'Failed to save search criteria'),
  };
  const hint = t('saveSearchHint', 'Locks these filters to your subscription for up to 30 days.');

  return (
    <div className={props.className ?? 'flex flex-col gap-1'}>
      <button
        type="button"
        onClick={ask}
        title={hint}
        aria-describedby="save-search-hint"
        className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-brand bg-white px-3 py-1.5 text-sm font-semibold text-brand-dark hover:bg-brand-light"
        data-testid="save-search"
      >
        <LockIcon />
        {t('saveSearch', 'Save this search')}
      </button>
      <span id="save-search-hint" className="sr-only">
        {hint}
      </span>
      {failure ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="save-search-problem">
          {failureText[failure]}
        </p>
      ) : null}
      <ConfirmDialog
        ref={dialog}
        id="lock-search-dialog"
        title={t('lockSearchTitle', 'Lock this search to your subscription?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('saveAndLock', 'Save and lock')}
        onConfirm={() => void confirm()}
        busy={busy}
      >
        <p className="mt-2 text-slate-700">
          {t('lockSearchText', 'These filters will stay as they are for 30 days, or until your package ends if that is sooner. You can’t change them meanwhile.')}
        </p>
      </ConfirmDialog>
    </div>
  );
}
