import { stripHtml, type HomepageData } from '@estate/core';
import { slimCard } from '../../components/PropertyCard.tsx';
import { ARTICLE_SUMMARY, PROJECT_SUMMARY } from '../../components/Teaser.tsx';

/**
 * The home page's data travels in its HTML for hydration, and React Router encodes it for every
 * render: only the sections the page shows go, with what they show (card facts, the categories'
 * tiles, teaser summaries), not each listing's every parameter, each project's plans, or the
 * sections the apps show and the web page does not (featured projects, nearby, recommended).
 * The loaders get the same answer object for as long as it is kept (lib/api.ts), so it is slimmed
 * once: stripping the teasers' HTML was 4-5 % of a home page's render.
 */
export function slimHome(home: HomepageData): ShownHome {
  let slim = slimmed.get(home);
  if (!slim) {
    slim = slimmedHome(home);
    slimmed.set(home, slim);
  }
  return slim;
}

const slimmed = new WeakMap<HomepageData, ShownHome>();

function slimmedHome(home: HomepageData) {
  // One character over the teaser's length, so the teaser still knows to add its ellipsis.
  const summary = (html: string, length: number) => stripHtml(html).slice(0, length + 1);
  return {
    slider_section: home.slider_section,
    featured_section: home.featured_section.map(slimCard),
    categories_section: home.categories_section.map(({ id, category, image, properties_count }) => ({ id, category, image, properties_count })),
    most_viewed_properties: home.most_viewed_properties.map(slimCard),
    most_liked_properties: home.most_liked_properties.map(slimCard),
    project_section: home.project_section.map(({ id, slug_id, title, type, image, location, city, description }) => ({
      id,
      slug_id,
      title,
      type,
      image,
      location,
      city,
      description: summary(description, PROJECT_SUMMARY),
    })),
    article_section: home.article_section.map((a) => ({ ...a, description: summary(a.description, ARTICLE_SUMMARY) })),
    agents_list: home.agents_list,
    faq_section: home.faq_section,
  };
}

/** What the home page's loaders hand on (`slimHome`). */
export type ShownHome = ReturnType<typeof slimmedHome>;

/** The sections below the first screens: they load when a visitor nears them (routes/home-sections). */
export function lowerSectionsOf(home: ShownHome) {
  return {
    most_viewed_properties: home.most_viewed_properties,
    most_liked_properties: home.most_liked_properties,
    project_section: home.project_section,
    article_section: home.article_section,
    agents_list: home.agents_list,
    faq_section: home.faq_section,
  };
}

export const withoutLowerSections: ReturnType<typeof lowerSectionsOf> = {
  most_viewed_properties: [],
  most_liked_properties: [],
  project_section: [],
  article_section: [],
  agents_list: [],
  faq_section: [],
};

/** Which lower sections have items, so the page names them before they come. */
export function lowerSectionsShown(home: ShownHome) {
  const lower = lowerSectionsOf(home);
  return Object.fromEntries(Object.entries(lower).map(([key, items]) => [key, items.length > 0])) as Record<keyof typeof lower, boolean>;
}
