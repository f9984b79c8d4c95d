import { envelope, errorResponse, geocodedLocation, reverseGeocodeQuery } from '@estate/core';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { ReverseGeocodeService } from './service.ts';

/** A dragged pin asks once per drop; this leaves room for a busy form and bounds the Google key's spend. */
const LOOKUPS_PER_MINUTE = 60;

export async function reverseGeocodeRoutes(app: App, { reverseGeocode }: { reverseGeocode: ReverseGeocodeService }) {
  app.get('/reverse-geocode', {
    config: { publicCache: true, rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
    schema: {
      tags: ['properties'],
      summary:
        'The place at a point, for the map picker (ours): city, state, country and address from Google’s geocoder when a maps key is configured, else the nearest place of the packaged GeoNames gazetteer within 50 km; coordinates rounded to 6 decimals; nowhere near a place, “Unknown” values and the message “Location information unavailable”',
      querystring: reverseGeocodeQuery,
      response: { 200: envelope(geocodedLocation), 400: errorResponse, 429: errorResponse },
    },
    handler: async (request) => {
      const { message, data } = await reverseGeocode.locate(request.query, contextOf(request).lang);
      return ok(data, message);
    },
  });
}
