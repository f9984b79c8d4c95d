import type { ChatMessage } from '@estate/core';
import { describe, expect, it, vi } from 'vitest';
import { TypingSignal, chatHref, clock, groupByDay, inConversation, isPicture, markRead, mergeMessages, reconnectDelay, shouldReconnect, withoutMessage } from './policy.ts';

const message = (id: number, created_at: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  sender_id: 1,
  receiver_id: 2,
  property_id: 9,
  message: `m${id}`,
  file: null,
  audio: null,
  chat_message_type: 'text',
  created_at,
  time_ago: '',
  user_profile: null,
  is_read: false,
  ...extra,
});

describe('reconnect policy', () => {
  it('doubles from half a second up to thirty, with at most a fifth taken off', () => {
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(0, () => 0)).toBe(400);
    for (let a = 0; a < 12; a++) {
      const d = reconnectDelay(a);
      expect(d).toBeGreaterThanOrEqual(400);
      expect(d).toBeLessThanOrEqual(30_000);
    }
  });
  it('does not come back after a refused token or a wanted close', () => {
    expect(shouldReconnect(1006, true)).toBe(true);
    expect(shouldReconnect(1011, true)).toBe(true);
    expect(shouldReconnect(4001, true)).toBe(false);
    expect(shouldReconnect(1000, false)).toBe(false);
  });
});

describe('thread order', () => {
  it('merges pages newest-first into one list oldest-first, each message once', () => {
    const page1 = [message(4, '2026-01-02T10:00:00Z'), message(3, '2026-01-02T09:00:00Z')];
    const page2 = [message(3, '2026-01-02T09:00:00Z'), message(2, '2026-01-01T09:00:00Z'), message(1, '2026-01-01T08:00:00Z')];
    const merged = mergeMessages(mergeMessages([], page1), page2);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    // A live message and its copy from a refetch: the later copy wins.
    const live = mergeMessages(merged, [message(5, '2026-01-02T10:00:00Z')]);
    expect(mergeMessages(live, [message(5, '2026-01-02T10:00:00Z', { is_read: true })]).filter((m) => m.id === 5)).toEqual([message(5, '2026-01-02T10:00:00Z', { is_read: true })]);
    expect(live.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });
  it('marks receipts, removes deleted ones and tells conversations apart', () => {
    const list = [message(1, '2026-01-01T08:00:00Z'), message(2, '2026-01-01T09:00:00Z')];
    expect(markRead(list, [2]).map((m) => m.is_read)).toEqual([false, true]);
    expect(withoutMessage(list, 1).map((m) => m.id)).toEqual([2]);
    expect(inConversation(list[0], 2, 9)).toBe(true);
    expect(inConversation(list[0], 1, 9)).toBe(true);
    expect(inConversation(list[0], 3, 9)).toBe(false);
    expect(inConversation(list[0], 2, 8)).toBe(false);
  });
  it('groups by the viewer’s calendar day', () => {
    const list = [message(1, '2026-01-01T10:00:00Z'), message(2, '2026-01-01T23:30:00Z'), message(3, '2026-01-02T08:00:00Z')];
    expect(groupByDay(list, 'UTC').map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ['2026-01-01', [1, 2]],
      ['2026-01-02', [3]],
    ]);
    // In Kolkata (UTC+5:30) 23:30 UTC is already the next day.
    expect(groupByDay(list, 'Asia/Kolkata').map((g) => g.messages.map((m) => m.id))).toEqual([[1], [2, 3]]);
  });
});

describe('typing signal', () => {
  it('sends true at most every two seconds while typing and false after three idle seconds', () => {
    vi.useFakeTimers();
    try {
      const sent: boolean[] = [];
      const signal = new TypingSignal((t) => sent.push(t), { now: () => Date.now() });
      signal.input();
      vi.advanceTimersByTime(500);
      signal.input();
      vi.advanceTimersByTime(1000);
      signal.input();
      expect(sent).toEqual([true]);
      vi.advanceTimersByTime(600);
      signal.input();
      expect(sent).toEqual([true, true]);
      vi.advanceTimersByTime(2999);
      expect(sent).toEqual([true, true]);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual([true, true, false]);
      signal.input();
      signal.stop();
      signal.stop();
      expect(sent).toEqual([true, true, false, true, false]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('small helpers', () => {
  it('tells pictures, clocks and links', () => {
    expect(isPicture('http://x/chat/a.JPG')).toBe(true);
    expect(isPicture('http://x/chat/a.pdf')).toBe(false);
    expect(clock(0)).toBe('0:00');
    expect(clock(75.9)).toBe('1:15');
    expect(chatHref(3, 7)).toBe('/user/chat?user=3&property=7');
  });
});
