import { calculateMortgage } from '@estate/core/rules/mortgage';
import { formatPrice } from '@estate/core/rules/price';
import { useId, useState } from 'react';
import { useSite, useT } from '../../lib/i18n.ts';
import { MortgageBreakdown } from './MortgageBreakdown.tsx';

/** Starting values a visitor adjusts: 20 % down, 8.5 % a year, 20 years. */
export const MORTGAGE_DEFAULTS = { downPaymentShare: 0.2, ratePercent: 8.5, years: 20 } as const;

const field = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand';

export function MortgageCalculator({ price }: { price: number }) {
  const t = useT();
  const site = useSite();
  const id = useId();
  const [cost, setCost] = useState(String(Math.round(price)));
  const [down, setDown] = useState(String(Math.round(price * MORTGAGE_DEFAULTS.downPaymentShare)));
  const [rate, setRate] = useState(String(MORTGAGE_DEFAULTS.ratePercent));
  const [years, setYears] = useState(String(MORTGAGE_DEFAULTS.years));
  const number = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  // The loan is what the price leaves after the down payment.
  const result = calculateMortgage({ loanAmount: number(cost), downPayment: number(down || '0'), annualRatePercent: number(rate), years: number(years) });
  const money = (v: number) =>
    site ? formatPrice(v, { currencySymbol: site.currency.symbol, currencyCode: site.currency.code, withSuffix: false }) : v.toFixed(2);

  const inputs = [
    { key: 'price', label: t('propertyPrice', 'Property price'), value: cost, set: setCost, step: 'any', min: 0 },
    { key: 'down', label: t('downPayment', 'Down payment'), value: down, set: setDown, step: 'any', min: 0 },
    { key: 'rate', label: t('interestRate', 'Interest rate (% a year)'), value: rate, set: setRate, step: '0.01', min: 0 },
    { key: 'years', label: t('loanTerm', 'Term (years)'), value: years, set: setYears, step: '1', min: 1 },
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-5" data-testid="mortgage-calculator">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {t('mortgageCalculator', 'Mortgage calculator')}
      </h2>
      <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        {inputs.map((input) => (
          <div key={input.key}>
            <label htmlFor={`${id}-${input.key}`} className="mb-1 block text-sm font-medium text-slate-700">
              {input.label}
            </label>
            <input
              id={`${id}-${input.key}`}
              type="number"
              inputMode="decimal"
              min={input.min}
              step={input.step}
              value={input.value}
              onChange={(e) => input.set(e.target.value)}
              className={field}
            />
          </div>
        ))}
      </form>
      <div aria-live="polite" className="mt-4 rounded-lg bg-brand-light/60 p-4" data-testid="mortgage-result">
        {result ? (
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{t('loanAmount', 'Loan amount')}</dt>
              <dd className="font-semibold" data-testid="mortgage-loan">
                {money(result.principal)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('monthlyPayment', 'Monthly payment')}</dt>
              <dd className="text-lg font-bold text-brand-dark">{money(result.monthlyPayment)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('totalInterest', 'Total interest')}</dt>
              <dd className="font-semibold">{money(result.totalInterest)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('totalPayment', 'Total payment')}</dt>
              <dd className="font-semibold">{money(result.totalPayment)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm">{t('mortgageInvalidPrice', 'Enter a price above the down payment, a rate of 0 to 100 % and a term of 1 to 50 years.')}</p>
        )}
      </div>
      <MortgageBreakdown
        money={money}
        inputs={result ? { loan_amount: number(cost), down_payment: number(down || '0'), interest_rate: number(rate), loan_term_years: number(years) } : null}
      />
    </section>
  );
}
