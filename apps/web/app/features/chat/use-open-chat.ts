import { STORAGE_KEYS } from '@estate/core';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { rememberNewChat, type NewChat } from './new-chat.ts';
import { chatHref } from './policy.ts';

/**
 * Opens a conversation (spec §8): remembers who and what it is with, so the chat page can head it
 * before its first message; a visitor logs in first and comes back to it (`redirectAfterLogin`).
 */
export function useOpenChat(): (chat: NewChat) => void {
  const session = useSession();
  const navigate = useNavigate();
  return (chat) => {
    const href = chatHref(chat.user_id, chat.property_id);
    rememberNewChat(chat);
    if (!session) {
      localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, href);
      void navigate('/login');
      return;
    }
    void navigate(href);
  };
}
