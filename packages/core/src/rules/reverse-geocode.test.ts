import { describe, expect, it } from 'vitest';
import { normalizeCoordinates, parseGeocodeComponents } from './reverse-geocode.ts';

describe('normalizeCoordinates', () => {
  it('rounds numeric coordinates to 6 decimals', () => {
    expect(normalizeCoordinates(18.52043012345, 73.856743449)).toEqual({ latitude: 18.52043, longitude: 73.856743 });
    expect(normalizeCoordinates(-33.8688197, 151.2092955)).toEqual({ latitude: -33.86882, longitude: 151.209296 });
  });

  it('accepts numeric strings', () => {
    expect(normalizeCoordinates('18.5', ' 73.8 ')).toEqual({ latitude: 18.5, longitude: 73.8 });
  });

  it('accepts 0,0 and the exact range limits', () => {
    expect(normalizeCoordinates(0, 0)).toEqual({ latitude: 0, longitude: 0 });
    expect(normalizeCoordinates(90, 180)).toEqual({ latitude: 90, longitude: 180 });
    expect(normalizeCoordinates(-90, -180)).toEqual({ latitude: -90, longitude: -180 });
  });

  it('does not return negative zero', () => {
    expect(Object.is(normalizeCoordinates(-0.0000001, 1)?.latitude, 0)).toBe(true);
  });

  it.each([
    ['', 73.8],
    [18.5, ''],
    ['  ', 1],
    [null, 1],
    [1, undefined],
    [Number.NaN, 1],
    [1, Number.POSITIVE_INFINITY],
    ['abc', 1],
    [true, 1],
    [90.000001, 0],
    [-91, 0],
    [0, 180.5],
    [0, -181],
  ])('rejects (%j, %j)', (lat, lng) => {
    expect(normalizeCoordinates(lat, lng)).toBeNull();
  });
});

describe('parseGeocodeComponents', () => {
  const components = [
    { long_name: '411001', types: ['postal_code'] },
    { long_name: 'Pune', types: ['locality', 'political'] },
    { long_name: 'Pune Division', types: ['administrative_area_level_2', 'political'] },
    { long_name: 'Maharashtra', short_name: 'MH', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'India', short_name: 'IN', types: ['country', 'political'] },
  ];

  it('takes city from locality, state from administrative_area_level_1, country from country', () => {
    expect(parseGeocodeComponents(components)).toEqual({ city: 'Pune', state: 'Maharashtra', country: 'India' });
  });

  it('marks missing parts as Unknown and ignores lookalike types', () => {
    expect(
      parseGeocodeComponents([
        { long_name: 'Sublocality', types: ['sublocality'] },
        { long_name: 'District', types: ['administrative_area_level_2'] },
        { long_name: 'India', types: ['country'] },
      ]),
    ).toEqual({ city: 'Unknown', state: 'Unknown', country: 'India' });
  });

  it('uses the first matching component and skips blank names', () => {
    expect(
      parseGeocodeComponents([
        { long_name: '  ', types: ['locality'] },
        { long_name: 'First', types: ['locality'] },
        { long_name: 'Second', types: ['locality'] },
      ]).city,
    ).toBe('First');
  });

  it('returns all Unknown for empty or missing input', () => {
    const unknown = { city: 'Unknown', state: 'Unknown', country: 'Unknown' };
    expect(parseGeocodeComponents([])).toEqual(unknown);
    expect(parseGeocodeComponents(null)).toEqual(unknown);
    expect(parseGeocodeComponents(undefined)).toEqual(unknown);
  });
});
