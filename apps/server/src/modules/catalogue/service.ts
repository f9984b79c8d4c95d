import type { Category, City, Facility, Parameter } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { SettingsService } from '../settings/service.ts';
import { Localizer, type CatalogueTranslations } from './localizer.ts';
import { type CardCatalogue, catalogueRepository, cityRepository } from './repository.ts';

type ParameterRow = Awaited<ReturnType<typeof catalogueRepository.filterParameters>>[number];

const toParameter = (p: ParameterRow, origin: string, loc: Localizer): Parameter => ({
  id: p.id,
  name: loc.parameter(p.id, p.name),
  type_of_parameter: p.typeOfParameter,
  type_values: p.typeValues ?? null,
  image: mediaUrl(origin, p.image),
  is_required: p.isRequired ? 1 : 0,
});

// Catalogue names change rarely; another instance's change shows up here within this time.
const TRANSLATIONS_MS = 30_000;

export class CatalogueService {
  private readonly translations = new TtlCache<CatalogueTranslations>(TRANSLATIONS_MS, 1);
  private readonly cardNames = new TtlCache<CardCatalogue>(TRANSLATIONS_MS, 1);

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** Names of the catalogue in the caller's language (`ctx.lang`, else the site's default). */
  async localizer(ctx: RequestContext): Promise<Localizer> {
    const [names, settings] = await Promise.all([
      this.translations.getOrLoad('all', async () => {
        const names: CatalogueTranslations = { categories: new Map(), parameters: new Map(), facilities: new Map() };
        for (const row of await catalogueRepository.translations(this.db)) names[row.kind].set(row.id, row.translations);
        return names;
      }),
      this.settings.values(),
    ]);
    return new Localizer(ctx.lang ?? settings.default_language, names);
  }

  /** After an operator edits the catalogue (names, pictures, a category's parameters). */
  forgetCatalogue(): void {
    this.translations.clear();
    this.cardNames.clear();
  }

  /** What listings' cards name their parameters and facilities with (properties/repository.ts `named`). */
  cardCatalogue(): Promise<CardCatalogue> {
    return this.cardNames.getOrLoad('all', () => catalogueRepository.cardCatalogue(this.db));
  }

  async categories(q: { search?: string; has_property?: boolean; limit: number; offset: number }, ctx: RequestContext): Promise<{ data: Category[]; total: number }> {
    const { rows, total } = await catalogueRepository.categories(this.db, { search: q.search, hasProperty: q.has_property, limit: q.limit, offset: q.offset });
    const [params, loc] = await Promise.all([catalogueRepository.parametersOfCategories(this.db, rows.map((r) => r.id)), this.localizer(ctx)]);
    const data = rows.map((c) => ({
      id: c.id,
      category: loc.category(c.id, c.category),
      slug_id: c.slugId,
      image: mediaUrl(ctx.origin, c.image),
      parameter_types: params.filter((p) => p.categoryId === c.id).map((p) => toParameter(p, ctx.origin, loc)),
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
    const [rows, total, loc] = await Promise.all([catalogueRepository.facilities(this.db, q), catalogueRepository.facilitiesCount(this.db), this.localizer(ctx)]);
    return { data: rows.map((f) => ({ id: f.id, name: loc.facility(f.id, f.name), image: mediaUrl(ctx.origin, f.image) })), total };
  }

  async filterParameters(ctx: RequestContext): Promise<Parameter[]> {
    const [rows, loc] = await Promise.all([catalogueRepository.filterParameters(this.db), this.localizer(ctx)]);
    return rows.map((p) => toParameter(p, ctx.origin, loc));
  }

  async cities(q: { limit: number; offset: number }, ctx: RequestContext): Promise<{ data: City[]; total: number }> {
    const [rows, total] = await Promise.all([cityRepository.withCounts(this.db, q), cityRepository.count(this.db)]);
    return { data: rows.map((c) => ({ City: c.name, Count: c.n, image: mediaUrl(ctx.origin, c.image) })), total };
  }
}
