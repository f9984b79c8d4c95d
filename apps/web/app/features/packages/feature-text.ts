import { isFeatureType, type FeatureType } from '@estate/core';
import type { Translate } from '../../lib/i18n.ts';

/** A feature type's name as a person reads it. */
export function featureName(type: FeatureType, t: Translate): string {
  const names: Record<FeatureType, string> = {
    property_list: t('featurePropertyList', 'Property listings'),
    property_feature: t('featurePropertyFeature', 'Featured properties'),
    project_list: t('featureProjectList', 'Project listings'),
    project_feature: t('featureProjectFeature', 'Featured projects'),
    mortgage_calculator_detail: t('featureMortgageDetail', 'Full mortgage breakdown'),
    premium_properties: t('featurePremiumProperties', 'Premium properties'),
    project_access: t('featureProjectAccess', 'Project access'),
  };
  return names[type];
}

/**
 * Spec §8 "feature not available": a message per feature type, a generic one otherwise. The
 * English texts are feature-gate.ts's, which the API answers too (feature-text.test.ts holds them equal).
 */
export function featureUnavailableText(type: string | null | undefined, t: Translate): string {
  if (!isFeatureType(type)) return t('featureUnavailableGeneric', 'Package not available');
  const texts: Record<FeatureType, string> = {
    property_list: t('featureUnavailablePropertyList', 'Property list limit or package not available'),
    property_feature: t('featureUnavailablePropertyFeature', 'Property feature limit or package not available'),
    project_list: t('featureUnavailableProjectList', 'Project list limit or package not available'),
    project_feature: t('featureUnavailableProjectFeature', 'Project feature limit or package not available'),
    mortgage_calculator_detail: t('featureUnavailableMortgage', 'Mortgage calculator limit or package not available'),
    premium_properties: t('featureUnavailablePremium', 'Premium properties limit or package not available'),
    project_access: t('featureUnavailableProjectAccess', 'Project access limit or package not available'),
  };
  return texts[type];
}
