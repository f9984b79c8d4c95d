import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Localizer } from '../catalogue/localizer.ts';
import { cardJson, cardPartsFor, mapPointJson, mapPointParts, toMapPoint, toPropertyCard } from './presenter.ts';
import type { CardRow, MapPointRow } from './repository.ts';

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

describe('a listing card as JSON text', () => {
  it('is exactly JSON.stringify of the localised card, whatever the row holds', () => {
    const image = fc.option(fc.oneof(fc.string(), fc.constant('https://cdn.example/a "b".jpg'), fc.constant('parameters/1/"x".svg')), { nil: null });
    const text = fc.string({ unit: 'binary' });
    const parameter = fc.record({
      id: fc.integer({ min: 1, max: 6 }),
      name: text,
      code: fc.constantFrom('bedrooms', 'bathrooms', null),
      type_of_parameter: fc.constantFrom('textbox', 'number', 'dropdown', 'radiobutton', 'checkbox', 'textarea', 'file'),
      type_values: fc.constant(null),
      image,
      is_required: fc.boolean(),
      value: fc.oneof(text, fc.constant('a,,b,"c"'), fc.constant('parameters/2/plan.pdf'), fc.constant('')),
    });
    const facility = fc.record({ facility_id: fc.integer({ min: 1, max: 6 }), distance: fc.oneof(fc.double({ noNaN: true }), fc.constant(Number.NaN)), name: text, image });
    const row = fc.record({
      id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      slug_id: fc.string(),
      title: text,
      title_image: image,
      price: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), fc.constantFrom('0', '12.50', '1e21', '-0', 'abc')),
      property_type: fc.integer({ min: -1, max: 5 }),
      category_id: fc.integer({ min: 1, max: 6 }),
      category_name: fc.option(text, { nil: null }),
      category_image: image,
      category_slug_id: fc.option(fc.string(), { nil: null }),
      city: fc.option(text, { nil: null }),
      state: fc.option(text, { nil: null }),
      country: fc.option(text, { nil: null }),
      address: fc.option(text, { nil: null }),
      latitude: fc.option(fc.double({ min: -90, max: 90, noNaN: true }), { nil: null }),
      longitude: fc.option(fc.double({ min: -180, max: 180, noNaN: true }), { nil: null }),
      rentduration: fc.constantFrom('Daily', 'Monthly', 'Quarterly', 'Yearly', null),
      is_premium: fc.boolean(),
      total_click: fc.nat(),
      created_at: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
      promoted: fc.boolean(),
      is_favourite: fc.boolean(),
      parameters: fc.array(parameter, { maxLength: 4 }),
      facilities: fc.array(facility, { maxLength: 3 }),
    }) as fc.Arbitrary<CardRow>;
    // Names in Hindi for some of the catalogue (others fall back to their own), in English none.
    const hindi = new Map([
      [1, { hi: { category: 'फ़्लैट', name: 'शयनकक्ष' } }],
      [3, { hi: { category: '  ', name: '"उद्यान"' } }],
    ]);
    const names = { categories: hindi, parameters: hindi, facilities: hindi };
    const localizers = [new Localizer('hi', names), new Localizer('en', names)];
    fc.assert(
      fc.property(row, fc.constantFrom('http://localhost:3000', 'https://ghar.example'), fc.constantFrom(0, 1), (r, origin, which) => {
        const loc = localizers[which];
        expect(cardJson(r, origin, loc)).toBe(JSON.stringify(loc.card(toPropertyCard(r, origin))));
      }),
      { numRuns: 2000 },
    );
    // Rows named from one catalogue (an id always brings the same entry), their parts made once
    // and shared by every card of the same origin and language: the same text.
    fc.assert(
      fc.property(fc.array(fc.tuple(parameter, facility), { minLength: 6, maxLength: 6 }), fc.array(row, { minLength: 1, maxLength: 12 }), (entries, rows) => {
        const catalogue = { parameters: new Map(entries.map(([p], i) => [i + 1, { ...p, id: i + 1 }])), facilities: new Map(entries.map(([, f], i) => [i + 1, { ...f, facility_id: i + 1 }])) };
        const named = rows.map((r) => ({
          ...r,
          parameters: r.parameters.map((p) => ({ ...catalogue.parameters.get(p.id)!, value: p.value })),
          facilities: r.facilities.map((f) => ({ ...catalogue.facilities.get(f.facility_id)!, distance: f.distance })),
        }));
        for (const origin of ['http://localhost:3000', 'https://ghar.example']) {
          for (const loc of localizers) {
            const parts = cardPartsFor(catalogue, origin, loc);
            for (const r of named) expect(cardJson(r, origin, loc, parts)).toBe(JSON.stringify(loc.card(toPropertyCard(r, origin))));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the parts per catalogue, origin and language, and anew when the names were loaded again', () => {
    const names = { categories: new Map(), parameters: new Map(), facilities: new Map() };
    const [catalogue, edited] = [{}, {}];
    const hi = new Localizer('hi', names);
    const parts = cardPartsFor(catalogue, 'https://ghar.example', hi);
    expect(cardPartsFor(catalogue, 'https://ghar.example', new Localizer('hi', names))).toBe(parts);
    expect(cardPartsFor(catalogue, 'https://ghar.example', new Localizer('en', names))).not.toBe(parts);
    expect(cardPartsFor(catalogue, 'http://localhost:3000', hi)).not.toBe(parts);
    expect(cardPartsFor(edited, 'https://ghar.example', hi)).not.toBe(parts);
    // Translations loaded again (an operator renamed a parameter): parts made anew, and kept.
    const reloaded = new Localizer('hi', { ...names });
    const fresh = cardPartsFor(catalogue, 'https://ghar.example', reloaded);
    expect(fresh).not.toBe(parts);
    expect(cardPartsFor(catalogue, 'https://ghar.example', reloaded)).toBe(fresh);
    // A parameter's name comes through the parts in the language asked for.
    const renamed = new Localizer('hi', { ...names, parameters: new Map([[7, { hi: { name: 'क्षेत्रफल' } }]]) });
    const [head] = cardPartsFor(catalogue, 'https://ghar.example', renamed).parameter({ id: 7, name: 'Area', code: 'area', type_of_parameter: 'number', type_values: null, image: null, is_required: false, value: '10' });
    expect(head).toBe('{"id":7,"name":"क्षेत्रफल","type_of_parameter":"number","image":null,"value":');
  });
});
