import { stripHtml, truncate } from '@estate/core';
import { Link } from 'react-router';
import type { Route } from './+types/article-detail';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { RichText } from '../components/RichText.tsx';
import { Section } from '../components/Section.tsx';
import { ArticleTeaser, TeaserGrid } from '../components/Teaser.tsx';
import { api } from '../lib/api.ts';
import { srcSetFor } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';
import { absoluteUrl, detailMeta, siteFromMatches } from '../lib/meta.ts';
import { orNotFound } from '../lib/not-found.ts';

const RECENT_COUNT = 4;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const caller = { request, context };
  const [{ article, similar }, recent] = await Promise.all([
    orNotFound(api.article(caller, params.slug)),
    // Enough to fill the list after leaving out this article and up to four related ones.
    api.articles(caller, { limit: RECENT_COUNT * 2 + 1, offset: 0 }),
  ]);
  // Recent articles other than this one and those already shown as related.
  const shown = new Set([article.id, ...similar.map((a) => a.id)]);
  return { article, similar, recent: recent.items.filter((a) => !shown.has(a.id)).slice(0, RECENT_COUNT) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { site } = siteFromMatches(matches);
  if (!loaderData) return [];
  const a = loaderData.article;
  const title = a.meta_title || a.title;
  const description = truncate(stripHtml(a.meta_description || a.description), 160);
  const image = a.meta_image || a.image;
  return detailMeta({
    site,
    path: `/article-details/${a.slug_id}`,
    title,
    description,
    image,
    ogType: 'article',
    jsonLd: {
      '@type': 'Article',
      headline: a.title,
      description,
      ...(image ? { image } : {}),
      datePublished: a.created_at,
      ...(a.category ? { articleSection: a.category.category } : {}),
      ...(a.meta_keywords ? { keywords: a.meta_keywords } : {}),
      publisher: { '@type': 'Organization', name: site?.company.name, ...(site?.company.logo ? { logo: site.company.logo } : {}), url: absoluteUrl('/', site) },
    },
  });
}

export default function ArticleDetail({ loaderData }: Route.ComponentProps) {
  const { article: a, similar, recent } = loaderData;
  const site = useSite();
  const t = useT();
  const published = new Date(a.created_at);
  return (
    <>
      <article className="mx-auto max-w-3xl">
        <Breadcrumb trail={[{ to: '/articles', label: t('articles', 'Articles') }]} />
        <header>
          {a.category ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-brand">
              <Link to={`/articles?category=${encodeURIComponent(a.category.slug_id)}`} className="hover:underline">
                {a.category.category}
              </Link>
            </p>
          ) : null}
          <h1 className="mt-1 text-3xl font-bold leading-tight sm:text-4xl">{a.title}</h1>
          <p className="mt-2 text-sm text-slate-600">
            <time dateTime={a.created_at}>{published.toLocaleDateString(site?.lang ?? 'en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}</time>
          </p>
        </header>
        {a.image ? (
          <img src={a.image} srcSet={srcSetFor(a.image)} sizes="(min-width: 800px) 768px, 100vw" alt="" width={1600} height={900} className="mt-6 aspect-video w-full rounded-2xl bg-slate-200 object-cover" />
        ) : null}
        <RichText html={a.description} className="mt-8" />
      </article>

      {similar.length ? (
        <Section id="related" title={t('relatedArticles', 'Related articles')}>
          <TeaserGrid>
            {similar.map((s) => (
              <ArticleTeaser key={s.id} article={s} />
            ))}
          </TeaserGrid>
        </Section>
      ) : null}
      {recent.length ? (
        <Section id="recent" title={t('recentArticles', 'Recent articles')}>
          <TeaserGrid>
            {recent.map((r) => (
              <ArticleTeaser key={r.id} article={r} />
            ))}
          </TeaserGrid>
        </Section>
      ) : null}
    </>
  );
}
