import { STORAGE_KEYS, type PropertyDetail } from '@estate/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Pages are rendered for visitors (the session lives in the browser), so a premium listing
 * arrives as its teaser. A logged-in viewer may be entitled to all of it — a subscriber, the
 * owner, an admin, the 24-hour unlock — so the browser asks again with the session's token.
 */
export function useEntitledListing(listing: PropertyDetail): PropertyDetail {
  const session = useSession();
  const [full, setFull] = useState<PropertyDetail | null>(null);
  const slug = listing.slug_id;
  const token = session?.token;
  useEffect(() => {
    setFull(null);
    if (!listing.premium_locked || !token) return;
    let current = true;
    void (async () => {
      const { propertyAnswer } = await import('../../lib/answers.ts');
      const answer = await call('get_property', propertyAnswer, { query: { slug_id: slug } }).catch(() => null);
      const fetched = answer?.data[0];
      if (current && fetched && 'premium_locked' in fetched && !fetched.premium_locked) setFull(fetched);
    })();
    return () => {
      current = false;
    };
  }, [slug, token, listing.premium_locked]);
  return full ?? listing;
}

/**
 * What a premium teaser holds back, and the way to it: spec §8's premium pop-up (Subscribe Now /
 * Cancel). Subscribing remembers the listing and the visitor's current search as pending, then
 * opens the plans.
 */
export function PremiumLock({ slug }: { slug: string }) {
  const t = useT();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
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
      <button type="button" onClick={() => dialog.current?.showModal()} className="mt-4 rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
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
    </section>
  );
}
