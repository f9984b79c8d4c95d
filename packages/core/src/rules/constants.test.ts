import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  LOADING_MESSAGES,
  PERSIST_KEY,
  QUERY_RETRY_MAX_MS,
  REDIRECT_EXCLUDED_PATHS,
  STORAGE_KEYS,
  queryRetryDelay,
  shouldSaveRedirect,
} from './constants.ts';
import * as constants from './constants.ts';

describe('spec constants', () => {
  it('hold the spec §9 values', () => {
    expect(constants).toMatchObject({
      PREMIUM_UNLOCK_HOURS: 24,
      DEFAULT_CRITERIA_EXPIRY_DAYS: 30,
      POST_PAYMENT_FALLBACK_DAYS: 1,
      DEFAULT_PACKAGE_ID: 1,
      DEFAULT_PACKAGE_ID_WHEN_READING: 9,
      DEFAULT_PROPERTY_TYPE: 1,
      DEBOUNCE_MS: 300,
      STORAGE_READ_CACHE_MS: 5000,
      REQUEST_TIMEOUT_MS: 10000,
      CRITERIA_FALLBACK_TIMEOUT_MS: 10000,
      QUERY_STALE_MS: 600000,
      QUERY_RETRIES: 3,
      QUERY_RETRY_BASE_MS: 1000,
      QUERY_RETRY_MAX_MS: 30000,
      PERSIST_KEY: 'root',
      REHYDRATE_TIMEOUT_MS: 5000,
      LOADING_PROGRESS_MS: 2500,
      LOADING_FALLBACK_MS: 3000,
      LOADING_FADE_MS: 600,
      INITIAL_OVERLAY_MS: 2000,
      MAP_CLUSTER_GRID_SIZE: 60,
      MAP_CLUSTER_MIN_SIZE: 2,
      MAP_CLUSTER_BATCH_SIZE: 2000,
      CHAT_DEFAULT_PER_PAGE: 15,
    });
  });

  it('names every storage key', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      [
        'locked_search_criteria',
        'subscription_expiration',
        'formatted_search_criteria',
        'pending_search_criteria',
        'current_filter_data',
        'search_filter_data',
        'subscription_just_expired',
        'redirectAfterLogin',
        'root',
      ].sort(),
    );
    expect(STORAGE_KEYS.root).toBe(PERSIST_KEY);
  });

  it('lists the loading messages in order', () => {
    expect(LOADING_MESSAGES).toEqual([
      'Loading your website experience',
      'Preparing your real estate journey',
      'Setting up your dashboard',
      'Almost ready',
      'Welcome',
    ]);
  });

  it('has the spec §8 error catalogue', () => {
    expect(ERROR_MESSAGES).toEqual({
      unauthorized: 'Authentication failed. Please login to continue.',
      badRequest: 'Invalid request. Please check your information and try again.',
      forbidden: "Access denied. You don't have permission to perform this action.",
      notFound: 'The requested resource was not found.',
      server: 'Server error. Please try again later.',
      network: 'Network error. Please check your internet connection.',
      fallback: 'An error occurred',
    });
  });
});

describe('queryRetryDelay', () => {
  it('doubles from 1 second', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('caps at 30 seconds', () => {
    expect(queryRetryDelay(5)).toBe(QUERY_RETRY_MAX_MS);
    expect(queryRetryDelay(50)).toBe(30000);
  });

  it('treats negative or non-finite attempts as the first', () => {
    expect(queryRetryDelay(-1)).toBe(1000);
    expect(queryRetryDelay(Number.NaN)).toBe(1000);
  });
});

describe('shouldSaveRedirect', () => {
  it('excludes the auth pages', () => {
    expect(REDIRECT_EXCLUDED_PATHS).toEqual(['/login', '/signup', '/forgot-password']);
    for (const path of REDIRECT_EXCLUDED_PATHS) expect(shouldSaveRedirect(path)).toBe(false);
  });

  it('excludes them with query strings, hashes, trailing slashes and sub-paths', () => {
    expect(shouldSaveRedirect('/login?next=/x')).toBe(false);
    expect(shouldSaveRedirect('/signup#top')).toBe(false);
    expect(shouldSaveRedirect('/forgot-password/')).toBe(false);
    expect(shouldSaveRedirect('/login/otp')).toBe(false);
  });

  it('saves other pages, including lookalike prefixes', () => {
    expect(shouldSaveRedirect('/')).toBe(true);
    expect(shouldSaveRedirect('/properties/sea-view?tab=photos')).toBe(true);
    expect(shouldSaveRedirect('/login-help')).toBe(true);
    expect(shouldSaveRedirect('/user/login')).toBe(true);
  });

  it('does not save empty paths', () => {
    expect(shouldSaveRedirect('')).toBe(false);
    expect(shouldSaveRedirect(null)).toBe(false);
    expect(shouldSaveRedirect(undefined)).toBe(false);
  });
});
