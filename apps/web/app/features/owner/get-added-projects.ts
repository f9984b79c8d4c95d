import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { pageQuery } from '../../lib/paging.ts';
import { useSession } from '../../lib/session.ts';
import { OWNED_KEY, OWNER_PAGE_SIZE } from './get-added-properties.ts';
import type { ProjectState } from './listing-state.ts';

/** `get-added-projects`: one page of the user's own projects. */
export function useAddedProjects(state: ProjectState | undefined, page: number) {
  const session = useSession();
  return useQuery({
    queryKey: [OWNED_KEY, session?.data.id, 'projects', state, page],
    enabled: !!session,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { addedProjectsAnswer } = await import('./answers.ts');
      const answer = await call('get-added-projects', addedProjectsAnswer, { query: { ...pageQuery(page, OWNER_PAGE_SIZE), state } });
      return { items: answer.data, total: answer.total };
    },
  });
}

/** One of the user's own projects by id, for its edit form; null when it is not theirs or not there. */
export function useOwnedProject(id: number | undefined) {
  const session = useSession();
  return useQuery({
    queryKey: [OWNED_KEY, session?.data.id, 'project', id],
    enabled: !!session && id !== undefined,
    // The form starts from what the server has now, not from a page seen earlier.
    staleTime: 0,
    queryFn: async () => {
      const { addedProjectsAnswer } = await import('./answers.ts');
      const answer = await call('get-added-projects', addedProjectsAnswer, { query: { id, limit: 1 } });
      return answer.data.find((p) => p.id === id) ?? null;
    },
  });
}
