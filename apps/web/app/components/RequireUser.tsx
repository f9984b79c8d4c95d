import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { handleUnauthorized } from '../lib/client.ts';
import { useT } from '../lib/i18n.ts';
import { type Session, useSession } from '../lib/session.ts';

const useHydrated = () =>
  useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );

/**
 * Pages only a logged-in user sees. The session lives in the browser (`root`), so the server
 * renders a placeholder; in the browser a visitor is handled as a 401 (spec §8).
 */
export function RequireUser({ children }: { children: (session: Session) => ReactNode }) {
  const t = useT();
  const hydrated = useHydrated();
  const session = useSession();
  useEffect(() => {
    if (hydrated && !session) handleUnauthorized();
  }, [hydrated, session]);
  if (!session) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {hydrated ? t('redirectingToLogin', 'Please log in to continue…') : t('loading', 'Loading…')}
      </p>
    );
  }
  return children(session);
}
