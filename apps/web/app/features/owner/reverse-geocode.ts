import { call } from '../../lib/client.ts';

export type Place = { city: string; state: string; country: string; address: string };

/** `reverse-geocode`: the place at a point; null when it cannot be told (spec §8 'Unknown'). */
export async function reverseGeocode(latitude: string, longitude: string): Promise<Place | null> {
  const { geocodeAnswer } = await import('./answers.ts');
  const answer = await call('reverse-geocode', geocodeAnswer, { query: { latitude, longitude } }).catch(() => null);
  if (!answer) return null;
  const known = (v: string) => (v && v !== 'Unknown' && v !== 'Not Specified' && v !== 'Location information unavailable' ? v : '');
  const place = { city: known(answer.data.city), state: known(answer.data.state), country: known(answer.data.country), address: known(answer.data.address) };
  return place.city || place.state || place.country ? place : null;
}
