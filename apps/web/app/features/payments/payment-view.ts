/**
 * Spec §4 "Payments" as pure rules: a payment's status (and how long the browser has waited for
 * it) decides which view of the checkout shows — the checkout, its progress, success (which
 * redirects to the properties page by itself) or failure (retry, contact support) — and where a
 * successful payment leads: the premium listing the buyer was about to open, else the properties
 * page with the search they had on screen.
 */
import type { PaymentStatus } from '@estate/core';

export type PaymentView = 'checkout' | 'processing' | 'success' | 'failed';
/** Why the failure view shows: the provider refused, nothing came within the wait, the buyer gave up at the provider's page. */
export type FailureReason = 'declined' | 'timeout' | 'cancelled' | 'refunded';

/** How long the progress view waits for the provider's answer before spec §8's "payment timeout". */
export const PAYMENT_TIMEOUT_MS = 30_000;
/** How often the progress view asks (`payment-status`). */
export const PAYMENT_POLL_MS = 1_500;
/** How long the success view shows before it redirects by itself. */
export const SUCCESS_REDIRECT_MS = 5_000;

export interface PaymentState {
  view: PaymentView;
  reason?: FailureReason;
}

/**
 * The view for a payment: `startedAt` is when this browser sent the payment on (the card form's
 * Pay, or leaving for the provider's page), null when it has not; `cancelled` when the provider
 * sent the buyer back as having given up.
 */
export function paymentState(status: PaymentStatus, startedAt: number | null, now: number, cancelled = false): PaymentState {
  if (status === 'success') return { view: 'success' };
  if (status === 'failed') return { view: 'failed', reason: cancelled ? 'cancelled' : 'declined' };
  if (status === 'refunded') return { view: 'failed', reason: 'refunded' };
  if (cancelled) return { view: 'failed', reason: 'cancelled' };
  if (startedAt === null) return { view: 'checkout' };
  return now - startedAt >= PAYMENT_TIMEOUT_MS ? { view: 'failed', reason: 'timeout' } : { view: 'processing' };
}

/**
 * What the premium pop-up and the search lock leave for after a payment (spec §8: "saves
 * current filter data and the property slug as pending"), under `pending_search_criteria`.
 * `paid_at` marks the user as just paid (spec §4): the listing has been opened, the filters wait
 * to be saved by the search lock.
 */
export interface PendingPurchase {
  property_slug?: string | null;
  filters?: Record<string, string> | null;
  paid_at?: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/i;

/** The pending data as stored, or null when it is missing or not what it should be. */
export function parsePending(raw: string | null): PendingPurchase | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const v = value as Record<string, unknown>;
    const filters =
      v.filters && typeof v.filters === 'object' && !Array.isArray(v.filters)
        ? Object.fromEntries(Object.entries(v.filters as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''))
        : null;
    return {
      property_slug: typeof v.property_slug === 'string' && SLUG.test(v.property_slug) ? v.property_slug : null,
      filters: filters && Object.keys(filters).length ? filters : null,
      ...(typeof v.paid_at === 'string' ? { paid_at: v.paid_at } : {}),
    };
  } catch {
    return null;
  }
}

/** Where the success view redirects (spec §2/§4: the properties page), or the pending premium listing. */
export function afterPaymentTarget(pending: PendingPurchase | null): string {
  if (pending && !pending.paid_at && pending.property_slug) return `/properties-details/${pending.property_slug}`;
  const filters = pending && !pending.paid_at ? pending.filters : null;
  const query = filters ? new URLSearchParams(filters).toString() : '';
  return query ? `/properties?${query}` : '/properties';
}
