import { describe, expect, it } from 'vitest';
import { CATEGORIES, CITIES, FACILITIES, PARAMETERS, createRng } from './assets/index.ts';
import { generateListing } from './listings.ts';
import { EVERYDAY_FLATS, askingPrice, localityRate, pickArea, planListings, roundAskingPrice } from './market-model.ts';
import { buildListingMarket } from './seed.ts';

const market = buildListingMarket(
  new Map(CATEGORIES.map((c, i) => [c.name, i + 1])),
  new Map(PARAMETERS.map((p, i) => [p.name, i + 1])),
  FACILITIES.map((_, i) => i + 1),
  [1],
);
const plans = planListings(createRng(20261121).fork('plan'), CITIES, CATEGORIES, 580);
const rng = createRng(7);
const listings = plans.map((plan) => ({ plan, ...generateListing(rng, market, plan, Date.UTC(2026, 10, 24)) }));
const live = listings.filter((l) => l.row.status === 1 && l.row.requestStatus === 'approved');
const category = (name: string) => CATEGORIES.find((c) => c.name === name)!;
const flat = category('Apartment');

describe('the demo market', () => {
  it('has a live listing for every category in every city, to buy and (where it is let) to rent', () => {
    for (const city of CITIES) {
      for (const [i, c] of CATEGORIES.entries()) {
        for (const propertyType of c.canRent ? [0, 1] : [0]) {
          const found = live.filter((l) => l.row.city === city.name && l.row.categoryId === i + 1 && l.row.propertyType === propertyType);
          expect(found.length, `${c.name} ${propertyType ? 'to rent' : 'for sale'} in ${city.name}`).toBeGreaterThan(0);
        }
      }
      for (const bedrooms of EVERYDAY_FLATS) {
        for (const propertyType of [0, 1]) {
          const found = live.filter((l) => l.row.city === city.name && l.row.categoryId === 1 && l.row.propertyType === propertyType && l.row.bedrooms === bedrooms);
          expect(found.length, `${bedrooms} BHK flat ${propertyType ? 'to rent' : 'for sale'} in ${city.name}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('sizes homes by their bedrooms', () => {
    for (const bedrooms of [1, 2, 3, 4]) {
      const areas = listings.filter((l) => l.row.categoryId === 1 && l.row.bedrooms === bedrooms).map((l) => Number(l.row.area));
      expect(Math.min(...areas), `${bedrooms} BHK`).toBeGreaterThanOrEqual((100 + 450 * bedrooms) * 0.85 - 5);
      expect(Math.max(...areas), `${bedrooms} BHK`).toBeLessThanOrEqual((100 + 450 * bedrooms) * 1.15 + 5);
    }
    const r = createRng(1);
    const typical = (bedrooms: number) => Array.from({ length: 200 }, () => pickArea(r, category('Villa'), bedrooms)).reduce((a, b) => a + b) / 200;
    expect(typical(4)).toBeGreaterThan(typical(3));
    expect(pickArea(r, category('Warehouse'), null)).toBeGreaterThanOrEqual(category('Warehouse').area[0] - 5);
  });

  it('prices a flat from its city and locality rate per sq ft, so a small flat never costs crores outside the dearest addresses', () => {
    for (const l of listings.filter((x) => x.row.categoryId === 1 && x.row.propertyType === 0)) {
      const city = CITIES.find((c) => c.name === l.row.city)!;
      const perSqft = Number(l.row.price) / Number(l.row.area);
      expect(perSqft, l.row.title).toBeGreaterThanOrEqual(city.salePerSqft[0] * 0.85);
      expect(perSqft, l.row.title).toBeLessThanOrEqual(city.salePerSqft[1] * 1.15);
    }
    const oneBhk = listings.filter((l) => l.row.categoryId === 1 && l.row.propertyType === 0 && l.row.bedrooms === 1).map((l) => Number(l.row.price));
    expect(Math.max(...oneBhk)).toBeLessThan(30_000_000);
    const mumbai = CITIES.find((c) => c.name === 'Mumbai')!;
    const rate = (name: string) => localityRate(mumbai, mumbai.localities.find((x) => x.name === name)!);
    expect(rate('Worli')).toBeGreaterThan(rate('Powai'));
    expect(rate('Powai')).toBeGreaterThan(rate('Thane West'));
  });

  it('quotes rents for homes by the month, short stays by the day, and a rent a fraction of the price', () => {
    const rents = listings.filter((l) => l.row.propertyType === 1);
    for (const l of rents) {
      const kind = CATEGORIES[l.row.categoryId - 1];
      if (kind.name === 'Farmhouse') expect(['Daily', 'Monthly']).toContain(l.row.rentduration);
      else expect(l.row.rentduration, l.row.title).toBe('Monthly');
    }
    const r = createRng(3);
    const city = CITIES[0];
    const locality = city.localities[0];
    const sale = askingPrice(r, { city, locality, category: flat, area: 1000, rentduration: null });
    const rent = askingPrice(r, { city, locality, category: flat, area: 1000, rentduration: 'Monthly' });
    expect(rent * 12).toBeGreaterThan(sale * 0.02);
    expect(rent * 12).toBeLessThan(sale * 0.04);
  });

  it('rounds asking prices the way listings quote them', () => {
    expect(roundAskingPrice(8_523_000, false)).toBe(8_500_000);
    expect(roundAskingPrice(23_730_000, false)).toBe(23_500_000);
    expect(roundAskingPrice(32_740, true)).toBe(33_000);
    expect(roundAskingPrice(12_260, true)).toBe(12_500);
  });
});
