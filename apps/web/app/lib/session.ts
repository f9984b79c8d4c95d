/**
 * The browser's persisted state (spec §3 "Session user (persisted)", §9: the key `root`): the
 * logged-in user's token and record. Logged in means a token is present (spec §6). Components
 * read it with `useSession()`, which renders as a visitor on the server and during hydration.
 */
import type { User } from '@estate/core';
import { useSyncExternalStore } from 'react';

export const ROOT_KEY = 'root';

export type Session = { token: string; data: User };
type Persisted = { user?: Session | null; [slice: string]: unknown };

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: Session | null } | undefined;

function readRoot(): Persisted {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ROOT_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Persisted) : {};
  } catch {
    return {};
  }
}

function isSession(value: unknown): value is Session {
  const v = value as Session | null;
  return !!v && typeof v.token === 'string' && v.token !== '' && !!v.data && typeof v.data.id === 'number';
}

/** The current session, or null for a visitor (always null outside the browser). */
export function getSession(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(ROOT_KEY);
  if (cached && cached.raw === raw) return cached.session;
  const user = readRoot().user;
  cached = { raw, session: isSession(user) ? user : null };
  return cached.session;
}

function write(user: Session | null) {
  const root = readRoot();
  localStorage.setItem(ROOT_KEY, JSON.stringify({ ...root, user }));
  for (const listener of listeners) listener();
}

export function saveSession(token: string, data: User) {
  write({ token, data });
}

/** Keeps the token, replaces the user record (after a profile update or a refetch). */
export function updateSessionUser(data: User) {
  const current = getSession();
  if (current) write({ token: current.token, data });
}

export function clearSession() {
  if (typeof localStorage !== 'undefined') write(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ROOT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
