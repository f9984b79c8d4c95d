import type { PriceChange } from '@estate/core';

export interface PriceMove {
  /** The price now and before the last change. */
  now: number;
  before: number;
  /** Whole percent, positive when the price went down. */
  percent: number;
  direction: 'down' | 'up';
  /** When it changed (ISO). */
  at: string;
}

/**
 * The listing's last price change, from its history (newest first): none when the price never
 * changed, or when the change rounds to nothing.
 */
export function lastPriceMove(history: readonly PriceChange[] | undefined): PriceMove | null {
  if (!history || history.length < 2) return null;
  const [latest, previous] = history;
  if (!previous.price || latest.price === previous.price) return null;
  const percent = Math.round((Math.abs(previous.price - latest.price) / previous.price) * 100);
  if (percent === 0) return null;
  return { now: latest.price, before: previous.price, percent, direction: latest.price < previous.price ? 'down' : 'up', at: latest.changed_at };
}
