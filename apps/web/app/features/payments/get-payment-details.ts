import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { pageQuery } from '../../lib/paging.ts';
import { useSession } from '../../lib/session.ts';

export const PAYMENTS_PAGE_SIZE = 10;

/** `get_payment_details`: one page of the user's payments, newest first. */
export function usePaymentDetails(page: number) {
  const session = useSession();
  return useQuery({
    queryKey: ['payments', session?.data.id, page],
    enabled: !!session,
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: async () => {
      const { historyAnswer } = await import('./answers.ts');
      const answer = await call('get_payment_details', historyAnswer, { query: pageQuery(page, PAYMENTS_PAGE_SIZE) });
      return { items: answer.data, total: answer.total };
    },
  });
}
