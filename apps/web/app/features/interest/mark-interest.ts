import type { UserMarks } from '@estate/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { marksKey } from '../favourites/user-marks.ts';

export type MarkInterest = { propertyId: number; interested: boolean };

/**
 * `interested_users`: the button changes at once (optimistic) and goes back, with the reason in
 * a toast, if the server refuses; a success says what the owner now sees.
 */
export function useMarkInterest() {
  const queryClient = useQueryClient();
  const session = useSession();
  const t = useT();
  const key = marksKey(session?.data.id ?? 0);
  return useMutation({
    mutationFn: async (input: MarkInterest) => {
      const { interestStateAnswer } = await import('../favourites/answers.ts');
      return (await call('interested_users', interestStateAnswer, { method: 'POST', body: { property_id: input.propertyId, type: input.interested ? 1 : 0 } })).data;
    },
    onMutate: async ({ propertyId, interested }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<UserMarks>(key);
      queryClient.setQueryData<UserMarks>(key, (marks) => {
        const current = marks ?? { favourite_ids: [], interested_ids: [] };
        const rest = current.interested_ids.filter((id) => id !== propertyId);
        return { ...current, interested_ids: interested ? [propertyId, ...rest] : rest };
      });
      return { before };
    },
    onSuccess: (state) =>
      toast(state.is_interested ? t('interestSent', 'The owner can now see that you are interested.') : t('interestWithdrawn', 'You are no longer marked as interested.')),
    onError: (error, _input, context) => {
      queryClient.setQueryData(key, context?.before);
      if (!(error instanceof RequestError && error.status === 401)) toast(localizeMessage(error.message, t), 'error');
    },
  });
}
