import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';

/** `get_categories`: the categories a listing can be put in, for the forms' choice. */
export function useCategories() {
  return useQuery({
    queryKey: ['categories', 'all'],
    queryFn: async () => {
      const { categoriesAnswer } = await import('./answers.ts');
      return (await call('get_categories', categoriesAnswer, { query: { limit: 100 } })).data;
    },
  });
}
