import { describe, expect, it } from 'vitest';
import { pagerFor } from './pager.ts';
import { parseAmount, priceBands, shortAmount } from './price.ts';
import { readFilters, searchHref, withFilters } from './search-url.ts';

describe('pagerFor', () => {
  it('numbers the pages a counted total has, and no further', () => {
    expect(pagerFor(1, 12, 12, 30)).toMatchObject({ lastPage: 3, hasPrevious: false, hasNext: true, pastTheEnd: false });
    expect(pagerFor(3, 6, 12, 30)).toMatchObject({ lastPage: 3, hasNext: false, previousPage: 2 });
  });

  it('leads back to the last real page from a page past the end', () => {
    expect(pagerFor(1000, 0, 12, 580)).toMatchObject({ lastPage: 49, pastTheEnd: true, previousPage: 49, hasNext: false });
  });

  it('beyond the counted 1,000 gives no last page and goes on while full pages come back', () => {
    expect(pagerFor(90, 12, 12, 1000)).toMatchObject({ lastPage: null, hasNext: true, previousPage: 89 });
    expect(pagerFor(120, 5, 12, 1000)).toMatchObject({ lastPage: null, hasNext: false });
    expect(pagerFor(999, 0, 12, 1000)).toMatchObject({ pastTheEnd: true, hasNext: false, previousPage: 998 });
  });
});

describe('price fields', () => {
  it('read amounts the way the site writes them', () => {
    expect(parseAmount('50L')).toBe(5_000_000);
    expect(parseAmount('1.5 Cr')).toBe(15_000_000);
    expect(parseAmount('₹ 2 crore')).toBe(20_000_000);
    expect(parseAmount('7,50,000')).toBe(750_000);
    expect(parseAmount('2m')).toBe(2_000_000);
    expect(parseAmount('750K')).toBe(750_000);
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('cheap')).toBeNaN();
    expect(parseAmount('5 bananas')).toBeNaN();
  });

  it('offer lakh and crore bands for rupees, K and M otherwise, sized for rent or purchase', () => {
    const label = (code: string, deal: 'rent' | 'buy') => priceBands(code, deal).map((b) => [b.min, b.max].map((n) => (n ? shortAmount(n, code) : '')).join('-'));
    expect(label('INR', 'buy')).toEqual(['-50L', '50L-1Cr', '1Cr-2Cr', '2Cr-5Cr', '5Cr-']);
    expect(label('INR', 'rent')).toEqual(['-10K', '10K-25K', '25K-50K', '50K-1L', '1L-']);
    expect(label('USD', 'buy')).toEqual(['-250K', '250K-500K', '500K-1M', '1M-2M', '2M-']);
  });
});

describe('search URLs', () => {
  it('round-trip the filters, with ticked facilities as one list', () => {
    const filters = readFilters(new URLSearchParams('city=Pune&facility=3&facility=5&sort_by=price_asc&page=2&junk=1'));
    expect(filters).toEqual({ city: 'Pune', sort_by: 'price_asc', facility_ids: '3,5' });
    expect(searchHref(filters, 'list', 2)).toBe('/properties?city=Pune&facility_ids=3%2C5&sort_by=price_asc&view=list&page=2');
    expect(searchHref(withFilters(filters, { city: '', facility_ids: '' }))).toBe('/properties?sort_by=price_asc');
  });
});
