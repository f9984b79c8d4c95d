import type { GetPropertyQuery, PriceChange, PropertyCard, PropertyDetail, PropertyListQuery, PropertyMapQuery, PropertySort } from '@estate/core';
import { MAP_CLUSTER_BATCH_SIZE, MAX_COUNTED_RESULTS } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { IdMemo } from '../../platform/id-memo.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { Localizer } from '../catalogue/localizer.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { PackageService } from '../packages/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { cardJson, cardPartsFor, mapPointJson, toPremiumTeaser, toPriceChanges, toPropertyCard, toPropertyDetail } from './presenter.ts';
import { propertyOwnerRepository } from './owner-repository.ts';
import { propertyRepository, type CardRow, type DetailRow, type MapPointRow, type PropertyFilters } from './repository.ts';
import { SearchIndex } from './search-index.ts';
import { ViewCounter } from './view-counter.ts';

// One row of cards on the detail page; every extra card adds ~4 KB to each detail answer.
export const SIMILAR_LIMIT = 4;

const ANSWER_HEAD = '{"error":false,"message":"Data fetched successfully","data":[';
const ANSWER_HEAD_BYTES = Buffer.from(ANSWER_HEAD);

/**
 * `${ANSWER_HEAD}${parts.join(',')}${tail}` as UTF-8, each part encoded where it goes. Joined first,
 * one card with a character beyond Latin-1 (an en dash in an address) made the whole answer a
 * two-byte string, copied and then encoded the slow way: 53 µs of a distinct search's main thread
 * in the profile (4 %), against half that written part by part (issue 12).
 */
function answerBytes(parts: string[], tail: string): Buffer {
  let size = ANSWER_HEAD_BYTES.length + Buffer.byteLength(tail) + Math.max(0, parts.length - 1);
  for (const part of parts) size += Buffer.byteLength(part);
  const out = Buffer.allocUnsafe(size);
  let at = ANSWER_HEAD_BYTES.copy(out, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i) out[at++] = 0x2c; // ,
    at += out.write(parts[i], at);
  }
  at += out.write(tail, at);
  // Sized exactly (UTF-8's length of each part is what writing it takes); were it ever not, no
  // byte of the unfilled buffer may go out.
  return at === size ? out : out.subarray(0, at);
}

/** `ok(markers, 'Data fetched successfully', { total, truncated })` around markers' comma-joined JSON: its head and tail. */
const mapTail = (count: number, truncated: boolean) => `],"total":${count},"truncated":${truncated}}`;
const mapEnvelope = (count: number, truncated: boolean): [Buffer, Buffer] => [ANSWER_HEAD_BYTES, Buffer.from(mapTail(count, truncated))];

/**
 * Public reads are memoised for `cacheSeconds` (PUBLIC_CACHE_SECONDS): result pages and totals
 * per filter set, listings per slug. What is personal — favourites, interest, blocks, premium
 * access — is always read fresh for the viewer; views are counted per request (buffered).
 */
export class PropertyService {
  private readonly counts: TtlCache<number>;
  private readonly pages: TtlCache<number[]>;
  private readonly points: TtlCache<MapPointRow[]>;
  private readonly featuredIds: TtlCache<number[]>;
  private readonly details: TtlCache<{ row: DetailRow | null; similar: CardRow[]; written: number; prices: PriceChange[] }>;
  /** Cards' rows by id, for the public cache's lifetime (pages' loaders and the homepage). */
  private readonly cardMemo: IdMemo<CardRow> | null;
  /** Each card as a visitor gets it, for the row, origin and names it was made from (a new row for the id makes it again). */
  private readonly cardOut: IdMemo<{ row: CardRow; origin: string; loc: Localizer; card: PropertyCard }> | null;
  /**
   * A visitor's card as JSON text, for the origin and names it was made from (`listJson`). Text
   * only, not the row and card objects it was made from: distinct searches kept 80,000 of those
   * (≈ 300 MB of small objects), and every full garbage collection marked them all (decision 20).
   */
  private readonly cardTexts: IdMemo<{ id: number; origin: string; loc: Localizer; json: string }> | null;
  /** Each marker's JSON, for the row it was made from (a new row for the id makes it again). */
  private readonly pointJson: IdMemo<{ row: MapPointRow; origin: string; json: string }> | null;
  /** The search's filters and orders in memory, when on (decision 13); searches it cannot answer go to SQL. */
  readonly index: SearchIndex | null;
  readonly views: ViewCounter;
  /** A logged-in user opened a listing not their own (recommendations learn from it); set by the app. */
  onViewerView: ((userId: number, propertyId: number) => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly catalogue: CatalogueService,
    private readonly packages: PackageService,
    cacheSeconds = 0,
    opts: { searchIndex?: boolean; origin?: string } = {},
  ) {
    const ttl = cacheSeconds * 1000;
    // Totals are cheap to be a little stale and costly to count: keep them at least 15 s.
    this.counts = new TtlCache(cacheSeconds > 0 ? Math.max(ttl, 15_000) : 0, 5000);
    this.pages = new TtlCache(ttl, 5000);
    this.points = new TtlCache(ttl, 500);
    this.featuredIds = new TtlCache(ttl, 5000);
    this.details = new TtlCache(ttl, 5000);
    this.cardMemo = ttl > 0 ? new IdMemo(ttl, 40_000) : null;
    this.cardOut = ttl > 0 ? new IdMemo(ttl, 40_000) : null;
    this.cardTexts = ttl > 0 ? new IdMemo(ttl, 40_000) : null;
    this.pointJson = ttl > 0 ? new IdMemo(ttl, 200_000) : null;
    this.index = opts.searchIndex ? new SearchIndex(db, { staleMs: ttl, origin: opts.origin }) : null;
    // It forgets a listing's count well after any cached row of it is gone.
    this.views = new ViewCounter(db, 2000, () => {}, Math.max(120_000, 4 * ttl));
  }

  /** Forgets the memoised public reads: a write changed what they show (platform/page-cache). */
  forgetPublicReads(): void {
    for (const memo of [this.counts, this.pages, this.points, this.details, this.featuredIds, this.cardMemo, this.cardOut, this.cardTexts, this.pointJson]) memo?.clear();
    // Cards are named from the catalogue: an operator's change on another instance reaches here this way.
    this.catalogue.forgetCatalogue();
    this.index?.poke();
  }

  /**
   * `get-property-list` (spec §7): every filter, sorting and pagination. Featured listings are not
   * mixed in, so pages keep their order and never overlap; a client shows them first by asking the
   * same search with `promoted=1` (the web app's results page does), which is found from the few
   * live advertisements by their index rather than by testing every listing.
   */
  list(query: PropertyListQuery, ctx: RequestContext): Promise<{ data: PropertyCard[]; total: number }> {
    return this.listOf(query, (ids) => this.cardsByIds(ids, ctx));
  }

  /** `list` with the page's listed cards made by `cardsOf` (objects, or their JSON text). */
  private async listOf<C>(query: PropertyListQuery, cardsOf: (ids: number[]) => Promise<C[]>): Promise<{ data: C[]; total: number }> {
    const filters = await this.searchFilters(query);
    if (filters.promoted && query.offset === 0) {
      const ids = await this.featuredIds.getOrLoad(JSON.stringify([filters, query.limit]), () => propertyRepository.featuredIds(this.db, filters, query.limit));
      // Fewer than a page: that is all of them, no count needed.
      if (ids.length < query.limit) return { data: await cardsOf(ids), total: ids.length };
    }
    const sort: PropertySort = query.sort_by ?? (query.most_viewed ? 'most_viewed' : query.most_liked ? 'most_liked' : 'newest');
    return this.page(filters, sort, query.limit, query.offset, cardsOf);
  }

  /**
   * `list`'s answer, `ok(cards, 'Data fetched successfully', { total })`, as JSON bytes: a
   * visitor's card is kept as its JSON text, so a distinct search writes its page without making
   * or stringifying twelve cards again, and the bytes go to the public cache and the compressor as
   * they are.
   */
  async listJson(query: PropertyListQuery, ctx: RequestContext): Promise<Buffer> {
    const { data, total } = await this.listOf(query, (ids) =>
      ctx.viewer || !this.cardTexts ? this.cardsByIds(ids, ctx).then((cards) => cards.map((card) => JSON.stringify(card))) : this.visitorCardJson(ids, ctx),
    );
    return answerBytes(data, `],"total":${total}}`);
  }

  /**
   * Listed listings' cards as a visitor gets them, as JSON text, in the order of `ids`: those kept
   * for this origin and these names, the rest read and made (and kept). Their rows are read
   * without the row memo: only the text is kept.
   */
  private async visitorCardJson(ids: number[], ctx: RequestContext): Promise<string[]> {
    const loc = await this.catalogue.localizer(ctx);
    const kept = await keptByIds(
      ids,
      this.cardTexts,
      async (missing) => {
        const catalogue = await this.catalogue.cardCatalogue();
        const parts = cardPartsFor(catalogue, ctx.origin, loc);
        return (await propertyRepository.cardsByIds(this.db, missing, catalogue)).map((row) => ({ id: row.id, origin: ctx.origin, loc, json: cardJson(row, ctx.origin, loc, parts) }));
      },
      (card) => card.origin === ctx.origin && card.loc.namesAs(loc),
    );
    return kept.map((card) => card.json);
  }

  /**
   * `get-property-map-points` (ours, for the web app's map): every listing the same search finds,
   * up to the spec's map batch (MAP_CLUSTER_BATCH_SIZE), newest first, as markers in
   * `ok(markers, …, { total, truncated })`, made as JSON bytes: a map answer is up to
   * 2,000 markers (≈ 0.5 MB). The search index keeps every marker's JSON (marker-store.ts) and
   * answers with them joined; a search it cannot answer makes each marker's JSON from its row, kept
   * by id.
   */
  async mapPointsJson(query: PropertyMapQuery, ctx: RequestContext): Promise<Buffer> {
    const filters = await this.searchFilters(query);
    // The index writes its markers' bytes into the answer itself (half a megabyte not copied again).
    const kept = this.index ? await this.index.mapMarkers(filters, MAP_CLUSTER_BATCH_SIZE, ctx.origin, mapEnvelope) : null;
    if (kept) return kept.json;
    const rows = await this.mapRows(filters);
    const shown = rows.slice(0, MAP_CLUSTER_BATCH_SIZE);
    const parts = shown.map((r) => {
      const memo = this.pointJson?.get(r.id);
      if (memo && memo.row === r && memo.origin === ctx.origin) return memo.json;
      const json = mapPointJson(r, ctx.origin);
      this.pointJson?.set(r.id, { row: r, origin: ctx.origin, json });
      return json;
    });
    return answerBytes(parts, mapTail(shown.length, rows.length > MAP_CLUSTER_BATCH_SIZE));
  }

  private async mapRows(filters: PropertyFilters): Promise<MapPointRow[]> {
    // One more than the batch tells whether the map shows them all.
    return this.points.getOrLoad(JSON.stringify(filters), () => propertyRepository.mapPoints(this.db, filters, MAP_CLUSTER_BATCH_SIZE + 1));
  }

  /** What `get-property-list` and the map's markers filter on. */
  private async searchFilters(query: PropertyMapQuery): Promise<PropertyFilters> {
    return {
      ...(await this.commonFilters(query)),
      promoted: query.promoted,
      parameterId: query.parameter_id,
      facilityIds: query.facility_ids,
      bedrooms: query.bedrooms,
      bathrooms: query.bathrooms,
      livingRooms: query.living_rooms,
      floors: query.floors,
      isPremium: query.is_premium,
      bbox: query.bbox,
      polygon: query.polygon,
      circle:
        query.latitude !== undefined && query.longitude !== undefined && query.radius !== undefined
          ? { latitude: query.latitude, longitude: query.longitude, radiusKm: query.radius }
          : undefined,
    };
  }

  /** `get_property`: one listing (by id or slug) with similar ones, or the older list filters. */
  async get(query: GetPropertyQuery, ctx: RequestContext) {
    if (query.id !== undefined || query.slug_id !== undefined) {
      try {
        return await this.detail({ id: query.id, slugId: query.slug_id }, ctx);
      } catch (err) {
        // A listing whose title changed answers its old slug too; the answer carries the new one (the web app redirects).
        const moved = err instanceof NotFound && query.id === undefined && query.slug_id ? await propertyOwnerRepository.redirectedSlug(this.db, query.slug_id) : null;
        if (!moved) throw err;
        return this.detail({ slugId: moved }, ctx);
      }
    }
    const filters: PropertyFilters = {
      ...(await this.commonFilters(query)),
      promoted: query.promoted || query.users_promoted,
      ownerId: query.userid,
    };
    const sort: PropertySort = query.top_rated ? 'most_viewed' : query.most_liked ? 'most_liked' : 'newest';
    const page = await this.page(filters, sort, query.limit, query.offset, (ids) => this.cardsByIds(ids, ctx));
    return { data: page.data, total: page.total, similar_properties: [] as PropertyCard[], total_clicks: 0, countView: undefined };
  }

  /** The filters `get-property-list` and the list form of `get_property` share. */
  private async commonFilters(query: PropertyMapQuery | GetPropertyQuery): Promise<PropertyFilters> {
    return {
      propertyType: query.property_type,
      categoryId: query.category_slug_id ? await this.catalogue.categoryIdBySlug(query.category_slug_id) : query.category_id,
      city: query.city,
      state: query.state,
      country: query.country,
      minPrice: query.min_price,
      maxPrice: query.max_price,
      postedSince: query.posted_since,
      search: query.search,
    };
  }

  async nearby(q: { city?: string; state?: string; type?: number; limit: number; offset: number }, ctx: RequestContext) {
    return this.page({ city: q.city, state: q.city ? undefined : q.state, propertyType: q.type }, 'newest', q.limit, q.offset, (ids) => this.cardsByIds(ids, ctx));
  }

  /** An owner's listed properties, newest first (null = the platform's own). */
  byOwner(ownerId: number | null, limit: number, offset: number, ctx: RequestContext) {
    return this.page({ ownerId }, 'newest', limit, offset, (ids) => this.cardsByIds(ids, ctx));
  }

  async section(filters: PropertyFilters, sort: PropertySort, limit: number, ctx: RequestContext): Promise<PropertyCard[]> {
    const { ids } = await this.pageIds(filters, sort, limit, 0, 0);
    return this.cards(await this.cardRows(ids), ctx);
  }

  private async page<C>(filters: PropertyFilters, sort: PropertySort, limit: number, offset: number, cardsOf: (ids: number[]) => Promise<C[]>): Promise<{ data: C[]; total: number }> {
    const found = await this.pageIds(filters, sort, limit, offset, MAX_COUNTED_RESULTS);
    const data = await cardsOf(found.ids);
    // A page that is not full ends the results: its cards give the total, no count needed (narrow
    // searches are the costly ones to count). An empty page past the end proves nothing.
    const isLast = data.length < limit && (data.length > 0 || offset === 0);
    const total = isLast ? offset + data.length : (found.total ?? (await this.counts.getOrLoad(JSON.stringify(filters), () => propertyRepository.count(this.db, filters))));
    // A page beyond the counted 1,000 raises the total to what it shows.
    return { data, total: data.length ? Math.max(total, offset + data.length) : total };
  }

  /**
   * A page of results as ids: from the in-memory index with its capped count when it holds the
   * filters, else from SQL's indexes alone (memoised per filter set; the count comes separately).
   * The page's cards then come by primary key.
   */
  private async pageIds(filters: PropertyFilters, sort: PropertySort, limit: number, offset: number, countCap: number): Promise<{ ids: number[]; total?: number }> {
    const indexed = this.index ? await this.index.page(filters, sort, limit, offset, countCap) : null;
    if (indexed) return indexed;
    return { ids: await this.pages.getOrLoad(JSON.stringify([filters, sort, limit, offset]), () => propertyRepository.searchIds(this.db, filters, { sort, limit, offset })) };
  }

  /** Listed listings as cards for the viewer, in the order of `ids` (homepage's recommendations). */
  async cardsByIds(ids: number[], ctx: RequestContext): Promise<PropertyCard[]> {
    return ids.length ? this.cards(await this.cardRows(ids), ctx) : [];
  }

  /** Listed cards by id, in the order given. */
  private cardRows(ids: number[]): Promise<CardRow[]> {
    return keptByIds(ids, this.cardMemo, async (missing) => propertyRepository.cardsByIds(this.db, missing, await this.catalogue.cardCatalogue()));
  }

  /**
   * Cards with the viewer's own favourites marked. A visitor's card (no favourites) is kept with
   * the row it was made from, for pages' loaders and the homepage, whose few pages recur (the API's
   * list answer keeps its cards as text instead: `visitorCardJson`). Cards are shared: nothing may
   * change one.
   */
  private async cards(rows: CardRow[], ctx: RequestContext): Promise<PropertyCard[]> {
    const [favourites, loc] = await Promise.all([
      ctx.viewer ? propertyRepository.favouriteIds(this.db, ctx.viewer.id, rows.map((r) => r.id)) : null,
      this.catalogue.localizer(ctx),
    ]);
    if (favourites) return rows.map((r) => loc.card(toPropertyCard({ ...r, is_favourite: favourites.has(r.id) }, ctx.origin)));
    return rows.map((r) => {
      const kept = this.cardOut?.get(r.id);
      if (kept && kept.row === r && kept.origin === ctx.origin && kept.loc.namesAs(loc)) return kept.card;
      const card = loc.card(toPropertyCard(r, ctx.origin));
      this.cardOut?.set(r.id, { row: r, origin: ctx.origin, loc, card });
      return card;
    });
  }

  private async detail(by: { id?: number; slugId?: string }, ctx: RequestContext) {
    const viewerId = ctx.viewer?.id ?? null;
    const { row: shared, similar, written, prices } = await this.details.getOrLoad(JSON.stringify(by), async () => {
      // Views written before this read are in the row's total; later ones are added below.
      const writtenBefore = by.id !== undefined ? this.views.writtenFor(by.id) : 0;
      const names = await this.catalogue.cardCatalogue();
      const found = await propertyRepository.findDetail(this.db, by, null, names);
      // The listings near it (its price history came with the row).
      const near = found ? await propertyRepository.similar(this.db, { id: found.id, categoryId: found.category_id, latitude: found.latitude, longitude: found.longitude }, SIMILAR_LIMIT, null, names) : [];
      return {
        row: found,
        similar: near,
        written: found && by.id === undefined ? this.views.writtenFor(found.id) : writtenBefore,
        prices: found ? toPriceChanges(found) : [],
      };
    });
    const row = shared && viewerId !== null ? { ...shared, is_favourite: (await propertyRepository.favouriteIds(this.db, viewerId, [shared.id])).has(shared.id) } : shared;
    const isOwner = row !== null && viewerId !== null && row.owner_id === viewerId;
    const isAdmin = ctx.viewer?.role === 'admin';
    // Unlisted (pending, rejected, inactive) listings are visible to their owner and admins only.
    const isListed = row !== null && row.status === 1 && row.request_status === 'approved';
    if (!row || (!isListed && !isOwner && !isAdmin)) throw new NotFound('Property not found');
    // A premium listing answers everyone, but only the entitled see all of it (spec §4).
    const { access, unlockEndsAt } =
      !row.is_premium || isOwner || isAdmin
        ? { access: 'granted' as const, unlockEndsAt: null }
        : viewerId === null
          ? { access: 'none' as const, unlockEndsAt: null }
          : await this.packages.premiumOpening(viewerId, row.id);
    const isEntitled = access === 'granted';

    if (!isOwner) this.views.add(row.id);
    if (!isOwner && viewerId !== null) this.onViewerView?.(viewerId, row.id);
    const [company, flags, similarCards, loc] = await Promise.all([
      this.settings.company(ctx.origin),
      viewerId === null ? undefined : propertyRepository.viewerFlags(this.db, row.id, row.owner_id, viewerId),
      this.cards(similar, ctx),
      this.catalogue.localizer(ctx),
    ]);
    // The (possibly cached) row's total plus what this process counted since, this visit included.
    const seen = row.total_click + this.views.countedSince(row.id, written);
    const full = { ...loc.card(toPropertyDetail({ ...row, total_click: seen }, ctx.origin, company, flags)), price_history: prices };
    // "limited": the viewer's 24-hour unlock is for another listing (spec §8 Access Limited).
    // Opened through the viewer's 24-hour unlock: when it ends, so the page can say so.
    const detail: PropertyDetail = isEntitled
      ? unlockEndsAt
        ? { ...full, premium_unlock_expires_at: unlockEndsAt }
        : full
      : { ...toPremiumTeaser(full), premium_access_limited: access === 'limited' };
    const propertyId = row.id;
    return {
      data: [detail],
      total: 1,
      similar_properties: similarCards,
      total_clicks: detail.total_view,
      /** Counts one more visit; for answers served again from the response cache. */
      countView: isOwner ? undefined : () => this.views.add(propertyId),
    };
  }

  /**
   * Listed listings in full for the viewer, in the order of `ids` (unlisted ones are left out):
   * the viewer's flags, and a premium listing as its teaser unless the viewer is entitled to it.
   * No views are counted: this is a list, not a visit.
   */
  async listedDetails(ids: number[], ctx: RequestContext): Promise<PropertyDetail[]> {
    const viewerId = ctx.viewer?.id ?? null;
    const rows = await propertyRepository.findListedDetails(this.db, ids, viewerId, await this.catalogue.cardCatalogue());
    if (!rows.length) return [];
    const [company, loc] = await Promise.all([this.settings.company(ctx.origin), this.catalogue.localizer(ctx)]);
    return Promise.all(
      rows.map(async (row) => {
        const isOwner = viewerId !== null && row.owner_id === viewerId;
        const flags = viewerId === null ? undefined : await propertyRepository.viewerFlags(this.db, row.id, row.owner_id, viewerId);
        // A list is not a visit: it never spends a unit to unlock a listing.
        const isEntitled = !row.is_premium || isOwner || ctx.viewer?.role === 'admin' || (viewerId !== null && (await this.packages.premiumAccess(viewerId, row.id, false)) === 'granted');
        const full = loc.card(toPropertyDetail(row, ctx.origin, company, flags));
        return isEntitled ? full : toPremiumTeaser(full);
      }),
    );
  }


}

/**
 * Rows by id in the order of `ids`: those `memo` keeps (and `fits`, when given), the rest loaded
 * (and kept); ids not found are left out.
 */
async function keptByIds<R extends { id: number }>(ids: number[], memo: IdMemo<R> | null, load: (missing: number[]) => Promise<R[]>, fits?: (kept: R) => boolean): Promise<R[]> {
  const byId = new Map<number, R>();
  const missing: number[] = [];
  for (const id of ids) {
    const kept = memo?.get(id);
    if (kept && (!fits || fits(kept))) byId.set(id, kept);
    else missing.push(id);
  }
  for (const row of missing.length ? await load(missing) : []) {
    byId.set(row.id, row);
    memo?.set(row.id, row);
  }
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}
