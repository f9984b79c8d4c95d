import type { Category, City, Facility, Parameter } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { catalogueRepository, cityRepository } from './repository.ts';

type ParameterRow = Awaited<ReturnType<typeof catalogueRepository.filterParameters>>[number];

const toParameter = (p: ParameterRow, origin: string): Parameter => ({
  id: p.id,
  name: p.name,
  type_of_parameter: p.typeOfParameter,
  type_values: p.typeValues ?? null,
  image: mediaUrl(origin, p.image),
  is_required: p.isRequired ? 1 : 0,
});

export class CatalogueService {
  constructor(private readonly db: Database) {}

  async categories(q: { search?: string; has_property?: boolean; limit: number; offset: number }, ctx: RequestContext): Promise<{ data: Category[]; total: number }> {
    const { rows, total } = await catalogueRepository.categories(this.db, { search: q.search, hasProperty: q.has_property, limit: q.limit, offset: q.offset });
    const params = await catalogueRepository.parametersOfCategories(this.db, rows.map((r) => r.id));
    const data = rows.map((c) => ({
      id: c.id,
      category: c.category,
      slug_id: c.slugId,
      image: mediaUrl(ctx.origin, c.image),
      parameter_types: params.filter((p) => p.categoryId === c.id).map((p) => toParameter(p, ctx.origin)),
      properties_count: c.propertiesCount,
      meta_title: c.metaTitle,
      meta_description: c.metaDescription,
      meta_keywords: c.metaKeywords,
      meta_image: mediaUrl(ctx.origin, c.metaImage ?? c.image),
    }));
    return { data, total };
  }

  async categoryIdBySlug(slugId: string): Promise<number> {
    const id = await catalogueRepository.categoryIdBySlug(this.db, slugId);
    if (id === null) throw new NotFound('Category not found');
    return id;
  }

  async facilities(q: { limit: number; offset: number }, ctx: RequestContext): Promise<{ data: Facility[]; total: number }> {
    const [rows, total] = await Promise.all([catalogueRepository.facilities(this.db, q), catalogueRepository.facilitiesCount(this.db)]);
    return { data: rows.map((f) => ({ id: f.id, name: f.name, image: mediaUrl(ctx.origin, f.image) })), total };
  }

  async filterParameters(ctx: RequestContext): Promise<Parameter[]> {
    const rows = await catalogueRepository.filterParameters(this.db);
    return rows.map((p) => toParameter(p, ctx.origin));
  }

  async cities(q: { limit: number; offset: number }, ctx: RequestContext): Promise<{ data: City[]; total: number }> {
    const [rows, total] = await Promise.all([cityRepository.withCounts(this.db, q), cityRepository.count(this.db)]);
    return { data: rows.map((c) => ({ City: c.name, Count: c.n, image: mediaUrl(ctx.origin, c.image) })), total };
  }
}
