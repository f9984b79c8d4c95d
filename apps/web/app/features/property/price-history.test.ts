import { describe, expect, it } from 'vitest';
import { lastPriceMove } from './price-history.ts';

describe('lastPriceMove', () => {
  it('reads the latest change against the one before, newest first', () => {
    expect(
      lastPriceMove([
        { price: 9_500_000, changed_at: '2026-03-03T10:00:00.000Z' },
        { price: 10_000_000, changed_at: '2026-01-10T10:00:00.000Z' },
      ]),
    ).toEqual({ now: 9_500_000, before: 10_000_000, percent: 5, direction: 'down', at: '2026-03-03T10:00:00.000Z' });
    expect(lastPriceMove([{ price: 110, changed_at: 'b' }, { price: 100, changed_at: 'a' }])?.direction).toBe('up');
  });

  it('is nothing for one price, an unchanged price or a change under half a percent', () => {
    expect(lastPriceMove(undefined)).toBeNull();
    expect(lastPriceMove([{ price: 100, changed_at: 'a' }])).toBeNull();
    expect(lastPriceMove([{ price: 100, changed_at: 'b' }, { price: 100, changed_at: 'a' }])).toBeNull();
    expect(lastPriceMove([{ price: 1000, changed_at: 'b' }, { price: 1001, changed_at: 'a' }])).toBeNull();
  });
});
