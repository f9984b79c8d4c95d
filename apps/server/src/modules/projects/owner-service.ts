import { MAX_DOCUMENTS, MAX_DOCUMENT_MB, MAX_GALLERY_IMAGES, MAX_IMAGE_MB, MAX_PLANS, NOT_SPECIFIED, type AddedProjectsQuery, type OwnedProject, type PostProjectBody } from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { MediaBatch } from '../../platform/media-batch.ts';
import type { MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { catalogueRepository } from '../catalogue/repository.ts';
import type { OwnerGates } from '../owners/gates.ts';
import { OwnedListings, type OwnedKind } from '../owners/owned.ts';
import { freeSlug, inSlugTransaction, type SlugTables } from '../owners/slugs.ts';
import type { PackageService } from '../packages/service.ts';
import { PROJECT_MEDIA, projectOwnerRepository as repo, type OwnedProjectRow, type ProjectValues } from './owner-repository.ts';
import { projectRepository } from './repository.ts';
import type { ProjectService } from './service.ts';

const SLUGS: SlugTables = { table: 'projects', redirects: 'project_slug_redirects', fallback: 'project' };

const PROJECTS: OwnedKind<OwnedProjectRow> = {
  noun: 'project',
  find: repo.find,
  lock: repo.lock,
  filesOf: repo.filesOf,
  delete: repo.delete,
  setStatus: (tx, id, status) => repo.update(tx, id, { status }),
  feature: 'project_list',
  tags: (slug) => pageTagsFor.project(slug),
};

type PlanFile = { index: number; id?: number; title: string; document?: string };

/**
 * Owners' own projects (spec §7 post_project, delete_project, change-project-status,
 * get-added-projects): the same gates, ownership, moderation and all-or-nothing files as
 * properties, with `project_list` as the unit a new project spends.
 */
export class ProjectOwnerService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly deps: { packages: PackageService; projects: ProjectService; gates: OwnerGates; invalidatePages: (tags: PageTag[]) => void },
  ) {
    this.listings = new OwnedListings(db, PROJECTS, deps);
  }

  private readonly listings: OwnedListings<OwnedProjectRow>;

  /** `post_project`: creates, or updates one's own project when `id` is sent. */
  async save(body: PostProjectBody, ctx: RequestContext): Promise<OwnedProject> {
    const ownerId = viewerIdOf(ctx);
    const isAdmin = ctx.viewer?.role === 'admin';
    const isNew = body.id === undefined;
    const autoApproved = isNew ? await this.deps.gates.admit(ownerId, isAdmin) : await this.deps.gates.isAutoApproved(ownerId, isAdmin);
    if (!isNew) await this.listings.ownedOrRefuse(this.db, body.id!, ownerId);
    if (isNew && body.image === undefined) throw new Invalid('image', 'image is required');
    if (body.category_id !== undefined && !(await catalogueRepository.isActiveCategory(this.db, body.category_id))) throw new Invalid('category_id', 'category_id is not a category');
    const plans = body.plans ?? [];
    plans.forEach((plan, i) => {
      if (plan.id === undefined && plan.document === undefined) throw new Invalid(`plans.${i}.document`, 'A new plan needs its document');
    });
    if ((body.gallery_images?.length ?? 0) > MAX_GALLERY_IMAGES) throw new Invalid('gallery_images', `A project can have at most ${MAX_GALLERY_IMAGES} gallery pictures`);
    if ((body.documents?.length ?? 0) > MAX_DOCUMENTS) throw new Invalid('documents', `A project can have at most ${MAX_DOCUMENTS} documents`);

    const batch = new MediaBatch(this.media, PROJECT_MEDIA, { imageBytes: MAX_IMAGE_MB * 1024 * 1024, documentBytes: MAX_DOCUMENT_MB * 1024 * 1024 });
    const saved = await batch.run(async () => {
      const image = body.image !== undefined ? await batch.image('image', body.image) : undefined;
      const metaImage = body.meta_image !== undefined ? await batch.image('meta_image', body.meta_image, { widths: [1200] }) : undefined;
      const gallery: string[] = [];
      for (const file of body.gallery_images ?? []) gallery.push(await batch.image('gallery_images', file));
      const documents: { name: string; type: string; file: string; fileName: string }[] = [];
      for (const file of body.documents ?? []) {
        const doc = await batch.document('documents', file);
        documents.push({ name: doc.fileName.replace(/\.[^.]*$/, ''), type: doc.type, file: doc.key, fileName: doc.fileName });
      }
      const planFiles: PlanFile[] = [];
      for (const [index, plan] of plans.entries()) {
        planFiles.push({ index, id: plan.id, title: plan.title, document: plan.document !== undefined ? (await batch.document(`plans.${index}.document`, plan.document)).key : undefined });
      }

      return inSlugTransaction(this.db, SLUGS, async (tx) => {
        let row: OwnedProjectRow;
        const values: ProjectValues = {};
        if (isNew) {
          await this.deps.gates.lockOwner(tx, ownerId);
          const paid = isAdmin ? null : await this.deps.packages.consumeFeature(tx, ownerId, 'project_list');
          const id = await repo.insert(tx, {
            slugId: await freeSlug(tx, SLUGS, body.slug_id ?? body.title!),
            title: body.title!,
            description: body.description ?? '',
            categoryId: body.category_id!,
            type: body.type!,
            city: body.city ?? NOT_SPECIFIED,
            state: body.state ?? NOT_SPECIFIED,
            country: body.country ?? NOT_SPECIFIED,
            location: body.location ?? null,
            latitude: body.latitude ?? null,
            longitude: body.longitude ?? null,
            videoLink: body.video_link || null,
            image: image!,
            metaTitle: body.meta_title ?? null,
            metaDescription: body.meta_description ?? null,
            metaKeywords: body.meta_keywords ?? null,
            metaImage: metaImage ?? null,
            status: 1,
            requestStatus: autoApproved ? 'approved' : 'pending',
            ownerId,
            paidWithPackageId: paid?.userPackageId ?? null,
          });
          row = (await repo.lock(tx, id))!;
        } else {
          row = await this.listings.ownedOrRefuse(tx, body.id!, ownerId, true);
          if (body.title !== undefined && body.title !== row.title) {
            values.title = body.title;
            const slug = await freeSlug(tx, SLUGS, body.slug_id ?? body.title, row.slug_id);
            if (slug !== row.slug_id) {
              values.slugId = slug;
              await repo.addSlugRedirect(tx, row.slug_id, row.id);
            }
          }
          for (const [field, column] of [
            ['description', 'description'],
            ['category_id', 'categoryId'],
            ['type', 'type'],
            ['city', 'city'],
            ['state', 'state'],
            ['country', 'country'],
            ['location', 'location'],
            ['meta_title', 'metaTitle'],
            ['meta_description', 'metaDescription'],
            ['meta_keywords', 'metaKeywords'],
          ] as const) {
            if (body[field] !== undefined) (values as Record<string, unknown>)[column] = body[field];
          }
          if (body.latitude !== undefined && body.longitude !== undefined) Object.assign(values, { latitude: body.latitude, longitude: body.longitude });
          if (body.video_link !== undefined) values.videoLink = body.video_link || null;
          if (image) {
            values.image = image;
            batch.removeAfterCommit(row.image);
          }
          if (metaImage) {
            values.metaImage = metaImage;
            batch.removeAfterCommit(row.meta_image);
          }
          // An edit is reviewed again (a rejected project is thereby resubmitted), unless it needs no review.
          values.requestStatus = autoApproved ? 'approved' : 'pending';
          values.rejectReason = null;
          batch.removeAfterCommit(...(await repo.removeGallery(tx, row.id, body.remove_gallery_images ?? [])));
          batch.removeAfterCommit(...(await repo.removeDocuments(tx, row.id, body.remove_documents ?? [])));
          batch.removeAfterCommit(...(await repo.removePlans(tx, row.id, body.remove_plans ?? [])));
        }

        const galleryCount = await repo.galleryCount(tx, row.id);
        if (galleryCount + gallery.length > MAX_GALLERY_IMAGES) throw new Invalid('gallery_images', `A project can have at most ${MAX_GALLERY_IMAGES} gallery pictures`);
        await repo.addGallery(tx, row.id, gallery, galleryCount);
        if ((await repo.documentCount(tx, row.id)) + documents.length > MAX_DOCUMENTS) throw new Invalid('documents', `A project can have at most ${MAX_DOCUMENTS} documents`);
        await repo.addDocuments(tx, row.id, documents);
        await this.savePlans(tx, row.id, planFiles, batch);
        if (!isNew) await repo.update(tx, row.id, values);
        return { id: row.id, slugs: [row.slug_id, values.slugId ?? row.slug_id] };
      });
    });
    this.deps.invalidatePages(saved.slugs.flatMap((slug) => pageTagsFor.project(slug)));
    return this.ownedOne(saved.id, ctx);
  }

  /** `delete_project`: only the owner; files go after the rows, an unapproved project's unit comes back. */
  async remove(id: number, ctx: RequestContext): Promise<void> {
    await this.listings.remove(id, viewerIdOf(ctx), new MediaBatch(this.media, PROJECT_MEDIA, { imageBytes: 0, documentBytes: 0 }));
  }

  /** `change-project-status`: the owner pauses (0) or re-activates (1) an approved project. */
  async setActive(projectId: number, status: number, ctx: RequestContext): Promise<OwnedProject> {
    await this.listings.setActive(projectId, viewerIdOf(ctx), status);
    return this.ownedOne(projectId, ctx);
  }

  /** `get-added-projects`: the caller's own projects in every state. */
  async owned(query: AddedProjectsQuery, ctx: RequestContext): Promise<{ data: OwnedProject[]; total: number }> {
    const ownerId = viewerIdOf(ctx);
    const page = await repo.ownedPage(this.db, { ownerId, id: query.id, slugId: query.slug_id, state: query.state }, query.limit, query.offset);
    return { data: await this.present(page.ids, ctx), total: page.total };
  }

  async sweepOrphans(graceMs?: number): Promise<number> {
    const referenced = new Set(await repo.referencedKeys(this.db));
    let removed = 0;
    for (const folder of [PROJECT_MEDIA, `${PROJECT_MEDIA}/documents`]) removed += await this.media.sweep(folder, referenced, graceMs);
    return removed;
  }

  /** Plans: an id updates that plan's title (and document, if one is sent); no id adds one; at most MAX_PLANS. */
  private async savePlans(tx: Executor, projectId: number, plans: PlanFile[], batch: MediaBatch): Promise<void> {
    const existing = new Map((await repo.plansOf(tx, projectId)).map((p) => [p.id, p]));
    for (const plan of plans) {
      if (plan.id !== undefined) {
        const old = existing.get(plan.id);
        if (!old) throw new Invalid(`plans.${plan.index}.id`, `Plan ${plan.id} is not one of this project's`);
        await repo.updatePlan(tx, projectId, plan.id, plan.title, plan.document ?? null);
        if (plan.document) batch.removeAfterCommit(old.document);
      } else {
        await repo.addPlan(tx, projectId, plan.title, plan.document!);
      }
    }
    if ((await repo.plansOf(tx, projectId)).length > MAX_PLANS) throw new Invalid('plans', `A project can have at most ${MAX_PLANS} plans`);
  }

  private async ownedOne(id: number, ctx: RequestContext): Promise<OwnedProject> {
    const [one] = await this.present([id], ctx);
    if (!one) throw new NotFound('Project not found');
    return one;
  }

  private async present(ids: number[], ctx: RequestContext): Promise<OwnedProject[]> {
    const [rows, extras] = await Promise.all([projectRepository.findByIds(this.db, ids), repo.ownerExtras(this.db, ids)]);
    const projects = await this.deps.projects.present(rows, ctx);
    return projects.map((p) => ({ ...p, reject_reason: extras.get(p.id)?.reject_reason ?? null, is_feature_available: extras.get(p.id)?.is_feature_available ?? false }));
  }


}
