import { adminDone, adminPage, envelope, inboxMessage, inboxRow, inboxThread, inboxUnread } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import type { Translate } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { adminCall } from '../admin-call.ts';
import { useAdminMutation } from '../use-admin-mutation.ts';
import { useAdminTable } from '../use-admin-table.ts';

/** How often an open inbox looks for new messages (people's messages reach the console by polling, not the socket). */
const POLL_MS = 20_000;

/** `/api/admin/inbox`: conversations with the platform, unread first, then latest. */
export const useInboxTable = () => useAdminTable('inbox', 'inbox', adminPage(inboxRow), { filters: ['unread'], defaultSort: 'unread' });

const threadAnswer = envelope(inboxThread);

/** One conversation, a page of it (newest first); opening it marks what the person wrote read. */
export function useInboxThread(id: number, page: number) {
  const session = useSession();
  return useQuery({
    queryKey: ['admin', 'inbox-thread', id, page, session?.data.id],
    enabled: !!session && id > 0,
    refetchInterval: POLL_MS,
    queryFn: () => adminCall(`inbox/${id}`, threadAnswer, { query: { page } }),
  });
}

const unreadAnswer = envelope(inboxUnread);

/** Messages to the platform nobody has read: the menu's badge. */
export function useInboxUnread() {
  const session = useSession();
  return useQuery({
    queryKey: ['admin', 'inbox-unread', session?.data.id],
    enabled: !!session,
    refetchInterval: POLL_MS,
    queryFn: async () => (await adminCall('inbox/unread', unreadAnswer)).data.unread,
  });
}

export function useInboxReply(t: Translate) {
  return useAdminMutation((input: { id: number; message: string }) => ({ path: `inbox/${input.id}/reply`, json: { message: input.message } }), () => t('adminInboxReplied', 'Reply sent'), adminDone(inboxMessage));
}
