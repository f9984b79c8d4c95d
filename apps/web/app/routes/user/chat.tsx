import { NO_LISTING, PLATFORM_PARTY } from '@estate/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/chat';
import { RequireUser } from '../../components/RequireUser.tsx';
import { ChatList } from '../../features/chat/ChatList.tsx';
import { ChatThread, type Conversation } from '../../features/chat/ChatThread.tsx';
import { useChats } from '../../features/chat/get-chats.ts';
import { newChatFor } from '../../features/chat/new-chat.ts';
import { useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import type { Session } from '../../lib/session.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('chatTitle', 'Messages'), site) }, { name: 'robots', content: 'noindex' }];
}

const idOf = (value: string | null, min = 1) => {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= min ? n : null;
};

/**
 * The panes fill the screen below where they start, above the phone's download-the-app bar
 * (sticky at the bottom until closed), so the composer is never under it; they follow the
 * window, a phone's keyboard and the bar closing.
 */
function useFitToScreen() {
  const pane = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const bar = document.querySelector<HTMLElement>('.app-bar');
    const fit = () => {
      const viewport = window.visualViewport?.height ?? window.innerHeight;
      const barHeight = bar && getComputedStyle(bar).display !== 'none' ? bar.offsetHeight : 0;
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.height = `${Math.max(416, Math.floor(viewport - top - barHeight - 8))}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    if (bar) observer.observe(bar);
    observer.observe(document.documentElement);
    window.visualViewport?.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.visualViewport?.removeEventListener('resize', fit);
    };
  }, []);
  return pane;
}

/**
 * The chat page: the conversation list beside the open conversation (`?user=&property=`). On a
 * phone they are two screens: the list, then the conversation with a way back.
 */
function Chat({ session }: { session: Session }) {
  const t = useT();
  const [params] = useSearchParams();
  const chats = useChats();
  // The other party may be the platform, user 0 (decision 0014).
  const userId = idOf(params.get('user'), PLATFORM_PARTY);
  // …and with the platform, about no listing (property 0).
  const propertyId = idOf(params.get('property'), userId === PLATFORM_PARTY ? NO_LISTING : 1);
  const selected = userId !== null && propertyId !== null ? { user: userId, property: propertyId } : null;
  const pane = useFitToScreen();

  let conversation: Conversation | null = null;
  if (selected) {
    const row = chats.data?.find((c) => c.user_id === selected.user && c.property_id === selected.property);
    const fresh = row ? null : newChatFor(selected.user, selected.property);
    conversation = {
      userId: selected.user,
      propertyId: selected.property,
      name: (row?.name ?? fresh?.name)?.trim() || t('chatSomeone', 'A user'),
      profile: row?.profile ?? fresh?.profile ?? null,
      title: (row?.title ?? fresh?.title ?? '') || (selected.property === NO_LISTING ? t('chatGeneral', 'A general question') : ''),
      titleImage: row?.title_image ?? fresh?.title_image ?? null,
      blockedByMe: row?.is_blocked_by_me ?? false,
      blockedByUser: row?.is_blocked_by_user ?? false,
    };
  }

  return (
    <>
      <h1 className={`mb-4 text-2xl font-bold tracking-tight sm:text-3xl ${selected ? 'max-md:sr-only' : ''}`}>{t('chatTitle', 'Messages')}</h1>
      <div ref={pane} className="flex h-[calc(100dvh-10rem)] min-h-[26rem] overflow-hidden rounded-2xl border border-slate-200 bg-white max-md:-mx-4 max-md:rounded-none max-md:border-x-0">
        <nav aria-label={t('chatConversations', 'Conversations')} className={`min-h-0 w-full overflow-y-auto border-slate-200 md:w-80 md:shrink-0 md:border-e ${selected ? 'max-md:hidden' : ''}`}>
          {chats.isPending ? <p className="p-4 text-slate-600">{t('loading', 'Loading…')}</p> : null}
          {chats.isError ? <p className="p-4 text-slate-700">{t('chatListFailed', 'Your conversations could not be loaded.')}</p> : null}
          {chats.data && !chats.data.length ? <p className="p-4 text-slate-600">{t('chatNone', 'No conversations yet. Open a listing and choose “Chat with owner”.')}</p> : null}
          {chats.data?.length ? <ChatList chats={chats.data} selected={selected} lang={t.lang} /> : null}
        </nav>
        <div className={`min-h-0 min-w-0 flex-1 ${selected ? '' : 'max-md:hidden'}`}>
          {conversation ? (
            <ChatThread key={`${conversation.userId}-${conversation.propertyId}`} me={session.data.id} conversation={conversation} lang={t.lang} />
          ) : (
            <p className="flex h-full items-center justify-center p-6 text-center text-slate-600">{t('chatPick', 'Choose a conversation to read it.')}</p>
          )}
        </div>
      </div>
    </>
  );
}

export default function ChatPage() {
  return <RequireUser>{(session) => <Chat session={session} />}</RequireUser>;
}
