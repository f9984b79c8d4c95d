import type { FeatureType } from '@estate/core';

/** Dates and money as the console shows them (western digits in every language, like the other tables). */
export const day = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' });

export const money = (amount: number, currency: string, lang: string) => {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency, numberingSystem: 'latn' }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};

/** Hours as the editor shows them: whole days when they are, else hours. */
export const durationParts = (hours: number): { value: number; unit: 'days' | 'hours' } => (hours % 24 === 0 ? { value: hours / 24, unit: 'days' } : { value: hours, unit: 'hours' });

export const badge = (tone: 'green' | 'amber' | 'red' | 'slate') =>
  `inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${{ green: 'bg-emerald-100 text-emerald-900', amber: 'bg-amber-100 text-amber-900', red: 'bg-red-100 text-red-900', slate: 'bg-slate-200 text-slate-800' }[tone]}`;

/** The seven feature types (spec §4), as the console names them. */
export const FEATURE_LABELS: Record<FeatureType, readonly [key: string, english: string]> = {
  property_list: ['adminFeaturePropertyList', 'List properties'], // t
  property_feature: ['adminFeaturePropertyFeature', 'Feature properties'], // t
  project_list: ['adminFeatureProjectList', 'List projects'], // t
  project_feature: ['adminFeatureProjectFeature', 'Feature projects'], // t
  mortgage_calculator_detail: ['adminFeatureMortgage', 'Mortgage calculator details'], // t
  premium_properties: ['adminFeaturePremium', 'Premium properties'], // t
  project_access: ['adminFeatureProjectAccess', 'Project details'], // t
};
