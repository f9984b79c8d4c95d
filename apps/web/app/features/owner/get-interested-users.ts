import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { pageQuery } from '../../lib/paging.ts';
import { useSession } from '../../lib/session.ts';
import { OWNED_KEY } from './get-added-properties.ts';

export const INTERESTED_PAGE_SIZE = 10;

/** `get_interested_users`: who is interested in one of the user's listings, with their contact data, newest first. */
export function useInterestedUsers(propertyId: number | undefined, page: number) {
  const session = useSession();
  return useQuery({
    queryKey: [OWNED_KEY, session?.data.id, 'interested', propertyId, page],
    enabled: !!session && propertyId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { interestedUsersAnswer } = await import('./answers.ts');
      const answer = await call('get_interested_users', interestedUsersAnswer, { query: { property_id: propertyId, ...pageQuery(page, INTERESTED_PAGE_SIZE) } });
      return { items: answer.data, total: answer.total };
    },
  });
}
