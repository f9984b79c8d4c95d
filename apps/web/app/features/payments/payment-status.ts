import type { PaymentTransaction } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

export const paymentKey = (id: number) => ['payment', id] as const;

/** `payment-status`: one of the user's payments; asked every `pollMs` while the progress view waits. */
export function usePaymentStatus(id: number, pollMs: number | false) {
  const session = useSession();
  return useQuery({
    queryKey: paymentKey(id),
    enabled: !!session && Number.isInteger(id) && id > 0,
    staleTime: 0,
    refetchInterval: pollMs,
    queryFn: async (): Promise<PaymentTransaction> => {
      const { transactionAnswer } = await import('./answers.ts');
      return (await call('payment-status', transactionAnswer, { query: { payment_transaction_id: id } })).data;
    },
  });
}
