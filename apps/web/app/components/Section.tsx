import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
          <Link to={more.to} className="font-medium text-brand underline-offset-4 hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
