// Issue 13: `GET /api/reverse-geocode` for the listing forms' map picker, through the whole app.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

const KEY = 'AIza-route-test-key';

let t: TestApp;
let withGoogle: TestApp;
let google: http.Server;
const asked: URLSearchParams[] = [];
let googleDown = false;
const lines: string[] = [];

let ipCounter = 0;
const nextIp = () => `10.77.${Math.floor(ipCounter / 256) % 256}.${ipCounter++ % 256}`;
const lookup = (app: TestApp, query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  app.request({ method: 'GET', url: '/api/reverse-geocode', query: query as Record<string, string>, headers, remoteAddress: nextIp() });

beforeAll(async () => {
  // A local stand-in for Google's Geocoding API.
  google = http.createServer((req, res) => {
    asked.push(new URL(req.url!, 'http://stand-in').searchParams);
    if (googleDown) return void res.writeHead(500).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        status: 'OK',
        results: [
          {
            formatted_address: 'Marine Drive, Mumbai, Maharashtra, India',
            types: ['route'],
            address_components: [
              { long_name: 'मुंबई', types: ['locality', 'political'] },
              { long_name: 'महाराष्ट्र', types: ['administrative_area_level_1', 'political'] },
              { long_name: 'भारत', types: ['country', 'political'] },
            ],
          },
        ],
      }),
    );
  });
  await new Promise<void>((r) => google.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(google.address() as { port: number }).port}/maps/api/geocode/json`;
  [t, withGoogle] = await Promise.all([
    createTestApp(),
    createTestApp(
      { GOOGLE_MAPS_API_KEY: KEY, GOOGLE_GEOCODE_URL: url, GOOGLE_GEOCODE_TIMEOUT_MS: '500', PUBLIC_CACHE_SECONDS: '10', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), withGoogle?.close()]);
  await new Promise((r) => google.close(r));
});

describe('reverse-geocode from the packaged gazetteer (no maps key)', () => {
  it('answers the nearest place as the geocoded location, coordinates rounded to 6 decimals', async () => {
    const res = await lookup(t, { latitude: '19.07600049', longitude: '72.87770051' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      error: false,
      message: 'Location fetched successfully',
      data: { latitude: 19.076, longitude: 72.877701, city: 'Mumbai', state: 'Maharashtra', country: 'India', formatted_address: 'Mumbai, Maharashtra, India', address: 'Mumbai, Maharashtra, India' },
    });
  });

  it('far from any place: 200 with Unknown values and “Location information unavailable”', async () => {
    const res = await lookup(t, { latitude: 30, longitude: -40 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      error: false,
      message: 'Location information unavailable',
      data: { latitude: 30, longitude: -40, city: 'Unknown', state: 'Unknown', country: 'Unknown', formatted_address: 'Unknown', address: 'Unknown' },
    });
  });

  it.each([
    [{ longitude: 72.8 }, 'latitude', 'latitude is required'],
    [{ latitude: '', longitude: 72.8 }, 'latitude', 'latitude is required'],
    [{ latitude: 19, longitude: '   ' }, 'longitude', 'longitude must be a number'],
    [{ latitude: 'abc', longitude: 72.8 }, 'latitude', 'latitude must be a number'],
    [{ latitude: '0x10', longitude: 72.8 }, 'latitude', 'latitude must be a number'],
    [{ latitude: 'Infinity', longitude: 72.8 }, 'latitude', 'latitude must be a number'],
    [{ latitude: 90.0000001, longitude: 72.8 }, 'latitude', 'latitude must be between -90 and 90'],
    [{ latitude: 19, longitude: -180.5 }, 'longitude', 'longitude must be between -180 and 180'],
  ])('400 for %j: %s', async (query, field, message) => {
    const res = await lookup(t, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, message, errors: { [field]: [message] } });
  });

  it('takes the edges of the globe and numbers written with a sign or exponent', async () => {
    expect((await lookup(t, { latitude: '-90', longitude: '180' })).status).toBe(200);
    const res = await lookup(t, { latitude: '+5.1e1', longitude: '-1.278e-1' });
    expect(res.body.data).toMatchObject({ latitude: 51, longitude: -0.1278 });
  });

  it('is rate limited per address', async () => {
    const query = { latitude: '12.9716', longitude: '77.5946' };
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await t.request({ method: 'GET', url: '/api/reverse-geocode', query, remoteAddress: '10.99.0.1' })).status;
    expect(last).toBe(429);
    expect((await lookup(t, query)).status).toBe(200);
  });
});

describe('reverse-geocode with a maps key (Google stand-in)', () => {
  it('answers Google’s place in the language asked, and visitors share one answer per rounded point', async () => {
    const first = await lookup(withGoogle, { latitude: '18.9432', longitude: '72.8236' }, { 'accept-language': 'hi-IN' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ latitude: 18.9432, longitude: 72.8236, city: 'मुंबई', state: 'महाराष्ट्र', country: 'भारत', formatted_address: 'Marine Drive, Mumbai, Maharashtra, India', address: 'Marine Drive, Mumbai, Maharashtra, India' });
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ latlng: '18.9432,72.8236', key: KEY, language: 'hi' });
    expect(first.raw.headers['cache-control']).toBe('public, max-age=10');

    const count = asked.length;
    const again = await lookup(withGoogle, { latitude: '18.94320001', longitude: '72.8236' }, { 'accept-language': 'hi-IN' });
    expect(again.raw.headers['x-cache']).toBe('hit');
    expect(again.body).toEqual(first.body);
    expect(asked).toHaveLength(count);
  });

  it('Google failing: the gazetteer answers, and the log says so without the key', async () => {
    googleDown = true;
    try {
      const res = await lookup(withGoogle, { latitude: 28.6315, longitude: 77.2167 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ city: 'New Delhi', state: 'Delhi', country: 'India', address: 'New Delhi, Delhi, India' });
    } finally {
      googleDown = false;
    }
    const log = lines.join('');
    expect(log).toContain('reverse-geocode answered from the gazetteer: Google geocoding answered HTTP 500');
    expect(log).not.toContain(KEY);
  });
});
