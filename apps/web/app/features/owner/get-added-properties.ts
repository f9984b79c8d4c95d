import type { OwnerListingState } from '@estate/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { pageQuery } from '../../lib/paging.ts';
import { useSession } from '../../lib/session.ts';

export const OWNER_PAGE_SIZE = 10;

export type PropertyFilters = { state?: OwnerListingState; type?: 'sell' | 'rent' };

/** Every query of the owner's own listings starts with this key: a change to one refreshes them all. */
export const OWNED_KEY = 'owned';

/** `get-added-properties`: one page of the user's own properties, with the views of all of them. */
export function useAddedProperties(filters: PropertyFilters, page: number) {
  const session = useSession();
  return useQuery({
    queryKey: [OWNED_KEY, session?.data.id, 'properties', filters, page],
    enabled: !!session,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { addedPropertiesAnswer } = await import('./answers.ts');
      const answer = await call('get-added-properties', addedPropertiesAnswer, {
        query: { ...pageQuery(page, OWNER_PAGE_SIZE), state: filters.state, property_type: filters.type === 'sell' ? 0 : filters.type === 'rent' ? 1 : undefined },
      });
      return { items: answer.data, total: answer.total, totalViews: answer.total_views };
    },
  });
}

/** One of the user's own properties by its slug (`/my-property/{slug_id}`); null when it is not theirs or not there. */
export function useOwnedProperty(slug: string) {
  const session = useSession();
  return useQuery({
    queryKey: [OWNED_KEY, session?.data.id, 'property', slug],
    enabled: !!session,
    queryFn: async () => {
      const { addedPropertiesAnswer } = await import('./answers.ts');
      const answer = await call('get-added-properties', addedPropertiesAnswer, { query: { slug_id: slug, limit: 1 } });
      return answer.data.find((p) => p.slug_id === slug) ?? answer.data[0] ?? null;
    },
  });
}
