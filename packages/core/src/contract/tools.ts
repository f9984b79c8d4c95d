import { z } from 'zod';
import { MAX_MORTGAGE_RATE_PERCENT, MAX_MORTGAGE_YEARS } from '../rules/mortgage.ts';
import { MAX_PRICE } from './properties.ts';
import { flagField, numberField, textField } from './common.ts';

/** `mortgage-calculator`: a fixed-rate loan's monthly instalment, and with `show_all_details=1` its schedule. */
export const mortgageQuery = z.object({
  loan_amount: numberField('loan_amount', { min: 1, max: MAX_PRICE }),
  down_payment: numberField('down_payment', { min: 0, max: MAX_PRICE }).optional(),
  interest_rate: numberField('interest_rate', { min: 0, max: MAX_MORTGAGE_RATE_PERCENT }),
  loan_term_years: numberField('loan_term_years', { min: 1 / 12, max: MAX_MORTGAGE_YEARS }),
  /** The year-by-year, month-by-month schedule: the `mortgage_calculator_detail` feature. */
  show_all_details: flagField('show_all_details').optional(),
});

const amounts = { principal_amount: z.number(), payable_interest: z.number() };

export const mortgageResult = z.object({
  main_total: z.object({
    ...amounts,
    down_payment: z.number(),
    monthly_emi: z.number(),
    total_amount: z.number(),
  }),
  /** Only with `show_all_details=1`. */
  yearly_totals: z
    .array(
      z.object({
        year: z.number().int(),
        ...amounts,
        remaining_balance: z.number(),
        monthly_totals: z.array(z.object({ month: z.number().int(), ...amounts, remaining_balance: z.number() })),
      }),
    )
    .optional(),
});
export type MortgageResultAnswer = z.infer<typeof mortgageResult>;

/** The pages `get_seo_settings` knows. */
export const SEO_PAGES = [
  'home',
  'properties',
  'projects',
  'articles',
  'agents',
  'cities',
  'faqs',
  'contact-us',
  'about-us',
  'terms-and-conditions',
  'privacy-policy',
  'subscription-plan',
] as const;

export const seoSettingsQuery = z.object({ page: textField('page', 60).optional() });

export const seoSetting = z.object({
  id: z.number().int(),
  page: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  meta_image: z.string().nullable(),
});
export type SeoSetting = z.infer<typeof seoSetting>;
