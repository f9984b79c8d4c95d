import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleGeocoder } from './google.ts';
import { addressOf, LOCATION_FOUND, ReverseGeocodeService } from './service.ts';

const KEY = 'AIza-test-key-never-logged';

// A local stand-in for Google's Geocoding API: answers by what the test sets for the next call.
type Behaviour = { status: number; body: unknown } | { hang: true };
let behaviour: Behaviour;
const received: URLSearchParams[] = [];
let server: http.Server;
let url: string;

const mumbaiAnswer = {
  status: 'OK',
  results: [
    {
      formatted_address: 'Bandra Kurla Complex, Bandra East, Mumbai, Maharashtra 400051, India',
      types: ['street_address'],
      address_components: [
        { long_name: 'Bandra East', short_name: 'Bandra East', types: ['sublocality_level_1', 'sublocality', 'political'] },
        { long_name: 'Mumbai', short_name: 'Mumbai', types: ['locality', 'political'] },
        { long_name: 'Maharashtra', short_name: 'MH', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'India', short_name: 'IN', types: ['country', 'political'] },
      ],
    },
  ],
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(new URL(req.url!, 'http://stand-in').searchParams);
    if ('hang' in behaviour) return; // never answers; the client's timeout must end the wait
    res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(typeof behaviour.body === 'string' ? behaviour.body : JSON.stringify(behaviour.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/maps/api/geocode/json`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  received.length = 0;
  behaviour = { status: 200, body: mumbaiAnswer };
});

function withGoogle(timeoutMs = 1000) {
  const service = new ReverseGeocodeService(new GoogleGeocoder({ key: KEY, url, timeoutMs }));
  const fallbacks: string[] = [];
  service.onFallback = (reason) => void fallbacks.push(reason);
  return { service, fallbacks };
}

const bkc = { latitude: 19.0607, longitude: 72.8362 };

describe('reverse geocoding with a Google key', () => {
  it('asks Google with latlng, key and language, and answers its locality, state, country and address', async () => {
    const { service, fallbacks } = withGoogle();
    const answer = await service.locate(bkc, 'hi');
    expect(answer).toEqual({
      message: LOCATION_FOUND,
      data: {
        ...bkc,
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        formatted_address: 'Bandra Kurla Complex, Bandra East, Mumbai, Maharashtra 400051, India',
        address: 'Bandra Kurla Complex, Bandra East, Mumbai, Maharashtra 400051, India',
      },
    });
    expect(received).toHaveLength(1);
    expect(Object.fromEntries(received[0])).toEqual({ latlng: '19.0607,72.8362', key: KEY, language: 'hi' });
    expect(fallbacks).toEqual([]);
  });

  it('keeps Google’s answer for a point and language, so a pin dropped twice asks once', async () => {
    const { service } = withGoogle();
    await service.locate(bkc, 'en');
    await service.locate(bkc, 'en');
    expect(received).toHaveLength(1);
    await service.locate(bkc, 'hi');
    expect(received).toHaveLength(2);
  });

  it('takes each part from the first result that has it (a plus code first, then an address)', async () => {
    behaviour = {
      status: 200,
      body: {
        status: 'OK',
        results: [
          { formatted_address: 'J3X6+7H Mumbai', types: ['plus_code'], address_components: [{ long_name: 'J3X6+7H', types: ['plus_code'] }] },
          { formatted_address: 'Mumbai, Maharashtra, India', types: ['locality', 'political'], address_components: mumbaiAnswer.results[0].address_components },
        ],
      },
    };
    const { data } = await withGoogle().service.locate(bkc, 'en');
    expect(data).toMatchObject({ city: 'Mumbai', state: 'Maharashtra', country: 'India', address: 'Mumbai, Maharashtra, India' });
  });

  it.each([
    ['a refusal (REQUEST_DENIED)', { status: 200, body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] } }, 'status REQUEST_DENIED'],
    ['a quota error (OVER_QUERY_LIMIT)', { status: 200, body: { status: 'OVER_QUERY_LIMIT', results: [] } }, 'status OVER_QUERY_LIMIT'],
    ['an HTTP error', { status: 500, body: 'oops' }, 'HTTP 500'],
    ['something other than JSON', { status: 200, body: '<html>' }, 'other than JSON'],
    ['no answer in time', { hang: true } as const, 'did not answer within 150 ms'],
  ])('falls back to the gazetteer on %s, and says why without the key', async (_case, failure, reason) => {
    behaviour = failure;
    const { service, fallbacks } = withGoogle(150);
    const started = Date.now();
    const answer = await service.locate({ latitude: 19.076, longitude: 72.8777 }, 'en');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer).toEqual({
      message: LOCATION_FOUND,
      data: { latitude: 19.076, longitude: 72.8777, city: 'Mumbai', state: 'Maharashtra', country: 'India', formatted_address: 'Mumbai, Maharashtra, India', address: 'Mumbai, Maharashtra, India' },
    });
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toContain(reason);
    expect(fallbacks[0]).not.toContain(KEY);
    expect(fallbacks[0]).not.toContain('127.0.0.1');
  });

  it('falls back when Google cannot be reached at all', async () => {
    const service = new ReverseGeocodeService(new GoogleGeocoder({ key: KEY, url: 'http://127.0.0.1:9/geocode/json', timeoutMs: 1000 }));
    const fallbacks: string[] = [];
    service.onFallback = (reason) => void fallbacks.push(reason);
    expect((await service.locate({ latitude: 51.5074, longitude: -0.1278 })).data.city).toBe('London');
    expect(fallbacks[0]).toMatch(/^Google geocoding could not be reached/);
    expect(fallbacks[0]).not.toContain(KEY);
  });

  it('a failure is not kept: the next drop of the pin asks Google again', async () => {
    behaviour = { status: 503, body: '' };
    const { service } = withGoogle();
    expect((await service.locate(bkc)).data.address).toBe('Mumbai, Maharashtra, India');
    behaviour = { status: 200, body: mumbaiAnswer };
    expect((await service.locate(bkc)).data.address).toContain('Bandra Kurla Complex');
    expect(received).toHaveLength(2);
  });

  it('mid-ocean (ZERO_RESULTS): Unknown values and “Location information unavailable”, without a warning', async () => {
    behaviour = { status: 200, body: { status: 'ZERO_RESULTS', results: [] } };
    const { service, fallbacks } = withGoogle();
    expect(await service.locate({ latitude: 30, longitude: -40 })).toEqual({
      message: 'Location information unavailable',
      data: { latitude: 30, longitude: -40, city: 'Unknown', state: 'Unknown', country: 'Unknown', formatted_address: 'Unknown', address: 'Unknown' },
    });
    expect(fallbacks).toEqual([]);
  });
});

describe('reverse geocoding without a key', () => {
  const service = new ReverseGeocodeService(null);

  it('answers from the gazetteer: "City, State, Country"', async () => {
    expect(await service.locate({ latitude: 28.6315, longitude: 77.2167 })).toEqual({
      message: LOCATION_FOUND,
      data: { latitude: 28.6315, longitude: 77.2167, city: 'New Delhi', state: 'Delhi', country: 'India', formatted_address: 'New Delhi, Delhi, India', address: 'New Delhi, Delhi, India' },
    });
    expect(received).toHaveLength(0);
  });

  it('says a name once when the city and its state share it', async () => {
    expect((await service.locate({ latitude: 25.2048, longitude: 55.2708 })).data.address).toBe('Dubai, United Arab Emirates');
    expect(addressOf({ city: 'Unknown', state: 'Unknown', country: 'Unknown' })).toBe('Unknown');
    expect(addressOf({ city: 'Unknown', state: 'Goa', country: 'India' })).toBe('Goa, India');
  });

  it('mid-Atlantic: Unknown values and “Location information unavailable”', async () => {
    const answer = await service.locate({ latitude: 30, longitude: -40 });
    expect(answer.message).toBe('Location information unavailable');
    expect(answer.data).toMatchObject({ city: 'Unknown', state: 'Unknown', country: 'Unknown', address: 'Unknown' });
  });
});
