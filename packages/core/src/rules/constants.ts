export const PREMIUM_UNLOCK_HOURS = 24;
export const DEFAULT_CRITERIA_EXPIRY_DAYS = 30;
export const POST_PAYMENT_FALLBACK_DAYS = 1;
export const DEFAULT_PACKAGE_ID = 1;
export const DEFAULT_PACKAGE_ID_WHEN_READING = 9;
export const DEFAULT_PROPERTY_TYPE = 1;

export const DEBOUNCE_MS = 300;
export const STORAGE_READ_CACHE_MS = 5000;
export const REQUEST_TIMEOUT_MS = 10000;
export const CRITERIA_FALLBACK_TIMEOUT_MS = 10000;

export const QUERY_STALE_MS = 600000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30000;

export const PERSIST_KEY = 'root';
export const REHYDRATE_TIMEOUT_MS = 5000;

export const LOADING_PROGRESS_MS = 2500;
export const LOADING_FALLBACK_MS = 3000;
export const LOADING_FADE_MS = 600;
export const INITIAL_OVERLAY_MS = 2000;

export const MAP_CLUSTER_GRID_SIZE = 60;
export const MAP_CLUSTER_MIN_SIZE = 2;
export const MAP_CLUSTER_BATCH_SIZE = 2000;

/** Search totals stop here: counting further costs more than "1,000+ results" is worth (decision 0004). */
export const MAX_COUNTED_RESULTS = 1000;

export const CHAT_DEFAULT_PER_PAGE = 15;

export const STORAGE_KEYS = {
  lockedSearchCriteria: 'locked_search_criteria',
  subscriptionExpiration: 'subscription_expiration',
  formattedSearchCriteria: 'formatted_search_criteria',
  pendingSearchCriteria: 'pending_search_criteria',
  currentFilterData: 'current_filter_data',
  searchFilterData: 'search_filter_data',
  subscriptionJustExpired: 'subscription_just_expired',
  redirectAfterLogin: 'redirectAfterLogin',
  root: PERSIST_KEY,
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const LOADING_MESSAGES = [
  'Loading your website experience',
  'Preparing your real estate journey',
  'Setting up your dashboard',
  'Almost ready',
  'Welcome',
] as const;

/** Exponential back-off for query retries: 1s, 2s, 4s, ... capped at 30s. */
export function queryRetryDelay(attempt: number): number {
  const safeAttempt = Number.isFinite(attempt) && attempt > 0 ? attempt : 0;
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** safeAttempt, QUERY_RETRY_MAX_MS);
}

export const ERROR_MESSAGES = {
  unauthorized: 'Authentication failed. Please login to continue.',
  badRequest: 'Invalid request. Please check your information and try again.',
  forbidden: "Access denied. You don't have permission to perform this action.",
  notFound: 'The requested resource was not found.',
  server: 'Server error. Please try again later.',
  network: 'Network error. Please check your internet connection.',
  fallback: 'An error occurred',
} as const;

export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;

export const REDIRECT_EXCLUDED_PATHS = ['/login', '/signup', '/forgot-password'] as const;

/**
 * Whether a path is worth returning to after login. Auth pages are excluded,
 * including their sub-paths, query strings and trailing slashes.
 */
export function shouldSaveRedirect(path: string | null | undefined): boolean {
  if (typeof path !== 'string' || path.trim() === '') return false;
  const pathname = path.trim().split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  return !REDIRECT_EXCLUDED_PATHS.some(
    (excluded) => pathname === excluded || pathname.startsWith(`${excluded}/`),
  );
}
