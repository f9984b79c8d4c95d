/**
 * Stripe's Payment Element, loaded only here (this module is imported lazily by the checkout, and
 * only when `get_payment_settings` says Stripe is on). Stripe's script comes from js.stripe.com,
 * so the page's Content Security Policy must allow it (script-src and frame-src js.stripe.com,
 * connect-src api.stripe.com). The payment is confirmed in the browser; the server grants the
 * package from Stripe's signed webhook, which the progress view waits for.
 */
import type { PaymentTransaction } from '@estate/core';
import type { Stripe, StripeElementLocale, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/Form.tsx';
import { useT } from '../../lib/i18n.ts';
import { checkoutHref, createPaymentIntent } from './create-payment-intent.ts';

const LOCALES: Record<string, StripeElementLocale> = { en: 'en', ar: 'ar' };

export default function StripePane({ payment, publishableKey, payLabel, onSent }: { payment: PaymentTransaction; publishableKey: string; payLabel: string; onSent: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  // The same pending checkout again: its client secret (asked again, never kept in the page's URL).
  const intent = useQuery({ queryKey: ['payment-intent', payment.id], staleTime: 0, queryFn: () => createPaymentIntent(payment.package_id, 'stripe') });
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const nextId = intent.data?.intent.payment_transaction_id;
  const secret = intent.data?.intent.client_secret;
  const key = intent.data?.intent.public_key || publishableKey;
  const unavailable = t('stripeUnavailable', 'The card form could not be loaded. Check your connection, or choose another way to pay.');

  useEffect(() => {
    if (nextId && nextId !== payment.id) navigate(checkoutHref(nextId), { replace: true });
  }, [nextId, payment.id]);

  useEffect(() => {
    if (!secret || !key || !mount.current) return;
    let live = true;
    let destroy: (() => void) | undefined;
    loadStripe(key)
      .then((stripe) => {
        if (!live) return;
        if (!stripe || !mount.current) return setError(unavailable);
        const elements = stripe.elements({ clientSecret: secret, locale: LOCALES[t.lang] ?? 'auto', appearance: { theme: 'stripe', variables: { colorPrimary: '#0f766e' } } });
        const element = elements.create('payment');
        element.mount(mount.current);
        destroy = () => element.destroy();
        setReady({ stripe, elements });
      })
      .catch(() => live && setError(unavailable));
    return () => {
      live = false;
      destroy?.();
    };
  }, [secret, key]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(undefined);
    const { error: refused } = await ready.stripe.confirmPayment({
      elements: ready.elements,
      // Methods that leave the page come back here; the checkout then shows its progress.
      confirmParams: { return_url: `${window.location.origin}${checkoutHref(payment.id)}` },
      redirect: 'if_required',
    });
    setBusy(false);
    // Stripe's own words for what the buyer can fix (its form is in the page's language).
    if (refused) return setError(refused.type === 'card_error' || refused.type === 'validation_error' ? refused.message : t('paymentInvalidDetails', 'Invalid payment details. Check the card and try again.'));
    onSent();
  };

  return (
    <form onSubmit={submit} data-testid="stripe-form" aria-labelledby="stripe-heading">
      <h2 id="stripe-heading" className="text-lg font-semibold text-slate-900">
        {t('payByCard', 'Pay by card')}
      </h2>
      {intent.error ? <FormAlert message={intent.error.message} /> : null}
      <div ref={mount} className="mt-4 min-h-24" />
      {!ready && !error && !intent.error ? (
        <p role="status" className="text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : null}
      <FormAlert message={error} />
      <button
        type="submit"
        disabled={!ready || busy}
        className="mt-4 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand px-5 text-lg font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? t('paying', 'Paying…') : payLabel}
      </button>
    </form>
  );
}
