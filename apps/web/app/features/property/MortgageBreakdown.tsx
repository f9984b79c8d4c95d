import { STORAGE_KEYS, type MortgageResultAnswer } from '@estate/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RequestError, call } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useFeatureGate } from '../packages/FeatureGate.tsx';

/** The calculator's inputs as the `mortgage-calculator` call takes them. */
export interface MortgageInputs {
  loan_amount: number;
  down_payment: number;
  interest_rate: number;
  loan_term_years: number;
}

const sameInputs = (a: MortgageInputs, b: MortgageInputs) => (Object.keys(a) as (keyof MortgageInputs)[]).every((k) => a[k] === b[k]);

type Breakdown = { inputs: MortgageInputs; years: NonNullable<MortgageResultAnswer['yearly_totals']> };

/**
 * The year-by-year (and month-by-month) schedule under the calculator: the
 * `mortgage_calculator_detail` feature (spec §4, §5). The server computes it and counts the use, so
 * it is asked for on a button, once per set of inputs. A visitor is sent to log in and comes back
 * to this listing (`redirectAfterLogin`); a user without the feature gets spec §8's pop-up, whose
 * confirmation opens the plans.
 */
export function MortgageBreakdown({ inputs, money }: { inputs: MortgageInputs | null; money: (v: number) => string }) {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const gate = useFeatureGate();
  const [breakdown, setBreakdown] = useState<Breakdown | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = breakdown && inputs && sameInputs(breakdown.inputs, inputs) ? breakdown : null;

  const show = async () => {
    if (!inputs) return;
    setFailure(null);
    if (!session) {
      try {
        localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, `${window.location.pathname}${window.location.search}`);
      } catch {
        // Storage may be unavailable (private mode); the log-in page still opens.
      }
      void navigate('/login');
      return;
    }
    setBusy(true);
    try {
      const { mortgageAnswer } = await import('./mortgage-answer.ts');
      const answer = await call('mortgage-calculator', mortgageAnswer, { query: { ...inputs, show_all_details: 1 } });
      setBreakdown({ inputs, years: answer.data.yearly_totals ?? [] });
    } catch (error) {
      if (error instanceof RequestError && error.status === 403 && error.code === 'feature_unavailable') gate.open('mortgage_calculator_detail');
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const cell = 'px-1 py-1.5 text-end tabular-nums';
  return (
    <div className="mt-4" data-testid="mortgage-breakdown">
      {current ? (
        <>
          <h3 className="text-base font-semibold">{t('mortgageBreakdownTitle', 'Year-by-year breakdown')}</h3>
          <p className="mt-1 text-xs text-slate-600">{t('mortgageBreakdownHint', 'Open a year to see its months.')}</p>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-xs" data-testid="mortgage-years">
            {current.years.map((y) => (
              <li key={y.year}>
                <details>
                  <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-2 py-1.5">
                    <span className="w-16 shrink-0 font-semibold">{t('mortgageYear', 'Year {year}').replace('{year}', String(y.year))}</span>
                    <span className="min-w-0 flex-1 text-slate-700">
                      {t('mortgageYearLine', 'Principal {principal} · Interest {interest} · Left {balance}')
                        .replace('{principal}', money(y.principal_amount))
                        .replace('{interest}', money(y.payable_interest))
                        .replace('{balance}', money(y.remaining_balance))}
                    </span>
                  </summary>
                  <div className="max-w-full overflow-x-auto px-1 pb-2">
                    <table className="w-full text-[11px] sm:text-xs">
                      <thead>
                        <tr className="text-slate-600">
                          <th scope="col" className="px-1 py-1 text-start font-medium">{t('mortgageMonth', 'Month')}</th>
                          <th scope="col" className={`${cell} font-medium`}>{t('mortgagePrincipal', 'Principal')}</th>
                          <th scope="col" className={`${cell} font-medium`}>{t('mortgageInterest', 'Interest')}</th>
                          <th scope="col" className={`${cell} font-medium`}>{t('mortgageBalance', 'Balance')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {y.monthly_totals.map((m) => (
                          <tr key={m.month} className="border-t border-slate-100">
                            <th scope="row" className="px-1 py-1.5 text-start font-normal">{m.month}</th>
                            <td className={cell}>{money(m.principal_amount)}</td>
                            <td className={cell}>{money(m.payable_interest)}</td>
                            <td className={cell}>{money(m.remaining_balance)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <button
          type="button"
          onClick={() => void show()}
          disabled={!inputs || busy}
          className="flex min-h-11 w-full items-center justify-center rounded-lg border border-brand px-3 font-semibold text-brand-dark hover:bg-brand-light disabled:opacity-60"
        >
          {busy ? t('mortgageBreakdownLoading', 'Working out the breakdown…') : breakdown ? t('mortgageBreakdownUpdate', 'Update the year-by-year breakdown') : t('mortgageBreakdownShow', 'Show the year-by-year breakdown')}
        </button>
      )}
      {!session && !current ? <p className="mt-2 text-xs text-slate-600">{t('mortgageBreakdownLogin', 'Log in to see the breakdown; it is part of some plans.')}</p> : null}
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {gate.dialog}
    </div>
  );
}
