import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { srcSetFor } from '../lib/format.ts';

export function TeaserGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

/** A picture-topped card for projects and articles; with `href` the whole card opens it. */
export function Teaser(props: {
  image: string | null;
  alt: string;
  ratio: string;
  kicker?: string;
  title: string;
  href?: string;
  place?: string;
  summary: string;
  footnote?: string;
}) {
  return (
    <li>
      <article className="relative h-full overflow-hidden rounded-xl border border-slate-200 bg-white transition hover:shadow-md">
        {props.image ? (
          <img src={props.image} srcSet={srcSetFor(props.image)} sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" alt={props.alt} loading="lazy" width={480} height={320} className={`${props.ratio} w-full bg-slate-200 object-cover`} />
        ) : null}
        <div className="p-4">
          {props.kicker ? <p className="text-xs font-semibold uppercase tracking-wide text-brand">{props.kicker}</p> : null}
          <h3 className="mt-1 font-semibold">
            {props.href ? (
              <Link to={props.href} className="after:absolute after:inset-0 hover:underline">
                {props.title}
              </Link>
            ) : (
              props.title
            )}
          </h3>
          {props.place ? <p className="text-sm text-slate-600">{props.place}</p> : null}
          <p className="mt-2 text-sm text-slate-700">{props.summary}</p>
          {props.footnote ? <p className="mt-2 text-xs text-slate-600">{props.footnote}</p> : null}
        </div>
      </article>
    </li>
  );
}
