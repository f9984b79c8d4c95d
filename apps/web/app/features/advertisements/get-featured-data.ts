import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { pageQuery } from '../../lib/paging.ts';
import { useSession } from '../../lib/session.ts';

export const ADVERTISEMENTS_PAGE_SIZE = 10;
/** Every query of the user's advertisements starts with this key. */
export const ADVERTISEMENTS_KEY = 'advertisements';

/** `get-featured-data`: one page of the user's advertisements, newest first, with what they feature. */
export function useAdvertisements(page: number) {
  const session = useSession();
  return useQuery({
    queryKey: [ADVERTISEMENTS_KEY, session?.data.id, page],
    enabled: !!session,
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: async () => {
      const { advertisementsAnswer } = await import('./answers.ts');
      const answer = await call('get-featured-data', advertisementsAnswer, { query: pageQuery(page, ADVERTISEMENTS_PAGE_SIZE) });
      return { items: answer.data, total: answer.total };
    },
  });
}
