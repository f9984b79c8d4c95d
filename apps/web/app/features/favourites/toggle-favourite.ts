import type { UserMarks } from '@estate/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { marksKey } from './user-marks.ts';

export type ToggleFavourite = { propertyId: number; favourite: boolean };

/** Marks in the cache with `propertyId` in or out of the favourites. */
export function withFavourite(marks: UserMarks | undefined, { propertyId, favourite }: ToggleFavourite): UserMarks {
  const current = marks ?? { favourite_ids: [], interested_ids: [] };
  const rest = current.favourite_ids.filter((id) => id !== propertyId);
  return { ...current, favourite_ids: favourite ? [propertyId, ...rest] : rest };
}

/**
 * `add_favourite`: the heart changes at once (optimistic) and goes back, with the reason in a
 * toast, if the server refuses. The favourites list is fetched again afterwards.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const session = useSession();
  const t = useT();
  const key = marksKey(session?.data.id ?? 0);
  return useMutation({
    mutationFn: async (input: ToggleFavourite) => {
      const { favouriteStateAnswer } = await import('./answers.ts');
      return (await call('add_favourite', favouriteStateAnswer, { method: 'POST', body: { property_id: input.propertyId, type: input.favourite ? 1 : 0 } })).data;
    },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<UserMarks>(key);
      queryClient.setQueryData<UserMarks>(key, (marks) => withFavourite(marks, input));
      return { before };
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(key, context?.before);
      // A 401 has already sent the user to log in (lib/client.ts); anything else is said.
      if (!(error instanceof RequestError && error.status === 401)) toast(localizeMessage(error.message, t), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['favourites'] }),
  });
}
