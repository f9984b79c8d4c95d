import { STORAGE_KEYS } from '@estate/core/rules/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage over a Map, as the browser's local and session storage behave. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

type Call = { url: string; method: string; authorization?: string; body?: unknown };
let calls: Call[];
/** Answers by path: a status and body, or 'down' for no answer at all. */
let answers: Record<string, { status: number; body?: unknown } | 'down'>;

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ url: url.pathname, method: init.method ?? 'GET', authorization: headers.authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[url.pathname] ?? { status: 404, body: { error: true, message: 'The requested resource was not found.' } };
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? null), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  localStorage.setItem('root', JSON.stringify({ user: { token: 'token-of-user-3', data: { id: 3 } } }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = (city: string) => ({ status: 200, body: { error: false, message: 'ok', data: { city, property_type: 0, category_ids: [], outdoor_facility_ids: [], rooms: null, min_price: null, max_price: null, expiration_date: '2099-01-01T00:00:00.000Z' } } });

describe('the browser transport', () => {
  it('calls search-criteria with the session’s token, and falls back to package-search-criteria when it cannot answer', async () => {
    const { browserTransport } = await import('./transport.ts');
    answers['/api/search-criteria'] = saved('Pune');
    expect((await browserTransport.load()).status).toBe(200);
    expect(calls).toEqual([{ url: '/api/search-criteria', method: 'GET', authorization: 'Bearer token-of-user-3', body: undefined }]);

    for (const trouble of [{ status: 404 }, { status: 503 }, 'down'] as const) {
      calls = [];
      answers['/api/search-criteria'] = trouble;
      answers['/api/package-search-criteria'] = saved('Thane');
      const answer = await browserTransport.save({ city: 'Thane' } as never);
      expect(answer.status, JSON.stringify(trouble)).toBe(200);
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/search-criteria', 'POST /api/package-search-criteria']);
      expect(calls[1].body).toEqual({ city: 'Thane' });
    }
  });

  it('does not fall back on a refusal: the server answered', async () => {
    const { browserTransport } = await import('./transport.ts');
    answers['/api/search-criteria'] = { status: 403, body: { error: true, message: 'no' } };
    expect((await browserTransport.remove()).status).toBe(403);
    expect(calls.map((c) => c.url)).toEqual(['/api/search-criteria']);
  });
});

describe('saving the pending search after a payment', () => {
  it('saves and locks it, keeping the premium listing’s slug pending', async () => {
    const { savePendingSearchAfterPayment } = await import('./save-after-payment.ts');
    localStorage.setItem(STORAGE_KEYS.pendingSearchCriteria, JSON.stringify({ property_slug: 'villa-1', filters: { city: 'Pune', property_type: '0' } }));
    answers['/api/search-criteria'] = saved('Pune');
    expect(await savePendingSearchAfterPayment()).toEqual({ status: 'locked', fallback: false });
    expect(calls[0].body).toMatchObject({ user_id: 3, city: 'Pune', property_type: 0, location: 'Pune' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.pendingSearchCriteria)!)).toEqual({ property_slug: 'villa-1' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lockedSearchCriteria)!)).toEqual({ filters: { city: 'Pune', property_type: '0' }, permanent: false });
  });

  it('without a session: “Please log in to save your search criteria”, and the search stays pending', async () => {
    const { savePendingSearchAfterPayment } = await import('./save-after-payment.ts');
    localStorage.removeItem('root');
    localStorage.setItem(STORAGE_KEYS.pendingSearchCriteria, JSON.stringify({ filters: { city: 'Pune' } }));
    expect(await savePendingSearchAfterPayment()).toEqual({ status: 'login', message: 'Please log in to save your search criteria' });
    expect(calls).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.pendingSearchCriteria)).not.toBeNull();
  });

  it('does nothing when no search is pending', async () => {
    const { savePendingSearchAfterPayment } = await import('./save-after-payment.ts');
    expect(await savePendingSearchAfterPayment()).toEqual({ status: 'nothing-pending' });
    localStorage.setItem(STORAGE_KEYS.pendingSearchCriteria, JSON.stringify({ property_slug: 'villa-1', filters: null }));
    expect(await savePendingSearchAfterPayment()).toEqual({ status: 'nothing-pending' });
    expect(calls).toEqual([]);
  });
});
