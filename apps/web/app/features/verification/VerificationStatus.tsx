import type { VerificationState } from '@estate/core';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useVerification } from './get-verification.ts';

/**
 * The agent's verification state (spec §4): pending a warning, failed an error with the reason,
 * success the verified badge, anything else "not verified" with a way to apply.
 */
export function VerificationStatus({ state, withLink = false }: { state: VerificationState; withLink?: boolean }) {
  const t = useT();
  const { verification_status: status, reason } = state;
  const tone =
    status === 'success'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
      : status === 'pending'
        ? 'border-amber-300 bg-amber-50 text-amber-900'
        : status === 'failed'
          ? 'border-red-300 bg-red-50 text-red-900'
          : 'border-slate-300 bg-slate-50 text-slate-900';
  const title =
    status === 'success'
      ? t('youAreVerifiedAgent', 'You are a verified agent')
      : status === 'pending'
        ? t('verificationPendingTitle', 'Your verification is pending review')
        : status === 'failed'
          ? t('verificationFailedTitle', 'Your verification was not approved')
          : t('notVerifiedTitle', 'You are not verified yet');
  return (
    <div role={status === 'failed' ? 'alert' : 'status'} data-testid="verification-status" data-status={status} className={`rounded-xl border p-4 ${tone}`}>
      <p className="font-semibold">{title}</p>
      {status === 'failed' && reason ? (
        <p className="mt-1 text-sm">
          {t('reasonLabel', 'Reason')}: <bdi>{reason}</bdi>
        </p>
      ) : null}
      {status === 'failed' ? <p className="mt-1 text-sm">{t('applyAgainHint', 'You can correct your answers and apply again.')}</p> : null}
      {withLink && status !== 'success' && status !== 'pending' ? (
        <Link to="/user/verification" className="mt-2 inline-block text-sm font-semibold underline">
          {t('applyForVerification', 'Apply for verification')}
        </Link>
      ) : null}
    </div>
  );
}

/** The profile's line about verification: the status (with a failure's reason) and a link to apply. */
export function ProfileVerification() {
  const t = useT();
  const state = useVerification();
  if (!state.data) return null;
  return (
    <section aria-labelledby="verification-heading" className="space-y-2">
      <h2 id="verification-heading" className="text-xl font-semibold">
        {t('agentVerification', 'Agent verification')}
      </h2>
      <VerificationStatus state={state.data} withLink />
    </section>
  );
}
