import { describe, expect, it } from 'vitest';
import { DEFAULT_PROPERTY_TYPE } from './constants.ts';
import {
  EMPTY_SEARCH_MESSAGE,
  INVALID_SEARCH_CRITERIA_FORMAT,
  LOCATION_NOT_SPECIFIED,
  hasAnySearchCriterion,
  sanitizeSearchCriteria,
  toServerSearchCriteria,
  type SearchFormCriteria,
} from './search-criteria.ts';

const emptyForm: SearchFormCriteria = {
  propType: '',
  category: '',
  minPrice: '',
  maxPrice: '',
  selectedLocation: null,
  facilitiesIds: [],
  bedrooms: '',
  bathrooms: '',
  livingRooms: '',
  floors: '',
};

describe('messages', () => {
  it('match the spec wording', () => {
    expect(INVALID_SEARCH_CRITERIA_FORMAT).toBe('Invalid search criteria format');
    expect(EMPTY_SEARCH_MESSAGE).toBe('Please provide at least one search criterion before searching.');
    expect(LOCATION_NOT_SPECIFIED).toBe('Not Specified');
  });
});

describe('sanitizeSearchCriteria', () => {
  it.each([null, undefined, [], [{ minPrice: 1 }], 'criteria', 42, true, new Date()])(
    'rejects %j as "Invalid search criteria format"',
    (input) => {
      expect(() => sanitizeSearchCriteria(input)).toThrow(new Error(INVALID_SEARCH_CRITERIA_FORMAT));
    },
  );

  it('accepts an empty object and objects without a prototype', () => {
    expect(sanitizeSearchCriteria({})).toEqual({});
    const bare = Object.assign(Object.create(null) as object, { bedrooms: '2' });
    expect(sanitizeSearchCriteria(bare)).toEqual({ bedrooms: 2 });
  });

  it('drops null and undefined values but keeps other falsy ones', () => {
    expect(sanitizeSearchCriteria({ propType: null, category: undefined, minPrice: 0, keyword: '' })).toEqual({
      minPrice: 0,
      keyword: '',
    });
  });

  it('turns the price and room fields into numbers', () => {
    expect(
      sanitizeSearchCriteria({
        minPrice: '1000',
        maxPrice: '2,500,000.50',
        bedrooms: 3,
        bathrooms: ' 2 ',
        livingRooms: '1',
        floors: '0',
      }),
    ).toEqual({ minPrice: 1000, maxPrice: 2500000.5, bedrooms: 3, bathrooms: 2, livingRooms: 1, floors: 0 });
  });

  it('drops numeric fields that do not parse, instead of making them 0', () => {
    const result = sanitizeSearchCriteria({
      minPrice: '',
      maxPrice: 'lots',
      bedrooms: Number.NaN,
      bathrooms: {},
      floors: true,
      livingRooms: '2',
    });
    expect(result).toEqual({ livingRooms: 2 });
  });

  it('keeps facilitiesIds arrays and parses JSON strings', () => {
    expect(sanitizeSearchCriteria({ facilitiesIds: [1, 2] }).facilitiesIds).toEqual([1, 2]);
    expect(sanitizeSearchCriteria({ facilitiesIds: '[3,"4"]' }).facilitiesIds).toEqual([3, '4']);
  });

  it('falls back to an empty facilities list for bad JSON or non-arrays', () => {
    expect(sanitizeSearchCriteria({ facilitiesIds: '1,2' }).facilitiesIds).toEqual([]);
    expect(sanitizeSearchCriteria({ facilitiesIds: '{"a":1}' }).facilitiesIds).toEqual([]);
    expect(sanitizeSearchCriteria({ facilitiesIds: 5 }).facilitiesIds).toEqual([]);
  });

  it('makes a location that is not an object null', () => {
    expect(sanitizeSearchCriteria({ selectedLocation: 'Mumbai' })).toEqual({ selectedLocation: null });
    expect(sanitizeSearchCriteria({ selectedLocation: [1, 2] })).toEqual({ selectedLocation: null });
  });

  it('turns location coordinates into numbers defaulting to 0', () => {
    expect(
      sanitizeSearchCriteria({
        selectedLocation: { city: 'Pune', state: null, latitude: '18.52', longitude: 'east' },
      }).selectedLocation,
    ).toEqual({ city: 'Pune', latitude: 18.52, longitude: 0 });
    expect(sanitizeSearchCriteria({ selectedLocation: {} }).selectedLocation).toEqual({ latitude: 0, longitude: 0 });
  });

  it('passes other keys through untouched and does not mutate its input', () => {
    const input = { propType: 'rent', category: 4, minPrice: '10' };
    const result = sanitizeSearchCriteria(input);
    expect(result).toEqual({ propType: 'rent', category: 4, minPrice: 10 });
    expect(input.minPrice).toBe('10');
  });
});

describe('hasAnySearchCriterion', () => {
  it('is false for an all-empty form, nothing at all, or non-objects', () => {
    expect(hasAnySearchCriterion(emptyForm)).toBe(false);
    expect(hasAnySearchCriterion({})).toBe(false);
    expect(hasAnySearchCriterion(null)).toBe(false);
    expect(hasAnySearchCriterion(undefined)).toBe(false);
  });

  it('treats zero prices and room counts as unset', () => {
    expect(hasAnySearchCriterion({ ...emptyForm, minPrice: 0, bedrooms: '0', floors: 0 })).toBe(false);
  });

  it('treats whitespace and an empty location as unset', () => {
    expect(
      hasAnySearchCriterion({
        ...emptyForm,
        propType: '  ',
        selectedLocation: { city: ' ', state: '', country: null, latitude: 0, longitude: '0' },
      }),
    ).toBe(false);
  });

  it.each<[string, SearchFormCriteria]>([
    ['propType', { propType: 'rent' }],
    ['propType 0 (a real choice)', { propType: 0 }],
    ['category', { category: 3 }],
    ['minPrice', { minPrice: '1000' }],
    ['maxPrice', { maxPrice: 5000 }],
    ['bedrooms', { bedrooms: 2 }],
    ['bathrooms', { bathrooms: '1' }],
    ['livingRooms', { livingRooms: 1 }],
    ['floors', { floors: 4 }],
    ['facilitiesIds', { facilitiesIds: [7] }],
    ['facilitiesIds as JSON', { facilitiesIds: '[7]' }],
    ['location city', { selectedLocation: { city: 'Goa' } }],
    ['location country', { selectedLocation: { country: 'India' } }],
    ['location coordinates only', { selectedLocation: { latitude: 15.3, longitude: 74.1 } }],
  ])('is true when only %s is set', (_, partial) => {
    expect(hasAnySearchCriterion({ ...emptyForm, ...partial })).toBe(true);
  });
});

describe('toServerSearchCriteria', () => {
  const owner = { userId: 12, userPackageId: 34 };

  it('maps a full UI form to the server field names', () => {
    expect(
      toServerSearchCriteria(
        {
          propType: '0',
          category: '5',
          minPrice: '1000',
          maxPrice: 900000,
          selectedLocation: { city: 'Pune', state: 'Maharashtra', country: 'India', latitude: 18.5, longitude: 73.8 },
          facilitiesIds: [1, '2'],
          bedrooms: '3',
          bathrooms: 2,
          livingRooms: '',
          floors: null,
        },
        owner,
      ),
    ).toEqual({
      user_package_id: 34,
      user_id: 12,
      property_type: 0,
      rooms: { bedrooms: 3, bathrooms: 2, living_rooms: null, floors: null },
      min_price: 1000,
      max_price: 900000,
      category_ids: [5],
      outdoor_facility_ids: [1, 2],
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      location: 'Pune, Maharashtra, India',
    });
  });

  it('uses "Not Specified" and DEFAULT_PROPERTY_TYPE for an empty form', () => {
    const server = toServerSearchCriteria(emptyForm, owner);
    expect(server.location).toBe('Not Specified');
    expect(server.city).toBeNull();
    expect(server.state).toBeNull();
    expect(server.country).toBeNull();
    expect(server.property_type).toBe(DEFAULT_PROPERTY_TYPE);
    expect(server.min_price).toBeNull();
    expect(server.category_ids).toEqual([]);
    expect(server.outdoor_facility_ids).toEqual([]);
  });

  it('says "Not Specified" when only coordinates are known', () => {
    const server = toServerSearchCriteria({ selectedLocation: { latitude: 1, longitude: 2 } }, owner);
    expect(server.location).toBe(LOCATION_NOT_SPECIFIED);
  });

  it('builds the location from the parts that exist, trimmed', () => {
    const server = toServerSearchCriteria({ selectedLocation: { city: ' ', state: ' Goa ', country: 'India' } }, owner);
    expect(server.city).toBeNull();
    expect(server.state).toBe('Goa');
    expect(server.location).toBe('Goa, India');
  });

  it('keeps non-numeric ids and property types as given, and accepts category lists', () => {
    const server = toServerSearchCriteria(
      { propType: 'rent', category: ['a', 2, ''], facilitiesIds: '["x", 9]' },
      owner,
    );
    expect(server.property_type).toBe('rent');
    expect(server.category_ids).toEqual(['a', 2]);
    expect(server.outdoor_facility_ids).toEqual(['x', 9]);
  });

  it('passes the owner through and nulls missing ids', () => {
    const server = toServerSearchCriteria(null, { userId: undefined, userPackageId: null });
    expect(server.user_id).toBeNull();
    expect(server.user_package_id).toBeNull();
    expect(server.location).toBe('Not Specified');
  });
});
