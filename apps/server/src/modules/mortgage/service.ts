import { amortizationSchedule, calculateMortgage, featureUnavailableMessage, isFeatureAllowed, type MortgageResultAnswer, type mortgageQuery } from '@estate/core';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { Invalid, PaymentRequired } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { packageRepository } from '../packages/repository.ts';

const cents = (n: number) => Math.round(n * 100) / 100;

export class MortgageService {
  constructor(private readonly db: Database) {}

  /**
   * `mortgage-calculator`: the instalment for everyone; the year-by-year schedule
   * (`show_all_details`) is the `mortgage_calculator_detail` feature of a package (spec §4, §5),
   * and always an admin's.
   */
  async calculate(q: z.infer<typeof mortgageQuery>, ctx: RequestContext): Promise<MortgageResultAnswer> {
    const input = { loanAmount: q.loan_amount, downPayment: q.down_payment, annualRatePercent: q.interest_rate, years: q.loan_term_years };
    const loan = calculateMortgage(input);
    if (!loan) throw new Invalid('down_payment', 'The down payment must be less than the loan amount.');
    const result: MortgageResultAnswer = {
      main_total: {
        principal_amount: cents(loan.principal),
        down_payment: cents(q.down_payment ?? 0),
        payable_interest: cents(loan.totalInterest),
        monthly_emi: cents(loan.monthlyPayment),
        total_amount: cents(loan.totalPayment),
      },
    };
    if (!q.show_all_details) return result;
    const userId = viewerIdOf(ctx);
    // Admins read every feature-gated answer (as they see projects and premium listings in full); they hold no package to count against.
    if (ctx.viewer?.role !== 'admin') {
      const availability = await packageRepository.featureAvailability(this.db, userId, 'mortgage_calculator_detail');
      if (!isFeatureAllowed('mortgage_calculator_detail', availability)) throw new PaymentRequired('mortgage_calculator_detail', featureUnavailableMessage('mortgage_calculator_detail'));
      // Usage is counted, not limited: spec §4 limit-checks only the four listing and featuring types.
      await packageRepository.countUse(this.db, userId, 'mortgage_calculator_detail');
    }
    result.yearly_totals = amortizationSchedule(input)!.map((y) => ({
      year: y.year,
      principal_amount: cents(y.principal),
      payable_interest: cents(y.interest),
      remaining_balance: cents(y.balance),
      monthly_totals: y.months.map((m) => ({ month: m.month, principal_amount: cents(m.principal), payable_interest: cents(m.interest), remaining_balance: cents(m.balance) })),
    }));
    return result;
  }
}
