import { isFeatureAllowed, slugify, type Agent, type Project, type PropertyCard } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { packageRepository } from '../packages/repository.ts';
import type { PropertyService } from '../properties/service.ts';
import type { ProjectService } from '../projects/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { agentRepository, type AgentRow } from './repository.ts';

const toAgent = (a: AgentRow, origin: string): Agent => ({
  id: a.id,
  name: a.name,
  email: a.email,
  mobile: a.mobile,
  profile: mediaUrl(origin, a.profile),
  slug_id: a.slug_id,
  city: a.city,
  property_count: a.property_count,
  projects_count: a.projects_count,
  is_verified: a.verification_status === 'success',
  is_admin: false,
});

export class AgentService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly projects: ProjectService,
    private readonly properties: PropertyService,
  ) {}

  /** The platform as an agent: its slug is the company name's. */
  private async platformAgent(origin: string): Promise<Agent> {
    const [company, counts] = await Promise.all([this.settings.company(origin), agentRepository.platformCounts(this.db)]);
    return {
      id: 0,
      name: company.name,
      email: company.email,
      mobile: company.phone,
      profile: company.logo,
      slug_id: slugify(company.name) || 'platform',
      city: null,
      property_count: counts.property_count,
      projects_count: counts.projects_count,
      is_verified: true,
      is_admin: true,
    };
  }

  /** `agent-list`: the platform itself first (api-contract "Agent"), then agents. */
  async list(q: { limit: number; offset: number }, ctx: RequestContext): Promise<{ data: Agent[]; total: number }> {
    const includePlatform = q.offset === 0;
    const [rows, total, platform] = await Promise.all([
      agentRepository.list(this.db, { limit: includePlatform ? q.limit - 1 : q.limit, offset: includePlatform ? 0 : q.offset - 1 }),
      agentRepository.count(this.db),
      includePlatform ? this.platformAgent(ctx.origin) : null,
    ]);
    const agents = rows.map((a) => toAgent(a, ctx.origin));
    return { data: platform ? [platform, ...agents] : agents, total: total + 1 };
  }

  /** `agent-properties`: an agent's (or with is_admin the platform's) profile and listings. */
  async listings(q: { slug_id?: string; is_admin?: boolean; is_projects?: boolean; limit: number; offset: number }, ctx: RequestContext) {
    const platform = await this.platformAgent(ctx.origin);
    const isPlatform = q.is_admin === true || q.slug_id === platform.slug_id;
    let agent: AgentRow | null = null;
    if (!isPlatform) {
      if (!q.slug_id) throw new NotFound('Agent not found');
      agent = await agentRepository.findBySlug(this.db, q.slug_id);
      if (!agent) throw new NotFound('Agent not found');
    }
    const ownerId = agent?.id ?? null;
    const viewerId = ctx.viewer?.id ?? null;

    let properties: PropertyCard[] = [];
    let projects: Project[] = [];
    let total: number;
    if (q.is_projects) {
      ({ data: projects, total } = await this.projects.page({ ownerId }, q.limit, q.offset, ctx));
    } else {
      ({ data: properties, total } = await this.properties.byOwner(ownerId, q.limit, q.offset, ctx));
    }
    const availability = viewerId === null ? null : await packageRepository.featureAvailability(this.db, viewerId, 'project_access');
    const customer = agent
      ? {
          ...toAgent(agent, ctx.origin),
          address: agent.address,
          state: agent.state,
          country: agent.country,
          about_me: agent.about_me,
          facebook_id: agent.facebook_id,
          twiiter_id: agent.twiiter_id,
          twitter_id: agent.twiiter_id,
          instagram_id: agent.instagram_id,
          youtube_id: agent.youtube_id,
          is_verify: agent.verification_status === 'success',
          created_at: new Date(agent.created_at).toISOString(),
        }
      : { ...platform, address: null, state: null, country: null, about_me: null, facebook_id: null, twiiter_id: null, twitter_id: null, instagram_id: null, youtube_id: null, is_verify: true, created_at: new Date(0).toISOString() };
    return {
      data: {
        customer_data: customer,
        properties_data: properties,
        projects_data: projects,
        premium_properties_count: await agentRepository.premiumCount(this.db, ownerId),
        package_available: availability?.package_available ?? false,
        feature_available: ctx.viewer?.role === 'admin' || isFeatureAllowed('project_access', availability),
      },
      total,
    };
  }
}
