/**
 * `GET reverse-geocode?latitude=&longitude=`: the place at a point, for the map picker of the
 * listing forms. The server answers from Google's geocoder when a maps key is configured, else from
 * its packaged gazetteer, so this works without internet too. Spec §5: coordinates must be numeric
 * and are rounded to 6 decimals; §8: 'Unknown' parts and 'Location information unavailable' when
 * nothing is known there. The fields it fills stay editable.
 */
import { LOCATION_UNAVAILABLE, UNKNOWN_PLACE, normalizeCoordinates } from '@estate/core/rules/reverse-geocode';
import { call } from '../../lib/client.ts';

/** The place at a point; a part the server does not know is '' (never 'Unknown'), so a form leaves its field empty. */
export interface PickedPlace {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
  /** "City, State, Country" from the gazetteer, Google's formatted address with a key. */
  address: string;
}

export interface ReverseGeocodeResult {
  /** False when nothing is known there (mid-ocean): every part is '' and `message` says so. */
  found: boolean;
  /** The server's message: 'Location information unavailable' when nothing is known. */
  message: string;
  place: PickedPlace;
}

const known = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && value.trim() !== UNKNOWN_PLACE ? value.trim() : '');

/** A structural check of the answer (keeps zod out of the map's bundle); fields it does not read may come and go. */
const answer = {
  safeParse(value: unknown): { success: true; data: ReverseGeocodeResult } | { success: false } {
    const body = value as { message?: unknown; data?: Record<string, unknown> } | null;
    const data = body?.data;
    if (!data || typeof data !== 'object' || typeof data.latitude !== 'number' || typeof data.longitude !== 'number') return { success: false };
    const place: PickedPlace = {
      latitude: data.latitude,
      longitude: data.longitude,
      city: known(data.city),
      state: known(data.state),
      country: known(data.country),
      address: known(data.address) || known(data.formatted_address),
    };
    const found = !!(place.city || place.state || place.country);
    const message = typeof body?.message === 'string' && body.message ? body.message : found ? '' : LOCATION_UNAVAILABLE;
    return { success: true, data: { found, message, place } };
  },
};

/**
 * The place at (lat, lng): `found: false` with empty parts far from any place; null when the point
 * is not a valid coordinate or the call failed (offline, rate limited), so the picker goes on and
 * the address is typed by hand.
 */
export async function reverseGeocode(lat: number, lng: number): Promise<ReverseGeocodeResult | null> {
  const point = normalizeCoordinates(lat, lng);
  if (!point) return null;
  try {
    // A public call: sent without the token, so a refusal can never log the owner out mid-form.
    return await call('reverse-geocode', answer, { query: { latitude: point.latitude, longitude: point.longitude }, anonymous: true });
  } catch {
    return null;
  }
}
