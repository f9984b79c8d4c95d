import type { PaymentTransaction } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/Form.tsx';
import { useSite, useT } from '../../lib/i18n.ts';
import { checkoutHref, createPaymentIntent } from './create-payment-intent.ts';

/**
 * Razorpay's hosted checkout: no script of Razorpay's loads here. The pending checkout's order is
 * asked for (the same one again), then a form posts the key id and order id to Razorpay's hosted
 * page (`checkout_url`, …/v1/checkout/embedded), where the buyer pays; Razorpay posts them back to
 * `callback_url` — the server's payment-return, which asks Razorpay's API how the order went —
 * or sends them to `cancel_url`, the failure view. The Content Security Policy lets forms post
 * to Razorpay's origin only when Razorpay is configured.
 */
export function RazorpayPane({ payment, onLeave }: { payment: PaymentTransaction; onLeave: () => void }) {
  const t = useT();
  const site = useSite();
  const navigate = useNavigate();
  const intent = useQuery({
    queryKey: ['payment-intent', payment.id],
    staleTime: 0,
    queryFn: () => createPaymentIntent(payment.package_id, 'razorpay'),
  });
  const answer = intent.data?.intent;
  useEffect(() => {
    // Older than the server keeps a checkout: a new payment was started for it.
    if (answer && answer.payment_transaction_id !== payment.id) navigate(checkoutHref(answer.payment_transaction_id), { replace: true });
  }, [answer?.payment_transaction_id, payment.id]);
  const origin = site?.origin ?? '';
  const ready = answer && answer.checkout_url && answer.id && answer.public_key && answer.payment_transaction_id === payment.id;
  const fields: Record<string, string> = ready
    ? {
        key_id: answer.public_key!,
        order_id: answer.id!,
        amount: String(answer.amount),
        currency: answer.currency,
        name: site?.company.name ?? '',
        description: payment.package_name ?? '',
        callback_url: `${origin}/api/payment-return/${payment.id}`,
        cancel_url: `${origin}/subscription-plan/checkout/${payment.id}?cancelled=1`,
      }
    : {};
  return (
    <div data-testid="razorpay-pane">
      <p className="text-slate-700">{t('redirectProviderText', 'You will pay on {provider}’s own page, then come back here.').replace('{provider}', 'Razorpay')}</p>
      {intent.error ? <FormAlert message={intent.error.message} /> : null}
      <form method="post" action={ready ? answer.checkout_url! : undefined} onSubmit={(e) => (ready ? onLeave() : e.preventDefault())}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          disabled={!ready}
          className="mt-4 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand px-5 text-lg font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
        >
          {t('continueToProvider', 'Continue to {provider}').replace('{provider}', 'Razorpay')}
        </button>
      </form>
    </div>
  );
}
