import type { PaymentTransaction } from '@estate/core';
import { call } from '../../lib/client.ts';

/** `sandbox-pay`: the built-in sandbox's card form; the test card decides the outcome. */
export async function sandboxPay(body: { payment_transaction_id: number; card_number: string; expiry: string; cvc: string }): Promise<PaymentTransaction> {
  const { transactionAnswer } = await import('./answers.ts');
  return (await call('sandbox-pay', transactionAnswer, { method: 'POST', body })).data;
}
