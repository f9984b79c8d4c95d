import { describe, expect, it } from 'vitest';
import { PREMIUM_ACCESS_KEY, forgetUnlock, readUnlock, rememberUnlock, type KeyValue } from './premium-access.ts';

function memoryStore(): KeyValue & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const HOUR = 3_600_000;

describe('the 24-hour premium unlock in the browser', () => {
  const t0 = Date.parse('2026-02-01T10:00:00Z');

  it('keeps the slug and an expiry 24 hours on', () => {
    const store = memoryStore();
    expect(rememberUnlock(store, 'villa-1', t0)).toEqual({ slug: 'villa-1', expires_at: '2026-02-02T10:00:00.000Z' });
    expect(readUnlock(store, t0 + 23 * HOUR)).toEqual({ slug: 'villa-1', expires_at: '2026-02-02T10:00:00.000Z' });
  });

  it('keeps the first expiry when the same listing is opened again, and the server’s when it is given', () => {
    const store = memoryStore();
    rememberUnlock(store, 'villa-1', t0);
    expect(rememberUnlock(store, 'villa-1', t0 + 5 * HOUR).expires_at).toBe('2026-02-02T10:00:00.000Z');
    expect(rememberUnlock(store, 'villa-1', t0 + 5 * HOUR, '2026-02-02T09:00:00.000Z').expires_at).toBe('2026-02-02T09:00:00.000Z');
  });

  it('is removed once it has ended, or when it cannot be read', () => {
    const store = memoryStore();
    rememberUnlock(store, 'villa-1', t0);
    expect(readUnlock(store, t0 + 24 * HOUR)).toBeNull();
    expect(store.data.has(PREMIUM_ACCESS_KEY)).toBe(false);
    store.setItem(PREMIUM_ACCESS_KEY, '{not json');
    expect(readUnlock(store, t0)).toBeNull();
    expect(store.data.has(PREMIUM_ACCESS_KEY)).toBe(false);
    store.setItem(PREMIUM_ACCESS_KEY, JSON.stringify({ slug: '', expires_at: '2030-01-01T00:00:00Z' }));
    expect(readUnlock(store, t0)).toBeNull();
  });

  it('starts again for another listing after the first ended, and can be forgotten', () => {
    const store = memoryStore();
    rememberUnlock(store, 'villa-1', t0);
    expect(rememberUnlock(store, 'flat-2', t0 + 25 * HOUR)).toEqual({ slug: 'flat-2', expires_at: '2026-02-03T11:00:00.000Z' });
    forgetUnlock(store);
    expect(readUnlock(store, t0 + 25 * HOUR)).toBeNull();
  });
});
