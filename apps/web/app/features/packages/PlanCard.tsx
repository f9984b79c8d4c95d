import type { ActivePackage, PackageOffer } from '@estate/core';
import { useSite, useT } from '../../lib/i18n.ts';
import { featureName } from './feature-text.ts';
import { dateLabel, isSpent, leftLabel } from './MyPackage.tsx';
import { durationLabel, planPriceLabel } from './plan-text.ts';

function Tick() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-brand" fill="currentColor">
      <path d="M8.2 13.6 4.6 10l-1.2 1.2 4.8 4.8 9-9-1.2-1.2z" />
    </svg>
  );
}

/**
 * One package on sale: price, how long it runs, each feature with its limit, and the way to it.
 * `held` when the user runs it now; `suggested` when it opens what the user came for (a premium
 * listing waiting after payment).
 */
export function PlanCard(props: { plan: PackageOffer; held: boolean; suggested: boolean; busy: boolean; onChoose: () => void }) {
  const { plan } = props;
  const t = useT();
  const site = useSite();
  const isFree = plan.package_type === 'free' || plan.price === 0;
  const headingId = `plan-${plan.id}`;
  // The visible word stays short (names can be long); the button's name says which plan.
  const choose = isFree ? (
    t('planGetFree', 'Get it free')
  ) : (
    <>
      {t('planChooseShort', 'Choose')} <span className="sr-only">{plan.name}</span>
    </>
  );
  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan"
      className={`relative flex h-full flex-col rounded-2xl border bg-white p-5 shadow-sm ${props.suggested ? 'border-brand ring-2 ring-brand' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900" dir="auto">
          {plan.name}
        </h2>
        {props.held ? <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">{t('planActive', 'Active')}</span> : null}
        {props.suggested ? <span className="rounded-full bg-brand-light px-2.5 py-0.5 text-xs font-semibold text-brand-dark">{t('planOpensPremium', 'Opens premium listings')}</span> : null}
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold text-slate-900" data-testid="plan-price">
          {site ? planPriceLabel(plan, site.currency, t) : null}
        </span>
        <span className="text-sm text-slate-600">{t('planFor', 'for {duration}').replace('{duration}', durationLabel(plan.duration, t))}</span>
      </p>
      <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm text-slate-800">
        {plan.features.map((f) => (
          <li key={f.id} className="flex gap-2">
            <Tick />
            <span>
              <span className="font-semibold">
                {f.limit_type === 'unlimited' || f.limit === null ? t('featureUnlimited', 'Unlimited') : new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(f.limit)}
              </span>{' '}
              {featureName(f.name, t)}
            </span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={props.onChoose}
        disabled={props.busy || (isFree && props.held)}
        className={`mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-lg px-4 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${props.suggested || !isFree ? 'bg-brand text-white hover:bg-brand-dark' : 'border border-brand text-brand-dark hover:bg-brand-light'}`}
      >
        {isFree && props.held ? t('planActive', 'Active') : choose}
      </button>
    </article>
  );
}

/** The user's running packages: until when, and what is left of each feature. */
export function ActivePlans({ packages }: { packages: ActivePackage[] }) {
  const t = useT();
  return (
    <section aria-labelledby="active-plans" className="mt-6 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5" data-testid="active-plans">
      <h2 id="active-plans" className="text-lg font-semibold text-slate-900">
        {t('planYours', 'Your plan')}
      </h2>
      <ul className="mt-3 grid items-start gap-4 md:grid-cols-2">
        {packages.map((p) => (
          <li key={p.user_package_id} className="rounded-xl border border-emerald-200 bg-white p-4" data-testid="active-plan">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold text-slate-900" dir="auto">
                {p.name}
              </span>
              <span className="text-sm text-slate-600">{t('packageUntil', 'until {date}').replace('{date}', dateLabel(p.end_date, t.lang))}</span>
            </p>
            <ul className="mt-2 grid gap-2">
              {p.features.map((f) => {
                // The bar is what is left, as the words say ("3 of 10 left").
                const share = f.total_limit ? Math.max(0, 1 - f.used_limit / f.total_limit) : 0;
                return (
                  <li key={f.id} className="text-sm">
                    <span className="flex flex-wrap justify-between gap-x-3">
                      <span className="text-slate-800">{featureName(f.name, t)}</span>
                      <span className={isSpent(f) ? 'font-medium text-red-700' : 'text-slate-700'} data-testid={`usage-${f.name}`}>
                        {leftLabel(f, t)}
                      </span>
                    </span>
                    {f.total_limit ? (
                      <span aria-hidden="true" className="mt-1 block h-1.5 overflow-hidden rounded-full bg-slate-200">
                        <span className={`block h-full rounded-full ${isSpent(f) ? 'bg-red-600' : 'bg-brand'}`} style={{ width: `${Math.round(share * 100)}%` }} />
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
