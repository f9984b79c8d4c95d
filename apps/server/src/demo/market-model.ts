/**
 * The rules that make the demo market believable: what a home of n bedrooms measures, what it
 * costs per square foot in its city and locality, how its rent is quoted, and which listings the
 * market must hold so that every common search finds something in every city. Pure functions of
 * the market data and a seeded random source, so they are unit-tested without a database.
 */
import type { Category, City, Locality, RentDuration } from './assets/market-data.ts';
import { hashString, type Rng } from './assets/random.ts';

/** Bedrooms every city offers both to buy and to rent as flats: the searches people make most. */
export const EVERYDAY_FLATS = [1, 2, 3] as const;

export interface ListingPlan {
  city: number;
  category: number;
  forRent: boolean;
  /** Null for categories without bedrooms. */
  bedrooms: number | null;
  /** Planned for coverage: always approved and live, so the search it stands for finds it. */
  isCoverage: boolean;
}

/** The addresses each city pays most for, and its outskirts; the rest sit in between. */
const PRIME = new Set([
  'Mumbai/Bandra West', 'Mumbai/Worli', 'Mumbai/Lower Parel',
  'Bengaluru/Koramangala', 'Bengaluru/Indiranagar', 'Bengaluru/Jayanagar',
  'Delhi/Greater Kailash', 'Delhi/Vasant Kunj', 'Delhi/Hauz Khas', 'Delhi/Saket',
  'Gurugram/DLF Phase 5', 'Gurugram/Golf Course Extension Road',
  'Noida/Sector 44', 'Noida/Sector 18', 'Noida/Sector 128',
  'Pune/Koregaon Park', 'Pune/Aundh', 'Pune/Baner',
  'Hyderabad/Banjara Hills', 'Hyderabad/Jubilee Hills', 'Hyderabad/HITEC City',
  'Chennai/Adyar', 'Chennai/Mylapore', 'Chennai/Besant Nagar', 'Chennai/T. Nagar',
  'Kolkata/Alipore', 'Kolkata/Ballygunge', 'Kolkata/Park Street',
  'Ahmedabad/Bodakdev', 'Ahmedabad/Satellite', 'Ahmedabad/Thaltej',
  'Jaipur/C-Scheme', 'Jaipur/Malviya Nagar',
  'Kochi/Panampilly Nagar', 'Kochi/Marine Drive',
  'Chandigarh/Sector 8', 'Chandigarh/Sector 17',
  'Lucknow/Gomti Nagar', 'Lucknow/Hazratganj',
]);
const OUTER = new Set([
  'Mumbai/Malad West', 'Mumbai/Kandivali West', 'Mumbai/Thane West',
  'Bengaluru/Electronic City', 'Bengaluru/Yelahanka',
  'Delhi/Dwarka', 'Delhi/Rohini',
  'Gurugram/Dwarka Expressway', 'Gurugram/Palam Vihar',
  'Noida/Noida Extension', 'Noida/Sector 150',
  'Pune/Hinjewadi', 'Pune/Hadapsar',
  'Hyderabad/Miyapur', 'Hyderabad/Kukatpally',
  'Chennai/Tambaram', 'Chennai/Porur',
  'Kolkata/Dum Dum', 'Kolkata/Behala',
  'Ahmedabad/Gota', 'Ahmedabad/Chandkheda',
  'Jaipur/Ajmer Road', 'Jaipur/Jagatpura',
  'Kochi/Aluva', 'Kochi/Thrippunithura',
  'Chandigarh/Zirakpur', 'Chandigarh/New Chandigarh',
  'Lucknow/Jankipuram', 'Lucknow/Gomti Nagar Extension',
]);

/**
 * Where a locality sits in its city's price range, 0 the cheapest, 1 the dearest: prime addresses
 * in the top third, outskirts in the bottom one, the rest between; stable per name.
 */
export function localityPremium(city: City, locality: Locality): number {
  const name = `${city.name}/${locality.name}`;
  const within = (hashString(name) % 1000) / 999;
  const [low, high] = PRIME.has(name) ? [0.7, 1] : OUTER.has(name) ? [0, 0.3] : [0.3, 0.7];
  return low + (high - low) * within;
}

/** INR per sq ft a flat in this locality asks. */
export function localityRate(city: City, locality: Locality): number {
  const [cheapest, dearest] = city.salePerSqft;
  return cheapest + (dearest - cheapest) * localityPremium(city, locality);
}

/** Built-up area in sq ft (for plots, the land), rounded to 5 sq ft as listings quote it. */
export function pickArea(rng: Rng, category: Category, bedrooms: number | null): number {
  const size = category.sizeByBedrooms;
  const raw = size && bedrooms ? (size.base + size.perBedroom * bedrooms) * rng.float(0.85, 1.15) : category.area[0] * (category.area[1] / category.area[0]) ** rng.next() ** 1.6;
  return Math.max(5, Math.round(raw / 5) * 5);
}

/** "₹85 L", "₹1.25 Cr", "₹32,500 a month": rounded the way Indian listings quote them. */
export function roundAskingPrice(value: number, forRent: boolean): number {
  const step = forRent ? (value < 20_000 ? 500 : value < 200_000 ? 1_000 : 5_000) : value < 10_000_000 ? 50_000 : value < 100_000_000 ? 500_000 : 5_000_000;
  return Math.max(step, Math.round(value / step) * step);
}

/**
 * What the listing asks: area × the locality's rate × the category's factor (±10 %) to buy; to
 * rent, that price's yearly yield spread over the period the rent is quoted for.
 */
export function askingPrice(
  rng: Rng,
  listing: { city: City; locality: Locality; category: Category; area: number; rentduration: RentDuration | null },
): number {
  const sale = listing.area * localityRate(listing.city, listing.locality) * listing.category.rateFactor * rng.float(0.9, 1.1);
  if (!listing.rentduration) return roundAskingPrice(sale, false);
  const yearly = sale * rng.float(...listing.category.rentYield);
  // Short stays cost more per day than a lease: a day is a weekend booking, not 1/365 of a year.
  const perPeriod = { Daily: (yearly / 365) * 12, Monthly: yearly / 12, Quarterly: yearly / 4, Yearly: yearly }[listing.rentduration];
  return roundAskingPrice(perPeriod, true);
}

function pickWeighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number): number {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let roll = rng.float(0, total);
  for (let i = 0; i < items.length; i++) {
    roll -= weight(items[i]);
    if (roll < 0) return i;
  }
  return items.length - 1;
}

const bedroomsFor = (rng: Rng, category: Category): number | null => (category.bedrooms ? rng.int(category.bedrooms[0], category.bedrooms[1]) : null);

/**
 * `count` listings: first one of every category in every city, to buy and (where it is let) to
 * rent, and 1–3 bedroom flats both ways; the rest drawn by city and category shares. The plan is
 * shuffled so coverage listings are not all the oldest.
 */
export function planListings(rng: Rng, cities: readonly City[], categories: readonly Category[], count: number): ListingPlan[] {
  const plans: ListingPlan[] = [];
  const flat = categories.findIndex((c) => c.sizeByBedrooms && c.bedrooms && c.bedrooms[0] <= 1 && c.canRent);
  cities.forEach((_city, city) => {
    categories.forEach((category, c) => {
      for (const forRent of category.canRent ? [false, true] : [false]) {
        if (c === flat) for (const bedrooms of EVERYDAY_FLATS) plans.push({ city, category: c, forRent, bedrooms, isCoverage: true });
        else plans.push({ city, category: c, forRent, bedrooms: bedroomsFor(rng, category), isCoverage: true });
      }
    });
  });
  while (plans.length < count) {
    const c = pickWeighted(rng, categories, (x) => x.share);
    const category = categories[c];
    plans.push({
      city: pickWeighted(rng, cities, (x) => x.share),
      category: c,
      forRent: category.canRent && rng.chance(category.isResidential ? 0.35 : 0.5),
      bedrooms: bedroomsFor(rng, category),
      isCoverage: false,
    });
  }
  return rng.shuffle(plans.slice(0, Math.max(count, 0)));
}
