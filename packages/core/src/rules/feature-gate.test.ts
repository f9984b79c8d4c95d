import { describe, expect, it } from 'vitest';
import {
  FEATURE_TYPES,
  LIMITED_FEATURE_TYPES,
  featureUnavailableMessage,
  isFeatureAllowed,
  isLimitChecked,
  type FeatureAvailability,
} from './feature-gate.ts';

const allOn = { package_available: true, feature_available: true, limit_available: true };
const noLimit = { package_available: true, feature_available: true, limit_available: false };

describe('feature types', () => {
  it('lists the seven feature types, the first four limit-checked', () => {
    expect(FEATURE_TYPES).toEqual([
      'property_list',
      'property_feature',
      'project_list',
      'project_feature',
      'mortgage_calculator_detail',
      'premium_properties',
      'project_access',
    ]);
    expect(LIMITED_FEATURE_TYPES).toEqual(FEATURE_TYPES.slice(0, 4));
  });

  it('reports which types are limit-checked', () => {
    expect(isLimitChecked('property_list')).toBe(true);
    expect(isLimitChecked('project_feature')).toBe(true);
    expect(isLimitChecked('mortgage_calculator_detail')).toBe(false);
    expect(isLimitChecked('premium_properties')).toBe(false);
    expect(isLimitChecked('project_access')).toBe(false);
    expect(isLimitChecked('nonsense')).toBe(false);
  });
});

describe('isFeatureAllowed', () => {
  it.each(FEATURE_TYPES)('allows %s when everything is available', (type) => {
    expect(isFeatureAllowed(type, allOn)).toBe(true);
  });

  it.each(FEATURE_TYPES)('refuses %s without package or feature', (type) => {
    expect(isFeatureAllowed(type, { ...allOn, package_available: false })).toBe(false);
    expect(isFeatureAllowed(type, { ...allOn, feature_available: false })).toBe(false);
  });

  it.each(LIMITED_FEATURE_TYPES)('refuses %s when the limit is reached or unknown', (type) => {
    expect(isFeatureAllowed(type, noLimit)).toBe(false);
    expect(isFeatureAllowed(type, { package_available: true, feature_available: true })).toBe(false);
  });

  it.each(['mortgage_calculator_detail', 'premium_properties', 'project_access'] as const)(
    'ignores the limit for %s',
    (type) => {
      expect(isFeatureAllowed(type, noLimit)).toBe(true);
      expect(isFeatureAllowed(type, { package_available: true, feature_available: true })).toBe(true);
    },
  );

  it('accepts 1/0 as well as booleans', () => {
    expect(isFeatureAllowed('property_list', { package_available: 1, feature_available: 1, limit_available: 1 })).toBe(
      true,
    );
    expect(isFeatureAllowed('property_list', { package_available: 1, feature_available: 1, limit_available: 0 })).toBe(
      false,
    );
    expect(isFeatureAllowed('project_access', { package_available: 0, feature_available: 1 })).toBe(false);
  });

  it('does not treat other truthy values as available', () => {
    const loose = { package_available: '1', feature_available: 'yes', limit_available: 2 } as unknown as FeatureAvailability;
    expect(isFeatureAllowed('project_access', loose)).toBe(false);
  });

  it('refuses missing availability, unknown types and a failing read', () => {
    expect(isFeatureAllowed('property_list', null)).toBe(false);
    expect(isFeatureAllowed('property_list', undefined)).toBe(false);
    expect(isFeatureAllowed('unknown_feature', allOn)).toBe(false);
    const throwing = {
      get package_available(): boolean {
        throw new Error('boom');
      },
      feature_available: true,
    } as FeatureAvailability;
    expect(isFeatureAllowed('project_access', throwing)).toBe(false);
  });
});

describe('featureUnavailableMessage', () => {
  it.each([
    ['property_list', 'Property list limit or package not available'],
    ['project_list', 'Project list limit or package not available'],
    ['property_feature', 'Property feature limit or package not available'],
    ['project_feature', 'Project feature limit or package not available'],
    ['mortgage_calculator_detail', 'Mortgage calculator limit or package not available'],
    ['premium_properties', 'Premium properties limit or package not available'],
    ['project_access', 'Project access limit or package not available'],
  ])('gives the message for %s', (type, message) => {
    expect(featureUnavailableMessage(type)).toBe(message);
  });

  it('falls back to "Package not available"', () => {
    expect(featureUnavailableMessage('something_else')).toBe('Package not available');
    expect(featureUnavailableMessage(null)).toBe('Package not available');
    expect(featureUnavailableMessage(undefined)).toBe('Package not available');
  });
});
