import { shortenAmount } from '@estate/core/rules/price';

/** Spec §9's unit families: lakh and crore, 万 and 億, or thousand / million / billion. */
type Style = 'south-asian' | 'east-asian' | 'western';

function styleOf(code: string): Style {
  const c = code.trim().toUpperCase();
  if (['INR', 'BDT', 'NPR', 'PKR', 'LKR'].includes(c)) return 'south-asian';
  if (['JPY', 'CNY', 'KRW'].includes(c)) return 'east-asian';
  return 'western';
}

/**
 * Budget bands a visitor picks with one tap: boundaries between them, sized for monthly rent or for
 * a purchase. The first band is "up to" the first boundary, the last "from" the last one.
 */
const BOUNDARIES: Record<Style, Record<'rent' | 'buy', number[]>> = {
  'south-asian': {
    rent: [10_000, 25_000, 50_000, 100_000],
    buy: [5_000_000, 10_000_000, 20_000_000, 50_000_000],
  },
  western: {
    rent: [1_000, 2_000, 3_500, 5_000],
    buy: [250_000, 500_000, 1_000_000, 2_000_000],
  },
  'east-asian': {
    rent: [100_000, 200_000, 350_000, 500_000],
    buy: [25_000_000, 50_000_000, 100_000_000, 200_000_000],
  },
};

/** Finer steps offered as suggestions in the min and max fields. */
const STEPS: Record<Style, Record<'rent' | 'buy', number[]>> = {
  'south-asian': {
    rent: [5_000, 10_000, 15_000, 20_000, 25_000, 35_000, 50_000, 75_000, 100_000, 200_000],
    buy: [1_000_000, 2_500_000, 5_000_000, 7_500_000, 10_000_000, 15_000_000, 20_000_000, 30_000_000, 50_000_000, 100_000_000],
  },
  western: {
    rent: [500, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_500, 10_000],
    buy: [100_000, 200_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 5_000_000],
  },
  'east-asian': {
    rent: [50_000, 100_000, 150_000, 200_000, 300_000, 500_000, 1_000_000],
    buy: [10_000_000, 20_000_000, 30_000_000, 50_000_000, 100_000_000, 200_000_000, 500_000_000],
  },
};

export type PriceBand = { min?: number; max?: number };

/** The one-tap budget bands for rent or for a purchase in this currency. */
export function priceBands(code: string, deal: 'rent' | 'buy'): PriceBand[] {
  const b = BOUNDARIES[styleOf(code)][deal];
  return [{ max: b[0] }, ...b.slice(1).map((max, i) => ({ min: b[i], max })), { min: b[b.length - 1] }];
}

/** Suggested amounts for the min and max fields. */
export function priceSteps(code: string, deal: 'rent' | 'buy'): number[] {
  return STEPS[styleOf(code)][deal];
}

/** "50L", "1.5Cr", "750K": an amount as the site writes it short, for the price fields. */
export function shortAmount(amount: number, code: string): string {
  return shortenAmount(amount, code);
}

const UNITS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  l: 1e5,
  lac: 1e5,
  lacs: 1e5,
  lakh: 1e5,
  lakhs: 1e5,
  cr: 1e7,
  crore: 1e7,
  crores: 1e7,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  '万': 1e4,
  '億': 1e8,
};

/**
 * An amount typed into a price field: "50L", "1.5 Cr", "2m", "7,50,000" or "750000". Undefined for
 * an empty field, NaN for text that is no amount.
 */
export function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, '').replace(/^[^\d.]+/, '').toLowerCase();
  if (text.trim() === '') return undefined;
  const match = cleaned.match(/^(\d+(?:\.\d+)?|\.\d+)([a-z万億]*)$/);
  if (!match) return Number.NaN;
  const unit = match[2] ? UNITS[match[2]] : 1;
  if (unit === undefined) return Number.NaN;
  return Math.round(Number(match[1]) * unit);
}
