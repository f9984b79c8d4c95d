import {
  MAX_DOCUMENTS,
  MAX_DOCUMENT_MB,
  MAX_GALLERY_IMAGES,
  MAX_IMAGE_MB,
  NOT_SPECIFIED,
  type AddedPropertiesQuery,
  type ListingParameterInput,
  type OwnedProperty,
  type PostPropertyBody,
  type UpdatePropertyBody,
} from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { MediaBatch } from '../../platform/media-batch.ts';
import { mediaUrl, type MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { UploadedFile } from '../../platform/uploads.ts';
import { catalogueRepository } from '../catalogue/repository.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { AlertService } from '../alerts/service.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { OwnerGates } from '../owners/gates.ts';
import { OwnedListings, type OwnedKind } from '../owners/owned.ts';
import { freeSlug, inSlugTransaction, type SlugTables } from '../owners/slugs.ts';
import type { PackageService } from '../packages/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { LISTING_MEDIA, propertyOwnerRepository as repo, type OwnedRow, type ParameterDefinition, type PropertyValues } from './owner-repository.ts';
import { toPriceChanges, toPropertyDetail } from './presenter.ts';
import { propertyRepository } from './repository.ts';

/** Interested users shown beside each of an owner's listings; the full list pages through get_interested_users. */
const INTERESTED_PREVIEW = 5;

const SLUGS: SlugTables = { table: 'properties', redirects: 'property_slug_redirects', fallback: 'property' };

const PROPERTIES: OwnedKind<OwnedRow> = {
  noun: 'property',
  find: repo.find,
  lock: repo.lock,
  filesOf: repo.filesOf,
  delete: repo.delete,
  setStatus: (tx, id, status) => repo.update(tx, id, { status }),
  feature: 'property_list',
  tags: (slug) => pageTagsFor.property(slug),
};

/** Search columns copied from the parameters that carry these codes (the listing search filters on them). */
const SEARCH_COLUMNS = { bedrooms: 'bedrooms', bathrooms: 'bathrooms', living_rooms: 'livingRooms', floors: 'floors', area: 'area' } as const;

type Files = { title?: string; threeD?: string; meta?: string; gallery: string[]; documents: { name: string; type: string; file: string; fileName: string }[]; parameters: Map<number, string> };

/**
 * Owners' own listings (spec §7, the (A) catalogue calls): add, edit, delete, sold / rented,
 * pause. Every write checks in here that the caller owns the listing; rows and files are written
 * all-or-nothing (platform/media-batch); a new listing spends a `property_list` unit in the same
 * transaction, and gets it back if it is deleted before approval.
 */
export class PropertyOwnerService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly deps: { packages: PackageService; settings: SettingsService; catalogue: CatalogueService; gates: OwnerGates; invalidatePages: (tags: PageTag[]) => void; notifier?: Notifier; alerts?: AlertService },
  ) {
    this.listings = new OwnedListings(db, PROPERTIES, deps);
  }

  private readonly listings: OwnedListings<OwnedRow>;

  /** `post_property`. */
  async create(body: PostPropertyBody, ctx: RequestContext): Promise<OwnedProperty> {
    const ownerId = viewerIdOf(ctx);
    const isAdmin = ctx.viewer?.role === 'admin';
    const autoApproved = await this.deps.gates.admit(ownerId, isAdmin);
    if (body.title_image === undefined) throw new Invalid('title_image', 'title_image is required');
    if (!(await catalogueRepository.isActiveCategory(this.db, body.category_id))) throw new Invalid('category_id', 'category_id is not a category');
    const definitions = await repo.parametersOf(this.db, body.category_id);
    const parameters = checkParameters(body.parameters ?? [], definitions, new Map(), true);
    const facilities = await this.checkFacilities(body.facilities);
    checkCounts(body.gallery_images.length, body.documents.length);

    const batch = this.batch();
    const id = await batch.run(async () => {
      const files = await this.storeFiles(batch, body, parameters.files);
      return inSlugTransaction(this.db, SLUGS, async (tx) => {
        await this.deps.gates.lockOwner(tx, ownerId);
        const paid = isAdmin ? null : await this.deps.packages.consumeFeature(tx, ownerId, 'property_list');
        const isRent = body.property_type === 1;
        const id = await repo.insert(tx, {
          slugId: await freeSlug(tx, SLUGS, body.slug_id ?? body.title),
          title: body.title,
          description: body.description ?? '',
          price: String(body.price),
          categoryId: body.category_id,
          propertyType: body.property_type,
          rentduration: isRent ? (body.rentduration ?? 'Monthly') : null,
          ...place(body),
          titleImage: files.title!,
          threeDImage: files.threeD ?? null,
          videoLink: body.video_link || null,
          metaTitle: body.meta_title ?? null,
          metaDescription: body.meta_description ?? null,
          metaKeywords: body.meta_keywords ?? null,
          metaImage: files.meta ?? null,
          isPremium: body.is_premium ?? false,
          status: 1,
          requestStatus: autoApproved ? 'approved' : 'pending',
          ownerId,
          paidWithPackageId: paid?.userPackageId ?? null,
          ...searchColumns(parameters.values, definitions),
        });
        await repo.addGallery(tx, id, files.gallery, 0);
        await repo.addDocuments(tx, id, files.documents);
        await repo.setParameters(tx, id, new Map([...parameters.values, ...files.parameters]));
        await repo.replaceFacilities(tx, id, facilities ?? []);
        await repo.addPriceChange(tx, id, body.price);
        if (autoApproved) await this.tellAlerts(tx, id, 'new');
        return id;
      });
    });
    this.deps.invalidatePages(pageTagsFor.property());
    this.deps.notifier?.flush();
    return this.ownedOne(id, ctx);
  }

  /** `update_post_property`: only the owner; `action_type` 1 deletes (api-contract "Codes"). */
  async update(body: UpdatePropertyBody, ctx: RequestContext): Promise<OwnedProperty | null> {
    const ownerId = viewerIdOf(ctx);
    if (body.action_type === 1) {
      await this.remove(body.id, ctx);
      return null;
    }
    const isAdmin = ctx.viewer?.role === 'admin';
    const owned = await this.listings.ownedOrRefuse(this.db, body.id, ownerId);
    const autoApproved = await this.deps.gates.isAutoApproved(ownerId, isAdmin);
    const categoryId = body.category_id ?? owned.category_id;
    if (body.category_id !== undefined && !(await catalogueRepository.isActiveCategory(this.db, body.category_id))) throw new Invalid('category_id', 'category_id is not a category');
    const definitions = await repo.parametersOf(this.db, categoryId);
    const existing = await repo.parameterValues(this.db, body.id);
    const parameters = checkParameters(body.parameters ?? [], definitions, existing, false);
    const facilities = await this.checkFacilities(body.facilities);
    const removeGallery = body.remove_gallery_images ?? [];
    const removeDocuments = body.remove_documents ?? [];

    const batch = this.batch();
    const slugs = await batch.run(async () => {
      const files = await this.storeFiles(batch, body, parameters.files);
      return inSlugTransaction(this.db, SLUGS, async (tx) => {
        const row = await this.listings.ownedOrRefuse(tx, body.id, ownerId, true);
        const values: PropertyValues = {};
        if (body.title !== undefined && body.title !== row.title) {
          values.title = body.title;
          const slug = await freeSlug(tx, SLUGS, body.slug_id ?? body.title, row.slug_id);
          if (slug !== row.slug_id) {
            values.slugId = slug;
            // The old address keeps leading to the listing (spec §5 slugs are stable for visitors).
            await repo.addSlugRedirect(tx, row.slug_id, row.id);
          }
        }
        if (body.description !== undefined) values.description = body.description;
        if (body.category_id !== undefined) values.categoryId = body.category_id;
        if (body.price !== undefined && Number(row.price) !== body.price) {
          values.price = String(body.price);
          await repo.addPriceChange(tx, row.id, body.price);
          // A live listing that got cheaper tells those who favourited it.
          if (body.price < Number(row.price) && row.status === 1 && row.request_status === 'approved') {
            const percent = Math.round((1 - body.price / Number(row.price)) * 100);
            await this.deps.notifier?.notifyFavouriters(tx, row.id, { kind: 'price-drop', ...(percent > 0 ? keyed('price-drop', { title: body.title ?? row.title, percent }) : keyed('price-drop-small', { title: body.title ?? row.title })) });
          }
        }
        const dealType = body.property_type ?? row.property_type % 2;
        if (body.property_type !== undefined) values.propertyType = row.property_type >= 2 && row.property_type % 2 === body.property_type ? row.property_type : body.property_type;
        if (body.rentduration !== undefined || body.property_type !== undefined) values.rentduration = dealType === 1 ? (body.rentduration ?? 'Monthly') : null;
        Object.assign(values, placeChanges(body));
        if (body.video_link !== undefined) values.videoLink = body.video_link || null;
        if (body.meta_title !== undefined) values.metaTitle = body.meta_title;
        if (body.meta_description !== undefined) values.metaDescription = body.meta_description;
        if (body.meta_keywords !== undefined) values.metaKeywords = body.meta_keywords;
        if (body.is_premium !== undefined) values.isPremium = body.is_premium;
        if (files.title) {
          values.titleImage = files.title;
          batch.removeAfterCommit(row.title_image);
        }
        if (files.meta) {
          values.metaImage = files.meta;
          batch.removeAfterCommit(row.meta_image);
        }
        if (files.threeD) {
          values.threeDImage = files.threeD;
          batch.removeAfterCommit(row.three_d_image);
        } else if (body.remove_three_d_image) {
          values.threeDImage = null;
          batch.removeAfterCommit(row.three_d_image);
        }

        batch.removeAfterCommit(...(await repo.removeGallery(tx, row.id, removeGallery)));
        const gallery = await repo.galleryOf(tx, row.id);
        if (gallery.length + files.gallery.length > MAX_GALLERY_IMAGES) throw new Invalid('gallery_images', `A listing can have at most ${MAX_GALLERY_IMAGES} gallery pictures`);
        await repo.addGallery(tx, row.id, files.gallery, gallery.length);
        batch.removeAfterCommit(...(await repo.removeDocuments(tx, row.id, removeDocuments)));
        if ((await repo.documentCount(tx, row.id)) + files.documents.length > MAX_DOCUMENTS) throw new Invalid('documents', `A listing can have at most ${MAX_DOCUMENTS} documents`);
        await repo.addDocuments(tx, row.id, files.documents);

        // Parameters: the ones sent replace their values; a changed category drops the ones it does not ask for.
        const changed = new Map<number, string | null>([...parameters.values, ...files.parameters]);
        for (const [parameterId, old] of existing) {
          const dropped = !definitions.some((d) => d.id === parameterId);
          if (dropped) changed.set(parameterId, null);
          if (old.type === 'file' && (dropped || changed.has(parameterId)) && changed.get(parameterId) !== old.value) batch.removeAfterCommit(old.value);
        }
        await repo.setParameters(tx, row.id, changed);
        const merged = new Map([...[...existing].map(([id, v]) => [id, v.value] as const), ...changed].filter((e): e is [number, string] => e[1] !== null));
        Object.assign(values, searchColumns(merged, definitions));
        if (facilities) await repo.replaceFacilities(tx, row.id, facilities);

        // An edited listing is looked at again (a rejected one is thereby resubmitted), unless it needs no review.
        values.requestStatus = autoApproved ? 'approved' : 'pending';
        values.rejectReason = null;
        await repo.update(tx, row.id, values);
        // Saved searches hear of a listing that goes live now, or that stayed live and got cheaper.
        const wasLive = row.status === 1 && row.request_status === 'approved';
        if (autoApproved && row.status === 1 && !wasLive) await this.tellAlerts(tx, row.id, 'new');
        else if (autoApproved && wasLive && body.price !== undefined && body.price < Number(row.price)) await this.tellAlerts(tx, row.id, 'cheaper');
        return { old: row.slug_id, now: values.slugId ?? row.slug_id };
      });
    });
    this.deps.invalidatePages([...pageTagsFor.property(slugs.old), ...pageTagsFor.property(slugs.now)]);
    this.deps.notifier?.flush();
    return this.ownedOne(body.id, ctx);
  }

  /** `delete_property`: only the owner; its files go once the rows are gone, and an unapproved listing's unit is given back. */
  async remove(id: number, ctx: RequestContext): Promise<void> {
    await this.listings.remove(id, viewerIdOf(ctx), this.batch());
  }

  /** `update_property_status`: a sale listing becomes sold (2) and back (0), a rent listing rented (3) and back (1). */
  async setDealStatus(propertyId: number, status: number, ctx: RequestContext): Promise<OwnedProperty> {
    await this.listings.change(propertyId, viewerIdOf(ctx), async (tx, row) => {
      // Sale (0) ↔ sold (2), rent (1) ↔ rented (3): the same deal, only done or not.
      if (status % 2 !== row.property_type % 2) {
        throw new Invalid('status', row.property_type % 2 === 0 ? 'A listing for sale can only be marked sold (2) or for sale again (0)' : 'A listing for rent can only be marked rented (3) or for rent again (1)');
      }
      await repo.update(tx, propertyId, { propertyType: status });
    });
    return this.ownedOne(propertyId, ctx);
  }

  /** `change-property-status`: the owner pauses (0) or re-activates (1) an approved listing. */
  async setActive(propertyId: number, status: number, ctx: RequestContext): Promise<OwnedProperty> {
    await this.listings.setActive(propertyId, viewerIdOf(ctx), status);
    return this.ownedOne(propertyId, ctx);
  }

  /** `get-added-properties`: the caller's own listings in every state, with what only an owner sees. */
  async owned(query: AddedPropertiesQuery, ctx: RequestContext): Promise<{ data: OwnedProperty[]; total: number; total_views: number }> {
    const ownerId = viewerIdOf(ctx);
    const page = await repo.ownedPage(
      this.db,
      { ownerId, id: query.id, slugId: query.slug_id, state: query.state, propertyType: query.property_type, promoted: query.is_promoted, search: query.search },
      query.limit,
      query.offset,
    );
    return { data: await this.present(page.ids, ctx), total: page.total, total_views: page.totalViews };
  }

  /** At start-up: owners' files no row points at (a crash mid-write, deleted users' and listings' uploads). */
  async sweepOrphans(graceMs?: number): Promise<number> {
    const referenced = new Set(await repo.referencedKeys(this.db));
    let removed = 0;
    for (const folder of [LISTING_MEDIA, `${LISTING_MEDIA}/documents`]) removed += await this.media.sweep(folder, referenced, graceMs);
    return removed;
  }

  private async ownedOne(id: number, ctx: RequestContext): Promise<OwnedProperty> {
    const [one] = await this.present([id], ctx);
    if (!one) throw new NotFound('Property not found');
    return one;
  }

  private async present(ids: number[], ctx: RequestContext): Promise<OwnedProperty[]> {
    if (!ids.length) return [];
    const [rows, extras, interested, company, loc] = await Promise.all([
      this.deps.catalogue.cardCatalogue().then((names) => propertyRepository.findDetailsByIds(this.db, ids, names)),
      repo.ownerExtras(this.db, ids),
      repo.interestedPreview(this.db, ids, INTERESTED_PREVIEW),
      this.deps.settings.company(ctx.origin),
      this.deps.catalogue.localizer(ctx),
    ]);
    return rows.map((row) => ({
      ...loc.card(toPropertyDetail(row, ctx.origin, company)),
      reject_reason: extras.get(row.id)?.reject_reason ?? null,
      is_feature_available: extras.get(row.id)?.is_feature_available ?? false,
      interested_users: (interested.get(row.id) ?? []).map((u) => ({ id: u.id, name: u.name, profile: mediaUrl(ctx.origin, u.profile) })),
      price_history: toPriceChanges(row),
    }));
  }

  private async tellAlerts(tx: Executor, id: number, reason: 'new' | 'cheaper'): Promise<void> {
    if (!this.deps.alerts) return;
    const facts = await repo.alertFacts(tx, id);
    if (facts) await this.deps.alerts.onListing(tx, facts, reason);
  }

  private async checkFacilities(input: PostPropertyBody['facilities']): Promise<{ facilityId: number; distance: number }[] | undefined> {
    if (input === undefined) return undefined;
    const ids = input.map((f) => f.facility_id);
    if (new Set(ids).size !== ids.length) throw new Invalid('facilities', 'Each facility may be listed once');
    const known = await repo.existingFacilityIds(this.db, ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw new Invalid('facilities', `Facility ${unknown} does not exist`);
    return input.map((f) => ({ facilityId: f.facility_id, distance: f.distance }));
  }

  /** Stores every file of the request (before the transaction), all through the batch. */
  private async storeFiles(batch: MediaBatch, body: PostPropertyBody | UpdatePropertyBody, parameterFiles: Map<number, UploadedFile>): Promise<Files> {
    const files: Files = { gallery: [], documents: [], parameters: new Map() };
    if (body.title_image !== undefined) files.title = await batch.image('title_image', body.title_image);
    if (body.three_d_image !== undefined) files.threeD = await batch.image('three_d_image', body.three_d_image, { widths: [2048, 4096] });
    if (body.meta_image !== undefined) files.meta = await batch.image('meta_image', body.meta_image, { widths: [1200] });
    for (const file of body.gallery_images ?? []) files.gallery.push(await batch.image('gallery_images', file));
    for (const file of body.documents ?? []) {
      const doc = await batch.document('documents', file);
      files.documents.push({ name: doc.fileName.replace(/\.[^.]*$/, ''), type: doc.type, file: doc.key, fileName: doc.fileName });
    }
    for (const [parameterId, file] of parameterFiles) files.parameters.set(parameterId, (await batch.document(`parameters.${parameterId}`, file)).key);
    return files;
  }

  private batch(): MediaBatch {
    return new MediaBatch(this.media, LISTING_MEDIA, { imageBytes: MAX_IMAGE_MB * 1024 * 1024, documentBytes: MAX_DOCUMENT_MB * 1024 * 1024 });
  }

}

function checkCounts(gallery: number, documents: number): void {
  if (gallery > MAX_GALLERY_IMAGES) throw new Invalid('gallery_images', `A listing can have at most ${MAX_GALLERY_IMAGES} gallery pictures`);
  if (documents > MAX_DOCUMENTS) throw new Invalid('documents', `A listing can have at most ${MAX_DOCUMENTS} documents`);
}

/** Place fields of a new listing; an unspecified place is stored as spec §5 says. */
function place(body: PostPropertyBody) {
  return {
    address: body.address ?? null,
    clientAddress: body.client_address ?? null,
    city: body.city ?? NOT_SPECIFIED,
    state: body.state ?? NOT_SPECIFIED,
    country: body.country ?? NOT_SPECIFIED,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
  };
}

function placeChanges(body: UpdatePropertyBody): PropertyValues {
  const values: PropertyValues = {};
  if (body.address !== undefined) values.address = body.address;
  if (body.client_address !== undefined) values.clientAddress = body.client_address;
  if (body.city !== undefined) values.city = body.city;
  if (body.state !== undefined) values.state = body.state;
  if (body.country !== undefined) values.country = body.country;
  if (body.latitude !== undefined && body.longitude !== undefined) {
    values.latitude = body.latitude;
    values.longitude = body.longitude;
  }
  return values;
}

/**
 * Checks parameter values against the category's definitions, by type: a number, one of the
 * options, several options (checkbox), text, or a file. On create every required parameter must
 * be there; on update, a required one already set may be left out.
 */
export function checkParameters(
  input: ListingParameterInput[],
  definitions: ParameterDefinition[],
  existing: Map<number, { value: string }>,
  isNew: boolean,
): { values: Map<number, string | null>; files: Map<number, UploadedFile> } {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const values = new Map<number, string | null>();
  const files = new Map<number, UploadedFile>();
  for (const { parameter_id: id, value } of input) {
    const def = byId.get(id);
    const field = `parameters.${id}`;
    if (!def) throw new Invalid(field, `Parameter ${id} does not belong to this category`);
    if (values.has(id) || files.has(id)) throw new Invalid(field, `${def.name} is given twice`);
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (def.is_required) throw new Invalid(field, `${def.name} is required`);
      values.set(id, null);
      continue;
    }
    switch (def.type_of_parameter) {
      case 'file':
        if (!(value instanceof UploadedFile)) throw new Invalid(field, `${def.name} must be a file`);
        files.set(id, value);
        break;
      case 'number': {
        const n = Number(typeof value === 'string' ? value.trim() : value);
        if (typeof value === 'object' || !Number.isFinite(n) || n < 0 || n > 1e9) throw new Invalid(field, `${def.name} must be a number`);
        values.set(id, String(n));
        break;
      }
      case 'dropdown':
      case 'radiobutton': {
        const v = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;
        if (v === null || !(def.type_values ?? []).includes(v)) throw new Invalid(field, `${def.name} must be one of: ${(def.type_values ?? []).join(', ')}`);
        values.set(id, v);
        break;
      }
      case 'checkbox': {
        const list = (Array.isArray(value) ? value : String(value).split(',')).map((v) => String(v).trim()).filter(Boolean);
        const options = def.type_values ?? [];
        const bad = list.find((v) => !options.includes(v));
        if (bad !== undefined || typeof value === 'object' && !Array.isArray(value)) throw new Invalid(field, `${def.name} must be chosen from: ${options.join(', ')}`);
        values.set(id, [...new Set(list)].join(','));
        break;
      }
      default: {
        if (typeof value !== 'string' && typeof value !== 'number') throw new Invalid(field, `${def.name} must be text`);
        const text = String(value).trim();
        if (text.length > (def.type_of_parameter === 'textarea' ? 5000 : 300)) throw new Invalid(field, `${def.name} is too long`);
        values.set(id, text);
      }
    }
  }
  if (isNew) {
    const missing = definitions.find((d) => d.is_required && !values.get(d.id) && !files.has(d.id));
    if (missing) throw new Invalid(`parameters.${missing.id}`, `${missing.name} is required`);
  } else {
    const cleared = definitions.find((d) => d.is_required && values.has(d.id) && values.get(d.id) === null && existing.has(d.id));
    if (cleared) throw new Invalid(`parameters.${cleared.id}`, `${cleared.name} is required`);
  }
  return { values, files };
}

/** The search columns (bedrooms, area…) from the values of parameters that carry their codes. */
function searchColumns(values: Map<number, string | null>, definitions: ParameterDefinition[]): PropertyValues {
  const out: Record<string, number | string | null> = {};
  for (const def of definitions) {
    const column = def.code ? SEARCH_COLUMNS[def.code as keyof typeof SEARCH_COLUMNS] : undefined;
    if (!column) continue;
    const raw = values.get(def.id);
    const n = raw === undefined || raw === null ? null : Number(raw);
    out[column] = n === null || !Number.isFinite(n) ? null : column === 'area' ? String(n) : Math.min(Math.round(n), 32767);
  }
  return out as PropertyValues;
}
