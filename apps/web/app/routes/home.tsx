import type { Slider } from '@estate/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, useFetcher } from 'react-router';
import { lowerSectionsShown, slimHome, withoutLowerSections } from '../features/home/home-data.ts';
import type { loader as lowerSectionsLoader } from './home-sections.ts';
import type { Route } from './+types/home';
import { AgentCard } from '../components/AgentCard.tsx';
import { AppLink } from '../components/AppLink.tsx';
import { FaqList } from '../components/FaqList.tsx';
import { PropertyCard, type ShownCard } from '../components/PropertyCard.tsx';
import { Section, SwipeRow } from '../components/Section.tsx';
import { ArticleTeaser, ProjectTeaser } from '../components/Teaser.tsx';
import { api } from '../lib/api.ts';
import { sameFor } from '../lib/same-for.ts';
import { SLIDE_WIDTHS, srcSetFor } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';
import { siteFromMatches } from '../lib/meta.ts';

/** The page's answer, one object for the same kept answer (lib/same-for.ts). */
const homeData = sameFor();

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await api.homepage({ request, context });
  return homeData([answer], () => {
    const home = slimHome(answer);
    // Sections below the first screens come when a visitor scrolls near them (routes/home-sections):
    // the page names them (heading and "View all") and carries none of their items.
    return { home: { ...home, ...withoutLowerSections }, lower: lowerSectionsShown(home) };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  const name = site?.company.name ?? '';
  return [
    { title: name ? `${name} · ${t('homeTitle', 'Homes and property for sale and rent')}` : t('homeTitle', 'Homes and property for sale and rent') },
    {
      name: 'description',
      content: t('homeDescription', 'Browse verified homes, plots and commercial property for sale and rent, with prices, photos and neighbourhood details.'),
    },
  ];
}

function slideTarget(slide: Slider): string | null {
  if (slide.property) return `/properties-details/${slide.property.slug_id}`;
  if (slide.category_id) return `/properties?category_id=${slide.category_id}`;
  // A page of this site (never `//host`) or an outside address.
  if (slide.link && (/^https?:\/\//.test(slide.link) || /^\/(?!\/)/.test(slide.link))) return slide.link;
  return null;
}

/** The first slide: its words set over its picture, and a link where it leads. */
function PromoBanner({ slide }: { slide: Slider }) {
  const t = useT();
  const image = slide.web_image ?? slide.image;
  // A picture-only slide invites a look at what is on offer.
  const target = slideTarget(slide) ?? '/properties';
  const heading = slide.heading ?? slide.property?.title ?? slide.category?.category;
  return (
    <section aria-labelledby="promo-heading" className="relative mt-6 overflow-hidden rounded-2xl bg-slate-900 text-white">
      {/* The first screen's largest picture on a phone: fetched at high priority, as React's preload of it is. */}
      <img src={image} srcSet={srcSetFor(image, SLIDE_WIDTHS)} sizes="(min-width: 1152px) 1120px, 100vw" alt="" fetchPriority="high" width={1920} height={720} className="absolute inset-0 h-full w-full object-cover" />
      <div className="relative flex min-h-56 flex-col justify-center bg-gradient-to-r from-slate-950/85 via-slate-950/55 to-transparent p-6 sm:min-h-72 sm:p-10 rtl:bg-gradient-to-l">
        <h2 id="promo-heading" className="max-w-md text-2xl font-bold leading-tight sm:text-3xl">
          {heading}
        </h2>
        {slide.subheading ? <p className="mt-2 max-w-md text-slate-100">{slide.subheading}</p> : null}
        <AppLink to={target} className="mt-5 self-start rounded-full bg-amber-400 px-5 py-2 font-semibold text-slate-950 hover:bg-amber-300" data-testid="promo-link">
          {t('exploreNow', 'Explore now')}
          <span className="sr-only">: {heading}</span>
        </AppLink>
      </div>
    </section>
  );
}

function Hero() {
  const t = useT();
  return (
    <section aria-labelledby="hero-heading" className="overflow-hidden rounded-2xl bg-brand-dark text-white">
      <div className="px-6 py-10 sm:px-10">
        <h1 id="hero-heading" className="max-w-3xl text-3xl font-bold leading-tight sm:text-4xl">
          {t('findHome', 'Find your next home')}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-teal-50">{t('heroLead', 'Homes, plots and offices for sale and rent, from verified owners and agents.')}</p>
        <Form method="get" action="/properties" role="search" className="mt-8 flex max-w-xl flex-col gap-2 rounded-xl bg-white p-2 sm:flex-row">
          <label htmlFor="hero-search" className="sr-only">
            {t('search', 'Search')}
          </label>
          <input
            id="hero-search"
            name="search"
            type="search"
            placeholder={t('searchPlaceholder', 'City, locality or project')}
            className="min-w-0 flex-1 rounded-lg px-3 py-2 text-slate-900 outline-none"
          />
          <label htmlFor="hero-type" className="sr-only">
            {t('propertyType', 'Property type')}
          </label>
          <select id="hero-type" name="property_type" className="rounded-lg border border-slate-200 px-3 py-2 text-slate-900">
            <option value="">{t('any', 'Any')}</option>
            <option value="0">{t('sell', 'Sell')}</option>
            <option value="1">{t('rent', 'Rent')}</option>
          </select>
          <button type="submit" className="rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('search', 'Search')}
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Listing cards: a swipeable row on phones, three across on wide screens. */
function CardRow({ cards }: { cards: ShownCard[] }) {
  return (
    <SwipeRow grid="sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.id} className="grid">
          <PropertyCard card={card} />
        </li>
      ))}
    </SwipeRow>
  );
}

/** The lower sections' items, asked for once any part of their area nears the screen. */
function useLowerSections(lang: string) {
  const fetcher = useFetcher<typeof lowerSectionsLoader>();
  const lowerArea = useRef<HTMLDivElement>(null);
  const { load, data } = fetcher;
  const isAsked = useRef(false);
  useEffect(() => {
    const element = lowerArea.current;
    const ask = () => {
      if (isAsked.current) return;
      isAsked.current = true;
      void load(`/home-sections?lang=${encodeURIComponent(lang)}`);
    };
    if (!element || typeof IntersectionObserver === 'undefined') return ask();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && (ask(), observer.disconnect()), { rootMargin: '600px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, lang]);
  return { lowerArea, lower: data ?? null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { lower: shown } = loaderData;
  const t = useT();
  const lang = useSite()?.lang ?? 'en';
  const { lowerArea, lower } = useLowerSections(lang);
  const home = lower ? { ...loaderData.home, ...lower } : loaderData.home;
  /** A lower section's items, or the room they will take while they come. */
  const itemsOr = (items: ReactNode) => (lower ? items : <div className="h-72" aria-hidden="true" />);
  const [hero, ...otherSlides] = home.slider_section;
  return (
    <>
      <Hero />
      {hero ? <PromoBanner slide={hero} /> : null}

      {otherSlides.length ? (
        <div className="mt-6">
          <SwipeRow grid="sm:grid-cols-3 sm:gap-4" label={t('highlights', 'Highlights')}>
            {otherSlides.map((slide) => {
              const target = slideTarget(slide);
              const image = slide.web_image ?? slide.image;
              const body = (
                <>
                  <img src={image} srcSet={srcSetFor(image, SLIDE_WIDTHS)} sizes="(min-width: 640px) 33vw, 82vw" alt="" loading="lazy" width={960} height={360} className="aspect-[8/3] w-full object-cover" />
                  <span className="block p-3">
                    <span className="block font-semibold">{slide.heading ?? slide.property?.title ?? slide.category?.category}</span>
                    {slide.subheading ? <span className="mt-1 block text-sm text-slate-600">{slide.subheading}</span> : null}
                  </span>
                </>
              );
              return (
                <li key={slide.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                  {target ? (
                    <AppLink to={target} className="block h-full hover:bg-slate-50 focus-visible:outline-offset-[-3px]">
                      {body}
                    </AppLink>
                  ) : (
                    body
                  )}
                </li>
              );
            })}
          </SwipeRow>
        </div>
      ) : null}

      {home.featured_section.length ? (
        <Section
          id="featured"
          title={t('featuredProperties', 'Featured properties')}
          more={{ to: '/properties', label: t('viewAll', 'View all properties') }}
        >
          <CardRow cards={home.featured_section} />
        </Section>
      ) : null}

      {home.categories_section.length ? (
        <Section id="categories" title={t('categories', 'Categories')} more={{ to: '/properties', label: t('viewAll', 'View all properties') }}>
          <SwipeRow item="tile" grid="sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
            {home.categories_section.map((c) => (
              <li key={c.id}>
                <AppLink
                  to={`/properties?category_id=${c.id}`}
                  className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand hover:bg-brand-light/40"
                >
                  {c.image ? <img src={c.image} alt="" loading="lazy" width={48} height={48} className="h-12 w-12 rounded-lg object-cover" /> : null}
                  <span>
                    <span className="block font-semibold">{c.category}</span>
                    <span className="block text-sm text-slate-600">
                      {t.count(c.properties_count, 'propertyCount', '{count} property', '{count} properties')}
                    </span>
                  </span>
                </AppLink>
              </li>
            ))}
          </SwipeRow>
        </Section>
      ) : null}

      {/* One area around every lower section: a visitor who jumps to the end (End key, a fast fling)
          meets it there too, not only one who scrolls past its top. */}
      <div ref={lowerArea}>
      {shown.most_viewed_properties ? (
        <Section
          id="most-viewed"
          title={t('mostViewed', 'Most viewed')}
          more={{ to: '/properties?sort_by=most_viewed', label: t('viewAll', 'View all properties') }}
        >
          {itemsOr(<CardRow cards={home.most_viewed_properties} />)}
        </Section>
      ) : null}

      {/* The search cannot sort by likes, so "all" is every listing. */}
      {shown.most_liked_properties ? (
        <Section id="most-liked" title={t('mostLiked', 'Most liked')} more={{ to: '/properties', label: t('viewAll', 'View all properties') }}>
          {itemsOr(<CardRow cards={home.most_liked_properties} />)}
        </Section>
      ) : null}

      {shown.project_section ? (
        <Section
          id="projects"
          title={t('projects', 'Projects')}
          more={{ to: '/projects', label: t('viewAllProjects', 'View all projects') }}
        >
          {itemsOr(
          <SwipeRow grid="sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
            {home.project_section.map((p) => (
              <ProjectTeaser key={p.id} project={p} />
            ))}
          </SwipeRow>
          )}
        </Section>
      ) : null}

      {shown.article_section ? (
        <Section
          id="articles"
          title={t('articles', 'Articles')}
          more={{ to: '/articles', label: t('viewAllArticles', 'View all articles') }}
        >
          {itemsOr(
          <SwipeRow grid="sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
            {home.article_section.map((a) => (
              <ArticleTeaser key={a.id} article={a} />
            ))}
          </SwipeRow>
          )}
        </Section>
      ) : null}

      {shown.agents_list ? (
        <Section
          id="agents"
          title={t('agents', 'Agents')}
          more={{ to: '/agents', label: t('viewAllAgents', 'View all agents') }}
        >
          {itemsOr(
          <SwipeRow grid="sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
            {home.agents_list.map((agent) => (
              <li key={`${agent.is_admin ? 'admin' : 'agent'}-${agent.id}`}>
                <AgentCard agent={agent} />
              </li>
            ))}
          </SwipeRow>
          )}
        </Section>
      ) : null}

      {shown.faq_section ? (
        <Section
          id="faqs"
          title={t('faqs', 'FAQs')}
          more={{ to: '/faqs', label: t('viewAllFaqs', 'All questions') }}
        >
          {itemsOr(<FaqList faqs={home.faq_section} />)}
        </Section>
      ) : null}
      </div>
    </>
  );
}
