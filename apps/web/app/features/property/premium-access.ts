/**
 * Spec §4 "Premium property access": a 24-hour unlock keeps its expiry and the slug of the one
 * property it opens; until it ends only that property opens (another answers the Access Limited
 * pop-up), and after it ends the data is removed. The server decides who may see what; this is
 * what the browser remembers to say so (which listing, until when).
 */
import { PREMIUM_UNLOCK_HOURS } from '@estate/core';

/** Where the unlock is kept (persistent storage). */
export const PREMIUM_ACCESS_KEY = 'premium_property_access';

export interface PremiumUnlock {
  slug: string;
  expires_at: string;
}

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The live unlock, or null; an ended or unreadable one is removed on the way. */
export function readUnlock(store: KeyValue, now: number): PremiumUnlock | null {
  const raw = store.getItem(PREMIUM_ACCESS_KEY);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PremiumUnlock> | null;
    const ends = typeof value?.expires_at === 'string' ? Date.parse(value.expires_at) : NaN;
    if (value && typeof value.slug === 'string' && value.slug && Number.isFinite(ends) && ends > now) return { slug: value.slug, expires_at: value.expires_at! };
  } catch {
    // Removed below.
  }
  store.removeItem(PREMIUM_ACCESS_KEY);
  return null;
}

/**
 * The listing `slug` was opened with the 24-hour unlock: kept with its expiry. Opening it again
 * keeps the first expiry (the unlock started then); another slug starts a new one.
 */
export function rememberUnlock(store: KeyValue, slug: string, now: number, expiresAt?: string): PremiumUnlock {
  const live = readUnlock(store, now);
  const unlock = live && live.slug === slug && !expiresAt ? live : { slug, expires_at: expiresAt ?? new Date(now + PREMIUM_UNLOCK_HOURS * 3_600_000).toISOString() };
  store.setItem(PREMIUM_ACCESS_KEY, JSON.stringify(unlock));
  return unlock;
}

export function forgetUnlock(store: KeyValue) {
  store.removeItem(PREMIUM_ACCESS_KEY);
}
