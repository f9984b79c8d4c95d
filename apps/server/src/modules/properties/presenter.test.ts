import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapPointJson, mapPointParts, toMapPoint } from './presenter.ts';
import type { MapPointRow } from './repository.ts';

describe('a map marker as JSON text', () => {
  it('is exactly JSON.stringify of the marker, whatever the row holds', () => {
    const row = fc.record({
      id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      slug_id: fc.string(),
      title: fc.string({ unit: 'binary' }),
      title_image: fc.option(fc.oneof(fc.string(), fc.constant('https://cdn.example/a "b".jpg'), fc.constant('properties/1/"title".webp')), { nil: null }),
      price: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), fc.constantFrom('0', '12.50', '1e21', '-0', 'abc')),
      property_type: fc.integer({ min: -1, max: 5 }),
      rentduration: fc.constantFrom('Daily', 'Monthly', 'Quarterly', 'Yearly', null),
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    }) as fc.Arbitrary<MapPointRow>;
    fc.assert(
      fc.property(row, fc.constantFrom('http://localhost:3000', 'https://ghar.example'), (r, origin) => {
        expect(mapPointJson(r, origin)).toBe(JSON.stringify(toMapPoint(r, origin)));
        // Made before the origin is known (the search index's markers), with the origin put in its place.
        const { json, originAt } = mapPointParts(r);
        expect(originAt < 0 ? json : json.slice(0, originAt) + origin + json.slice(originAt)).toBe(mapPointJson(r, origin));
      }),
      { numRuns: 2000 },
    );
  });
});
