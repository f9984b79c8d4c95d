import type { UserMarks } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

/** The cache key of the user's marks; hearts and "I'm interested" read and update it. */
export const marksKey = (userId: number) => ['user-marks', userId] as const;

/**
 * `get-user-marks`: which listings the logged-in user favourited or marked interest in. Pages are
 * rendered the same for everyone, so every heart on them reads this one answer in the browser.
 */
function useBrowserUserMarks(): UserMarks | undefined {
  const session = useSession();
  const userId = session?.data.id;
  const query = useQuery({
    queryKey: marksKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: async () => {
      const { userMarksAnswer } = await import('./answers.ts');
      return (await call('get-user-marks', userMarksAnswer)).data;
    },
  });
  return userId === undefined ? undefined : query.data;
}

/**
 * The server renders every page for a visitor (the session lives in the browser), who has no
 * marks: its build makes no query observer for them (a build-time choice, so each build calls the
 * same hooks on every render). The browser's first render has none either, so the two agree.
 */
export const useUserMarks: () => UserMarks | undefined = import.meta.env.SSR ? () => undefined : useBrowserUserMarks;
