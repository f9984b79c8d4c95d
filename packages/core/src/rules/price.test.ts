import { describe, expect, it, vi } from 'vitest';
import { formatPrice, isSuffixEnabled, shortenAmount, toAmount } from './price.ts';

const inr = { currencySymbol: '₹', currencyCode: 'INR', withSuffix: '1' } as const;
const usd = { currencySymbol: '$', currencyCode: 'USD', withSuffix: '1' } as const;
const jpy = { currencySymbol: '¥', currencyCode: 'JPY', withSuffix: '1' } as const;

describe('formatPrice without suffix', () => {
  it('shows two decimals with US grouping by default (USD, $)', () => {
    expect(formatPrice(1250000)).toBe('$1,250,000.00');
    expect(formatPrice(1250000, {})).toBe('$1,250,000.00');
    expect(formatPrice(12.5, { withSuffix: '0' })).toBe('$12.50');
    expect(formatPrice(12.5, { withSuffix: false })).toBe('$12.50');
  });

  it('uses Indian grouping for the South-Asian currencies', () => {
    expect(formatPrice(1250000, { currencySymbol: '₹', currencyCode: 'INR' })).toBe('₹12,50,000.00');
    expect(formatPrice(1250000, { currencySymbol: '৳', currencyCode: 'BDT' })).toBe('৳12,50,000.00');
    expect(formatPrice(1250000, { currencySymbol: 'Rs', currencyCode: 'pkr' })).toBe('Rs12,50,000.00');
  });

  it('uses US grouping for every other currency', () => {
    expect(formatPrice(1250000, { currencySymbol: '€', currencyCode: 'EUR' })).toBe('€1,250,000.00');
    expect(formatPrice(1250000, { currencySymbol: '¥', currencyCode: 'JPY' })).toBe('¥1,250,000.00');
  });

  it('rounds to two decimals', () => {
    expect(formatPrice(1.234)).toBe('$1.23');
    expect(formatPrice(1.236)).toBe('$1.24');
    expect(formatPrice(999.999)).toBe('$1,000.00');
  });

  it('puts the minus sign before the symbol and never shows a negative zero', () => {
    expect(formatPrice(-1500)).toBe('-$1,500.00');
    expect(formatPrice(-0.001)).toBe('$0.00');
    expect(formatPrice(-0)).toBe('$0.00');
  });

  it('treats null, undefined, NaN, Infinity and junk strings as zero', () => {
    expect(formatPrice(null)).toBe('$0.00');
    expect(formatPrice(undefined)).toBe('$0.00');
    expect(formatPrice(Number.NaN)).toBe('$0.00');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('$0.00');
    expect(formatPrice('abc')).toBe('$0.00');
    expect(formatPrice('')).toBe('$0.00');
  });

  it('parses numeric strings, including grouped ones', () => {
    expect(formatPrice('1500000.00')).toBe('$1,500,000.00');
    expect(formatPrice(' 1,500,000 ')).toBe('$1,500,000.00');
    expect(formatPrice('-42.5')).toBe('-$42.50');
  });

  it('keeps a custom symbol even when the code is the default', () => {
    expect(formatPrice(10, { currencySymbol: 'US$ ' })).toBe('US$ 10.00');
    expect(formatPrice(10, { currencySymbol: '' })).toBe('10.00');
  });
});

describe('formatPrice with suffix (South-Asian: Cr / L / K)', () => {
  it('shortens with up to two decimals and trims trailing zeros', () => {
    expect(formatPrice(12500000, inr)).toBe('₹1.25Cr');
    expect(formatPrice(4500000, inr)).toBe('₹45L');
    expect(formatPrice(15000000, inr)).toBe('₹1.5Cr');
    expect(formatPrice(2500, inr)).toBe('₹2.5K');
  });

  it('switches unit exactly at each threshold', () => {
    expect(formatPrice(10000000, inr)).toBe('₹1Cr');
    expect(formatPrice(100000, inr)).toBe('₹1L');
    expect(formatPrice(1000, inr)).toBe('₹1K');
    expect(formatPrice(999, inr)).toBe('₹999');
  });

  it('rounds to two decimals (not truncation)', () => {
    expect(formatPrice(9994, inr)).toBe('₹9.99K');
    expect(formatPrice(9995, inr)).toBe('₹10K');
    expect(formatPrice(12345678, inr)).toBe('₹1.23Cr');
    expect(formatPrice(12355000, inr)).toBe('₹1.24Cr');
  });

  it('promotes to the next unit when rounding reaches it', () => {
    expect(formatPrice(99999, inr)).toBe('₹1L');
    expect(formatPrice(9999999, inr)).toBe('₹1Cr');
    expect(formatPrice(99999999, inr)).toBe('₹10Cr');
    expect(formatPrice(999.999, inr)).toBe('₹1K');
  });

  it('does not promote when rounding stays below the next unit', () => {
    expect(formatPrice(99940, inr)).toBe('₹99.94K');
    expect(formatPrice(9_994_000, inr)).toBe('₹99.94L');
  });

  it('uses Indian grouping above 999 Cr', () => {
    expect(formatPrice(1e12, inr)).toBe('₹1,00,000Cr');
  });

  it('applies the same units to BDT, NPR, PKR and LKR', () => {
    for (const currencyCode of ['BDT', 'NPR', 'PKR', 'LKR']) {
      expect(formatPrice(4500000, { currencySymbol: 'x', currencyCode, withSuffix: true })).toBe('x45L');
    }
  });
});

describe('formatPrice with suffix (East-Asian: 億 / 万)', () => {
  it('uses 万 from 10 thousand and 億 from 100 million, without K', () => {
    expect(formatPrice(9999, jpy)).toBe('¥9,999');
    expect(formatPrice(10000, jpy)).toBe('¥1万');
    expect(formatPrice(123456, jpy)).toBe('¥12.35万');
    expect(formatPrice(100000000, jpy)).toBe('¥1億');
    expect(formatPrice(250000000, { currencySymbol: '₩', currencyCode: 'KRW', withSuffix: '1' })).toBe('₩2.5億');
    expect(formatPrice(50000, { currencySymbol: '¥', currencyCode: 'CNY', withSuffix: '1' })).toBe('¥5万');
  });

  it('promotes 万 to 億 when rounding reaches it', () => {
    expect(formatPrice(99999999, jpy)).toBe('¥1億');
  });
});

describe('formatPrice with suffix (others: B / M / K)', () => {
  it('uses K, M and B at their thresholds', () => {
    expect(formatPrice(1000, usd)).toBe('$1K');
    expect(formatPrice(1500000, usd)).toBe('$1.5M');
    expect(formatPrice(1000000000, usd)).toBe('$1B');
    expect(formatPrice(999, usd)).toBe('$999');
  });

  it('defaults to USD units when no currency is given, and ignores Indian units', () => {
    expect(formatPrice(4500000, { withSuffix: true })).toBe('$4.5M');
    expect(formatPrice(100000, { withSuffix: true })).toBe('$100K');
  });

  it('promotes K to M and M to B', () => {
    expect(formatPrice(999999, usd)).toBe('$1M');
    expect(formatPrice(999999999, usd)).toBe('$1B');
  });

  it('groups very large amounts in the top unit', () => {
    expect(formatPrice(1.5e12, usd)).toBe('$1,500B');
  });

  it('shows small amounts with at most two decimals and no padding', () => {
    expect(formatPrice(12.5, usd)).toBe('$12.5');
    expect(formatPrice(12.345, usd)).toBe('$12.35');
  });

  it('handles negatives, zero, null, NaN and strings', () => {
    expect(formatPrice(-1500000, usd)).toBe('-$1.5M');
    expect(formatPrice(-12500000, inr)).toBe('-₹1.25Cr');
    expect(formatPrice(0, usd)).toBe('$0');
    expect(formatPrice(-0.001, usd)).toBe('$0');
    expect(formatPrice(null, usd)).toBe('$0');
    expect(formatPrice(Number.NaN, inr)).toBe('₹0');
    expect(formatPrice('1500000.00', usd)).toBe('$1.5M');
    expect(formatPrice('12500000', inr)).toBe('₹1.25Cr');
  });
});

describe('shortenAmount', () => {
  it('returns the shortened number without a symbol', () => {
    expect(shortenAmount(12500000, 'INR')).toBe('1.25Cr');
    expect(shortenAmount(12500000, 'USD')).toBe('12.5M');
    expect(shortenAmount(12500000)).toBe('12.5M');
    expect(shortenAmount(-2500, 'inr')).toBe('-2.5K');
  });

  it('writes an amount it wrote before the same, for its own currency and sign, before and after it forgets', () => {
    // Kept texts are by currency and value: the same amount in turn in two currencies, and with a sign.
    for (let round = 0; round < 3; round++) {
      expect(shortenAmount(150000, 'INR')).toBe('1.5L');
      expect(shortenAmount(150000, 'USD')).toBe('150K');
      expect(shortenAmount(-150000, 'INR')).toBe('-1.5L');
      expect(shortenAmount('1,50,000', 'inr')).toBe('1.5L');
      expect(formatPrice(150000, { currencySymbol: '₹', currencyCode: 'INR' })).toBe('₹1,50,000.00');
      expect(formatPrice(150000, { currencySymbol: '$', currencyCode: 'USD' })).toBe('$150,000.00');
      expect(formatPrice(-150000, { currencySymbol: '$', currencyCode: 'USD' })).toBe('-$150,000.00');
      expect(formatPrice(150000, { currencySymbol: '₹', currencyCode: 'INR', withSuffix: true })).toBe('₹1.5L');
    }
    // Past what is kept (4,096 each): every amount still written from itself.
    for (let i = 1; i <= 10_000; i++) {
      const amount = i * 1000;
      expect(shortenAmount(amount, 'USD')).toBe(amount >= 1e6 ? `${Math.round(amount / 1e4) / 100}M` : `${i}K`);
      expect(formatPrice(amount, { currencySymbol: '$', currencyCode: 'USD' })).toBe(`$${amount.toLocaleString('en-US')}.00`);
    }
    expect(shortenAmount(150000, 'INR')).toBe('1.5L');
  });

  it('formats an amount written before without asking Intl again', () => {
    const rupees = { currencySymbol: '₹', currencyCode: 'INR' };
    const written = [shortenAmount(7_654_321, 'INR'), formatPrice(7_654_321, rupees)];
    const format = vi.spyOn(Intl.NumberFormat.prototype as unknown as { readonly format: unknown }, 'format', 'get');
    try {
      expect([shortenAmount(7_654_321, 'INR'), formatPrice(7_654_321, rupees)]).toEqual(written);
      expect(format).not.toHaveBeenCalled();
      // A new amount is formatted.
      expect(shortenAmount(7_654_322, 'INR')).toBe('76.54L');
      expect(format).toHaveBeenCalled();
    } finally {
      format.mockRestore();
    }
  });
});

describe('isSuffixEnabled', () => {
  it('is on only for true and the setting string "1"', () => {
    expect(isSuffixEnabled(true)).toBe(true);
    expect(isSuffixEnabled('1')).toBe(true);
    expect(isSuffixEnabled('0')).toBe(false);
    expect(isSuffixEnabled(false)).toBe(false);
    expect(isSuffixEnabled(undefined)).toBe(false);
  });
});

describe('toAmount', () => {
  it('parses leniently and falls back to 0', () => {
    expect(toAmount('1,234.5')).toBe(1234.5);
    expect(toAmount('12abc')).toBe(0);
    expect(toAmount(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(toAmount(undefined)).toBe(0);
  });
});
