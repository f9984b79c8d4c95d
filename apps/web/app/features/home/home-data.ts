import { stripHtml, type HomepageData } from '@estate/core';
import { slimCard } from '../../components/PropertyCard.tsx';
import { ARTICLE_SUMMARY, PROJECT_SUMMARY } from '../../components/Teaser.tsx';

/**
 * The home page's data travels in its HTML for hydration: only what the sections show goes
 * (card facts, teaser summaries), not each listing's every parameter or each project's plans.
 */
export function slimHome(home: HomepageData): HomepageData {
  // One character over the teaser's length, so the teaser still knows to add its ellipsis.
  const summary = (html: string, length: number) => stripHtml(html).slice(0, length + 1);
  return {
    ...home,
    featured_section: home.featured_section.map(slimCard),
    most_liked_properties: home.most_liked_properties.map(slimCard),
    most_viewed_properties: home.most_viewed_properties.map(slimCard),
    nearby_properties: home.nearby_properties?.map(slimCard),
    user_recommendation: home.user_recommendation?.map(slimCard),
    project_section: home.project_section.map((p) => ({ ...p, description: summary(p.description, PROJECT_SUMMARY), gallary_images: [], documents: [], plans: [] })),
    project_featured_section: home.project_featured_section.map((p) => ({ ...p, description: summary(p.description, PROJECT_SUMMARY), gallary_images: [], documents: [], plans: [] })),
    categories_section: home.categories_section.map((c) => ({ ...c, parameter_types: [] })),
    article_section: home.article_section.map((a) => ({ ...a, description: summary(a.description, ARTICLE_SUMMARY) })),
  };
}

/** The sections below the first screens: they load when a visitor nears them (routes/home-sections). */
export function lowerSectionsOf(home: HomepageData) {
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
export function lowerSectionsShown(home: HomepageData) {
  const lower = lowerSectionsOf(home);
  return Object.fromEntries(Object.entries(lower).map(([key, items]) => [key, items.length > 0])) as Record<keyof typeof lower, boolean>;
}
