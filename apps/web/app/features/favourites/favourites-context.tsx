import type { UserMarks } from '@estate/core';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type ToggleFavourite, useToggleFavourite } from './toggle-favourite.ts';
import { useUserMarks } from './user-marks.ts';

interface Favourites {
  /** The signed-in user's marks; undefined for a visitor, and until they arrive. */
  marks: UserMarks | undefined;
  toggle: (input: ToggleFavourite) => void;
}

const FavouritesContext = createContext<Favourites | null>(null);

/**
 * The user's hearts for the whole page: one query of their marks and one mutation, which every
 * heart reads (a results page shows about twenty). Each heart used to make its own observer of
 * both, even on the server, where nobody is signed in: 5–6 % of a results or home page's render.
 */
function BrowserFavourites({ children }: { children: ReactNode }) {
  const marks = useUserMarks();
  // `mutate` is stable for the life of the mutation's observer; its callbacks (options) run for every toggle.
  const { mutate } = useToggleFavourite();
  const value = useMemo(() => ({ marks, toggle: mutate }), [marks, mutate]);
  return <FavouritesContext value={value}>{children}</FavouritesContext>;
}

/** A page rendered on the server is a visitor's (the session lives in the browser): no marks yet, as the browser's first render has none. */
const VISITOR: Favourites = { marks: undefined, toggle: () => {} };

function ServerFavourites({ children }: { children: ReactNode }) {
  return <FavouritesContext value={VISITOR}>{children}</FavouritesContext>;
}

/** The server's build makes no query or mutation observers for hearts nobody can toggle there (2 % of a render). */
export const FavouritesProvider = import.meta.env.SSR ? ServerFavourites : BrowserFavourites;

export function useFavourites(): Favourites {
  const favourites = useContext(FavouritesContext);
  if (!favourites) throw new Error('a heart outside FavouritesProvider (root.tsx provides it)');
  return favourites;
}
