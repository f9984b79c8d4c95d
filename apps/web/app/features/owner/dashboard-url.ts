import { OWNER_LISTING_STATES, type OwnerListingState } from '@estate/core';
import { pageHref } from '../../lib/paging.ts';
import type { ProjectState } from './listing-state.ts';

export const DASHBOARD_PATH = '/user/dashboard';
/** The add forms: the property form's pages belong to their own feature. */
export const ADD_PROPERTY_PATH = '/user/properties';
export const ADD_PROJECT_PATH = '/user/add-project';
export const PROJECT_STATES: readonly ProjectState[] = ['pending', 'approved', 'rejected', 'paused'];

export type DashboardView =
  | { tab: 'properties'; state?: OwnerListingState; type?: 'sell' | 'rent'; page: number }
  | { tab: 'projects'; state?: ProjectState; page: number };

const pageOf = (value: string | null) => Math.max(1, Math.min(1000, Math.floor(Number(value)) || 1));

/** What the dashboard's URL asks for (`?tab=projects&state=paused&type=rent&page=2`); anything unknown is left out. */
export function dashboardView(params: URLSearchParams): DashboardView {
  const page = pageOf(params.get('page'));
  const state = params.get('state');
  if (params.get('tab') === 'projects') {
    return { tab: 'projects', state: PROJECT_STATES.find((s) => s === state), page };
  }
  const type = params.get('type');
  return {
    tab: 'properties',
    state: OWNER_LISTING_STATES.find((s) => s === state),
    type: type === 'sell' || type === 'rent' ? type : undefined,
    page,
  };
}

/** The dashboard's URL for a view: page 1 and the properties tab are left out, as are empty filters. */
export function dashboardHref(view: DashboardView): string {
  const params: Record<string, string> = {};
  if (view.tab === 'projects') params.tab = 'projects';
  if (view.state) params.state = view.state;
  if (view.tab === 'properties' && view.type) params.type = view.type;
  return pageHref(DASHBOARD_PATH, view.page, params);
}

export const hasFilters = (view: DashboardView) => !!view.state || (view.tab === 'properties' && !!view.type);
