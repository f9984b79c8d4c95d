export const FEATURE_TYPES = [
  'property_list',
  'property_feature',
  'project_list',
  'project_feature',
  'mortgage_calculator_detail',
  'premium_properties',
  'project_access',
] as const;

export type FeatureType = (typeof FEATURE_TYPES)[number];

export const LIMITED_FEATURE_TYPES = [
  'property_list',
  'property_feature',
  'project_list',
  'project_feature',
] as const satisfies readonly FeatureType[];

export type LimitedFeatureType = (typeof LIMITED_FEATURE_TYPES)[number];

type Flag = boolean | 0 | 1;

export interface FeatureAvailability {
  package_available: Flag;
  feature_available: Flag;
  limit_available?: Flag;
}

export const GENERIC_FEATURE_UNAVAILABLE_MESSAGE = 'Package not available';

const FEATURE_UNAVAILABLE_MESSAGES: Record<FeatureType, string> = {
  property_list: 'Property list limit or package not available',
  property_feature: 'Property feature limit or package not available',
  project_list: 'Project list limit or package not available',
  project_feature: 'Project feature limit or package not available',
  mortgage_calculator_detail: 'Mortgage calculator limit or package not available',
  premium_properties: 'Premium properties limit or package not available',
  project_access: 'Project access limit or package not available',
};

export function isFeatureType(type: unknown): type is FeatureType {
  return typeof type === 'string' && (FEATURE_TYPES as readonly string[]).includes(type);
}

export function isLimitChecked(type: string): type is LimitedFeatureType {
  return (LIMITED_FEATURE_TYPES as readonly string[]).includes(type);
}

// Only an explicit true or 1 grants access; '1', 'true' and other truthy values do not.
function isOn(flag: unknown): boolean {
  return flag === true || flag === 1;
}

/**
 * Package and feature must be available, and for limit-checked features the limit
 * too. Missing input, an unknown feature type or a failing read all mean not allowed.
 */
export function isFeatureAllowed(
  type: FeatureType | string,
  availability: FeatureAvailability | null | undefined,
): boolean {
  try {
    if (!isFeatureType(type) || !availability || typeof availability !== 'object') return false;
    if (!isOn(availability.package_available) || !isOn(availability.feature_available)) return false;
    return !isLimitChecked(type) || isOn(availability.limit_available);
  } catch {
    return false;
  }
}

export function featureUnavailableMessage(type: FeatureType | string | null | undefined): string {
  return isFeatureType(type) ? FEATURE_UNAVAILABLE_MESSAGES[type] : GENERIC_FEATURE_UNAVAILABLE_MESSAGE;
}
