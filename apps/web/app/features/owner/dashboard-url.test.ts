import { describe, expect, it } from 'vitest';
import { dashboardHref, dashboardView, hasFilters } from './dashboard-url.ts';

const view = (qs: string) => dashboardView(new URLSearchParams(qs));

describe('the dashboard’s URL', () => {
  it('reads the tab, the filters and the page, dropping what it does not know', () => {
    expect(view('')).toEqual({ tab: 'properties', state: undefined, type: undefined, page: 1 });
    expect(view('state=sold&type=sell&page=3')).toEqual({ tab: 'properties', state: 'sold', type: 'sell', page: 3 });
    expect(view('state=bogus&type=sold&page=-4')).toEqual({ tab: 'properties', state: undefined, type: undefined, page: 1 });
    // Projects are never sold or rented, and have no sale / rent filter.
    expect(view('tab=projects&state=sold&type=rent')).toEqual({ tab: 'projects', state: undefined, page: 1 });
    expect(view('tab=projects&state=paused&page=2')).toEqual({ tab: 'projects', state: 'paused', page: 2 });
  });

  it('writes only what differs from the first page of all properties', () => {
    expect(dashboardHref({ tab: 'properties', page: 1 })).toBe('/user/dashboard');
    expect(dashboardHref({ tab: 'properties', state: 'rejected', type: 'rent', page: 2 })).toBe('/user/dashboard?state=rejected&type=rent&page=2');
    expect(dashboardHref({ tab: 'projects', state: 'pending', page: 1 })).toBe('/user/dashboard?tab=projects&state=pending');
    for (const qs of ['state=paused&type=sell&page=4', 'tab=projects&state=approved']) expect(dashboardView(new URL(dashboardHref(view(qs)), 'http://x').searchParams)).toEqual(view(qs));
  });

  it('knows when filters are on', () => {
    expect(hasFilters(view('page=2'))).toBe(false);
    expect(hasFilters(view('type=rent'))).toBe(true);
    expect(hasFilters(view('tab=projects&state=pending'))).toBe(true);
  });
});
