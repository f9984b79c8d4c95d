import { isFeatureAllowed, type GetProjectsQuery, type Project } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { packageRepository } from '../packages/repository.ts';
import { toProject, toProjectTeaser } from './presenter.ts';
import { projectOwnerRepository } from './owner-repository.ts';
import { projectRepository, type ProjectFilters, type ProjectRow } from './repository.ts';

export const SIMILAR_PROJECTS_LIMIT = 6;

export class ProjectService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly catalogue: CatalogueService,
  ) {}

  /**
   * Whether the viewer holds the project access feature (spec §4/§5: a running package with
   * `project_access`; it is not limit-checked). Admins always see projects in full.
   */
  private async hasProjectAccess(ctx: RequestContext): Promise<boolean> {
    if (!ctx.viewer) return false;
    if (ctx.viewer.role === 'admin') return true;
    return isFeatureAllowed('project_access', await packageRepository.featureAvailability(this.db, ctx.viewer.id, 'project_access'));
  }

  /**
   * Projects as answered: their category named in the caller's language, and in full only to
   * their owner and to viewers with project access — anyone else gets the teaser
   * (`project_access_locked`). `access` is the viewer's project access when already known.
   */
  async present(rows: ProjectRow[], ctx: RequestContext, access?: boolean): Promise<Project[]> {
    const viewerId = ctx.viewer?.id ?? null;
    const [company, loc, open] = await Promise.all([
      this.settings.company(ctx.origin),
      this.catalogue.localizer(ctx),
      // Asked only when some project is not the viewer's own.
      access ?? (rows.some((r) => r.owner_id !== viewerId) ? this.hasProjectAccess(ctx) : Promise.resolve(true)),
    ]);
    return rows.map((r) => {
      const full = toProject(r, ctx.origin, company);
      const project = open || (viewerId !== null && r.owner_id === viewerId) ? full : toProjectTeaser(full);
      return project.category ? { ...project, category: { ...project.category, category: loc.category(project.category.id, project.category.category) } } : project;
    });
  }

  /** `get-projects` (spec §7). A slug_id narrows to one project; get_similar adds similar ones. */
  async list(q: GetProjectsQuery, ctx: RequestContext) {
    if (q.slug_id) {
      const detail = await this.detail(q.slug_id, q.get_similar ?? false, ctx);
      return { data: [detail.data], total: 1, similar_projects: detail.similar_projects };
    }
    const filters: ProjectFilters = {
      id: q.id,
      ownerId: q.userid,
      categoryId: q.category_id,
      city: q.city,
      state: q.state,
      country: q.country,
      postedSince: q.posted_since,
      search: q.search,
      type: q.type,
      promoted: q.promoted,
    };
    return { ...(await this.page(filters, q.limit, q.offset, ctx)), similar_projects: [] as Project[] };
  }

  async page(filters: ProjectFilters, limit: number, offset: number, ctx: RequestContext) {
    const [rows, total] = await Promise.all([projectRepository.list(this.db, filters, { limit, offset, listedOnly: true }), projectRepository.count(this.db, filters, true)]);
    return { data: await this.present(rows, ctx), total };
  }

  private async movedTo(oldSlug: string): Promise<ProjectRow | null> {
    const now = await projectOwnerRepository.redirectedSlug(this.db, oldSlug);
    return now ? projectRepository.findBySlug(this.db, now) : null;
  }

  /**
   * `get-project-detail`: visible to everyone once approved and active, else to its owner and
   * admins; in full only with project access (spec §4/§5), and each such opening by a viewer who
   * is not the owner or an admin is counted on the package holding the feature (like the mortgage
   * breakdown, it is counted, not limited).
   */
  async detail(slugId: string, withSimilar: boolean, ctx: RequestContext) {
    // A project whose title changed answers its old slug too; the answer carries the new one.
    const row = (await projectRepository.findBySlug(this.db, slugId)) ?? (await this.movedTo(slugId));
    const viewer = ctx.viewer;
    const isListed = row !== null && row.status === 1 && row.request_status === 'approved';
    const canSee = isListed || (row !== null && viewer !== null && (row.owner_id === viewer.id || viewer.role === 'admin'));
    if (!row || !canSee) throw new NotFound('Project not found');
    const similar = withSimilar ? await projectRepository.similar(this.db, { id: row.id, categoryId: row.category_id }, SIMILAR_PROJECTS_LIMIT) : [];
    const access = await this.hasProjectAccess(ctx);
    const [project, ...similarProjects] = await this.present([row, ...similar], ctx, access);
    if (access && viewer !== null && viewer.role !== 'admin' && row.owner_id !== viewer.id) {
      await packageRepository.countUse(this.db, viewer.id, 'project_access');
    }
    return { data: project, similar_projects: similarProjects };
  }
}
