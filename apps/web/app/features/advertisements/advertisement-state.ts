import type { Advertisement } from '@estate/core';

/** How an advertisement stands for its owner: api-contract `status` (0 approved, 1 pending, 2 rejected, 3 expired), and its end date. */
export type AdvertisementState = 'active' | 'pending' | 'rejected' | 'expired';

export function advertisementState(ad: Pick<Advertisement, 'status' | 'end_date'>, now: number): AdvertisementState {
  if (ad.status === 3) return 'expired';
  if (ad.status === 2) return 'rejected';
  // An approved one whose end has passed is over, whatever the row still says.
  if (Date.parse(ad.end_date) <= now) return 'expired';
  return ad.status === 1 ? 'pending' : 'active';
}

/** Whole days left of an active advertisement (at least 1 while any time is left). */
export function daysLeft(ad: Pick<Advertisement, 'end_date'>, now: number): number {
  const ms = Date.parse(ad.end_date) - now;
  return ms > 0 ? Math.max(1, Math.ceil(ms / 86_400_000)) : 0;
}
