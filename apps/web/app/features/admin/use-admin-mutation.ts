import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RequestError, type CallOptions, type Parser } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { adminCall } from './admin-call.ts';

/**
 * A change made in the console: sent as JSON, then every console table and figure is fetched
 * again (a row may have moved between filters), and the outcome is said in a toast — `done` on
 * success, the server's reason otherwise. Field errors stay on the error for a form to show.
 */
export function useAdminMutation<I, T = { message: string }>(request: (input: I) => { path: string; method?: CallOptions['method']; json?: unknown; body?: CallOptions['body'] }, done: (input: I, answer: T) => string, schema: Parser<T> | null = null) {
  const t = useT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => {
      const { path, method = 'POST', json, body } = request(input);
      return adminCall<T>(path, schema, { method, json, body });
    },
    onSuccess: (answer, input) => toast(done(input, answer)),
    onError: (error) => {
      if (!(error instanceof RequestError && (error.status === 401 || Object.keys(error.fieldErrors).length > 0))) toast(localizeMessage(error.message, t), 'error');
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
