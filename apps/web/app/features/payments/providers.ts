import type { PaymentProviderName } from '@estate/core';
import type { Translate } from '../../lib/i18n.ts';

/**
 * The providers the website can take a payment through: the sandbox's card form and Stripe's
 * Payment Element here, those whose checkout is their own page (the browser is sent to
 * `checkout_url`), and Razorpay's hosted checkout (a form posted to its page; RazorpayPane.tsx).
 */
export const WEB_PROVIDERS: readonly PaymentProviderName[] = ['sandbox', 'stripe', 'paypal', 'flutterwave', 'razorpay', 'paystack'];

/** Providers whose checkout is their own page. */
export const isRedirectProvider = (name: string) => name === 'paypal' || name === 'flutterwave' || name === 'paystack';

/** A provider's name as a buyer knows it (brands stay as they are). */
export function providerLabel(name: PaymentProviderName, t: Translate): string {
  const names: Record<PaymentProviderName, string> = {
    sandbox: t('providerSandbox', 'Test card (sandbox)'),
    stripe: 'Stripe',
    paypal: 'PayPal',
    flutterwave: 'Flutterwave',
    razorpay: 'Razorpay',
    paystack: 'Paystack',
  };
  return names[name];
}

/** How a payment was taken, for the history (`free` for a free package). */
export function gatewayLabel(gateway: string, t: Translate): string {
  if (gateway === 'free') return t('gatewayFree', 'Free plan');
  const known = ['sandbox', 'stripe', 'paypal', 'flutterwave', 'razorpay', 'paystack'] as const;
  const found = known.find((k) => k === gateway);
  return found ? providerLabel(found, t) : gateway;
}
