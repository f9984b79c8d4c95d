import { describe, expect, it } from 'vitest';
import { isPropertyPublic, priceSteps, projectActions, projectState, propertyActions, propertyState } from './listing-state.ts';

type Facts = Parameters<typeof propertyState>[0];
const listing = (request_status: Facts['request_status'], property_type: Facts['property_type'], status = 1): Facts => ({ request_status, property_type, status });
const kinds = (facts: Facts) => propertyActions(facts).map((a) => a.kind);

describe('an owned property’s state', () => {
  it('puts moderation first: pending and rejected whatever the listing says', () => {
    expect(propertyState(listing('pending', 'sell'))).toBe('pending');
    expect(propertyState(listing('pending', 'sold', 0))).toBe('pending');
    expect(propertyState(listing('rejected', 'rent'))).toBe('rejected');
    expect(propertyState(listing('rejected', 'rented', 0))).toBe('rejected');
  });

  it('then sold or rented, then paused, else approved', () => {
    expect(propertyState(listing('approved', 'sold'))).toBe('sold');
    expect(propertyState(listing('approved', 'rented', 0))).toBe('rented');
    expect(propertyState(listing('approved', 'sell', 0))).toBe('paused');
    expect(propertyState(listing('approved', 'rent'))).toBe('approved');
    expect(isPropertyPublic(listing('approved', 'rent'))).toBe(true);
    expect(isPropertyPublic(listing('approved', 'rent', 0))).toBe(false);
    expect(isPropertyPublic(listing('approved', 'sold'))).toBe(false);
  });
});

describe('what an owned property offers', () => {
  it('an approved sale: mark sold and pause; an approved rent: mark rented and pause', () => {
    expect(kinds(listing('approved', 'sell'))).toEqual(['edit', 'markSold', 'pause', 'delete']);
    expect(kinds(listing('approved', 'rent'))).toEqual(['edit', 'markRented', 'pause', 'delete']);
  });

  it('sends the statuses of the contract: pause 0, re-activate 1, sold 2, rented 3, back 0 / 1', () => {
    const status = (facts: Facts, kind: string) => propertyActions(facts).find((a) => a.kind === kind);
    expect(status(listing('approved', 'sell'), 'pause')).toEqual({ kind: 'pause', status: 0 });
    expect(status(listing('approved', 'sell', 0), 'reactivate')).toEqual({ kind: 'reactivate', status: 1 });
    expect(status(listing('approved', 'sell'), 'markSold')).toEqual({ kind: 'markSold', status: 2 });
    expect(status(listing('approved', 'rent'), 'markRented')).toEqual({ kind: 'markRented', status: 3 });
    expect(status(listing('approved', 'sold'), 'backToSale')).toEqual({ kind: 'backToSale', status: 0 });
    expect(status(listing('approved', 'rented'), 'backToRent')).toEqual({ kind: 'backToRent', status: 1 });
  });

  it('a paused listing re-activates, and is neither sold nor paused again', () => {
    expect(kinds(listing('approved', 'sell', 0))).toEqual(['edit', 'reactivate', 'delete']);
  });

  it('a sold or rented listing goes back on the market, and cannot be paused', () => {
    expect(kinds(listing('approved', 'sold'))).toEqual(['edit', 'backToSale', 'delete']);
    expect(kinds(listing('approved', 'rented'))).toEqual(['edit', 'backToRent', 'delete']);
  });

  it('pending and rejected listings are only edited or deleted: pausing needs approval', () => {
    expect(kinds(listing('pending', 'sell'))).toEqual(['edit', 'delete']);
    expect(kinds(listing('rejected', 'rent', 0))).toEqual(['edit', 'delete']);
    expect(kinds(listing('pending', 'sold'))).toEqual(['edit', 'backToSale', 'delete']);
  });
});

describe('an owned project', () => {
  it('has the moderation states and paused', () => {
    expect(projectState({ request_status: 'pending', status: 1 })).toBe('pending');
    expect(projectState({ request_status: 'rejected', status: 0 })).toBe('rejected');
    expect(projectState({ request_status: 'approved', status: 0 })).toBe('paused');
    expect(projectState({ request_status: 'approved', status: 1 })).toBe('approved');
  });

  it('pauses and re-activates only when approved', () => {
    expect(projectActions({ request_status: 'approved', status: 1 })).toEqual([{ kind: 'edit' }, { kind: 'pause', status: 0 }, { kind: 'delete' }]);
    expect(projectActions({ request_status: 'approved', status: 0 })).toEqual([{ kind: 'edit' }, { kind: 'reactivate', status: 1 }, { kind: 'delete' }]);
    expect(projectActions({ request_status: 'pending', status: 1 }).map((a) => a.kind)).toEqual(['edit', 'delete']);
  });
});

describe('price steps', () => {
  it('gives each price its change from the one before, newest first, leaving out repeats', () => {
    const steps = priceSteps([
      { price: 95, changed_at: '2026-03-03T10:00:00Z' },
      { price: 95, changed_at: '2026-02-20T10:00:00Z' },
      { price: 100, changed_at: '2026-01-01T10:00:00Z' },
      { price: 120, changed_at: '2026-04-01T10:00:00Z' },
    ]);
    expect(steps.map((s) => s.price)).toEqual([120, 95, 100]);
    expect(steps[0].change).toBeCloseTo(25 / 95);
    expect(steps[1].change).toBeCloseTo(-0.05);
    expect(steps[1].changedAt).toBe('2026-02-20T10:00:00Z');
    expect(steps[2].change).toBeNull();
    expect(priceSteps([])).toEqual([]);
  });
});
