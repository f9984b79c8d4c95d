import type { OwnedProject, OwnedProperty, OwnerListingState, PriceChange } from '@estate/core';

/**
 * What an owner sees of their own listing: one state for its badge, and the actions it offers.
 * Moderation comes first (a pending or rejected listing is not on the market whatever else it
 * says), then sold / rented, then paused.
 */

type PropertyFacts = Pick<OwnedProperty, 'request_status' | 'status' | 'property_type'>;
type ProjectFacts = Pick<OwnedProject, 'request_status' | 'status'>;

export type ProjectState = Extract<OwnerListingState, 'pending' | 'approved' | 'rejected' | 'paused'>;

export function propertyState(p: PropertyFacts): OwnerListingState {
  if (p.request_status === 'rejected') return 'rejected';
  if (p.request_status === 'pending') return 'pending';
  if (p.property_type === 'sold') return 'sold';
  if (p.property_type === 'rented') return 'rented';
  return p.status === 0 ? 'paused' : 'approved';
}

export function projectState(p: ProjectFacts): ProjectState {
  if (p.request_status === 'rejected') return 'rejected';
  if (p.request_status === 'pending') return 'pending';
  return p.status === 0 ? 'paused' : 'approved';
}

/** The badge's colours: a word says the state, the colour only repeats it (AA contrast on each). */
export const STATE_TONES: Record<OwnerListingState, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  approved: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
  paused: 'bg-slate-200 text-slate-800 ring-slate-300',
  sold: 'bg-sky-100 text-sky-900 ring-sky-300',
  rented: 'bg-violet-100 text-violet-900 ring-violet-300',
};

/**
 * An owner's action on a listing, with the call and status it sends:
 * `change-property-status` 0 / 1 pauses or re-activates an approved listing;
 * `update_property_status` 2 / 3 marks a sale sold or a rent rented, 0 / 1 puts it back.
 */
export type PropertyAction =
  | { kind: 'edit' }
  | { kind: 'pause'; status: 0 }
  | { kind: 'reactivate'; status: 1 }
  | { kind: 'markSold'; status: 2 }
  | { kind: 'markRented'; status: 3 }
  | { kind: 'backToSale'; status: 0 }
  | { kind: 'backToRent'; status: 1 }
  | { kind: 'delete' };

export type ProjectAction = { kind: 'edit' } | { kind: 'pause'; status: 0 } | { kind: 'reactivate'; status: 1 } | { kind: 'delete' };

/** What the owner can do with a listing now, in the order the buttons show. */
export function propertyActions(p: PropertyFacts): PropertyAction[] {
  const actions: PropertyAction[] = [{ kind: 'edit' }];
  const approved = p.request_status === 'approved';
  const onMarket = p.property_type === 'sell' || p.property_type === 'rent';
  if (approved && onMarket && p.status === 1) {
    actions.push(p.property_type === 'sell' ? { kind: 'markSold', status: 2 } : { kind: 'markRented', status: 3 });
    actions.push({ kind: 'pause', status: 0 });
  }
  if (approved && p.status === 0) actions.push({ kind: 'reactivate', status: 1 });
  // Sold or rented by mistake (or again free): back on the market, whatever moderation says.
  if (p.property_type === 'sold') actions.push({ kind: 'backToSale', status: 0 });
  if (p.property_type === 'rented') actions.push({ kind: 'backToRent', status: 1 });
  actions.push({ kind: 'delete' });
  return actions;
}

export function projectActions(p: ProjectFacts): ProjectAction[] {
  const actions: ProjectAction[] = [{ kind: 'edit' }];
  if (p.request_status === 'approved') actions.push(p.status === 1 ? { kind: 'pause', status: 0 } : { kind: 'reactivate', status: 1 });
  actions.push({ kind: 'delete' });
  return actions;
}

/** Visitors see the listing's public page only while it is approved, active and not sold or rented. */
export const isPropertyPublic = (p: PropertyFacts) => propertyState(p) === 'approved';
export const isProjectPublic = (p: ProjectFacts) => projectState(p) === 'approved';

/** One step of a listing's price: what it became, when, and by how much (a share of the price before). */
export type PriceStep = { price: number; changedAt: string; change: number | null };

/**
 * The price history newest first, each step with its change from the one before it (null for the
 * first price). Steps that did not change the price (a relisting) are left out.
 */
export function priceSteps(history: readonly PriceChange[]): PriceStep[] {
  const oldestFirst = [...history].sort((a, b) => Date.parse(a.changed_at) - Date.parse(b.changed_at));
  const steps: PriceStep[] = [];
  for (const entry of oldestFirst) {
    const before = steps.at(-1)?.price;
    if (before !== undefined && before === entry.price) continue;
    const change = before === undefined || before === 0 ? null : (entry.price - before) / before;
    steps.push({ price: entry.price, changedAt: entry.changed_at, change });
  }
  return steps.reverse();
}
