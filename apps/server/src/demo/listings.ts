import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { properties, propertyFacilities, propertyImages, propertyParameters } from '../db/schema/index.ts';
import type { Rng } from './assets/random.ts';
import type { ImagePool } from './images.ts';

/** What the listing generator needs to know about the market, by database id. */
export interface ListingMarket {
  cities: {
    name: string;
    state: string;
    country: string;
    priceLevel: number;
    isCoastal: boolean;
    localities: { name: string; latitude: number; longitude: number }[];
  }[];
  categories: {
    id: number;
    name: string;
    illustration: string;
    isResidential: boolean;
    canRent: boolean;
    bedrooms: [number, number] | null;
    salePrice: [number, number];
    rentPrice: [number, number];
    area: [number, number];
    parameterIds: number[];
  }[];
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
const RENT_DURATIONS = ['Monthly', 'Monthly', 'Monthly', 'Monthly', 'Yearly', 'Quarterly', 'Daily'] as const;
const RENT_PERIOD_MONTHS: Record<(typeof RENT_DURATIONS)[number], number> = { Daily: 1 / 30, Monthly: 1, Quarterly: 3, Yearly: 12 };

const roundTo = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);

function numberFor(rng: Rng, name: string, ctx: { bedrooms: number; area: number; isResidential: boolean }): string {
  const n = name.toLowerCase();
  if (n.includes('bedroom')) return String(ctx.bedrooms);
  if (n.includes('bathroom')) return String(Math.max(1, ctx.bedrooms - rng.int(0, 1) + rng.int(0, 1)));
  if (n.includes('living')) return String(ctx.bedrooms >= 4 ? 2 : 1);
  if (n.includes('carpet')) return String(Math.round(ctx.area * rng.float(0.7, 0.8)));
  if (n.includes('plot area')) return String(Math.round(ctx.area / 9));
  if (n.includes('area')) return String(ctx.area);
  if (n.includes('floor number')) return String(rng.int(0, 25));
  if (n.includes('floor')) return String(ctx.isResidential ? rng.int(1, 3) : rng.int(1, 6));
  if (n.includes('balcon')) return String(rng.int(0, 3));
  if (n.includes('washroom')) return String(rng.int(1, 4));
  if (n.includes('ceiling')) return String(rng.int(10, 30));
  return String(rng.int(1, 5));
}

/** Deterministic, plausible listings; the same seed gives the same market. */
export function generateListing(rng: Rng, market: ListingMarket, now: number) {
  const city = rng.pick(market.cities);
  const locality = rng.pick(city.localities);
  const category = rng.pick(market.categories);
  const forRent = category.canRent && rng.chance(0.4);
  const bedrooms = category.bedrooms ? rng.int(category.bedrooms[0], category.bedrooms[1]) : 0;
  const span = category.bedrooms ? (bedrooms - category.bedrooms[0]) / Math.max(1, category.bedrooms[1] - category.bedrooms[0]) : rng.next();
  // Bigger homes get the bigger areas of the category's range.
  const area = roundTo(category.area[0] + (category.area[1] - category.area[0]) * Math.min(1, Math.max(0, span * 0.8 + rng.float(0, 0.2))), 10);
  const range = forRent ? category.rentPrice : category.salePrice;
  // Rents are monthly in the market data; the asking price follows the period it is quoted for.
  const rentduration = forRent ? rng.pick(RENT_DURATIONS) : null;
  const perPeriod = rentduration ? RENT_PERIOD_MONTHS[rentduration] : 1;
  const price = roundTo(rng.float(range[0], range[1]) * city.priceLevel * perPeriod, forRent ? (rentduration === 'Daily' ? 50 : 500) : 50_000);
  const age = rng.chance(0.04) ? rng.float(0, 0.9) * DAY : rng.chance(0.1) ? rng.float(1, 7) * DAY : rng.float(7, 200) * DAY;
  const createdAt = new Date(now - age);
  const roll = rng.next();
  const requestStatus = roll < 0.93 ? ('approved' as const) : roll < 0.97 ? ('pending' as const) : ('rejected' as const);
  const values = new Map<number, string>();
  for (const parameterId of category.parameterIds) {
    const p = market.parameters.get(parameterId)!;
    if (p.type === 'number') values.set(parameterId, numberFor(rng, p.name, { bedrooms: Math.max(bedrooms, 1), area, isResidential: category.isResidential }));
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
      status: rng.chance(0.97) ? 1 : 0,
      requestStatus,
      rejectReason: requestStatus === 'rejected' ? 'Photos do not match the address given.' : null,
      ownerId: rng.pick(market.owners),
      bedrooms: coded('bedrooms'),
      bathrooms: coded('bathrooms'),
      livingRooms: coded('living_rooms'),
      floors: coded('floors'),
      area: coded('area') === null ? null : String(coded('area')),
      totalClick: Math.floor(rng.next() ** 3 * 3000),
      videoLink: rng.chance(0.15) ? 'https://www.youtube.com/watch?v=ysz5S6PUM-U' : null,
      createdAt,
      updatedAt: createdAt,
    },
    illustration: category.illustration,
    isResidential: category.isResidential,
    parameters: [...values].map(([parameterId, value]) => ({ parameterId, value })),
    facilities: facilities.map((f) => ({ facilityId: f.facilityId, distance: f.distance.toFixed(1) })),
  };
}

/**
 * Inserts `count` listings in batches, each batch in one transaction with its photos,
 * parameters and facilities. Slugs get a numeric suffix from the row id, so they stay unique.
 */
export async function insertListings(
  db: Executor,
  rng: Rng,
  market: ListingMarket,
  pool: ImagePool,
  count: number,
  opts: { batchSize?: number; onProgress?: (done: number) => void } = {},
): Promise<number[]> {
  const batchSize = opts.batchSize ?? 500;
  const now = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < count; start += batchSize) {
    const n = Math.min(batchSize, count - start);
    const batch = Array.from({ length: n }, () => generateListing(rng, market, now));
    await db.transaction(async (tx) => {
      const photos = batch.map((b) => {
        const exteriors = pool.exteriors.get(b.illustration) ?? [...pool.exteriors.values()][0];
        // Rooms inside only for homes: a plot or a warehouse shows its outside.
        const interiors = b.isResidential ? rng.sample(pool.interiors, rng.int(1, 3)) : [];
        return [rng.pick(exteriors), ...rng.sample(exteriors, b.isResidential ? 1 : 2), ...interiors];
      });
      const inserted = await tx
        .insert(properties)
        .values(batch.map((b, i) => ({ ...b.row, slugId: `pending-${start + i}-${now}`, titleImage: photos[i][0] })))
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
    opts.onProgress?.(start + n);
  }
  return ids;
}
