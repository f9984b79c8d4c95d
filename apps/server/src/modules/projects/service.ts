import type { GetProjectsQuery, Project } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { toProject } from './presenter.ts';
import { projectOwnerRepository } from './owner-repository.ts';
import { projectRepository, type ProjectFilters, type ProjectRow } from './repository.ts';

export const SIMILAR_PROJECTS_LIMIT = 6;

export class ProjectService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly catalogue: CatalogueService,
  ) {}

  /** Projects as answered: their category named in the caller's language. */
  async present(rows: ProjectRow[], ctx: RequestContext): Promise<Project[]> {
    const [company, loc] = await Promise.all([this.settings.company(ctx.origin), this.catalogue.localizer(ctx)]);
    return rows.map((r) => {
      const project = toProject(r, ctx.origin, company);
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

  /** `get-project-detail`: visible to everyone once approved and active, else to its owner and admins. */
  async detail(slugId: string, withSimilar: boolean, ctx: RequestContext) {
    // A project whose title changed answers its old slug too; the answer carries the new one.
    const row = (await projectRepository.findBySlug(this.db, slugId)) ?? (await this.movedTo(slugId));
    const viewer = ctx.viewer;
    const isListed = row !== null && row.status === 1 && row.request_status === 'approved';
    const canSee = isListed || (row !== null && viewer !== null && (row.owner_id === viewer.id || viewer.role === 'admin'));
    if (!row || !canSee) throw new NotFound('Project not found');
    const similar = withSimilar ? await projectRepository.similar(this.db, { id: row.id, categoryId: row.category_id }, SIMILAR_PROJECTS_LIMIT) : [];
    const [project, ...similarProjects] = await this.present([row, ...similar], ctx);
    return { data: project, similar_projects: similarProjects };
  }
}
