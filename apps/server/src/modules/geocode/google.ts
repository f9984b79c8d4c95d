import { type Coordinates, type GeocodeComponent, type GeocodePlace, parseGeocodeComponents } from '@estate/core';



export interface GoogleGeocoderOptions {
  /** The Maps Platform key (GOOGLE_MAPS_API_KEY). Never logged nor put in an error. */
  key: string;
  /** The Geocoding API's endpoint (GOOGLE_GEOCODE_URL); a local stand-in in tests. */
  url: string;
  timeoutMs: number;
}

export interface GooglePlace extends GeocodePlace {
  formatted_address: string | null;
}

/** Why Google gave no place; its message never holds the key or the URL. */
export class GeocodeFailure extends Error {
  /** Google worked but knows no place there (ZERO_RESULTS: the sea): nothing to report. */
  readonly nothingThere: boolean;

  constructor(message: string, opts: { nothingThere?: boolean } = {}) {
    super(message);
    this.nothingThere = opts.nothingThere ?? false;
  }
}

interface GeocodeAnswer {
  status?: unknown;
  results?: { formatted_address?: unknown; types?: unknown; address_components?: GeocodeComponent[] }[];
}

/** Reverse geocoding by Google's Geocoding API: `latlng`, `key`, `language`; a status other than OK throws. */
export class GoogleGeocoder {
  constructor(private readonly opts: GoogleGeocoderOptions) {}

  async lookup(point: Coordinates, language: string): Promise<GooglePlace> {
    const url = new URL(this.opts.url);
    url.searchParams.set('latlng', `${point.latitude},${point.longitude}`);
    url.searchParams.set('key', this.opts.key);
    url.searchParams.set('language', language);
    let answer: GeocodeAnswer;
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.opts.timeoutMs) });
      if (!res.ok) throw new GeocodeFailure(`Google geocoding answered HTTP ${res.status}`);
      answer = (await res.json()) as GeocodeAnswer;
    } catch (err) {
      if (err instanceof GeocodeFailure) throw err;
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new GeocodeFailure(`Google geocoding did not answer within ${this.opts.timeoutMs} ms`);
      if (err instanceof SyntaxError) throw new GeocodeFailure('Google geocoding answered something other than JSON');
      const code = (err as { cause?: { code?: unknown } })?.cause?.code;
      throw new GeocodeFailure(`Google geocoding could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
    }
    const results = Array.isArray(answer?.results) ? answer.results.filter((r) => r && typeof r === 'object') : [];
    if (answer?.status !== 'OK' || results.length === 0) {
      const status = typeof answer?.status === 'string' ? answer.status.slice(0, 40) : 'none';
      throw new GeocodeFailure(`Google geocoding answered status ${status}`, { nothingThere: status === 'ZERO_RESULTS' });
    }
    // The first result is the most precise (a street address, or a plus code with few parts): each
    // field comes from the first result that has it.
    const place = parseGeocodeComponents(results.flatMap((r) => (Array.isArray(r.address_components) ? r.address_components : [])));
    const described = results.find((r) => typeof r.formatted_address === 'string' && r.formatted_address.trim() && !(Array.isArray(r.types) && r.types.includes('plus_code')));
    return { ...place, formatted_address: described ? String(described.formatted_address).trim() : null };
  }
}
