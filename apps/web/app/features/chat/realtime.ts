/**
 * The tab's one realtime socket (`/api/ws`): opened in the browser once a user is logged in (never
 * during server rendering), it says who it is with its first message, keeps the unread total from
 * `ready` and `unread`, hands every other event to whoever listens, pings to stay open, and comes
 * back with growing delays after a drop — telling listeners it is `ready` again so they fetch
 * what they missed. Logging out closes it.
 */
import type { ChatMessage } from '@estate/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../lib/session.ts';
import { reconnectDelay, shouldReconnect } from './policy.ts';

export type RealtimeEvent =
  | { type: 'ready'; user_id: number; unread: number; again: boolean }
  | { type: 'message'; message: ChatMessage }
  | { type: 'message_deleted'; message_id: number; property_id: number }
  | { type: 'typing'; user_id: number; property_id: number; typing: boolean }
  | { type: 'read'; reader_id: number; property_id: number; message_ids: number[] }
  | { type: 'unread'; total: number };

const PING_MS = 25_000;

let socket: WebSocket | null = null;
let token: string | null = null;
let attempt = 0;
let everReady = false;
let retry: ReturnType<typeof setTimeout> | undefined;
let ping: ReturnType<typeof setInterval> | undefined;
let unread = 0;
let connected = false;
const listeners = new Set<(event: RealtimeEvent) => void>();
const stateListeners = new Set<() => void>();

const changed = () => stateListeners.forEach((l) => l());

function open() {
  if (!token) return;
  const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  ws.addEventListener('message', (raw) => {
    let event: RealtimeEvent & { type: string };
    try {
      event = JSON.parse(String(raw.data));
    } catch {
      return;
    }
    if (event.type === 'ready') {
      attempt = 0;
      connected = true;
      unread = event.unread;
      event = { ...event, again: everReady };
      everReady = true;
      changed();
      clearInterval(ping);
      ping = setInterval(() => send({ type: 'ping' }), PING_MS);
    } else if (event.type === 'unread') {
      unread = event.total;
      changed();
    }
    for (const listener of listeners) listener(event);
  });
  ws.addEventListener('close', (closed) => {
    if (socket !== ws) return;
    socket = null;
    connected = false;
    clearInterval(ping);
    changed();
    if (!shouldReconnect(closed.code, token !== null)) return;
    retry = setTimeout(open, reconnectDelay(attempt++));
  });
}

/** Opens the socket for this session's token (again only if the token changed). */
export function connect(sessionToken: string) {
  if (token === sessionToken && (socket || retry)) return;
  disconnect();
  token = sessionToken;
  attempt = 0;
  everReady = false;
  open();
}

/** Closes the socket for good (logging out). */
export function disconnect() {
  token = null;
  clearTimeout(retry);
  retry = undefined;
  clearInterval(ping);
  const ws = socket;
  socket = null;
  ws?.close(1000);
  connected = false;
  unread = 0;
  changed();
}

/** Sends when open; otherwise drops it (typing is not worth queueing). */
export function send(message: object) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** Listens to the socket's events until the returned function is called. */
export function listen(listener: (event: RealtimeEvent) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Listens to the socket's events for as long as the component is on screen. */
export function useRealtime(listener: (event: RealtimeEvent) => void, deps: readonly unknown[]) {
  useEffect(() => listen(listener), deps);
}

/** The unread total the server last told. */
export const unreadTotal = () => unread;

const subscribe = (l: () => void) => {
  stateListeners.add(l);
  return () => void stateListeners.delete(l);
};

/** The unread total from the socket (0 for a visitor and during server rendering). */
export const useUnreadTotal = () => useSyncExternalStore(subscribe, unreadTotal, () => 0);
/** Whether the socket is open and authenticated. */
export const useConnected = () => useSyncExternalStore(subscribe, () => connected, () => false);

/** Mounted once on every page: keeps the socket open while a user is logged in, closed otherwise. */
export function useRealtimeConnection() {
  const session = useSession();
  const sessionToken = session?.token ?? null;
  useEffect(() => {
    if (sessionToken) connect(sessionToken);
    else disconnect();
  }, [sessionToken]);
}
