import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `get_notification_list`: one page, newest first (the first page marks them read on the server). */
export function useNotifications(page: number) {
  const session = useSession();
  return useQuery({
    queryKey: ['notifications', session?.data.id, page],
    enabled: !!session,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { notificationsAnswer } = await import('./answers.ts');
      const answer = await call('get_notification_list', notificationsAnswer, { query: { limit: NOTIFICATIONS_PAGE_SIZE, offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE } });
      return { items: answer.data, total: answer.total };
    },
  });
}
