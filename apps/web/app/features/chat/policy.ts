/**
 * The chat's pure rules, kept apart from React and the socket so they can be tested alone: how
 * long to wait before reconnecting, how a thread's messages are merged and ordered, and when a
 * "typing" signal is sent.
 */
import type { ChatMessage } from '@estate/core';

/** Reconnect delays: 0.5 s doubling to 30 s, with up to a fifth of jitter so tabs do not come back together. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(500 * 2 ** Math.max(0, attempt), 30_000);
  return Math.round(base * (0.8 + 0.2 * random()));
}

/** A socket closed with 4001 was refused its token: reconnecting would be refused again. */
export function shouldReconnect(code: number, wanted: boolean): boolean {
  return wanted && code !== 4001;
}

const order = (a: ChatMessage, b: ChatMessage) => a.created_at.localeCompare(b.created_at) || a.id - b.id;

/** The thread's messages oldest first (newest at the bottom), each once: later copies replace earlier ones. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort(order);
}

export const withoutMessage = (messages: readonly ChatMessage[], id: number) => messages.filter((m) => m.id !== id);

/** Read receipts: these of one's messages are now read. */
export function markRead(messages: readonly ChatMessage[], ids: readonly number[]): ChatMessage[] {
  const read = new Set(ids);
  return messages.map((m) => (read.has(m.id) && !m.is_read ? { ...m, is_read: true } : m));
}

/** Whether a message belongs to the conversation with `otherId` about `propertyId`. */
export const inConversation = (m: Pick<ChatMessage, 'sender_id' | 'receiver_id' | 'property_id'>, otherId: number, propertyId: number) =>
  m.property_id === propertyId && (m.sender_id === otherId || m.receiver_id === otherId);

export type DayGroup = { day: string; messages: ChatMessage[] };

/** Messages (oldest first) cut into days of the viewer's calendar, for the date lines of a thread. */
export function groupByDay(messages: readonly ChatMessage[], timeZone?: string): DayGroup[] {
  const key = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const groups: DayGroup[] = [];
  for (const m of messages) {
    const day = key.format(new Date(m.created_at));
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

/**
 * The typing signal: `input()` on every keystroke sends `true` at most once per `every` ms while
 * typing goes on, and `false` once `idle` ms pass without a keystroke (or at `stop()`, when the
 * message is sent). Time and timers are handed in so the rule can be tested without waiting.
 */
export class TypingSignal {
  private lastSent = -Infinity;
  private typing = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (typing: boolean) => void,
    private readonly options: { every?: number; idle?: number; now?: () => number; setTimer?: typeof setTimeout; clearTimer?: typeof clearTimeout } = {},
  ) {}

  input() {
    const { every = 2_000, idle = 3_000, now = Date.now, setTimer = setTimeout, clearTimer = clearTimeout } = this.options;
    const at = now();
    if (!this.typing || at - this.lastSent >= every) {
      this.typing = true;
      this.lastSent = at;
      this.send(true);
    }
    if (this.timer !== undefined) clearTimer(this.timer);
    this.timer = setTimer(() => this.stop(), idle);
  }

  stop() {
    const { clearTimer = clearTimeout } = this.options;
    if (this.timer !== undefined) clearTimer(this.timer);
    this.timer = undefined;
    if (!this.typing) return;
    this.typing = false;
    this.lastSent = -Infinity;
    this.send(false);
  }
}

/** What a chat file is shown as: a picture inline, anything else (a PDF) as a link. */
export const isPicture = (url: string) => /\.(png|jpe?g|webp|gif|avif)(\?|$)/i.test(url);

/** A recording's length as m:ss. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The link that opens one conversation on the chat page. */
export const chatHref = (userId: number, propertyId: number) => `/user/chat?user=${userId}&property=${propertyId}`;
