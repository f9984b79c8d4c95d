import type { PropertyDetail } from '@estate/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

export const FAVOURITES_PAGE_SIZE = 12;
/** The most the API answers in one page, for reading the favourites a comparison names. */
const LARGEST_PAGE = 100;

async function fetchPage(limit: number, offset: number) {
  const { favouritesAnswer } = await import('./answers.ts');
  return call('get_favourite_property', favouritesAnswer, { query: { limit, offset } });
}

/** `get_favourite_property`: one page of the user's favourites, newest first. */
export function useFavourites(page: number) {
  const session = useSession();
  return useQuery({
    queryKey: ['favourites', session?.data.id, 'page', page],
    enabled: !!session,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await fetchPage(FAVOURITES_PAGE_SIZE, (page - 1) * FAVOURITES_PAGE_SIZE);
      return { items: answer.data, total: answer.total };
    },
  });
}

/** The favourites with these ids, in the order given; ids that are not (or no longer) favourites are left out. */
export function useFavouritesByIds(ids: number[]) {
  const session = useSession();
  return useQuery({
    queryKey: ['favourites', session?.data.id, 'ids', ids],
    enabled: !!session && ids.length > 0,
    queryFn: async () => {
      const found = new Map<number, PropertyDetail>();
      for (let offset = 0; ; offset += LARGEST_PAGE) {
        const answer = await fetchPage(LARGEST_PAGE, offset);
        for (const listing of answer.data) if (ids.includes(listing.id)) found.set(listing.id, listing);
        if (found.size === ids.length || answer.data.length < LARGEST_PAGE) break;
      }
      return ids.map((id) => found.get(id)).filter((l): l is PropertyDetail => l !== undefined);
    },
  });
}
