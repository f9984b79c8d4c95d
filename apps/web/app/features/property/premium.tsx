import { STORAGE_KEYS, type PropertyDetail } from '@estate/core';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { PACKAGES_KEY } from '../packages/get-packages.ts';
import { forgetUnlock, readUnlock, rememberUnlock, type PremiumUnlock } from './premium-access.ts';

/**
 * Pages are rendered for visitors (the session lives in the browser), so a premium listing
 * arrives as its teaser. A logged-in viewer may be entitled to all of it — a subscriber, the
 * owner, an admin, the 24-hour unlock — so the browser asks again with the session's token; the
 * server unlocks it then with a limited `premium_properties` unit (spec §4), or answers that the
 * viewer's unlock is for another listing (`premium_access_limited`: the Access Limited pop-up).
 * A listing opened with the 24-hour unlock is remembered with the expiry the server answers
 * (`premium_unlock_expires_at`, premium-access.ts).
 */
export function useEntitledListing(listing: PropertyDetail): PropertyDetail {
  const session = useSession();
  const queryClient = useQueryClient();
  const [full, setFull] = useState<PropertyDetail | null>(null);
  const slug = listing.slug_id;
  const token = session?.token;
  const userId = session?.data.id;
  useEffect(() => {
    setFull(null);
    // An ended unlock is removed whichever listing opens.
    readUnlock(localStorage, Date.now());
    if (!listing.premium_locked || !token) return;
    let current = true;
    void (async () => {
      const { propertyAnswer } = await import('../../lib/answers.ts');
      const answer = await call('get_property', propertyAnswer, { query: { slug_id: slug } }).catch(() => null);
      const fetched = answer?.data[0];
      if (!current || !fetched || !('premium_locked' in fetched)) return;
      setFull(fetched);
      if (fetched.premium_locked) {
        // No unlock of this user's is running on the server: what this browser remembered is over.
        if (!fetched.premium_access_limited) {
          forgetUnlock(localStorage);
          window.dispatchEvent(new Event(ACCESS_EVENT));
        }
        return;
      }
      if (fetched.added_by === userId) return;
      // The server says when the viewer's 24-hour unlock of this listing ends; without it the
      // listing is open otherwise (an unlimited plan, an administrator), and no unlock is running.
      if (fetched.premium_unlock_expires_at) rememberUnlock(localStorage, slug, Date.now(), fetched.premium_unlock_expires_at);
      else forgetUnlock(localStorage);
      window.dispatchEvent(new Event(ACCESS_EVENT));
      // The unit spent shows on the plans page and My package.
      void queryClient.invalidateQueries({ queryKey: [PACKAGES_KEY] });
    })();
    return () => {
      current = false;
    };
  }, [slug, token, listing.premium_locked]);
  return full ?? listing;
}

/** Raised on `window` when this page remembers or forgets the unlock. */
const ACCESS_EVENT = 'premium-access-changed';

/** The 24-hour unlock this browser remembers (after hydration; null when none is live), kept current. */
export function useLiveUnlock(): PremiumUnlock | null {
  const [unlock, setUnlock] = useState<PremiumUnlock | null>(null);
  useEffect(() => {
    const read = () => setUnlock(readUnlock(localStorage, Date.now()));
    read();
    window.addEventListener(ACCESS_EVENT, read);
    window.addEventListener('storage', read);
    return () => {
      window.removeEventListener(ACCESS_EVENT, read);
      window.removeEventListener('storage', read);
    };
  }, []);
  return unlock;
}

const timeLabel = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(lang, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', numberingSystem: 'latn' });

/** On a premium listing opened with the 24-hour unlock: until when it stays open. */
export function PremiumUnlockNote({ slug }: { slug: string }) {
  const t = useT();
  const unlock = useLiveUnlock();
  if (!unlock || unlock.slug !== slug) return null;
  return (
    <p role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950" data-testid="premium-unlocked">
      {t('premiumUnlockedUntil', 'Unlocked for you until {time}. Your 24-hour access is for this property only.').replace('{time}', timeLabel(unlock.expires_at, t.lang))}
    </p>
  );
}

/**
 * Spec §8 "Access Limited": the viewer's 24-hour unlock is for another listing. Opens by itself
 * when the listing answers so, and again from the teaser's button; leads to the unlocked listing
 * when this browser knows it, else to the plans (unlimited premium access).
 */
function AccessLimitedDialog({ slug, dialog }: { slug: string; dialog: RefObject<HTMLDialogElement | null> }) {
  const t = useT();
  const navigate = useNavigate();
  const unlock = useLiveUnlock();
  const other = unlock && unlock.slug !== slug ? unlock : null;
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [slug]);
  return (
    <ConfirmDialog
      ref={dialog}
      id="access-limited"
      title={t('accessLimitedTitle', 'Access Limited')}
      cancelLabel={t('close', 'Close')}
      confirmLabel={other ? t('openUnlockedListing', 'Open my unlocked property') : t('seePlans', 'See plans')}
      onConfirm={() => {
        dialog.current?.close();
        navigate(other ? `/properties-details/${other.slug}` : '/subscription-plan');
      }}
    >
      <p className="mt-2 text-slate-700" data-testid="access-limited-message">
        {t('accessLimitedText', 'You can only view the property you unlocked. Your 24-hour access is limited to that specific property.')}
      </p>
      {other ? (
        <p className="mt-2 text-sm text-slate-600">{t('accessLimitedUntil', 'Your access ends on {time}.').replace('{time}', timeLabel(other.expires_at, t.lang))}</p>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * What a premium teaser holds back, and the way to it: spec §8's premium pop-up (Subscribe Now /
 * Cancel). Subscribing remembers the listing and the visitor's current search as pending, then
 * opens the plans.
 */
export function PremiumLock({ slug, accessLimited = false }: { slug: string; accessLimited?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const limitedDialog = useRef<HTMLDialogElement>(null);
  const subscribe = () => {
    try {
      const filters = sessionStorage.getItem(STORAGE_KEYS.currentFilterData);
      localStorage.setItem(STORAGE_KEYS.pendingSearchCriteria, JSON.stringify({ property_slug: slug, filters: filters ? JSON.parse(filters) : null }));
    } catch {
      // Storage may be unavailable (private mode); the plans page still opens.
    }
    dialog.current?.close();
    navigate('/subscription-plan');
  };
  return (
    <section aria-labelledby="premium-lock" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5" data-testid="premium-lock">
      <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">{t('premium', 'Premium')}</p>
      <h2 id="premium-lock" className="mt-1 text-lg font-bold text-slate-900">
        {t('premiumLockedTitle', 'The full listing is for subscribers')}
      </h2>
      <p className="mt-2 text-slate-800">
        {t('premiumLockedText', 'The exact address and map, all the photos, documents, video and 360° view, and the owner’s phone and e-mail open with a premium subscription or a 24-hour unlock.')}
      </p>
      <button type="button" onClick={() => (accessLimited ? limitedDialog : dialog).current?.showModal()} className="mt-4 rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
        {t('unlockListing', 'Unlock this listing')}
      </button>
      <ConfirmDialog
        ref={dialog}
        id="premium-dialog"
        title={t('premiumDialogTitle', 'Premium property')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('subscribeNow', 'Subscribe Now')}
        onConfirm={subscribe}
      >
        <p className="mt-2 text-slate-700">{t('premiumDialogText', 'Subscribe to a plan with premium properties to see this listing in full.')}</p>
      </ConfirmDialog>
      {accessLimited ? <AccessLimitedDialog slug={slug} dialog={limitedDialog} /> : null}
    </section>
  );
}
