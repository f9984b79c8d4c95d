export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface GeocodeComponent {
  long_name: string;
  short_name?: string;
  types: string[];
}

export interface GeocodePlace {
  city: string;
  state: string;
  country: string;
}

export const UNKNOWN_PLACE = 'Unknown';
/** The message of an answer that found no place (spec §8). */
export const LOCATION_UNAVAILABLE = 'Location information unavailable';
export const COORDINATE_DECIMALS = 6;

function toCoordinate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A coordinate rounded to 6 decimals (about 11 cm), never -0. */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  // Avoids -0 leaking into cache keys and URLs.
  return rounded === 0 ? 0 : rounded;
}

/**
 * Numeric, non-empty, in-range coordinates rounded to 6 decimals; anything else is null.
 */
export function normalizeCoordinates(lat: unknown, lng: unknown): Coordinates | null {
  const latitude = toCoordinate(lat);
  const longitude = toCoordinate(lng);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
}

const PLACE_TYPES: readonly [keyof GeocodePlace, string][] = [
  ['city', 'locality'],
  ['state', 'administrative_area_level_1'],
  ['country', 'country'],
];

/** locality gives city, administrative_area_level_1 state, country country; missing ones are 'Unknown'. */
export function parseGeocodeComponents(
  components: readonly GeocodeComponent[] | null | undefined,
): GeocodePlace {
  const place: GeocodePlace = { city: UNKNOWN_PLACE, state: UNKNOWN_PLACE, country: UNKNOWN_PLACE };
  if (!Array.isArray(components)) return place;
  for (const [field, type] of PLACE_TYPES) {
    const match = components.find(
      (component) =>
        Array.isArray(component?.types) &&
        component.types.includes(type) &&
        typeof component.long_name === 'string' &&
        component.long_name.trim() !== '',
    );
    if (match) place[field] = match.long_name.trim();
  }
  return place;
}
