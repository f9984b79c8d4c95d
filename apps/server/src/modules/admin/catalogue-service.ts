import {
  uniqueSlug,
  type AdminCategory,
  type AdminCategoryBody,
  type AdminCity,
  type AdminCityBody,
  type AdminFacility,
  type AdminFacilityBody,
  type AdminListQuery,
  type AdminParameter,
  type AdminParameterBody,
  type AdminReportReason,
  type AdminReportReasonBody,
  type AdminSlider,
  type AdminSliderBody,
} from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { mediaUrl, type MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { auditedWrite } from './audited-write.ts';
import { adminCatalogueRepository as repo, type CategoryRow, type CityRow, type FacilityRow, type ParameterRow, type ReportReasonRow, type SliderRow } from './catalogue-repository.ts';
import { nextImage } from './media.ts';

const found = <T>(row: T | null, what: string): T => {
  if (!row) throw new NotFound(`${what} not found`);
  return row;
};

/**
 * The catalogue an admin keeps (issue 16): categories and their parameters, facilities, cities,
 * home-page slides and report reasons. Every change is audited in its own transaction and drops
 * the cached pages and catalogue names, so visitors see it on their next page.
 */
export class AdminCatalogueService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly deps: { catalogue: CatalogueService; settings: SettingsService; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  private changed(): void {
    this.deps.catalogue.forgetCatalogue();
    // web-settings' svg_clr depends on every icon being an SVG.
    this.deps.settings.forgetCached();
    this.deps.invalidatePages(pageTagsFor.site());
  }

  private async write<T>(ctx: RequestContext, work: Parameters<typeof auditedWrite<T>>[3], inUse?: string): Promise<T> {
    const value = await auditedWrite(this.db, this.media, ctx, work, inUse);
    this.changed();
    return value;
  }

  // ── Categories ──

  private category = (r: CategoryRow, origin: string): AdminCategory => ({ ...r, image: mediaUrl(origin, r.image) });

  async categories(q: AdminListQuery, ctx: RequestContext) {
    const { rows, total } = await repo.categories(this.db, q);
    return { rows: rows.map((r) => this.category(r, ctx.origin)), total };
  }

  async getCategory(id: number, ctx: RequestContext): Promise<AdminCategory> {
    return this.category(found(await repo.category(this.db, id), 'Category'), ctx.origin);
  }

  async saveCategory(id: number | null, body: AdminCategoryBody, ctx: RequestContext): Promise<AdminCategory> {
    const saved = await this.write(ctx, async (tx, batch) => {
      const before = id === null ? null : found(await repo.category(tx, id, true), 'Category');
      const known = await repo.existingParameters(tx, body.parameter_ids);
      const unknown = body.parameter_ids.filter((p) => !known.includes(p));
      if (unknown.length) throw new Invalid('parameter_ids', `parameter_ids has unknown parameters: ${unknown.join(', ')}`);
      const slug = await this.slugOf(tx, body.slug_id, body.category, before?.id);
      const image = await nextImage(batch, 'image', body.image, body.remove_image, before?.image ?? null, 'icon');
      const values = {
        category: body.category,
        slugId: slug,
        image,
        isActive: body.is_active,
        sequence: body.sequence,
        translations: body.translations,
        metaTitle: body.meta_title,
        metaDescription: body.meta_description,
        metaKeywords: body.meta_keywords,
      };
      const rowId = before ? (await repo.updateCategory(tx, before.id, values), before.id) : await repo.insertCategory(tx, values);
      await repo.setCategoryParameters(tx, rowId, body.parameter_ids);
      const after = (await repo.category(tx, rowId))!;
      return { value: after, audit: { action: before ? 'category.update' : 'category.create', entity: 'category', entityId: rowId, before, after } };
    });
    return this.category(saved, ctx.origin);
  }

  private async slugOf(db: Executor, asked: string | undefined, name: string, exceptId?: number): Promise<string> {
    if (asked) {
      if (await repo.categorySlugTaken(db, asked.toLowerCase(), exceptId)) throw new Invalid('slug_id', 'Another category already has this slug_id');
      return asked.toLowerCase();
    }
    return uniqueSlug(name, (s) => repo.categorySlugTaken(db, s, exceptId), 'category');
  }

  async deleteCategory(id: number, ctx: RequestContext): Promise<void> {
    await this.write(
      ctx,
      async (tx, batch) => {
        const before = found(await repo.category(tx, id, true), 'Category');
        if (before.properties_count > 0) throw new Conflict(`This category has ${before.properties_count} listings and projects; turn it off instead, so it is hidden from new listings.`);
        await repo.deleteCategory(tx, id);
        batch.removeAfterCommit(before.image);
        return { value: null, audit: { action: 'category.delete', entity: 'category', entityId: id, before } };
      },
      'This category has listings or projects; turn it off instead.',
    );
  }

  // ── Parameters ──

  private parameter = (r: ParameterRow, origin: string): AdminParameter => ({ ...r, type_values: r.type_values ?? [], image: mediaUrl(origin, r.image) }) as AdminParameter;

  async parameters(q: AdminListQuery, ctx: RequestContext) {
    const { rows, total } = await repo.parameters(this.db, q);
    return { rows: rows.map((r) => this.parameter(r, ctx.origin)), total };
  }

  async saveParameter(id: number | null, body: AdminParameterBody, ctx: RequestContext): Promise<AdminParameter> {
    const saved = await this.write(ctx, async (tx, batch) => {
      const before = id === null ? null : found(await repo.parameter(tx, id, true), 'Parameter');
      // Search filters read a coded parameter's values (bedrooms, area…) as numbers.
      if (before?.code && before.type_of_parameter !== body.type_of_parameter) throw new Invalid('type_of_parameter', `The type of ${before.name} is fixed: search filters read its values`);
      const image = await nextImage(batch, 'image', body.image, body.remove_image, before?.image ?? null, 'icon');
      const choices = ['dropdown', 'radiobutton', 'checkbox'].includes(body.type_of_parameter);
      const values = {
        name: body.name,
        typeOfParameter: body.type_of_parameter,
        typeValues: choices ? body.type_values : null,
        image,
        isRequired: body.is_required,
        translations: body.translations,
      };
      const rowId = before ? (await repo.updateParameter(tx, before.id, values), before.id) : await repo.insertParameter(tx, values);
      const after = (await repo.parameter(tx, rowId))!;
      return { value: after, audit: { action: before ? 'parameter.update' : 'parameter.create', entity: 'parameter', entityId: rowId, before, after } };
    });
    return this.parameter(saved, ctx.origin);
  }

  async deleteParameter(id: number, ctx: RequestContext): Promise<void> {
    await this.write(ctx, async (tx, batch) => {
      const before = found(await repo.parameter(tx, id, true), 'Parameter');
      if (before.code) throw new Conflict(`${before.name} is used by the search filters and cannot be removed.`);
      const uses = await repo.parameterUses(tx, id);
      if (uses > 0) throw new Conflict(`${uses} listings have a value for this parameter; take it off their categories instead.`);
      await repo.deleteParameter(tx, id);
      batch.removeAfterCommit(before.image);
      return { value: null, audit: { action: 'parameter.delete', entity: 'parameter', entityId: id, before } };
    });
  }

  // ── Facilities ──

  private facility = (r: FacilityRow, origin: string): AdminFacility => ({ ...r, image: mediaUrl(origin, r.image) });

  async facilities(q: AdminListQuery, ctx: RequestContext) {
    const { rows, total } = await repo.facilities(this.db, q);
    return { rows: rows.map((r) => this.facility(r, ctx.origin)), total };
  }

  async saveFacility(id: number | null, body: AdminFacilityBody, ctx: RequestContext): Promise<AdminFacility> {
    const saved = await this.write(ctx, async (tx, batch) => {
      const before = id === null ? null : found(await repo.facility(tx, id, true), 'Facility');
      const image = await nextImage(batch, 'image', body.image, body.remove_image, before?.image ?? null, 'icon');
      const values = { name: body.name, image, translations: body.translations };
      const rowId = before ? (await repo.updateFacility(tx, before.id, values), before.id) : await repo.insertFacility(tx, values);
      const after = (await repo.facility(tx, rowId))!;
      return { value: after, audit: { action: before ? 'facility.update' : 'facility.create', entity: 'facility', entityId: rowId, before, after } };
    });
    return this.facility(saved, ctx.origin);
  }

  async deleteFacility(id: number, ctx: RequestContext): Promise<void> {
    await this.write(ctx, async (tx, batch) => {
      const before = found(await repo.facility(tx, id, true), 'Facility');
      if (before.properties_count > 0) throw new Conflict(`${before.properties_count} listings show this facility, so it cannot be removed.`);
      await repo.deleteFacility(tx, id);
      batch.removeAfterCommit(before.image);
      return { value: null, audit: { action: 'facility.delete', entity: 'facility', entityId: id, before } };
    });
  }

  // ── Cities ──

  private city = (r: CityRow, origin: string): AdminCity => ({ ...r, image: mediaUrl(origin, r.image) });

  async cities(q: AdminListQuery, ctx: RequestContext) {
    const { rows, total } = await repo.cities(this.db, q);
    return { rows: rows.map((r) => this.city(r, ctx.origin)), total };
  }

  async saveCity(id: number | null, body: AdminCityBody, ctx: RequestContext): Promise<AdminCity> {
    const saved = await this.write(ctx, async (tx, batch) => {
      const before = id === null ? null : found(await repo.city(tx, id, true), 'City');
      if (await repo.cityNameTaken(tx, body.name, before?.id)) throw new Invalid('name', 'A city with this name already exists');
      const image = await nextImage(batch, 'image', body.image, body.remove_image, before?.image ?? null, 'photo');
      const values = { name: body.name, state: body.state, country: body.country, image, latitude: body.latitude ?? null, longitude: body.longitude ?? null };
      const rowId = before ? (await repo.updateCity(tx, before.id, values), before.id) : await repo.insertCity(tx, values);
      const after = (await repo.city(tx, rowId))!;
      return { value: after, audit: { action: before ? 'city.update' : 'city.create', entity: 'city', entityId: rowId, before, after } };
    });
    return this.city(saved, ctx.origin);
  }

  /** A city is a directory entry with a picture (listings keep their own city text), so it may go. */
  async deleteCity(id: number, ctx: RequestContext): Promise<void> {
    await this.write(ctx, async (tx, batch) => {
      const before = found(await repo.city(tx, id, true), 'City');
      await repo.deleteCity(tx, id);
      batch.removeAfterCommit(before.image);
      return { value: null, audit: { action: 'city.delete', entity: 'city', entityId: id, before } };
    });
  }

  // ── Sliders ──

  private slider = (r: SliderRow, origin: string): AdminSlider => ({ ...r, image: mediaUrl(origin, r.image), web_image: mediaUrl(origin, r.web_image) });

  async sliders(q: AdminListQuery, ctx: RequestContext) {
    const { rows, total } = await repo.sliders(this.db, q);
    return { rows: rows.map((r) => this.slider(r, ctx.origin)), total };
  }

  async saveSlider(id: number | null, body: AdminSliderBody, ctx: RequestContext): Promise<AdminSlider> {
    const saved = await this.write(ctx, async (tx, batch) => {
      const before = id === null ? null : found(await repo.slider(tx, id, true), 'Slide');
      const categoryId = body.type === 2 ? body.category_id! : null;
      const propertyId = body.type === 3 ? body.property_id! : null;
      if (categoryId !== null && !(await repo.categoryExists(tx, categoryId))) throw new Invalid('category_id', 'There is no category with this id');
      if (propertyId !== null && !(await repo.propertyExists(tx, propertyId))) throw new Invalid('property_id', 'There is no property with this id');
      const image = await nextImage(batch, 'image', body.image, body.remove_image, before?.image ?? null, 'photo');
      if (!image) throw new Invalid('image', 'A slide needs a picture');
      const webImage = await nextImage(batch, 'web_image', body.web_image, false, before?.web_image ?? null, 'photo');
      const values = {
        type: body.type,
        heading: body.heading,
        subheading: body.subheading,
        translations: body.translations,
        image,
        webImage,
        categoryId,
        propertyId,
        link: body.type === 4 ? body.link! : null,
        showPropertyDetails: body.show_property_details,
        sequence: body.sequence,
        isActive: body.is_active,
      };
      const rowId = before ? (await repo.updateSlider(tx, before.id, values), before.id) : await repo.insertSlider(tx, values);
      const after = (await repo.slider(tx, rowId))!;
      return { value: after, audit: { action: before ? 'slider.update' : 'slider.create', entity: 'slider', entityId: rowId, before, after } };
    });
    return this.slider(saved, ctx.origin);
  }

  async deleteSlider(id: number, ctx: RequestContext): Promise<void> {
    await this.write(ctx, async (tx, batch) => {
      const before = found(await repo.slider(tx, id, true), 'Slide');
      await repo.deleteSlider(tx, id);
      batch.removeAfterCommit(before.image, before.web_image);
      return { value: null, audit: { action: 'slider.delete', entity: 'slider', entityId: id, before } };
    });
  }

  // ── Report reasons ──

  reportReasons(q: AdminListQuery) {
    return repo.reportReasons(this.db, q);
  }

  async saveReportReason(id: number | null, body: AdminReportReasonBody, ctx: RequestContext): Promise<AdminReportReason> {
    return this.write(ctx, async (tx) => {
      const before: ReportReasonRow | null = id === null ? null : found(await repo.reportReason(tx, id, true), 'Report reason');
      const rowId = before ? (await repo.updateReportReason(tx, before.id, body.reason), before.id) : await repo.insertReportReason(tx, body.reason);
      const after = (await repo.reportReason(tx, rowId))!;
      return { value: after, audit: { action: before ? 'report_reason.update' : 'report_reason.create', entity: 'report_reason', entityId: rowId, before, after } };
    });
  }

  async deleteReportReason(id: number, ctx: RequestContext): Promise<void> {
    await this.write(ctx, async (tx) => {
      const before = found(await repo.reportReason(tx, id, true), 'Report reason');
      if (before.reports_count > 0) throw new Conflict(`${before.reports_count} reports give this reason, so it cannot be removed; rename it instead.`);
      await repo.deleteReportReason(tx, id);
      return { value: null, audit: { action: 'report_reason.delete', entity: 'report_reason', entityId: id, before } };
    });
  }
}
