import type { PropertyDetail } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { areaOf, compareIds, parameterRows, pricePerArea } from './compare.ts';

const param = (id: number, name: string, value: string | string[], code: PropertyDetail['parameters'][number]['code'] = null) =>
  ({ id, name, value, code, type_of_parameter: 'number', type_values: null, image: null, is_required: 0 }) as PropertyDetail['parameters'][number];
const listing = (price: number, parameters: PropertyDetail['parameters']) => ({ price, parameters }) as PropertyDetail;

describe('compare', () => {
  it('reads at most four distinct ids from the URL and drops junk', () => {
    expect(compareIds('3,1,3,x,-2,0,7,9,11')).toEqual([3, 1, 7, 9]);
    expect(compareIds(null)).toEqual([]);
  });

  it('finds the area by its code and the unit in its name, and prices per unit', () => {
    const flat = listing(7_400_000, [param(1, 'Bedrooms', '3', 'bedrooms'), param(5, 'Area (sq ft)', '1,480', 'area')]);
    expect(areaOf(flat)).toEqual({ value: 1480, unit: 'sq ft' });
    expect(pricePerArea(flat)).toBe(5000);
    expect(pricePerArea(listing(100, [param(5, 'Area', '0', 'area')]))).toBeNull();
    expect(pricePerArea(listing(100, []))).toBeNull();
  });

  it('lists every parameter any listing has, once, in the order first seen', () => {
    const a = listing(1, [param(1, 'Bedrooms', '2'), param(2, 'Bathrooms', '1')]);
    const b = listing(1, [param(2, 'Bathrooms', '2'), param(9, 'Parking', '1')]);
    expect(parameterRows([a, b])).toEqual([
      { id: 1, name: 'Bedrooms' },
      { id: 2, name: 'Bathrooms' },
      { id: 9, name: 'Parking' },
    ]);
  });
});
