import { NO_LISTING, PLATFORM_PARTY } from '@estate/core';
import { useSite, useT } from '../../lib/i18n.ts';
import { useOpenChat } from './use-open-chat.ts';

/**
 * "Write to us in the chat": the person's conversation with the platform about no listing in
 * particular (user 0, property 0; decision 0014), answered from the console. A visitor logs in
 * first and comes back to it.
 */
export function ChatWithPlatform() {
  const t = useT();
  const site = useSite();
  const openChat = useOpenChat();
  const onClick = () => openChat({ user_id: PLATFORM_PARTY, property_id: NO_LISTING, name: site?.company.name ?? null, profile: site?.company.logo ?? null, title: '', title_image: null });
  return (
    <button type="button" onClick={onClick} data-testid="chat-with-platform" className="mt-4 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50">
      {t('chatWithPlatform', 'Write to us in the chat')}
    </button>
  );
}
