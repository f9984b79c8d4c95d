import { useEffect } from 'react';
import { handleUnauthorized } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { rememberAction, takeAction } from '../../lib/pending-action.ts';
import { useSession } from '../../lib/session.ts';
import { useFavourites } from './favourites-context.tsx';

const HEART = 'M10 17.5 8.8 16.4C4.6 12.6 2 10.2 2 7.3 2 4.9 3.9 3 6.3 3c1.4 0 2.7.6 3.7 1.7C11 3.6 12.3 3 13.7 3 16.1 3 18 4.9 18 7.3c0 2.9-2.6 5.3-6.8 9.1L10 17.5Z';

/**
 * The heart on a listing: a toggle for a logged-in user (it changes at once, the server follows);
 * a visitor is sent to log in (spec §8's 401 flow) and the heart is set on coming back.
 */
export function FavouriteButton({ propertyId, title, size = 'md', className = '' }: { propertyId: number; title: string; size?: 'md' | 'lg'; className?: string }) {
  const t = useT();
  const session = useSession();
  const { marks, toggle } = useFavourites();
  const isFavourite = marks?.favourite_ids.includes(propertyId) ?? false;

  // Back from logging in: do what the visitor asked for.
  useEffect(() => {
    if (session && marks && takeAction('favourite', propertyId) && !marks.favourite_ids.includes(propertyId)) toggle({ propertyId, favourite: true });
  }, [session, marks !== undefined, propertyId]);

  const onClick = () => {
    if (!session) {
      rememberAction({ kind: 'favourite', propertyId });
      handleUnauthorized();
      return;
    }
    toggle({ propertyId, favourite: !isFavourite });
  };
  const label = t('saveToFavourites', 'Save {title} to favourites').replace('{title}', title);
  const box = size === 'lg' ? 'size-11' : 'size-10';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isFavourite}
      aria-label={label}
      title={isFavourite ? t('inFavourites', 'In your favourites') : t('addToFavourites', 'Add to favourites')}
      data-testid="favourite-button"
      className={`z-10 inline-flex ${box} shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white/95 shadow-sm transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-5 ${isFavourite ? 'fill-rose-600 stroke-rose-600' : 'fill-none stroke-slate-700'}`} strokeWidth={1.6}>
        <path d={HEART} />
      </svg>
    </button>
  );
}
