import { useEffect } from 'react';
import { useUserMarks } from '../favourites/user-marks.ts';
import { handleUnauthorized } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { rememberAction, takeAction } from '../../lib/pending-action.ts';
import { useSession } from '../../lib/session.ts';
import { useMarkInterest } from './mark-interest.ts';

const HAND = 'M10 2a1 1 0 0 1 1 1v6h1V4a1 1 0 1 1 2 0v5h1V6a1 1 0 1 1 2 0v6.5c0 3-2.2 5.5-5.3 5.5H10c-1.7 0-3-.7-4-2l-3-4a1.1 1.1 0 0 1 1.7-1.4L7 12.3V5a1 1 0 1 1 2 0v4h0V3a1 1 0 0 1 1-1Z';

const CHECK = 'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z';

/**
 * "I'm interested": tells the owner, who sees the user's contact details (get_interested_users).
 * A toggle for a logged-in user; a visitor is sent to log in (spec §8) and it is sent on coming
 * back. Not shown on one's own listing.
 */
export function InterestButton({ propertyId, ownerId, compact = false, className = '' }: { propertyId: number; ownerId: number; compact?: boolean; className?: string }) {
  const t = useT();
  const session = useSession();
  const marks = useUserMarks();
  const mark = useMarkInterest();
  const isInterested = marks?.interested_ids.includes(propertyId) ?? false;

  useEffect(() => {
    if (session && marks && takeAction('interest', propertyId) && !marks.interested_ids.includes(propertyId)) mark.mutate({ propertyId, interested: true });
  }, [session, marks !== undefined, propertyId]);

  if (session && session.data.id === ownerId) return null;
  const onClick = () => {
    if (!session) {
      rememberAction({ kind: 'interest', propertyId });
      handleUnauthorized();
      return;
    }
    mark.mutate({ propertyId, interested: !isInterested });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isInterested}
      data-testid="interest-button"
      className={`flex h-12 w-full items-center justify-center gap-2 rounded-lg border px-3 font-semibold ${isInterested ? 'border-brand bg-brand-light text-brand-dark' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50'} ${className}`}
    >
      {/* In a crowded row the words stay and the hand goes; the tick still shows it is on. */}
      {compact && !isInterested ? null : (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0">
          <path fillRule="evenodd" clipRule="evenodd" d={isInterested ? CHECK : HAND} />
        </svg>
      )}
      {t('imInterested', "I'm interested")}
    </button>
  );
}
