import type { PaymentProviderName, PaymentTransaction } from '@estate/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Route } from './+types/checkout';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { FormAlert } from '../components/Form.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { usePackages } from '../features/packages/get-packages.ts';
import { featureName } from '../features/packages/feature-text.ts';
import { durationLabel, moneyLabel } from '../features/packages/plan-text.ts';
import { checkoutHref, createPaymentIntent } from '../features/payments/create-payment-intent.ts';
import { failPayment } from '../features/payments/fail-payment.ts';
import { enabledProviders, usePaymentSettings } from '../features/payments/get-payment-settings.ts';
import { paymentKey, usePaymentStatus } from '../features/payments/payment-status.ts';
import { PAYMENT_POLL_MS, paymentState, type FailureReason } from '../features/payments/payment-view.ts';
import { FailureView, ProcessingView, SuccessView } from '../features/payments/PaymentViews.tsx';
import { isRedirectProvider, providerLabel, WEB_PROVIDERS } from '../features/payments/providers.ts';
import { RazorpayPane } from '../features/payments/RazorpayPane.tsx';
import { SandboxCardForm } from '../features/payments/SandboxCardForm.tsx';
import { useBuyPlan } from '../features/payments/use-buy-plan.ts';
import { localizeMessage, useSite, useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';

/** Stripe's script and its Payment Element load only for a Stripe checkout. */
const StripePane = lazy(() => import('../features/payments/StripePane.tsx'));

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('checkoutTitle', 'Checkout'), site) }, { name: 'robots', content: 'noindex' }];
}

/** What the buyer is paying for: the plan, how long it runs, what it holds, the total. */
function OrderSummary({ payment }: { payment: PaymentTransaction }) {
  const t = useT();
  const site = useSite();
  const plan = usePackages().data?.data.find((p) => p.id === payment.package_id);
  return (
    <aside aria-labelledby="order-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="order-summary">
      <h2 id="order-summary" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t('orderSummary', 'Order summary')}
      </h2>
      <p className="mt-2 text-lg font-semibold text-slate-900" dir="auto">
        {payment.package_name}
      </p>
      {plan ? <p className="text-sm text-slate-600">{t('planFor', 'for {duration}').replace('{duration}', durationLabel(plan.duration, t))}</p> : null}
      {plan ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {plan.features.map((f) => (
            <li key={f.id}>
              {f.limit_type === 'unlimited' || f.limit === null ? t('featureUnlimited', 'Unlimited') : new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(f.limit)} {featureName(f.name, t)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-3">
        <span className="font-medium text-slate-800">{t('orderTotal', 'Total')}</span>
        <span className="text-2xl font-bold text-slate-900" data-testid="order-total">
          {site ? moneyLabel(payment.amount, site.currency, payment.currency) : null}
        </span>
      </p>
    </aside>
  );
}

/** A provider whose checkout is its own page: its link is asked for (the same pending checkout again), then the browser goes there. */
function RedirectPane({ payment, onLeave }: { payment: PaymentTransaction; onLeave: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const gateway = payment.payment_gateway as PaymentProviderName;
  const intent = useQuery({
    queryKey: ['payment-intent', payment.id],
    staleTime: 0,
    queryFn: () => createPaymentIntent(payment.package_id, gateway),
  });
  const nextId = intent.data?.intent.payment_transaction_id;
  useEffect(() => {
    // Older than the server keeps a checkout: a new payment was started for it.
    if (nextId && nextId !== payment.id) navigate(checkoutHref(nextId), { replace: true });
  }, [nextId, payment.id]);
  const url = intent.data?.intent.checkout_url;
  return (
    <div data-testid="redirect-pane">
      <p className="text-slate-700">{t('redirectProviderText', 'You will pay on {provider}’s own page, then come back here.').replace('{provider}', providerLabel(gateway, t))}</p>
      {intent.error ? <FormAlert message={intent.error.message} /> : null}
      <button
        type="button"
        disabled={!url}
        onClick={() => {
          if (!url) return;
          onLeave();
          window.location.assign(url);
        }}
        className="mt-4 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand px-5 text-lg font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
      >
        {t('continueToProvider', 'Continue to {provider}').replace('{provider}', providerLabel(gateway, t))}
      </button>
    </div>
  );
}

/** The checkout view: the summary, the provider choice (those `get_payment_settings` says are on) and that provider's way to pay. */
function CheckoutForm({ payment, onSent }: { payment: PaymentTransaction; onSent: (answer?: PaymentTransaction) => void }) {
  const t = useT();
  const site = useSite();
  const settings = usePaymentSettings();
  const buy = useBuyPlan();
  const groupId = useId();
  const providers = settings.data ? enabledProviders(settings.data).filter((p) => WEB_PROVIDERS.includes(p)) : [];
  const gateway = payment.payment_gateway as PaymentProviderName;
  const isUsable = providers.includes(gateway);
  const payLabel = t('payAmount', 'Pay {amount}').replace('{amount}', site ? moneyLabel(payment.amount, site.currency, payment.currency) : '');
  const choose = (method: PaymentProviderName) => {
    if (method !== gateway) buy.mutate({ plan: { id: payment.package_id, name: payment.package_name }, method, replacing: payment.id });
  };
  return (
    <>
      <Breadcrumb trail={[{ to: '/subscription-plan', label: t('plansTitle', 'Plans and pricing') }]} />
      <h1 className="text-3xl font-bold tracking-tight">{t('checkoutTitle', 'Checkout')}</h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:order-last">
          <OrderSummary payment={payment} />
        </div>
        <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          {settings.error ? <FormAlert message={settings.error.message} /> : null}
          {providers.length > 1 || (!isUsable && providers.length) ? (
            <fieldset className="mb-6" aria-describedby={`${groupId}-hint`}>
              <legend className="text-lg font-semibold text-slate-900">{t('choosePaymentMethod', 'How would you like to pay?')}</legend>
              <p id={`${groupId}-hint`} className="sr-only">
                {t('choosePaymentMethodHint', 'Choosing another way to pay starts the checkout again.')}
              </p>
              <div className="mt-3 grid gap-2 sm:grid-cols-2">
                {providers.map((p) => (
                  <label
                    key={p}
                    className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 font-medium ${p === gateway ? 'border-brand bg-brand-light/40 text-slate-900' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
                  >
                    <input type="radio" name="provider" value={p} checked={p === gateway} disabled={buy.isPending} onChange={() => choose(p)} className="size-5 accent-brand" />
                    {providerLabel(p, t)}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {!settings.data && !settings.error ? (
            <p role="status" className="text-slate-600">
              {t('loading', 'Loading…')}
            </p>
          ) : null}
          {settings.data && !providers.length ? <FormAlert message={t('noPaymentProviders', 'Payments are not available right now. Please try again later.')} /> : null}
          {settings.data && isUsable && gateway === 'sandbox' ? <SandboxCardForm payment={payment} payLabel={payLabel} onPaid={onSent} /> : null}
          {settings.data && isUsable && isRedirectProvider(gateway) ? <RedirectPane payment={payment} onLeave={() => onSent()} /> : null}
          {settings.data && isUsable && gateway === 'razorpay' ? <RazorpayPane payment={payment} onLeave={() => onSent()} /> : null}
          {settings.data && isUsable && gateway === 'stripe' ? (
            <Suspense
              fallback={
                <p role="status" className="text-slate-600">
                  {t('loading', 'Loading…')}
                </p>
              }
            >
              <StripePane payment={payment} publishableKey={settings.data.stripe_publishable_key} payLabel={payLabel} onSent={() => onSent()} />
            </Suspense>
          ) : null}
          <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
              <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
            </svg>
            {t('checkoutSecure', 'The amount comes from the plan; card details go only to the payment provider.')}
          </p>
        </section>
      </div>
    </>
  );
}

/** One payment's checkout: which view shows follows the payment's status and how long the browser has waited (payment-view.ts). */
function Checkout({ id }: { id: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sent = Number(params.get('sent'));
  const sentAt = Number.isFinite(sent) && sent > 0 ? sent : null;
  const cancelled = params.get('cancelled') === '1';
  const [now, setNow] = useState(() => Date.now());
  const [endReason, setEndReason] = useState<FailureReason>();
  const [polling, setPolling] = useState(false);
  const status = usePaymentStatus(id, polling ? PAYMENT_POLL_MS : false);
  const payment = status.data;
  const state = payment ? paymentState(payment.payment_status, sentAt, now, cancelled) : null;
  const buy = useBuyPlan();
  const gaveUp = useRef(false);

  const markSent = (answer?: PaymentTransaction) => {
    if (answer) queryClient.setQueryData(paymentKey(id), answer);
    const at = Date.now();
    setNow(at);
    setParams({ sent: String(at) }, { replace: true, preventScrollReset: true });
  };

  // Stripe's redirect-based methods come back with these: the payment was sent on.
  useEffect(() => {
    if (!sentAt && (params.has('payment_intent') || params.has('redirect_status'))) markSent();
  }, []);

  const view = state?.view;
  useEffect(() => {
    // Asked while the progress view waits, and in the background while a provider's own page may settle it.
    setPolling(view === 'processing' || (view === 'checkout' && !!payment && payment.payment_gateway !== 'sandbox'));
    if (view !== 'processing') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [view, payment?.payment_gateway]);

  // The wait ran out, or the buyer gave up at the provider: the pending payment is given up on the server too.
  useEffect(() => {
    if (!payment || state?.view !== 'failed' || payment.payment_status !== 'pending' || gaveUp.current) return;
    gaveUp.current = true;
    setEndReason(state.reason);
    void failPayment(id)
      .then((answer) => queryClient.setQueryData(paymentKey(id), answer))
      .catch(() => {});
  }, [state?.view, payment?.payment_status]);

  if (status.error && !payment) {
    return (
      <div className="mx-auto max-w-lg">
        <h1 className="text-2xl font-bold">{t('checkoutTitle', 'Checkout')}</h1>
        <div className="mt-4">
          <FormAlert message={status.error.message} />
        </div>
        <Link to="/subscription-plan" className="mt-4 inline-block font-medium text-brand-dark underline">
          {t('backToPlans', 'Back to the plans')}
        </Link>
      </div>
    );
  }
  if (!payment || !state) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {t('loading', 'Loading…')}
      </p>
    );
  }
  if (state.view === 'success') return <SuccessView payment={payment} />;
  if (state.view === 'failed') {
    const gateway = payment.payment_gateway as PaymentProviderName;
    return (
      <>
        <FailureView
          payment={payment}
          reason={endReason ?? state.reason ?? 'declined'}
          retrying={buy.isPending}
          onRetry={() => buy.mutate({ plan: { id: payment.package_id, name: payment.package_name }, method: WEB_PROVIDERS.includes(gateway) ? gateway : undefined })}
        />
        {buy.error ? (
          <div className="mx-auto mt-4 max-w-lg">
            <FormAlert message={localizeMessage(buy.error.message, t)} />
          </div>
        ) : null}
      </>
    );
  }
  if (state.view === 'processing') return <ProcessingView payment={payment} startedAt={sentAt ?? now} now={now} networkTrouble={status.isRefetchError} />;
  return <CheckoutForm payment={payment} onSent={markSent} />;
}

/** `/subscription-plan/checkout/:paymentId`: checkout → progress → success or failure (spec §2, §4). */
export default function CheckoutPage() {
  const { paymentId } = useParams();
  const id = Number(paymentId);
  return <RequireUser>{() => <Checkout key={id} id={id} />}</RequireUser>;
}
