import { CHAT_PAGE_SIZE, MAX_CHAT_FILE_MB, MAX_CHAT_MESSAGE, NO_LISTING, PLATFORM_PARTY, type ChatMessage } from '@estate/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { setBlocked } from './block-user.ts';
import { Avatar } from './ChatList.tsx';
import { deleteMessage } from './delete-message.ts';
import { chatsKey } from './get-chats.ts';
import { getMessages } from './get-messages.ts';
import { TypingSignal, groupByDay, inConversation, isPicture, markRead, mergeMessages, withoutMessage } from './policy.ts';
import { send as sendOnSocket, useRealtime } from './realtime.ts';
import { sendMessage, type Outgoing } from './send-message.ts';
import { VoiceRecorder } from './VoiceRecorder.tsx';

export type Conversation = {
  userId: number;
  propertyId: number;
  name: string;
  profile: string | null;
  title: string;
  titleImage: string | null;
  blockedByMe: boolean;
  blockedByUser: boolean;
};

/** How long "typing…" stays without word from the other side (it says stop after 3 s idle). */
const TYPING_SHOWN_MS = 6_000;

/**
 * One conversation: the messages newest at the bottom (older pages load on scrolling up), live
 * from the socket (new and deleted messages, typing, read receipts, and a catch-up after a
 * reconnect), and the composer: text (Enter sends), a picture or PDF, a voice note. Blocking
 * either way disables the composer with a note.
 */
export function ChatThread({ me, conversation: c, lang }: { me: number; conversation: Conversation; lang: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pages, setPages] = useState({ loaded: 0, total: 0 });
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [typing, setTyping] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const scroll = useRef<{ kind: 'bottom' } | { kind: 'keep'; height: number; top: number } | null>(null);
  const refreshChats = () => void queryClient.invalidateQueries({ queryKey: chatsKey(me) });

  /** The newest page again, merged in: after sending, and to catch up after a reconnect (deletions included). */
  const catchUp = async (size = CHAT_PAGE_SIZE) => {
    const page = await getMessages(c.userId, c.propertyId, 1, size);
    const oldest = page.messages.at(-1);
    setMessages((current) => {
      // What the newest page covers is taken as it is now; older messages stay as loaded.
      const kept = oldest && page.messages.length >= size ? current.filter((m) => m.created_at < oldest.created_at) : [];
      return mergeMessages(kept, page.messages);
    });
    setPages((p) => ({ loaded: Math.max(p.loaded, 1), total: page.totalPages }));
    refreshChats();
  };

  useEffect(() => {
    let live = true;
    setLoading(true);
    getMessages(c.userId, c.propertyId, 1)
      .then((page) => {
        if (!live) return;
        scroll.current = { kind: 'bottom' };
        setMessages(mergeMessages([], page.messages));
        setPages({ loaded: 1, total: page.totalPages });
        setFailed(false);
        refreshChats();
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [c.userId, c.propertyId]);

  const nearBottom = () => {
    const el = list.current;
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < 120;
  };

  useRealtime(
    (event) => {
      if (event.type === 'message') {
        refreshChats();
        if (!inConversation(event.message, c.userId, c.propertyId)) return;
        if (nearBottom() || event.message.sender_id === me) scroll.current = { kind: 'bottom' };
        setMessages((current) => mergeMessages(current, [event.message]));
        if (event.message.sender_id === c.userId) {
          setTyping(false);
          // Seen while open: reading the newest message marks it read (and tells the sender).
          if (document.visibilityState === 'visible') void getMessages(c.userId, c.propertyId, 1, 1).catch(() => {});
        }
      } else if (event.type === 'message_deleted') {
        refreshChats();
        if (event.property_id === c.propertyId) setMessages((current) => withoutMessage(current, event.message_id));
      } else if (event.type === 'typing') {
        if (event.user_id === c.userId && event.property_id === c.propertyId) setTyping(event.typing);
      } else if (event.type === 'read') {
        if (event.reader_id === c.userId && event.property_id === c.propertyId) setMessages((current) => markRead(current, event.message_ids));
      } else if (event.type === 'ready' && event.again) {
        void catchUp(Math.min(100, Math.max(CHAT_PAGE_SIZE, messages.length))).catch(() => {});
      }
    },
    [c.userId, c.propertyId, me, messages.length],
  );

  // Messages that came while the tab was hidden are read once it shows again.
  useEffect(() => {
    const onShow = () => {
      if (document.visibilityState !== 'visible') return;
      const last = messages.at(-1);
      if (last && last.sender_id === c.userId && !last.is_read) void getMessages(c.userId, c.propertyId, 1, 1).catch(() => {});
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [messages, c.userId, c.propertyId]);

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  useLayoutEffect(() => {
    const el = list.current;
    const want = scroll.current;
    if (!el || !want) return;
    scroll.current = null;
    if (want.kind === 'bottom') el.scrollTop = el.scrollHeight;
    else el.scrollTop = want.top + (el.scrollHeight - want.height);
  }, [messages, typing]);

  const loadOlder = async () => {
    if (loading || pages.loaded >= pages.total) return;
    setLoading(true);
    try {
      const page = await getMessages(c.userId, c.propertyId, pages.loaded + 1);
      const el = list.current;
      if (el) scroll.current = { kind: 'keep', height: el.scrollHeight, top: el.scrollTop };
      setMessages((current) => mergeMessages(current, page.messages));
      setPages({ loaded: pages.loaded + 1, total: page.totalPages });
    } catch {
      // The button stays for another try.
    } finally {
      setLoading(false);
    }
  };

  const blocked = c.blockedByMe || c.blockedByUser;
  const [deleting, setDeleting] = useState<number | null>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const blockDialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (deleting === null) return;
    setBusy(true);
    try {
      await deleteMessage(deleting);
      setMessages((current) => withoutMessage(current, deleting));
      refreshChats();
      deleteDialog.current?.close();
    } catch (error) {
      if (!(error instanceof RequestError && error.status === 401)) toast(localizeMessage((error as Error).message, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  const toggleBlock = async () => {
    setBusy(true);
    try {
      await setBlocked(c.userId, !c.blockedByMe);
      setRefusal(null);
      toast(c.blockedByMe ? t('chatUnblockedToast', 'Unblocked. You can message each other again.') : t('chatBlockedToast', 'Blocked. Neither of you can message the other.'));
      await queryClient.invalidateQueries({ queryKey: chatsKey(me) });
      blockDialog.current?.close();
    } catch (error) {
      if (!(error instanceof RequestError && error.status === 401)) toast(localizeMessage((error as Error).message, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const send = async (outgoing: Omit<Outgoing, 'receiverId' | 'propertyId'>) => {
    try {
      await sendMessage({ ...outgoing, receiverId: c.userId, propertyId: c.propertyId });
      scroll.current = { kind: 'bottom' };
      await catchUp().catch(() => {});
      return true;
    } catch (error) {
      if (error instanceof RequestError && error.status === 401) return false;
      const message = localizeMessage((error as Error).message, t);
      if (error instanceof RequestError && error.status === 403) {
        setRefusal(message);
        refreshChats();
      } else toast(message, 'error');
      return false;
    }
  };

  const groups = groupByDay(messages);
  const dayLabel = (iso: string) => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
  const timeLabel = (iso: string) => new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

  return (
    <section aria-label={t('chatWith', 'Conversation with {name}').replace('{name}', c.name)} className="flex h-full min-h-0 min-w-0 flex-col" data-testid="chat-thread">
      <header className="flex min-w-0 items-center gap-3 border-b border-slate-200 px-3 py-2">
        <Link to="/user/chat" className="-ms-1 flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 md:hidden" aria-label={t('chatBack', 'Back to conversations')}>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 rtl:-scale-x-100">
            <path fillRule="evenodd" d="M12.8 4.2a.75.75 0 0 1 0 1.06L8.06 10l4.74 4.74a.75.75 0 1 1-1.06 1.06l-5.27-5.27a.75.75 0 0 1 0-1.06l5.27-5.27a.75.75 0 0 1 1.06 0Z" />
          </svg>
        </Link>
        {/* About no listing, the platform's initial heads the conversation. */}
        <Avatar src={c.titleImage} name={c.propertyId === NO_LISTING ? c.name : c.title} size="size-10" />
        <div className="min-w-0 flex-1">
          <h2 dir="auto" className="truncate font-semibold text-slate-900" data-testid="chat-with">
            {c.name}
          </h2>
          <p dir="auto" className="truncate text-sm text-slate-600">
            {typing ? (
              <span className="font-medium text-brand-dark" data-testid="typing">
                {t('chatTyping', 'typing…')}
              </span>
            ) : (
              c.title
            )}
          </p>
        </div>
        {c.blockedByUser && !c.blockedByMe ? null : (
          <button
            type="button"
            onClick={() => (c.blockedByMe ? void toggleBlock() : blockDialog.current?.showModal())}
            className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {c.blockedByMe ? t('chatUnblock', 'Unblock') : t('chatBlock', 'Block')}
          </button>
        )}
      </header>

      <div ref={list} onScroll={(e) => e.currentTarget.scrollTop < 80 && void loadOlder()} className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden bg-slate-50 px-3 py-3" data-testid="chat-messages">
        {pages.loaded < pages.total ? (
          <p className="mb-3 text-center">
            <button type="button" onClick={() => void loadOlder()} disabled={loading} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700">
              {t('chatOlder', 'Show earlier messages')}
            </button>
          </p>
        ) : null}
        {failed ? <p className="py-8 text-center text-slate-700">{t('chatLoadFailed', 'The messages could not be loaded. Try again in a moment.')}</p> : null}
        {!loading && !failed && !messages.length ? <p className="py-8 text-center text-slate-600">{t('chatStart', 'No messages yet. Say hello and ask about the listing.')}</p> : null}
        <ol className="space-y-1">
          {groups.map((g) => (
            <li key={g.day}>
              <p className="my-3 text-center text-xs font-medium text-slate-600" suppressHydrationWarning>
                {dayLabel(g.messages[0].created_at)}
              </p>
              <ol className="space-y-2">
                {g.messages.map((m) => {
                  const mine = m.sender_id === me;
                  return (
                    <li key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid="chat-message" data-mine={mine ? '' : undefined}>
                      <div className={`max-w-[85%] min-w-0 rounded-2xl px-3 py-2 shadow-sm sm:max-w-[70%] ${mine ? 'rounded-ee-sm bg-brand text-white' : 'rounded-es-sm border border-slate-200 bg-white text-slate-900'}`}>
                        {m.file ? (
                          isPicture(m.file) ? (
                            <a href={m.file} target="_blank" rel="noopener noreferrer" className="block">
                              <img src={m.file} alt={t('chatPicture', 'Picture')} className="max-h-60 max-w-full rounded-lg object-contain" data-testid="chat-picture" />
                            </a>
                          ) : (
                            <a href={m.file} target="_blank" rel="noopener noreferrer" className={`flex items-center gap-2 font-medium underline ${mine ? 'text-white' : 'text-brand-dark'}`} data-testid="chat-file">
                              <span aria-hidden="true" className="rounded bg-white/90 px-1.5 py-0.5 text-xs font-bold text-brand-dark">
                                PDF
                              </span>
                              <span className="break-all">{decodeURIComponent(m.file.split('/').pop() ?? '')}</span>
                            </a>
                          )
                        ) : null}
                        {m.audio ? <VoiceNote src={m.audio} label={t('chatVoiceNote', 'Voice note')} /> : null}
                        {m.message ? (
                          <p dir="auto" className="whitespace-pre-wrap break-words">
                            {m.message}
                          </p>
                        ) : null}
                        <p className={`mt-1 flex items-center justify-end gap-2 text-xs ${mine ? 'text-white' : 'text-slate-600'}`}>
                          <time dateTime={m.created_at} suppressHydrationWarning>
                            {timeLabel(m.created_at)}
                          </time>
                          {mine ? (
                            <>
                              <span data-testid="receipt" data-read={m.is_read ? '' : undefined} aria-label={m.is_read ? t('chatRead', 'Read') : t('chatSent', 'Sent')} title={m.is_read ? t('chatRead', 'Read') : t('chatSent', 'Sent')}>
                                {m.is_read ? '✓✓' : '✓'}
                              </span>
                              <button
                                type="button"
                                onClick={() => {
                                  setDeleting(m.id);
                                  deleteDialog.current?.showModal();
                                }}
                                className="rounded px-1 underline decoration-white/60 hover:bg-white/10"
                              >
                                {t('delete', 'Delete')}
                              </button>
                            </>
                          ) : null}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </li>
          ))}
        </ol>
      </div>

      {blocked || refusal ? (
        <p role="status" className="border-t border-slate-200 bg-amber-50 px-3 py-3 text-sm text-amber-900" data-testid="chat-blocked-note">
          {c.blockedByMe ? t('chatYouBlocked', 'You blocked this person. Unblock them to send messages.') : (refusal ?? t('chatCannotMessage', 'You cannot message this person.'))}
        </p>
      ) : (
        <Composer
          onSend={send}
          typing={(on) => {
            // Administrators answer for the platform from the console, which shows no typing.
            if (c.userId !== PLATFORM_PARTY) sendOnSocket({ type: 'typing', user_id: c.userId, property_id: c.propertyId, typing: on });
          }}
        />
      )}

      <ConfirmDialog ref={deleteDialog} id="chat-delete-title" title={t('chatDeleteTitle', 'Delete this message?')} cancelLabel={t('cancel', 'Cancel')} confirmLabel={t('delete', 'Delete')} onConfirm={() => void confirmDelete()} busy={busy} tone="danger">
        <p className="mt-2 text-slate-700">{t('chatDeleteText', 'It is removed for both of you.')}</p>
      </ConfirmDialog>
      <ConfirmDialog ref={blockDialog} id="chat-block-title" title={t('chatBlockTitle', 'Block {name}?').replace('{name}', c.name)} cancelLabel={t('cancel', 'Cancel')} confirmLabel={t('chatBlock', 'Block')} onConfirm={() => void toggleBlock()} busy={busy} tone="danger">
        <p className="mt-2 text-slate-700">{t('chatBlockText', 'Neither of you will be able to send messages until you unblock them.')}</p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * A voice note's player. A browser's own recordings (WebM from MediaRecorder) carry no length in
 * their header, so the player would show none: seeking far past the end makes the browser read
 * the whole clip and learn it, and the player goes back to the start.
 */
function VoiceNote({ src, label }: { src: string; label: string }) {
  return (
    <audio
      controls
      preload="metadata"
      src={src}
      className="w-64 max-w-full"
      data-testid="chat-audio"
      aria-label={label}
      onLoadedMetadata={(e) => {
        const audio = e.currentTarget;
        if (Number.isFinite(audio.duration)) return;
        const back = () => {
          audio.removeEventListener('timeupdate', back);
          audio.currentTime = 0;
        };
        audio.addEventListener('timeupdate', back);
        audio.currentTime = 1e101;
      }}
    />
  );
}

const ATTACH = 'M15.6 9.4 10 15a3.5 3.5 0 0 1-5-5l6-6a2.3 2.3 0 0 1 3.3 3.3l-6 6a1.1 1.1 0 0 1-1.6-1.6l5.4-5.4-1-1-5.4 5.4a2.5 2.5 0 0 0 3.6 3.6l6-6A3.8 3.8 0 0 0 10 3L4 9a5 5 0 0 0 7 7l5.6-5.6-1-1Z';

/** The composer: Enter sends (Shift+Enter a new line); a picture or PDF; a voice note; typing is told, throttled. */
function Composer({ onSend, typing }: { onSend: (m: Omit<Outgoing, 'receiverId' | 'propertyId'>) => Promise<boolean>; typing: (on: boolean) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [recording, setRecording] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const typingRef = useRef(typing);
  typingRef.current = typing;
  const [signal] = useState(() => new TypingSignal((on) => typingRef.current(on)));
  useEffect(() => () => signal.stop(), [signal]);

  const submit = async (audio?: Blob) => {
    if (sending || (!audio && !text.trim() && !file)) return;
    signal.stop();
    setSending(true);
    const ok = await onSend(audio ? { audio } : { message: text, file: file ?? undefined });
    setSending(false);
    if (ok && !audio) {
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const choose = (picked: File | undefined) => {
    if (picked && picked.size > MAX_CHAT_FILE_MB * 1024 * 1024) {
      toast(t('chatFileTooLarge', 'The file is larger than {mb} MB.').replace('{mb}', String(MAX_CHAT_FILE_MB)), 'error');
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(picked ?? null);
  };

  return (
    <div className="border-t border-slate-200 bg-white px-2 py-2">
      {file ? (
        <p className="mb-2 flex min-w-0 items-center gap-2 rounded-lg bg-slate-100 px-3 py-1.5 text-sm" data-testid="chat-attachment">
          <span className="min-w-0 flex-1 truncate">{file.name}</span>
          <button type="button" onClick={() => choose(undefined)} className="shrink-0 font-medium text-slate-700 underline">
            {t('chatRemoveFile', 'Remove')}
          </button>
        </p>
      ) : null}
      <div className="flex min-w-0 items-end gap-1">
        {recording ? null : (
          <>
            <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100" title={t('chatAttach', 'Attach a picture or PDF')}>
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-6">
                <path d={ATTACH} />
              </svg>
              <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp,image/gif,application/pdf" className="sr-only" aria-label={t('chatAttach', 'Attach a picture or PDF')} onChange={(e) => choose(e.target.files?.[0])} />
            </label>
            <textarea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value) signal.input();
                else signal.stop();
              }}
              onKeyDown={onKey}
              rows={1}
              maxLength={MAX_CHAT_MESSAGE}
              dir="auto"
              aria-label={t('chatMessageLabel', 'Message')}
              placeholder={t('chatPlaceholder', 'Write a message')}
              className="max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-slate-300 px-3 py-2.5 text-base"
            />
          </>
        )}
        <VoiceRecorder disabled={sending} onActive={setRecording} onRecorded={(audio) => void submit(audio)} onError={(message) => toast(message, 'error')} />
        {recording ? null : (
          <button type="button" onClick={() => void submit()} disabled={sending || (!text.trim() && !file)} className="h-11 shrink-0 rounded-full bg-brand px-4 font-semibold text-white hover:bg-brand-dark disabled:opacity-50">
            {t('chatSend', 'Send')}
          </button>
        )}
      </div>
    </div>
  );
}
