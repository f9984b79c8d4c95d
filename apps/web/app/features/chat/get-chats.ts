import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

export const chatsKey = (userId: number | undefined) => ['chats', userId] as const;

/** `get_chats`: one's conversations, latest first (one per other person and listing). */
export function useChats() {
  const session = useSession();
  return useQuery({
    queryKey: chatsKey(session?.data.id),
    enabled: !!session,
    queryFn: async () => {
      const { chatsAnswer } = await import('./answers.ts');
      return (await call('get_chats', chatsAnswer)).data;
    },
  });
}
