import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

export const verificationKey = (userId: number) => ['verification', userId] as const;

/** One's own verification answers and status (`get-agent-verification-form-values`). */
export function useVerification() {
  const session = useSession();
  return useQuery({
    queryKey: verificationKey(session?.data.id ?? 0),
    enabled: Boolean(session),
    queryFn: async () => {
      const { verificationValuesAnswer } = await import('./answers.ts');
      return call('get-agent-verification-form-values', verificationValuesAnswer);
    },
  });
}
