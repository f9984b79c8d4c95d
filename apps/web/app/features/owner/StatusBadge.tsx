import type { OwnerListingState } from '@estate/core';
import { useT, type Translate } from '../../lib/i18n.ts';
import { STATE_TONES } from './listing-state.ts';

/** A listing state as the owner reads it. */
export function stateLabel(state: OwnerListingState, t: Translate): string {
  const labels: Record<OwnerListingState, string> = {
    pending: t('statePending', 'Pending approval'),
    approved: t('stateApproved', 'Approved'),
    rejected: t('stateRejected', 'Rejected'),
    paused: t('statePaused', 'Paused'),
    sold: t('stateSold', 'Sold'),
    rented: t('stateRented', 'Rented'),
  };
  return labels[state];
}

/** What each state means for visitors, said once on the listing's own page. */
export function stateExplanation(state: OwnerListingState, t: Translate): string {
  const texts: Record<OwnerListingState, string> = {
    pending: t('statePendingText', 'Our team checks every new or edited listing. Visitors see it once it is approved.'),
    approved: t('stateApprovedText', 'Visitors can find it and contact you.'),
    rejected: t('stateRejectedText', 'Visitors do not see it. Edit it to send it for approval again.'),
    paused: t('statePausedText', 'Visitors do not see it until you re-activate it.'),
    sold: t('stateSoldText', 'Marked as sold: it no longer shows in searches.'),
    rented: t('stateRentedText', 'Marked as rented: it no longer shows in searches.'),
  };
  return texts[state];
}

export function StatusBadge({ state, className = '' }: { state: OwnerListingState; className?: string }) {
  const t = useT();
  return (
    <span data-testid="status-badge" data-state={state} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_TONES[state]} ${className}`}>
      {stateLabel(state, t)}
    </span>
  );
}

/** A rejected listing's reason, as the moderator wrote it. */
export function RejectReason({ reason, className = '' }: { reason: string | null; className?: string }) {
  const t = useT();
  return (
    <p className={`rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ${className}`} data-testid="reject-reason">
      <span className="font-semibold">{t('rejectReason', 'Reason:')}</span> <bdi>{reason?.trim() || t('rejectReasonNone', 'No reason was given.')}</bdi>
    </p>
  );
}
