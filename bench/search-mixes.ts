// Distinct searches the way visitors make them, drawn from what the database holds: a city in
// proportion to its listings, rent or sale, a category, a budget from that city's own prices, a
// bedroom count, a map box at street to region zoom, a word or two of text, a sort order, a page.
// Every path is distinct, so neither the public micro-cache nor the service's memo can answer it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../apps/server/src/db/client.ts';

export interface SearchMarket {
  cities: { city: string; n: number; lat: number; lng: number; spreadLat: number; spreadLng: number }[];
  /** Price quantiles (10, 25, 50, 75, 90 %) per city and type (0 sale, 1 rent). */
  prices: Map<string, number[]>;
  types: { value: number; n: number }[];
  categories: { value: number; n: number }[];
  bedrooms: { value: number; n: number }[];
  /** Words of listing titles, per city: what a visitor types is mostly about the city searched. */
  words: Map<string, string[]>;
}

const LISTED = sql`status = 1 and request_status = 'approved'`;

export async function loadSearchMarket(db: Database): Promise<SearchMarket> {
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  const cities = await q<SearchMarket['cities'][number]>(sql`
    select city, count(*)::int as n, avg(latitude)::float8 as lat, avg(longitude)::float8 as lng,
      stddev(latitude)::float8 as "spreadLat", stddev(longitude)::float8 as "spreadLng"
    from properties where ${LISTED} and city is not null and latitude is not null group by city`);
  const priceRows = await q<{ city: string; type: number; q: string[] }>(sql`
    select city, property_type as type, percentile_cont(array[0.1, 0.25, 0.5, 0.75, 0.9]) within group (order by price)::text[] as q
    from properties where ${LISTED} and property_type in (0, 1) group by city, property_type`);
  const shares = (column: string) =>
    q<{ value: number; n: number }>(sql`select ${sql.raw(column)}::int as value, count(*)::int as n from properties where ${LISTED} and ${sql.raw(column)} is not null group by 1`);
  const titles = await q<{ city: string; title: string }>(sql`select city, title from properties where ${LISTED} and city is not null order by id limit 2000`);
  const words = new Map<string, string[]>();
  for (const t of titles) {
    const known = words.get(t.city) ?? [];
    words.set(t.city, [...new Set([...known, ...t.title.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4)])]);
  }
  return {
    cities,
    prices: new Map(priceRows.map((r) => [`${r.city}|${r.type}`, r.q.map(Number)])),
    types: (await shares('property_type')).filter((t) => t.value <= 1),
    categories: await shares('category_id'),
    bedrooms: (await shares('bedrooms')).filter((b) => b.value <= 6),
    words,
  };
}

/** mulberry32: a small seeded generator, so a run's mix can be repeated. */
function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const chance = (p: number) => next() < p;
  const weighted = <T extends { n: number }>(items: T[]): T => {
    let r = next() * items.reduce((s, i) => s + i.n, 0);
    for (const item of items) if ((r -= item.n) < 0) return item;
    return items[items.length - 1];
  };
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
  return { next, chance, weighted, pick };
}

const round3 = (x: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(x, 1))) - 2);
  return Math.round(x / unit) * unit;
};
/** Half-widths in degrees: a few streets, a neighbourhood, a city, a region. */
const ZOOMS = [0.01, 0.03, 0.1, 0.3];
const SORTS = [
  { value: 'newest', n: 55 },
  { value: 'price_asc', n: 15 },
  { value: 'price_desc', n: 10 },
  { value: 'most_viewed', n: 10 },
  { value: 'most_liked', n: 5 },
  { value: 'oldest', n: 5 },
];

/**
 * `count` distinct query strings for `endpoint`. Lists page and sort; map searches (`forMap`)
 * carry a map box more often (the map view) and neither paging nor sorting.
 */
export function distinctSearches(market: SearchMarket, endpoint: string, count: number, opts: { forMap?: boolean; seed?: number } = {}): string[] {
  const r = rngOf(opts.seed ?? 12);
  const seen = new Set<string>();
  const out: string[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 50; attempts++) {
    const params = new URLSearchParams();
    const city = r.weighted(market.cities);
    const hasBox = r.chance(opts.forMap ? 0.6 : 0.15);
    if (hasBox) {
      const half = r.pick(ZOOMS);
      const lat = city.lat + (r.next() * 2 - 1) * city.spreadLat;
      const lng = city.lng + (r.next() * 2 - 1) * city.spreadLng;
      const f = (x: number) => x.toFixed(4);
      params.set('bbox', `${f(lng - half * 1.6)},${f(lat - half)},${f(lng + half * 1.6)},${f(lat + half)}`);
    } else if (r.chance(0.85)) params.set('city', city.city);
    const type = r.chance(0.65) ? r.weighted(market.types).value : undefined;
    if (type !== undefined) params.set('property_type', String(type));
    if (r.chance(0.3)) params.set('category_id', String(r.weighted(market.categories).value));
    const quantiles = type !== undefined ? market.prices.get(`${city.city}|${type}`) : undefined;
    if (quantiles && r.chance(0.5)) {
      // A budget: a ceiling mostly, sometimes a floor as well, around that city's prices.
      const at = (lo: number, hi: number) => round3(quantiles[lo] + r.next() * (quantiles[hi] - quantiles[lo]));
      if (r.chance(0.4)) params.set('min_price', String(at(0, 2)));
      params.set('max_price', String(at(2, 4)));
    }
    if (r.chance(0.2)) params.set('bedrooms', String(r.weighted(market.bedrooms).value));
    const words = market.words.get(r.chance(0.9) ? city.city : r.weighted(market.cities).city) ?? [];
    if (words.length && r.chance(0.08)) params.set('search', Array.from({ length: r.chance(0.7) ? 1 : 2 }, () => r.pick(words)).join(' '));
    if (!opts.forMap) {
      const sort = r.weighted(SORTS).value;
      if (sort !== 'newest') params.set('sort_by', sort);
      if (r.chance(0.2)) params.set('offset', String(12 * (1 + Math.floor(r.next() * 4))));
    }
    const path = `${endpoint}?${params}`;
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(path);
  }
  return out;
}
