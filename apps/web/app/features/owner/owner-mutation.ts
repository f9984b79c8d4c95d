import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { OWNED_KEY } from './get-added-properties.ts';

/**
 * A change the owner makes to one of their listings: posted, then every list and page of their
 * own listings is fetched again (a state or count may have moved between filters), and the
 * outcome is said in a toast: `done` on success, the server's reason otherwise (a 401 has
 * already sent the user to log in).
 */
export function useOwnerMutation<I>(path: string, body: (input: I) => Record<string, string | number>, done: (input: I) => string) {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: async (input: I) => {
      const { messageAnswer } = await import('./answers.ts');
      return call(path, messageAnswer, { method: 'POST', body: body(input) });
    },
    onSuccess: (_answer, input) => toast(done(input)),
    onError: (error) => {
      if (!(error instanceof RequestError && error.status === 401)) toast(localizeMessage(error.message, t), 'error');
    },
    // Not awaited: the caller's own callbacks (close a dialog, leave a deleted listing's page) run
    // before the lists come back without the listing and unmount them.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [OWNED_KEY] });
    },
  });
}
