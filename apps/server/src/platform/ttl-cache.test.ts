import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a value within its lifetime only, and past it within the stale time to getStale', () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new TtlCache<string>(1000, 10, undefined, 500);
    cache.set('a', 'one');
    expect(cache.get('a')).toBe('one');
    expect(cache.getStale('a')).toBe('one');
    vi.setSystemTime(1200);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.getStale('a')).toBe('one');
    // Still there after a fresh read missed.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.getStale('a')).toBe('one');
    vi.setSystemTime(1600);
    expect(cache.getStale('a')).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it('keeps nothing past its lifetime without a stale time', () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new TtlCache<string>(1000);
    cache.set('a', 'one');
    vi.setSystemTime(1001);
    expect(cache.getStale('a')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets stale values when cleared, and a set makes a value fresh again', () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new TtlCache<string>(1000, 10, undefined, 1000);
    cache.set('a', 'one');
    cache.set('b', 'two');
    vi.setSystemTime(1500);
    cache.set('b', 'three');
    expect(cache.get('b')).toBe('three');
    cache.clear();
    expect(cache.getStale('a')).toBeUndefined();
    expect(cache.getStale('b')).toBeUndefined();
  });
});
