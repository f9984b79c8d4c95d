export type PriceInput = number | string | null | undefined;

export interface FormatPriceOptions {
  currencySymbol?: string;
  currencyCode?: string;
  withSuffix?: boolean | '1' | '0';
}

export const DEFAULT_CURRENCY_CODE = 'USD';
export const DEFAULT_CURRENCY_SYMBOL = '$';

const SOUTH_ASIAN_CURRENCIES: readonly string[] = ['INR', 'BDT', 'NPR', 'PKR', 'LKR'];
const EAST_ASIAN_CURRENCIES: readonly string[] = ['JPY', 'CNY', 'KRW'];

interface AmountUnit {
  value: number;
  suffix: string;
}

// Ascending order: promotion walks upwards when rounding reaches the next unit.
const SOUTH_ASIAN_UNITS: readonly AmountUnit[] = [
  { value: 1e3, suffix: 'K' },
  { value: 1e5, suffix: 'L' },
  { value: 1e7, suffix: 'Cr' },
];
const EAST_ASIAN_UNITS: readonly AmountUnit[] = [
  { value: 1e4, suffix: '万' },
  { value: 1e8, suffix: '億' },
];
const WESTERN_UNITS: readonly AmountUnit[] = [
  { value: 1e3, suffix: 'K' },
  { value: 1e6, suffix: 'M' },
  { value: 1e9, suffix: 'B' },
];

function normalizeCode(currencyCode: string | undefined): string {
  const code = currencyCode?.trim().toUpperCase();
  return code ? code : DEFAULT_CURRENCY_CODE;
}

function unitsFor(code: string): readonly AmountUnit[] {
  if (SOUTH_ASIAN_CURRENCIES.includes(code)) return SOUTH_ASIAN_UNITS;
  if (EAST_ASIAN_CURRENCIES.includes(code)) return EAST_ASIAN_UNITS;
  return WESTERN_UNITS;
}

function localeFor(code: string): string {
  return SOUTH_ASIAN_CURRENCIES.includes(code) ? 'en-IN' : 'en-US';
}

export function isSuffixEnabled(withSuffix: FormatPriceOptions['withSuffix']): boolean {
  return withSuffix === true || withSuffix === '1';
}

/** Parses an amount leniently; anything unusable (null, NaN, Infinity, junk text) becomes 0. */
export function toAmount(amount: PriceInput): number {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : 0;
  if (typeof amount === 'string') {
    const cleaned = amount.replace(/[,\s]/g, '');
    if (cleaned === '') return 0;
    const parsed = Number(cleaned);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

// Shifts via the decimal string so 9.995 rounds to 10, which `Math.round(9.995 * 100)` misses.
function roundTo2(value: number): number {
  const text = String(value);
  if (text.includes('e')) return Math.round(value * 100) / 100;
  return Number(`${Math.round(Number(`${text}e2`))}e-2`);
}

// Making an Intl.NumberFormat costs far more than using one, and a page of cards formats many prices.
const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(locale: string, minimumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale} ${minimumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * What was written for an amount, kept by its currency and value: a page of results writes the
 * same budget steps (some 60 a page) and many of the same prices on every render, and writing one
 * (`Intl.NumberFormat#format`) costs microseconds. At most KEPT_TEXTS each, forgotten all at once
 * when full.
 */
const KEPT_TEXTS = 4096;
const shortened = new Map<string, string>();
const grouped = new Map<string, string>();
function keep(kept: Map<string, string>, key: string, text: string): string {
  if (kept.size >= KEPT_TEXTS) kept.clear();
  kept.set(key, text);
  return text;
}

/**
 * Shortens an amount to at most two decimals with the currency's unit suffix,
 * e.g. 12500000 INR -> "1.25Cr". No currency symbol is added.
 */
export function shortenAmount(amount: PriceInput, currencyCode?: string): string {
  const code = normalizeCode(currencyCode);
  const value = toAmount(amount);
  const key = `${code} ${value}`;
  return shortened.get(key) ?? keep(shortened, key, shortenedText(value, code));
}

function shortenedText(value: number, code: string): string {
  const abs = Math.abs(value);
  const units = unitsFor(code);

  let index = -1;
  for (let i = 0; i < units.length; i++) {
    if (abs >= units[i].value) index = i;
  }
  let divisor = index >= 0 ? units[index].value : 1;
  let shown = roundTo2(abs / divisor);
  // Rounding can reach the next unit (99,999,999 INR would read "100L"), so promote it.
  while (index + 1 < units.length && shown * divisor >= units[index + 1].value) {
    index++;
    divisor = units[index].value;
    shown = roundTo2(abs / divisor);
  }

  const suffix = index >= 0 ? units[index].suffix : '';
  const digits = formatterFor(localeFor(code), 0).format(shown);
  const sign = value < 0 && shown !== 0 ? '-' : '';
  return `${sign}${digits}${suffix}`;
}

/**
 * Formats a price for display: two decimals with locale grouping, or a shortened
 * amount when the number_with_suffix setting is on. Never throws.
 */
export function formatPrice(amount: PriceInput, opts: FormatPriceOptions = {}): string {
  const symbol = opts.currencySymbol ?? DEFAULT_CURRENCY_SYMBOL;
  const code = normalizeCode(opts.currencyCode);

  if (isSuffixEnabled(opts.withSuffix)) {
    const short = shortenAmount(amount, code);
    return short.startsWith('-') ? `-${symbol}${short.slice(1)}` : `${symbol}${short}`;
  }

  const value = toAmount(amount);
  const abs = Math.abs(value);
  const key = `${code} ${abs}`;
  const digits = grouped.get(key) ?? keep(grouped, key, formatterFor(localeFor(code), 2).format(abs));
  const sign = value < 0 && roundTo2(abs) !== 0 ? '-' : '';
  return `${sign}${symbol}${digits}`;
}
