import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/errors.ts';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

/** The owner's lists share this key's start (features/owner): an edit refreshes them. */
const OWNED_KEY = 'owned';

/** `get-added-properties?id=…`: one of the user's own listings to edit; 404 when it is not theirs or not there. */
export function useAddedProperty(id: number) {
  const session = useSession();
  return useQuery({
    queryKey: [OWNED_KEY, session?.data.id, 'edit', id],
    enabled: !!session && id > 0,
    // What is being edited is read fresh, not from a list seen minutes ago.
    staleTime: 0,
    queryFn: async () => {
      const { ownedListingAnswer } = await import('./answers.ts');
      const answer = await call('get-added-properties', ownedListingAnswer, { query: { id, limit: 1 } });
      const listing = answer.data.find((p) => p.id === id);
      if (!listing) throw new ApiError(404, 'The requested resource was not found.');
      return listing;
    },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
