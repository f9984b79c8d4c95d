import type { PaymentIntent, PaymentProviderName, PaymentTransaction } from '@estate/core';
import { call } from '../../lib/client.ts';

/**
 * `create-payment-intent`: a checkout for a package (the server takes the amount from the
 * package). A free package answers `success` at once; asking again within 30 minutes answers the
 * same pending checkout, so the checkout page may ask to learn its provider's details again.
 */
export async function createPaymentIntent(packageId: number, method?: PaymentProviderName): Promise<{ intent: PaymentIntent; transaction: PaymentTransaction }> {
  const { intentAnswer } = await import('./answers.ts');
  const answer = await call('create-payment-intent', intentAnswer, { method: 'POST', body: { package_id: packageId, platform_type: 'web', payment_method: method } });
  return { intent: answer.data.payment_intent, transaction: answer.data.payment_transaction };
}

export const checkoutHref = (paymentId: number) => `/subscription-plan/checkout/${paymentId}`;
