import { describe, expect, it } from 'vitest';
import * as rules from './index.ts';

describe('rules index', () => {
  it('re-exports every rule module', () => {
    for (const name of [
      'formatPrice',
      'shortenAmount',
      'timeAgo',
      'timeAgoParts',
      'formatDuration',
      'describeDuration',
      'slugify',
      'uniqueSlug',
      'truncate',
      'stripHtml',
      'sanitizeSearchCriteria',
      'hasAnySearchCriterion',
      'toServerSearchCriteria',
      'normalizeCoordinates',
      'parseGeocodeComponents',
      'isFeatureAllowed',
      'isLimitChecked',
      'featureUnavailableMessage',
      'queryRetryDelay',
      'shouldSaveRedirect',
      'gridCluster',
      'lngLatToWorldPixel',
      'worldPixelToLngLat',
      'calculateMortgage',
      'videoEmbed',
    ]) {
      expect(typeof (rules as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(rules.FEATURE_TYPES).toHaveLength(7);
    expect(rules.INVALID_SEARCH_CRITERIA_FORMAT).toBe('Invalid search criteria format');
    expect(rules.ERROR_MESSAGES.fallback).toBe('An error occurred');
  });
});
