import type { ChatRow } from '@estate/core';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { chatHref } from './policy.ts';

/** When a conversation last moved: the time today, else the date (in the page's language). */
export function shortWhen(iso: string, lang: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(lang, today ? { hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short' }).format(date);
}

export function Avatar({ src, name, size = 'size-12' }: { src: string | null; name: string; size?: string }) {
  return src ? (
    <img src={src} alt="" className={`${size} shrink-0 rounded-lg object-cover`} loading="lazy" />
  ) : (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-brand-light font-semibold text-brand-dark`}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The conversation list: listing picture and title, the other person, the last message and when, unread and blocked marks. */
export function ChatList({ chats, selected, lang }: { chats: ChatRow[]; selected: { user: number; property: number } | null; lang: string }) {
  const t = useT();
  return (
    <ul className="divide-y divide-slate-100" data-testid="chat-list">
      {chats.map((c) => {
        const current = selected?.user === c.user_id && selected.property === c.property_id;
        const name = c.name?.trim() || t('chatSomeone', 'A user');
        // A conversation with the platform about no listing has no title.
        const title = c.title || t('chatGeneral', 'A general question');
        const blocked = c.is_blocked_by_me || c.is_blocked_by_user;
        return (
          <li key={`${c.user_id}-${c.property_id}`}>
            <Link
              to={chatHref(c.user_id, c.property_id)}
              aria-current={current ? 'page' : undefined}
              data-testid="chat-row"
              className={`flex min-w-0 gap-3 px-3 py-3 hover:bg-slate-50 ${current ? 'bg-brand-light/60' : ''}`}
            >
              <Avatar src={c.title_image} name={c.title ? title : name} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span dir="auto" className="truncate font-semibold text-slate-900">
                    {name}
                  </span>
                  <time dateTime={c.date} className="shrink-0 text-xs text-slate-600" suppressHydrationWarning>
                    {shortWhen(c.date, lang)}
                  </time>
                </span>
                <span dir="auto" className="block truncate text-sm text-slate-700">
                  {title}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span dir="auto" className={`truncate text-sm ${c.unread_count ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
                    {blocked ? <span className="me-1 rounded bg-slate-200 px-1.5 text-xs font-medium text-slate-700">{t('chatBlocked', 'Blocked')}</span> : null}
                    {c.last_message === '🎤' ? t('chatVoiceNote', 'Voice note') : c.last_message === '📎' ? t('chatAttachment', 'Attachment') : (c.last_message ?? '')}
                  </span>
                  {c.unread_count ? (
                    <span data-testid="chat-row-unread" className="shrink-0 rounded-full bg-brand px-2 text-xs font-bold leading-5 text-white">
                      <span className="sr-only">{t('chatUnread', 'Unread')}: </span>
                      {c.unread_count}
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
