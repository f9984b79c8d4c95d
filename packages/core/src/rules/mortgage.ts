export interface MortgageInput {
  /** The amount financed before the down payment: by default the listing's price. */
  loanAmount: number;
  /** Paid up front; the rest is borrowed. */
  downPayment?: number;
  /** Yearly interest rate in percent, e.g. 8.5. */
  annualRatePercent: number;
  /** Term in years. */
  years: number;
}

export interface MortgageResult {
  /** What is borrowed: loan amount minus down payment. */
  principal: number;
  months: number;
  monthlyPayment: number;
  totalPayment: number;
  totalInterest: number;
}

export const MAX_MORTGAGE_YEARS = 50;
export const MAX_MORTGAGE_RATE_PERCENT = 100;

/**
 * A fixed-rate loan repaid in equal monthly instalments (annuity):
 * payment = P·r / (1 − (1 + r)^−n), with r the monthly rate and n the number of months;
 * at 0 % the principal is simply spread over the months. Null when the input cannot describe a
 * loan (nothing borrowed, a term outside 1 month … 50 years, a negative or absurd rate).
 */
export function calculateMortgage(input: MortgageInput): MortgageResult | null {
  const { loanAmount, annualRatePercent, years } = input;
  const downPayment = input.downPayment ?? 0;
  if (![loanAmount, downPayment, annualRatePercent, years].every(Number.isFinite)) return null;
  if (downPayment < 0 || annualRatePercent < 0 || annualRatePercent > MAX_MORTGAGE_RATE_PERCENT) return null;
  const principal = loanAmount - downPayment;
  const months = Math.round(years * 12);
  if (principal <= 0 || months < 1 || years > MAX_MORTGAGE_YEARS) return null;
  const rate = annualRatePercent / 100 / 12;
  // A rate so small that 1 + rate rounds to 1 is no interest at all (the annuity would divide by 0).
  const monthlyPayment = 1 + rate === 1 ? principal / months : (principal * rate) / (1 - (1 + rate) ** -months);
  const totalPayment = monthlyPayment * months;
  return { principal, months, monthlyPayment, totalPayment, totalInterest: totalPayment - principal };
}

export interface AmortizationMonth {
  /** 1 … 12 within its year. */
  month: number;
  principal: number;
  interest: number;
  /** What is still owed after this payment. */
  balance: number;
}

export interface AmortizationYear {
  /** 1 … the term in years. */
  year: number;
  principal: number;
  interest: number;
  balance: number;
  months: AmortizationMonth[];
}

/**
 * The repayment schedule of `calculateMortgage`'s loan, month by month grouped into years: each
 * payment's interest is the balance times the monthly rate, the rest repays principal; the last
 * payment clears what rounding left. Null when the input cannot describe a loan.
 */
export function amortizationSchedule(input: MortgageInput): AmortizationYear[] | null {
  const loan = calculateMortgage(input);
  if (!loan) return null;
  const rate = input.annualRatePercent / 100 / 12;
  const years: AmortizationYear[] = [];
  let balance = loan.principal;
  for (let n = 1; n <= loan.months; n++) {
    const interest = balance * rate;
    const principal = n === loan.months ? balance : loan.monthlyPayment - interest;
    balance = Math.max(0, balance - principal);
    const yearIndex = Math.ceil(n / 12);
    let year = years[yearIndex - 1];
    if (!year) {
      year = { year: yearIndex, principal: 0, interest: 0, balance, months: [] };
      years.push(year);
    }
    year.principal += principal;
    year.interest += interest;
    year.balance = balance;
    year.months.push({ month: ((n - 1) % 12) + 1, principal, interest, balance });
  }
  return years;
}
