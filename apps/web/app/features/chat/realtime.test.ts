import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Realtime from './realtime.ts';
import type { RealtimeEvent } from './realtime.ts';

/** A stand-in for the browser's WebSocket: records what is sent and lets the test play the server. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  private handlers = new Map<string, ((e: never) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, handler: (e: never) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  private fire(type: string, event: unknown) {
    for (const h of this.handlers.get(type) ?? []) h(event as never);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side:
  open() {
    this.readyState = 1;
    this.fire('open', {});
  }
  receive(event: object) {
    this.fire('message', { data: JSON.stringify(event) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.fire('close', { code });
  }
}

const latest = () => FakeSocket.all.at(-1)!;

describe('the realtime socket', () => {
  let rt: typeof Realtime;
  beforeEach(async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'https:', host: 'example.test' } });
    vi.resetModules();
    rt = await import('./realtime.ts');
  });
  afterEach(() => {
    rt.disconnect();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('says who it is first, then comes back after drops with growing delays and says it is ready again', () => {
    const events: RealtimeEvent[] = [];
    const stop = rt.listen((e) => events.push(e));
    rt.connect('token-1');
    expect(latest().url).toBe('wss://example.test/api/ws');
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    latest().receive({ type: 'ready', user_id: 7, unread: 3 });
    expect(rt.unreadTotal()).toBe(3);
    expect(events).toEqual([{ type: 'ready', user_id: 7, unread: 3, again: false }]);
    latest().receive({ type: 'unread', total: 4 });
    expect(rt.unreadTotal()).toBe(4);

    // Dropped twice before coming back: 0.5 s, then 1 s.
    latest().drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-1' }]);

    // Ready again: listeners are told it is a return (to fetch what they missed), and the delays start over.
    latest().receive({ type: 'ready', user_id: 7, unread: 5 });
    expect(events.at(-1)).toEqual({ type: 'ready', user_id: 7, unread: 5, again: true });
    expect(rt.unreadTotal()).toBe(5);
    stop();
    latest().drop();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('keeps a ping going, sends only while open, and stays closed after a refused token or a log-out', () => {
    rt.connect('token-1');
    rt.send({ type: 'typing' });
    latest().open();
    latest().receive({ type: 'ready', user_id: 7, unread: 0 });
    vi.advanceTimersByTime(25_000);
    expect(latest().sent).toContainEqual({ type: 'ping' });

    latest().drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    rt.connect('token-2');
    expect(FakeSocket.all).toHaveLength(2);
    const second = latest();
    rt.disconnect();
    expect(second.closedWith).toBe(1000);
    second.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(rt.unreadTotal()).toBe(0);
  });

  it('does not open a second socket for the same token', () => {
    rt.connect('token-1');
    rt.connect('token-1');
    expect(FakeSocket.all).toHaveLength(1);
  });
});
