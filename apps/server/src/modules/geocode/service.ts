import { type GeocodedLocation, type GeocodePlace, LOCATION_UNAVAILABLE, type ReverseGeocodeQuery, UNKNOWN_PLACE } from '@estate/core';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { packagedGazetteer } from './gazetteer.ts';
import { GeocodeFailure, type GoogleGeocoder, type GooglePlace } from './google.ts';

/** Google's answers are kept this long, per point and language, to spare the key's quota while a pin is dragged back and forth. */
const GOOGLE_MEMO_MS = 60 * 60 * 1000;

export const LOCATION_FOUND = 'Location fetched successfully';

/** "City, State, Country" without the unknown parts, nor a part that repeats the one before ("Dubai, Dubai"). */
export function addressOf(place: GeocodePlace): string {
  const parts = [place.city, place.state, place.country].filter((p, i, all) => p !== UNKNOWN_PLACE && p !== all[i - 1]);
  return parts.length ? parts.join(', ') : UNKNOWN_PLACE;
}

/**
 * `reverse-geocode`: the place at a point for the map picker. Google's geocoder when a maps key is
 * configured; the packaged gazetteer otherwise, and whenever Google fails (the picker stays usable
 * offline). Nowhere near a place: 'Unknown' values and 'Location information unavailable'
 * (spec §8), still an answer.
 */
export class ReverseGeocodeService {
  /** Told why Google's answer was not used (wired to the log; never holds the key). */
  onFallback: (reason: string) => void = () => {};
  private readonly googleMemo = new TtlCache<GooglePlace>(GOOGLE_MEMO_MS, 5000);

  constructor(
    private google: GoogleGeocoder | null,
    private readonly gazetteer = packagedGazetteer,
  ) {}

  /** Asks Google with this geocoder from now on (the maps key changed in the console); null: the gazetteer only. */
  useGoogle(google: GoogleGeocoder | null): void {
    this.google = google;
    this.googleMemo.clear();
  }

  async locate(point: ReverseGeocodeQuery, lang = 'en'): Promise<{ message: string; data: GeocodedLocation }> {
    const place = (await this.fromGoogle(point, lang)) ?? this.fromGazetteer(point);
    const known = place.city !== UNKNOWN_PLACE || place.state !== UNKNOWN_PLACE || place.country !== UNKNOWN_PLACE;
    const formatted = place.formatted_address ?? addressOf(place);
    return {
      message: known ? LOCATION_FOUND : LOCATION_UNAVAILABLE,
      data: { latitude: point.latitude, longitude: point.longitude, city: place.city, state: place.state, country: place.country, formatted_address: formatted, address: formatted },
    };
  }

  private async fromGoogle(point: ReverseGeocodeQuery, lang: string): Promise<GooglePlace | null> {
    if (!this.google) return null;
    const google = this.google;
    try {
      return await this.googleMemo.getOrLoad(`${lang} ${point.latitude},${point.longitude}`, () => google.lookup(point, lang));
    } catch (err) {
      if (!(err instanceof GeocodeFailure && err.nothingThere)) this.onFallback(err instanceof GeocodeFailure ? err.message : 'Google geocoding failed');
      return null;
    }
  }

  private fromGazetteer(point: ReverseGeocodeQuery): GooglePlace {
    const nearest = this.gazetteer.nearest(point);
    if (!nearest) return { city: UNKNOWN_PLACE, state: UNKNOWN_PLACE, country: UNKNOWN_PLACE, formatted_address: null };
    return { city: nearest.city, state: nearest.state, country: nearest.country, formatted_address: null };
  }
}
