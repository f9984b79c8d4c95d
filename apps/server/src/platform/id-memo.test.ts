import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdMemo } from './id-memo.ts';

describe('IdMemo', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps rows for its lifetime, then forgets them', () => {
    vi.useFakeTimers();
    const memo = new IdMemo<string>(1000, 10);
    memo.set(1, 'one');
    vi.advanceTimersByTime(999);
    expect(memo.get(1)).toBe('one');
    vi.advanceTimersByTime(2);
    expect(memo.get(1)).toBeUndefined();
  });

  it('holds at most its bound, dropping the oldest generation whole', () => {
    const memo = new IdMemo<number>(60_000, 4);
    for (let id = 1; id <= 6; id++) memo.set(id, id * 10);
    // 1 and 2 went with the first generation; 3–6 are kept.
    expect([1, 2, 3, 4, 5, 6].map((id) => memo.get(id))).toEqual([undefined, undefined, 30, 40, 50, 60]);
    memo.clear();
    expect(memo.get(6)).toBeUndefined();
  });
});
