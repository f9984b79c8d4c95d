import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { properties, propertyFacilities, propertyImages, propertyParameters } from '../db/schema/index.ts';
import type { Category, City } from './assets/market-data.ts';
import type { Rng } from './assets/random.ts';
import { askingPrice, pickArea, type ListingPlan } from './market-model.ts';
import type { ImagePool } from './images.ts';

/** What the listing generator needs to know about the market, by database id. */
export interface ListingMarket {
  cities: City[];
  categories: (Category & { id: number; parameterIds: number[] })[];
  parameters: Map<number, { name: string; code: string | null; type: string; values: string[] | null }>;
  facilities: { id: number; name: string; distanceKm: [number, number]; isCoastalOnly: boolean }[];
  /** Owners to draw from; null is the platform itself. */
  owners: (number | null)[];
  composeTitle(rng: Rng, c: { category: string; bedrooms: number | null; locality: string; city: string; forRent: boolean }): string;
  composeDescription(
    rng: Rng,
    c: {
      category: string;
      bedrooms: number | null;
      bathrooms: number | null;
      locality: string;
      city: string;
      forRent: boolean;
      area: number;
      furnishing: string | null;
      facing: string | null;
      floorNumber: number | null;
      amenities: string[];
      nearby: { name: string; distanceKm: number }[];
    },
  ): string;
}

const DAY = 86_400_000;

/** A number parameter's value that agrees with the listing's kind, rooms and size. */
function numberFor(rng: Rng, name: string, ctx: { category: Category; bedrooms: number; area: number }): string {
  const n = name.toLowerCase();
  const { category, bedrooms, area } = ctx;
  const kind = category.illustration;
  if (n.includes('bedroom')) return String(bedrooms);
  // Every bedroom has its own bath in bigger homes; small flats share one.
  if (n.includes('bathroom')) return String(bedrooms <= 1 ? 1 : bedrooms + rng.int(-1, bedrooms >= 3 ? 1 : 0));
  if (n.includes('living')) return String(bedrooms >= 4 ? 2 : 1);
  if (n.includes('carpet')) return String(Math.round((area * rng.float(0.7, 0.8)) / 5) * 5);
  if (n.includes('plot area')) {
    // Land in sq yd: the plot itself, a farm of 1–4 acres, or a house's footprint with its garden.
    if (kind === 'plot') return String(Math.round(area / 9));
    if (kind === 'farmhouse') return String(Math.round(rng.float(1, 4) * 4840));
    return String(Math.round((area / (kind === 'villa' ? 2 : 1.5)) * rng.float(1.2, 1.8) / 9));
  }
  if (n.includes('area')) return String(area);
  if (n.includes('floor number')) return String(kind === 'penthouse' ? rng.int(14, 42) : kind === 'shop' ? rng.int(0, 1) : rng.int(0, kind === 'office' ? 20 : 24));
  if (n.includes('floor')) return String(kind === 'villa' ? rng.int(2, 3) : kind === 'farmhouse' ? rng.int(1, 2) : rng.int(1, 3));
  if (n.includes('balcon')) return String(rng.int(bedrooms > 1 ? 1 : 0, Math.min(3, bedrooms)));
  if (n.includes('washroom')) return String(kind === 'shop' ? 1 : Math.max(1, Math.round(area / (kind === 'warehouse' ? 10_000 : 1_200))));
  if (n.includes('ceiling')) return String(kind === 'warehouse' ? rng.int(24, 40) : rng.int(10, 14));
  return String(rng.int(1, 5));
}

/** Deterministic, plausible listings; the same seed and plan give the same market. */
export function generateListing(rng: Rng, market: ListingMarket, plan: ListingPlan, now: number) {
  const city = market.cities[plan.city];
  const locality = rng.pick(city.localities);
  const category = market.categories[plan.category];
  const { forRent } = plan;
  const bedrooms = plan.bedrooms ?? 0;
  const area = pickArea(rng, category, plan.bedrooms);
  const rentduration = forRent ? rng.pick(category.rentDurations) : null;
  const price = askingPrice(rng, { city, locality, category, area, rentduration });
  const age = rng.chance(0.04) ? rng.float(0, 0.9) * DAY : rng.chance(0.1) ? rng.float(1, 7) * DAY : rng.float(7, 200) * DAY;
  const createdAt = new Date(now - age);
  const roll = plan.isCoverage ? 0 : rng.next();
  const requestStatus = roll < 0.9 ? ('approved' as const) : roll < 0.96 ? ('pending' as const) : ('rejected' as const);
  const values = new Map<number, string>();
  for (const parameterId of category.parameterIds) {
    const p = market.parameters.get(parameterId)!;
    if (p.type === 'number') values.set(parameterId, numberFor(rng, p.name, { category, bedrooms: Math.max(bedrooms, 1), area }));
    else if (p.type === 'checkbox') values.set(parameterId, rng.sample(p.values ?? [], rng.int(2, 5)).join(','));
    else if (p.values?.length) values.set(parameterId, rng.pick(p.values));
    else values.set(parameterId, 'Yes');
  }
  const coded = (code: string) => {
    for (const [id, value] of values) if (market.parameters.get(id)?.code === code) return Number(value);
    return null;
  };
  const latitude = Number((locality.latitude + rng.float(-0.012, 0.012)).toFixed(6));
  const longitude = Number((locality.longitude + rng.float(-0.012, 0.012)).toFixed(6));
  const titleCtx = { category: category.name, bedrooms: category.bedrooms ? bedrooms : null, locality: locality.name, city: city.name, forRent };
  const named = (prefix: string) => {
    for (const [id, value] of values) if (market.parameters.get(id)?.name.toLowerCase().startsWith(prefix)) return value;
    return null;
  };
  const facilities = rng
    .sample(market.facilities.filter((f) => city.isCoastal || !f.isCoastalOnly), rng.int(3, 6))
    .map((f) => ({ facilityId: f.id, name: f.name, distance: Number(rng.float(f.distanceKm[0], f.distanceKm[1]).toFixed(1)) }));
  const description = market.composeDescription(rng, {
    ...titleCtx,
    area,
    bathrooms: coded('bathrooms'),
    furnishing: named('furnishing'),
    facing: named('facing'),
    floorNumber: named('floor number') === null ? null : Number(named('floor number')),
    amenities: named('amenities')?.split(',') ?? [],
    nearby: facilities.map((f) => ({ name: f.name, distanceKm: f.distance })),
  });
  return {
    row: {
      title: market.composeTitle(rng, titleCtx),
      description,
      price: String(price),
      categoryId: category.id,
      propertyType: forRent ? 1 : 0,
      rentduration,
      address: city.state === city.name ? `${locality.name}, ${city.name}` : `${locality.name}, ${city.name}, ${city.state}`,
      clientAddress: rng.chance(0.5) ? `${rng.int(1, 400)}, ${locality.name}` : null,
      city: city.name,
      state: city.state,
      country: city.country,
      latitude,
      longitude,
      isPremium: rng.chance(0.08),
      status: plan.isCoverage || rng.chance(0.97) ? 1 : 0,
      requestStatus,
      rejectReason: requestStatus === 'rejected' ? 'Photos do not match the address given.' : null,
      ownerId: rng.pick(market.owners),
      bedrooms: coded('bedrooms'),
      bathrooms: coded('bathrooms'),
      livingRooms: coded('living_rooms'),
      floors: coded('floors'),
      area: coded('area') === null ? null : String(coded('area')),
      totalClick: Math.floor(rng.next() ** 3 * 3000),
      createdAt,
      updatedAt: createdAt,
    },
    illustration: category.illustration,
    galleryKinds: category.galleryKinds,
    isResidential: category.isResidential,
    parameters: [...values].map(([parameterId, value]) => ({ parameterId, value })),
    facilities: facilities.map((f) => ({ facilityId: f.facilityId, distance: f.distance.toFixed(1) })),
  };
}

export interface InsertOptions {
  batchSize?: number;
  onProgress?: (done: number) => void;
  /** A cover picture per planned listing (the demo renders one each); without it covers come from the pool. */
  covers?: string[];
  /** 360° pictures and walkthrough videos (media keys) that some homes show. */
  panoramas?: string[];
  videos?: string[];
}

/**
 * Inserts the planned listings (`planListings`) in batches, each batch in one transaction with its
 * photos, parameters and facilities. Slugs get a numeric suffix from the row id, so they stay unique.
 */
export async function insertListings(
  db: Executor,
  rng: Rng,
  market: ListingMarket,
  pool: ImagePool,
  plans: ListingPlan[],
  opts: InsertOptions = {},
): Promise<number[]> {
  const batchSize = opts.batchSize ?? 500;
  const now = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < plans.length; start += batchSize) {
    const batch = plans.slice(start, start + batchSize).map((plan) => generateListing(rng, market, plan, now));
    await db.transaction(async (tx) => {
      const photos = batch.map((b, i) => {
        const exteriors = pool.exteriors.get(b.illustration) ?? [...pool.exteriors.values()][0];
        const cover = opts.covers?.[start + i] ?? rng.pick(exteriors);
        // Rooms inside only where a kind has them: a plot or a warehouse shows its outside.
        const rooms = b.galleryKinds.filter((k) => k.startsWith('interior-'));
        const interiors = rooms.length ? rng.sample(pool.interiors.filter((key) => rooms.some((k) => key.includes(k))), b.isResidential ? rng.int(2, 4) : rng.int(1, 2)) : [];
        // Without a cover of its own, a listing repeats its kind's pool; with one, other buildings would mislead.
        const moreOutside = opts.covers ? [] : rng.sample(exteriors.filter((e) => e !== cover), b.isResidential ? 1 : 2);
        return [cover, ...moreOutside, ...interiors];
      });
      const extras = batch.map((b) => {
        const live = b.row.status === 1 && b.row.requestStatus === 'approved';
        const home = b.isResidential && b.illustration !== 'plot';
        return {
          threeDImage: live && home && opts.panoramas?.length && rng.chance(0.15) ? rng.pick(opts.panoramas) : null,
          videoLink: live && home && opts.videos?.length && rng.chance(0.12) ? rng.pick(opts.videos) : null,
        };
      });
      const inserted = await tx
        .insert(properties)
        .values(batch.map((b, i) => ({ ...b.row, ...extras[i], slugId: `pending-${start + i}-${now}`, titleImage: photos[i][0] })))
        .returning({ id: properties.id, title: properties.title });
      // Slug from title plus id: unique without a lookup per row.
      await tx.execute(sql`
        update properties set slug_id = trim(both '-' from regexp_replace(regexp_replace(lower(title), '[^a-z0-9 -]+', '', 'g'), '[ -]+', '-', 'g')) || '-' || id
        where id in ${sql`(${sql.join(inserted.map((r) => sql`${r.id}`), sql`, `)})`}`);
      const imageRows = inserted.flatMap((r, i) => photos[i].slice(1).map((image, sequence) => ({ propertyId: r.id, image, sequence })));
      const parameterRows = inserted.flatMap((r, i) => batch[i].parameters.map((p) => ({ propertyId: r.id, ...p })));
      const facilityRows = inserted.flatMap((r, i) => batch[i].facilities.map((f) => ({ propertyId: r.id, ...f })));
      if (imageRows.length) await tx.insert(propertyImages).values(imageRows);
      if (parameterRows.length) await tx.insert(propertyParameters).values(parameterRows);
      if (facilityRows.length) await tx.insert(propertyFacilities).values(facilityRows);
      ids.push(...inserted.map((r) => r.id));
    });
    opts.onProgress?.(Math.min(start + batchSize, plans.length));
  }
  return ids;
}
