import { stripHtml, truncate, type Article, type Project } from '@estate/core';
import type { ReactNode } from 'react';
import { projectTypeLabel, srcSetFor, timeAgoLabel } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';
import { AppLink } from './AppLink.tsx';

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
              <AppLink to={props.href} className="after:absolute after:inset-0 hover:underline">
                {props.title}
              </AppLink>
            ) : (
              props.title
            )}
          </h3>
          {props.place ? <p className="text-sm text-slate-600">{props.place}</p> : null}
          <p className="mt-2 text-sm text-slate-700">{props.summary}</p>
          {props.footnote ? (
            <p className="mt-2 text-xs text-slate-600" suppressHydrationWarning>
              {props.footnote}
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** What a project's teaser shows: a whole project is one. */
export type ShownProject = Pick<Project, 'id' | 'slug_id' | 'title' | 'type' | 'image' | 'location' | 'city' | 'description'>;

export function ProjectTeaser({ project: p }: { project: ShownProject }) {
  const t = useT();
  return (
    <Teaser
      image={p.image}
      alt={p.title}
      ratio="aspect-[3/2]"
      kicker={projectTypeLabel(p.type, t)}
      title={p.title}
      href={`/project-details/${p.slug_id}`}
      place={p.location ?? p.city ?? undefined}
      summary={truncate(stripHtml(p.description), PROJECT_SUMMARY)}
    />
  );
}

export const PROJECT_SUMMARY = 140;
export const ARTICLE_SUMMARY = 160;

export function ArticleTeaser({ article: a }: { article: Article }) {
  const t = useT();
  const lang = useSite()?.lang ?? 'en';
  return (
    <Teaser
      image={a.image}
      alt=""
      ratio="aspect-video"
      kicker={a.category?.category}
      title={a.title}
      href={`/article-details/${a.slug_id}`}
      summary={truncate(stripHtml(a.description), ARTICLE_SUMMARY)}
      footnote={timeAgoLabel(a.created_at, lang, a.post_created, t)}
    />
  );
}
