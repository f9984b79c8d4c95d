import type { PaymentTransaction } from '@estate/core';
import { call } from '../../lib/client.ts';

/** `payment-transaction-fail`: the buyer gives up on a pending payment (a timeout, another provider chosen). */
export async function failPayment(paymentId: number): Promise<PaymentTransaction> {
  const { transactionAnswer } = await import('./answers.ts');
  return (await call('payment-transaction-fail', transactionAnswer, { method: 'POST', body: { payment_transaction_id: paymentId } })).data;
}
