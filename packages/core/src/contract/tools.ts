import { z } from 'zod';
import { MAX_MORTGAGE_RATE_PERCENT, MAX_MORTGAGE_YEARS } from '../rules/mortgage.ts';
import { roundCoordinate } from '../rules/reverse-geocode.ts';
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

/**
 * A latitude or longitude as a query string carries it: numeric and non-empty (spec §5; blanks and
 * `0x10` are refused, unlike `Number()`), within ±limit, rounded to 6 decimals.
 */
const coordinateField = (name: 'latitude' | 'longitude', limit: 90 | 180) =>
  z
    .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a number`) })
    .transform((raw, ctx) => {
      const text = String(raw).trim();
      const value = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(value)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number` });
        return z.NEVER;
      }
      if (Math.abs(value) > limit) {
        ctx.addIssue({ code: 'custom', message: `${name} must be between -${limit} and ${limit}` });
        return z.NEVER;
      }
      return roundCoordinate(value);
    });

/** `reverse-geocode`: the place at a point, for the listing forms' map picker. */
export const reverseGeocodeQuery = z.object({
  latitude: coordinateField('latitude', 90),
  longitude: coordinateField('longitude', 180),
});
export type ReverseGeocodeQuery = z.infer<typeof reverseGeocodeQuery>;

/**
 * The geocoded location (spec §3): 'Unknown' for what is not known (spec §8). `address` holds the
 * same text as `formatted_address`, under the name the listing forms' field has.
 */
export const geocodedLocation = z.object({
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  formatted_address: z.string(),
  address: z.string(),
});
export type GeocodedLocation = z.infer<typeof geocodedLocation>;
