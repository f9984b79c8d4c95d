/**
 * Logging out and deleting the account leave for the home page first and end the session only
 * once home is on screen: a members-only page still mounted would take the missing session for an
 * expired one (spec §8) and send the user to log in instead.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearSession } from './session.ts';
import { toast } from './toast.ts';

/** The toast to show once the session has ended, while a sign-out is under way. */
let pending: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const setPending = (message: string | null) => {
  pending = message;
  for (const listener of listeners) listener();
};

/** Signs out: goes home, and the session ends there (with `message` as a toast). */
export function useSignOut(): (message: string) => Promise<void> {
  const navigate = useNavigate();
  return async (message) => {
    setPending(message);
    await navigate('/', { replace: true });
  };
}

/** Mounted once, in the root: ends a requested sign-out when the home page shows. */
export function useFinishSignOut() {
  const { pathname } = useLocation();
  const message = useSyncExternalStore(subscribe, () => pending, () => null);
  useEffect(() => {
    if (message === null || pathname !== '/') return;
    setPending(null);
    clearSession();
    toast(message);
  }, [message, pathname]);
}
