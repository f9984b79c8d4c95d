import type { ReactNode } from 'react';
import { AppLink } from './AppLink.tsx';

/** A titled part of a page: its heading names the section for assistive technology; `more` links to all of its kind. */
export function Section({
  id,
  title,
  more,
  className = 'mt-14',
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {more ? (
          // Several sections may offer "View all properties": the heading says which.
          <AppLink to={more.to} aria-describedby={id} className="font-medium text-brand underline-offset-4 hover:underline">
            {more.label}
          </AppLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

const ITEM_WIDTHS = {
  // Most of the screen, so the next card peeks in and says there is more.
  card: '*:w-[82vw] *:max-w-sm',
  tile: '*:w-[62vw] *:max-w-64',
} as const;

/**
 * A list of cards that is a grid from 640 px (`grid` gives its columns and gap there, e.g.
 * `sm:grid-cols-2 sm:gap-6`) and, on phones, one row that swipes sideways and snaps to each
 * card, so a section costs one screen instead of ten. The row runs to the screen's edges (the
 * page's own padding is 1rem) and follows the page's direction; keyboards reach it through the
 * cards' links, and the row scrolls to the one in focus, its padding leaving room for the focus
 * ring. Its children are the `<li>` items; each stretches to the tallest in its row.
 */
export function SwipeRow({
  grid,
  item = 'card',
  label,
  children,
}: {
  grid: string;
  item?: keyof typeof ITEM_WIDTHS;
  label?: string;
  children: ReactNode;
}) {
  return (
    <ul
      aria-label={label}
      className={`-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto overscroll-x-contain px-4 py-1.5 [scrollbar-width:thin] *:shrink-0 *:snap-start ${ITEM_WIDTHS[item]} sm:mx-0 sm:grid sm:overflow-visible sm:p-0 sm:*:w-auto sm:*:max-w-none ${grid}`}
    >
      {children}
    </ul>
  );
}
