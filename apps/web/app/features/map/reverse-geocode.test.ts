import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reverseGeocode } from './reverse-geocode.ts';

const asked: { url: URL; headers: Record<string, string> }[] = [];
let reply: () => Response | Promise<Response>;

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('window', { location: { origin: 'https://homes.example', pathname: '/user/properties', search: '', assign: vi.fn() } });
  vi.stubGlobal('document', { documentElement: { lang: 'hi' } });
  // A logged-in owner: the call must still go without the token.
  vi.stubGlobal('localStorage', { getItem: () => JSON.stringify({ user: { token: 'secret-token', data: { id: 7 } } }), setItem: vi.fn(), removeItem: vi.fn() });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    asked.push({ url, headers: init.headers as Record<string, string> });
    return reply();
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('reverseGeocode', () => {
  it('asks for the rounded point without the token and answers the place', async () => {
    reply = () => json(200, { error: false, message: 'Location fetched successfully', data: { latitude: 19.076, longitude: 72.877701, city: 'Mumbai', state: 'Maharashtra', country: 'India', formatted_address: 'Mumbai, Maharashtra, India', address: 'Mumbai, Maharashtra, India' } });
    expect(await reverseGeocode(19.07600049, 72.87770051)).toEqual({
      found: true,
      message: 'Location fetched successfully',
      place: { latitude: 19.076, longitude: 72.877701, city: 'Mumbai', state: 'Maharashtra', country: 'India', address: 'Mumbai, Maharashtra, India' },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0].url.pathname).toBe('/api/reverse-geocode');
    expect(Object.fromEntries(asked[0].url.searchParams)).toEqual({ latitude: '19.076', longitude: '72.877701' });
    expect(asked[0].headers).not.toHaveProperty('authorization');
    expect(asked[0].headers['content-language']).toBe('hi');
  });

  it('far from any place: not found, the parts empty, the message kept', async () => {
    reply = () => json(200, { error: false, message: 'Location information unavailable', data: { latitude: 30, longitude: -40, city: 'Unknown', state: 'Unknown', country: 'Unknown', formatted_address: 'Unknown', address: 'Unknown' } });
    expect(await reverseGeocode(30, -40)).toEqual({ found: false, message: 'Location information unavailable', place: { latitude: 30, longitude: -40, city: '', state: '', country: '', address: '' } });
  });

  it('null for a point that is no coordinate, without asking', async () => {
    expect(await reverseGeocode(Number.NaN, 10)).toBeNull();
    expect(await reverseGeocode(91, 10)).toBeNull();
    expect(asked).toHaveLength(0);
  });

  it('null when the call fails: refused, rate limited, offline or answered oddly', async () => {
    reply = () => json(400, { error: true, message: 'latitude must be a number', errors: { latitude: ['latitude must be a number'] } });
    expect(await reverseGeocode(10, 10)).toBeNull();
    reply = () => json(429, { error: true, message: 'Too many requests.' });
    expect(await reverseGeocode(10, 10)).toBeNull();
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await reverseGeocode(10, 10)).toBeNull();
    reply = () => json(200, { error: false, message: 'ok', data: null });
    expect(await reverseGeocode(10, 10)).toBeNull();
    expect(window.location.assign).not.toHaveBeenCalled();
  });
});
