import { HOMEPAGE_SECTION_SIZE as N, type HomepageData, type PropertyCard } from '@estate/core';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../platform/http.ts';
import type { AgentService } from '../agents/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { ContentService } from '../content/service.ts';
import type { ProjectService } from '../projects/service.ts';
import type { PropertyService } from '../properties/service.ts';
import type { RecommendationService } from '../recommendations/service.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { homepageRepository } from './repository.ts';

export class HomepageService {
  private readonly visitorPages: TtlCache<HomepageData>;

  constructor(
    private readonly db: Database,
    private readonly deps: { properties: PropertyService; projects: ProjectService; catalogue: CatalogueService; content: ContentService; agents: AgentService; recommendations?: RecommendationService },
    cacheSeconds = 0,
  ) {
    this.visitorPages = new TtlCache(cacheSeconds * 1000, 50);
  }

  /** Forgets the visitors' page: a write changed what it shows (platform/page-cache). */
  forgetPublicReads(): void {
    this.visitorPages.clear();
  }

  /** `homepage-data`: every section, up to 12 items each (api-contract "Per-call notes"). */
  async get(ctx: RequestContext): Promise<HomepageData> {
    // Visitors all see the same page: build it once per interval.
    if (!ctx.viewer) return this.visitorPages.getOrLoad(`${ctx.origin} ${ctx.lang ?? ''}`, () => this.sections(ctx));
    return { ...(await this.sections(ctx)), ...(await this.personal(ctx)) };
  }

  private async sections(ctx: RequestContext): Promise<HomepageData> {
    const { properties, projects, catalogue, content, agents } = this.deps;
    const [sliders, featured, mostLiked, mostViewed, projectPage, featuredProjects, categoryPage, articlePage, agentPage, faqPage] = await Promise.all([
      content.sliders(N, ctx),
      properties.section({ promoted: true }, 'newest', N, ctx),
      properties.section({}, 'most_liked', N, ctx),
      properties.section({}, 'most_viewed', N, ctx),
      projects.page({}, N, 0, ctx),
      projects.page({ promoted: true }, N, 0, ctx),
      catalogue.categories({ has_property: true, limit: N, offset: 0 }, ctx),
      content.articles({ limit: N, offset: 0 }, ctx),
      agents.list({ limit: N, offset: 0 }, ctx),
      content.faqs({ limit: N, offset: 0 }, ctx),
    ]);
    const data: HomepageData = {
      slider_section: sliders,
      featured_section: featured,
      most_liked_properties: mostLiked,
      most_viewed_properties: mostViewed,
      project_section: projectPage.data,
      project_featured_section: featuredProjects.data,
      categories_section: categoryPage.data,
      article_section: articlePage.data,
      agents_list: agentPage.data,
      faq_section: faqPage.data,
    };
    return data;
  }

  /** With a token: listings in the user's city, and ones matching their saved preferences. */
  private async personal(ctx: RequestContext): Promise<Pick<HomepageData, 'nearby_properties' | 'user_recommendation'>> {
    const me = await homepageRepository.viewerContext(this.db, ctx.viewer!.id);
    const out: { nearby_properties?: PropertyCard[]; user_recommendation: PropertyCard[] } = { user_recommendation: [] };
    if (me?.city) out.nearby_properties = await this.deps.properties.section({ city: me.city }, 'newest', N, ctx);
    if (this.deps.recommendations) {
      // The same ranking as get_user_recommendation: preferences, favourites and views, else the newest.
      out.user_recommendation = await this.deps.recommendations.cards(N, ctx);
    } else if (me?.categoryIds) {
      out.user_recommendation = await this.deps.properties.section(
        {
          categoryIds: me.categoryIds,
          propertyTypes: me.propertyTypes ?? undefined,
          facilityIds: me.facilityIds?.length ? me.facilityIds : undefined,
          minPrice: me.priceMin !== null ? Number(me.priceMin) : undefined,
          maxPrice: me.priceMax !== null ? Number(me.priceMax) : undefined,
          city: me.preferredCity ?? undefined,
        },
        'newest',
        N,
        ctx,
      );
    }
    return out;
  }
}
