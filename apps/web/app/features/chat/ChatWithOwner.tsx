import { PLATFORM_PARTY, type PropertyDetail } from '@estate/core';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useOpenChat } from './use-open-chat.ts';

const CHAT_ICON =
  'M10 2c-2.236 0-4.43.18-6.57.524C1.993 2.755 1 4.014 1 5.426v5.148c0 1.413.993 2.67 2.43 2.902 1.168.188 2.352.327 3.55.414.28.02.521.18.642.413l1.713 3.293a.75.75 0 0 0 1.33 0l1.713-3.293a.783.783 0 0 1 .642-.413 41.102 41.102 0 0 0 3.55-.414c1.437-.231 2.43-1.49 2.43-2.902V5.426c0-1.413-.993-2.67-2.43-2.902A41.289 41.289 0 0 0 10 2Z';

/**
 * Whether a listing offers a chat: the viewer is not its owner and no premium lock holds its
 * contacts back. A listing the platform owns (added_by 0) is talked about with the platform itself,
 * answered from the console (decision 0014).
 */
export const offersChat = (p: Pick<PropertyDetail, 'added_by' | 'premium_locked'>, viewerId: number | undefined) => p.added_by !== viewerId && !p.premium_locked;

/**
 * "Chat with owner": opens the conversation about this listing. A visitor is sent to log in and
 * comes back to the conversation (spec §8, `redirectAfterLogin`).
 */
export function ChatWithOwner({ listing: p, compact = false, className = '' }: { listing: PropertyDetail; compact?: boolean; className?: string }) {
  const t = useT();
  const session = useSession();
  const openChat = useOpenChat();
  if (!offersChat(p, session?.data.id)) return null;
  const isPlatform = p.added_by === PLATFORM_PARTY;
  const label = isPlatform ? t('chatWithUs', 'Chat with us') : t('chatWithOwner', 'Chat with owner');
  const onClick = () => openChat({ user_id: p.added_by, property_id: p.id, name: p.customer_name, profile: p.profile, title: p.title, title_image: p.title_image });
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid="chat-with-owner"
      aria-label={compact ? label : undefined}
      className={`flex h-12 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-900 hover:bg-slate-50 ${className}`}
    >
      {compact ? null : (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-brand">
          <path fillRule="evenodd" clipRule="evenodd" d={CHAT_ICON} />
        </svg>
      )}
      {compact ? t('chat', 'Chat') : label}
    </button>
  );
}
