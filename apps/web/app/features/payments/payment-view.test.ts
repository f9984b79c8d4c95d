import { describe, expect, it } from 'vitest';
import { PAYMENT_TIMEOUT_MS, afterPaymentTarget, parsePending, paymentState } from './payment-view.ts';

describe('the view a payment shows', () => {
  const now = 1_000_000;
  it('is the checkout until the browser sends it on, then its progress', () => {
    expect(paymentState('pending', null, now)).toEqual({ view: 'checkout' });
    expect(paymentState('pending', now - 1_000, now)).toEqual({ view: 'processing' });
    expect(paymentState('pending', now - PAYMENT_TIMEOUT_MS + 1, now)).toEqual({ view: 'processing' });
  });

  it('ends in the payment timeout failure when nothing came within the wait', () => {
    expect(paymentState('pending', now - PAYMENT_TIMEOUT_MS, now)).toEqual({ view: 'failed', reason: 'timeout' });
  });

  it('follows the server once the payment is settled, whatever the browser did', () => {
    expect(paymentState('success', null, now)).toEqual({ view: 'success' });
    expect(paymentState('success', now - 2 * PAYMENT_TIMEOUT_MS, now)).toEqual({ view: 'success' });
    expect(paymentState('failed', now - 1_000, now)).toEqual({ view: 'failed', reason: 'declined' });
    expect(paymentState('refunded', null, now)).toEqual({ view: 'failed', reason: 'refunded' });
  });

  it('fails as cancelled when the provider sent the buyer back having given up', () => {
    expect(paymentState('pending', null, now, true)).toEqual({ view: 'failed', reason: 'cancelled' });
    expect(paymentState('failed', null, now, true)).toEqual({ view: 'failed', reason: 'cancelled' });
    expect(paymentState('success', null, now, true)).toEqual({ view: 'success' });
  });
});

describe('where a successful payment leads', () => {
  it('is the properties page when nothing is pending', () => {
    expect(afterPaymentTarget(null)).toBe('/properties');
    expect(afterPaymentTarget(parsePending(null))).toBe('/properties');
    expect(afterPaymentTarget(parsePending('not json'))).toBe('/properties');
    expect(afterPaymentTarget(parsePending('[1,2]'))).toBe('/properties');
  });

  it('is the premium listing saved by the Subscribe Now pop-up', () => {
    const pending = parsePending(JSON.stringify({ property_slug: 'sea-view-villa-12', filters: { city: 'Goa' } }));
    expect(afterPaymentTarget(pending)).toBe('/properties-details/sea-view-villa-12');
  });

  it('is the search that was on screen when only filters are pending', () => {
    const pending = parsePending(JSON.stringify({ property_slug: null, filters: { city: 'Mumbai', property_type: '1', min_price: '' } }));
    expect(afterPaymentTarget(pending)).toBe('/properties?city=Mumbai&property_type=1');
  });

  it('is the properties page again once the pending data was used (paid_at), and never another site', () => {
    expect(afterPaymentTarget(parsePending(JSON.stringify({ property_slug: 'a-b', paid_at: '2026-01-01T00:00:00Z' })))).toBe('/properties');
    expect(afterPaymentTarget(parsePending(JSON.stringify({ property_slug: '//evil.example/x' })))).toBe('/properties');
    expect(afterPaymentTarget(parsePending(JSON.stringify({ property_slug: '../user/profile' })))).toBe('/properties');
  });
});
