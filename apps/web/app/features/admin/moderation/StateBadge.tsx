import { LISTING_STATUS, type ModerationItem } from '@estate/core';
import { useT } from '../../../lib/i18n.ts';

/** A listing's review state, and its reason when rejected. */
export function StateBadge({ row }: { row: Pick<ModerationItem, 'request_status' | 'reject_reason' | 'status'> }) {
  const t = useT();
  const label = {
    pending: t('adminStatePending', 'Waiting for review'),
    approved: t('adminStateApproved', 'Approved'),
    rejected: t('adminStateRejected', 'Rejected'),
  }[row.request_status];
  const tone = { pending: 'bg-amber-100 text-amber-900', approved: 'bg-emerald-100 text-emerald-900', rejected: 'bg-red-100 text-red-800' }[row.request_status];
  return (
    <span className="inline-flex flex-col gap-1">
      <span className={`inline-block w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>
      {row.status === LISTING_STATUS.inactive && <span className="w-fit rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t('adminHidden', 'Hidden')}</span>}
      {row.status === LISTING_STATUS.heldWithOwner && <span className="w-fit rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t('adminHeldWithOwner', 'Hidden: owner deactivated')}</span>}
      {row.request_status === 'rejected' && row.reject_reason && <span className="text-xs text-slate-700 wrap-anywhere">{row.reject_reason}</span>}
    </span>
  );
}
