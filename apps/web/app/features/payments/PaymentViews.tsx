import type { PaymentTransaction } from '@estate/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSite, useT, type Translate } from '../../lib/i18n.ts';
import { PACKAGES_KEY } from '../packages/get-packages.ts';
import { moneyLabel } from '../packages/plan-text.ts';
import { markPendingPaid, readPendingPurchase } from './pending-purchase.ts';
import { PAYMENT_TIMEOUT_MS, SUCCESS_REDIRECT_MS, afterPaymentTarget, type FailureReason } from './payment-view.ts';

/** The contact page: spec §2's "contact support". */
export const SUPPORT_PATH = '/contact-us';

/** A view's frame: an icon in a tinted disc, the heading (focused, so a screen reader hears the change), and the rest. */
function ResultFrame(props: { tone: 'brand' | 'success' | 'error'; icon: ReactNode; title: string; testId: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const tones = { brand: 'bg-brand-light text-brand-dark', success: 'bg-emerald-100 text-emerald-800', error: 'bg-red-100 text-red-800' };
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8" data-testid={props.testId}>
      <span aria-hidden="true" className={`mx-auto flex size-16 items-center justify-center rounded-full ${tones[props.tone]}`}>
        {props.icon}
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        {props.title}
      </h1>
      {props.children}
    </section>
  );
}

/** The progress view: the payment is with the provider; the page asks until it is settled or the wait runs out. */
export function ProcessingView({ payment, startedAt, now, networkTrouble }: { payment: PaymentTransaction; startedAt: number; now: number; networkTrouble: boolean }) {
  const t = useT();
  const site = useSite();
  const share = Math.min(1, Math.max(0, (now - startedAt) / PAYMENT_TIMEOUT_MS));
  return (
    <ResultFrame
      tone="brand"
      testId="payment-processing"
      title={t('paymentProcessing', 'Processing your payment')}
      icon={<span className="size-8 animate-spin rounded-full border-4 border-current border-t-transparent motion-reduce:animate-none" />}
    >
      <p role="status" className="mt-2 text-slate-700">
        {t('paymentProcessingText', 'We are waiting for the payment provider to confirm. This usually takes a few seconds — please keep this page open.')}
      </p>
      <p className="mt-4 font-semibold text-slate-900">
        <bdi dir="auto">{payment.package_name}</bdi> · {site ? moneyLabel(payment.amount, site.currency, payment.currency) : null}
      </p>
      <div
        role="progressbar"
        aria-label={t('paymentWaiting', 'Waiting for confirmation')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        className="mx-auto mt-4 h-2 max-w-xs overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand transition-[width] duration-1000" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      {networkTrouble ? (
        <p role="alert" className="mt-4 text-sm text-amber-800">
          {t('paymentNetworkError', 'Network error: we could not reach the server. Still trying…')}
        </p>
      ) : null}
    </ResultFrame>
  );
}

/**
 * Spec §2/§4: 'Payment Successful', then the properties page by itself — or the premium listing
 * the buyer was about to open (the pending purchase), which the server then unlocks.
 */
export function SuccessView({ payment }: { payment: PaymentTransaction }) {
  const t = useT();
  const site = useSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [target] = useState(() => afterPaymentTarget(readPendingPurchase()));
  const [left, setLeft] = useState(Math.round(SUCCESS_REDIRECT_MS / 1000));
  useEffect(() => {
    markPendingPaid();
    // Spec §4 "Payments": the search that was pending when the plans opened is saved and locked now.
    void import('../search-lock/save-after-payment.ts').then((m) => m.savePendingSearchAfterPayment()).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: [PACKAGES_KEY] });
    void queryClient.invalidateQueries({ queryKey: ['payments'] });
    const tick = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    const go = setTimeout(() => navigate(target, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, []);
  const toListing = target.startsWith('/properties-details/');
  return (
    <ResultFrame
      tone="success"
      testId="payment-success"
      title={t('paymentSuccessful', 'Payment Successful')}
      icon={
        <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth={3}>
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      }
    >
      <p className="mt-2 text-slate-700">{t('paymentSuccessText', 'Your {name} plan is active now.').replace('{name}', payment.package_name)}</p>
      <dl className="mx-auto mt-4 grid max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-start text-sm">
        <dt className="text-slate-600">{t('paymentAmount', 'Amount')}</dt>
        <dd className="font-semibold text-slate-900">{site ? moneyLabel(payment.amount, site.currency, payment.currency) : null}</dd>
        <dt className="text-slate-600">{t('paymentReference', 'Reference')}</dt>
        <dd className="font-mono text-slate-900 wrap-anywhere" dir="ltr">
          {payment.transaction_id ?? payment.order_id ?? payment.id}
        </dd>
      </dl>
      <p role="status" className="mt-5 text-slate-700" data-testid="redirect-note">
        {toListing
          ? t.count(left, 'paymentToListingIn', 'Taking you to the listing you chose in {count} second…', 'Taking you to the listing you chose in {count} seconds…')
          : t.count(left, 'paymentToPropertiesIn', 'Taking you to the properties in {count} second…', 'Taking you to the properties in {count} seconds…')}
      </p>
      <Link to={target} replace className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark">
        {toListing ? t('paymentGoToListing', 'Open the listing now') : t('paymentGoToProperties', 'See the properties now')}
      </Link>
    </ResultFrame>
  );
}

function reasonText(reason: FailureReason, t: Translate): { title: string; text: string } {
  switch (reason) {
    case 'timeout':
      return {
        title: t('paymentTimeout', 'Payment timeout'),
        text: t('paymentTimeoutText', 'The payment provider did not confirm in time. If the payment still goes through, your plan starts by itself.'),
      };
    case 'cancelled':
      return { title: t('paymentCancelled', 'Payment cancelled'), text: t('paymentCancelledText', 'The payment was stopped before it was completed. Nothing was charged.') };
    case 'refunded':
      return { title: t('paymentRefunded', 'Payment refunded'), text: t('paymentRefundedText', 'This payment was refunded, so its plan has ended.') };
    default:
      return { title: t('paymentDeclined', 'Your payment was declined'), text: t('paymentDeclinedText', 'The payment provider refused the payment. Nothing was charged.') };
  }
}

/** Spec §2/§8: 'Payment Failed' with the reason, the possible reasons, Retry (a new payment) and contact support. */
export function FailureView({ payment, reason, retrying, onRetry }: { payment: PaymentTransaction; reason: FailureReason; retrying: boolean; onRetry: () => void }) {
  const t = useT();
  const site = useSite();
  const why = reasonText(reason, t);
  return (
    <ResultFrame
      tone="error"
      testId="payment-failed"
      title={t('paymentFailed', 'Payment Failed')}
      icon={
        <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth={3}>
          <path d="M7 7l10 10M17 7 7 17" strokeLinecap="round" />
        </svg>
      }
    >
      <p className="mt-2 font-semibold text-red-800" data-testid="failure-reason">
        {why.title}
      </p>
      <p className="mt-1 text-slate-700">{why.text}</p>
      <p className="mt-3 text-sm text-slate-600">
        <bdi dir="auto">{payment.package_name}</bdi> · {site ? moneyLabel(payment.amount, site.currency, payment.currency) : null}
      </p>
      <div className="mt-5 rounded-xl bg-slate-50 p-4 text-start">
        <h2 className="text-sm font-semibold text-slate-900">{t('paymentPossibleReasons', 'Possible reasons')}</h2>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700">
          <li>{t('paymentReasonFunds', 'Insufficient funds')}</li>
          <li>{t('paymentReasonMobileMoney', 'Insufficient mobile-money balance')}</li>
          <li>{t('paymentReasonPin', 'Wrong PIN or phone number')}</li>
          <li>{t('paymentReasonNetwork', 'Network issues')}</li>
          <li>{t('paymentReasonUnavailable', 'Service unavailable')}</li>
        </ul>
      </div>
      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
        >
          {retrying ? t('paymentRetrying', 'Starting again…') : t('paymentRetry', 'Retry')}
        </button>
        <Link to={SUPPORT_PATH} className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand px-5 font-semibold text-brand-dark hover:bg-brand-light">
          {t('contactSupport', 'Contact support')}
        </Link>
      </div>
      <p className="mt-4 text-sm">
        <Link to="/subscription-plan" className="font-medium text-brand-dark underline">
          {t('backToPlans', 'Back to the plans')}
        </Link>
      </p>
    </ResultFrame>
  );
}
