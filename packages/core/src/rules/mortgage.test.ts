import { describe, expect, it } from 'vitest';
import { amortizationSchedule, calculateMortgage } from './mortgage.ts';

describe('calculateMortgage', () => {
  it('computes the annuity payment of a textbook loan', () => {
    // 200,000 at 6 % over 30 years: 1,199.10 a month.
    const r = calculateMortgage({ loanAmount: 250_000, downPayment: 50_000, annualRatePercent: 6, years: 30 });
    expect(r).not.toBeNull();
    expect(r!.principal).toBe(200_000);
    expect(r!.months).toBe(360);
    expect(r!.monthlyPayment).toBeCloseTo(1199.1, 2);
    expect(r!.totalPayment).toBeCloseTo(1199.101 * 360, 0);
    expect(r!.totalInterest).toBeCloseTo(r!.totalPayment - 200_000, 6);
  });

  it('spreads the principal evenly at 0 % interest', () => {
    const r = calculateMortgage({ loanAmount: 120_000, annualRatePercent: 0, years: 10 });
    expect(r).toEqual({ principal: 120_000, months: 120, monthlyPayment: 1000, totalPayment: 120_000, totalInterest: 0 });
  });

  it('treats a rate too small to change a sum (3.2e-321 %) as 0 %, not a division by zero', () => {
    const r = calculateMortgage({ loanAmount: 1200, annualRatePercent: 3.216e-321, years: 1 });
    expect(r).toEqual({ principal: 1200, months: 12, monthlyPayment: 100, totalPayment: 1200, totalInterest: 0 });
  });

  it('handles an Indian home loan in lakh', () => {
    // ₹50 lakh at 8.5 % over 20 years: about ₹43,391 a month.
    const r = calculateMortgage({ loanAmount: 6_000_000, downPayment: 1_000_000, annualRatePercent: 8.5, years: 20 });
    expect(r!.monthlyPayment).toBeCloseTo(43_391.16, 1);
    expect(r!.totalInterest).toBeGreaterThan(0);
  });

  it('treats a missing down payment as none', () => {
    expect(calculateMortgage({ loanAmount: 1000, annualRatePercent: 12, years: 1 })!.principal).toBe(1000);
  });

  it('answers null when there is no loan to compute', () => {
    expect(calculateMortgage({ loanAmount: 100, downPayment: 100, annualRatePercent: 5, years: 10 })).toBeNull();
    expect(calculateMortgage({ loanAmount: 100, downPayment: 200, annualRatePercent: 5, years: 10 })).toBeNull();
    expect(calculateMortgage({ loanAmount: 100, downPayment: -1, annualRatePercent: 5, years: 10 })).toBeNull();
    expect(calculateMortgage({ loanAmount: 100, annualRatePercent: -1, years: 10 })).toBeNull();
    expect(calculateMortgage({ loanAmount: 100, annualRatePercent: 5, years: 0 })).toBeNull();
    expect(calculateMortgage({ loanAmount: 100, annualRatePercent: 5, years: 51 })).toBeNull();
    expect(calculateMortgage({ loanAmount: Number.NaN, annualRatePercent: 5, years: 10 })).toBeNull();
    expect(calculateMortgage({ loanAmount: 100, annualRatePercent: 101, years: 10 })).toBeNull();
  });
});

describe('amortizationSchedule', () => {
  it('repays the whole principal, year by year, with the loan’s interest', () => {
    const input = { loanAmount: 250_000, downPayment: 50_000, annualRatePercent: 6, years: 30 };
    const loan = calculateMortgage(input)!;
    const years = amortizationSchedule(input)!;
    expect(years).toHaveLength(30);
    expect(years.every((y) => y.months.length === 12)).toBe(true);
    expect(years.reduce((sum, y) => sum + y.principal, 0)).toBeCloseTo(200_000, 6);
    expect(years.reduce((sum, y) => sum + y.interest, 0)).toBeCloseTo(loan.totalInterest, 4);
    expect(years[29].balance).toBe(0);
    // The first payment is mostly interest: 1,000 of 1,199.10.
    expect(years[0].months[0].interest).toBeCloseTo(1000, 6);
    expect(years[0].months[0].principal).toBeCloseTo(199.1, 1);
    expect(years[0].balance).toBeGreaterThan(years[1].balance);
  });

  it('ends a short term mid-year and refuses what is not a loan', () => {
    const years = amortizationSchedule({ loanAmount: 1000, annualRatePercent: 0, years: 1.5 })!;
    expect(years.map((y) => y.months.length)).toEqual([12, 6]);
    expect(years[1].balance).toBe(0);
    expect(amortizationSchedule({ loanAmount: 0, annualRatePercent: 5, years: 10 })).toBeNull();
  });
});
