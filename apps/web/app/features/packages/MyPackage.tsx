import type { ActivePackage, FeatureType } from '@estate/core';
import { Link } from 'react-router';
import { useT, type Translate } from '../../lib/i18n.ts';
import { featureName } from './feature-text.ts';
import { PLANS_PATH, useFeatureGate } from './FeatureGate.tsx';
import { usePackages } from './get-packages.ts';

type HeldFeature = ActivePackage['features'][number];

export function dateLabel(iso: string, lang: string): string {
  return new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'long', year: 'numeric', numberingSystem: 'latn' });
}

export function leftLabel(f: HeldFeature, t: Translate): string {
  if (f.limit_type === 'unlimited' || f.total_limit === null) return t('featureUnlimited', 'Unlimited');
  const left = Math.max(0, f.total_limit - f.used_limit);
  return t.count(left, 'featureLeftOf', '{count} of {total} left', '{count} of {total} left').replace('{total}', new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(f.total_limit));
}

/** The user's payments and featured listings (routes/user/payments.tsx, advertisements.tsx). */
export const PAYMENTS_PATH = '/user/payments';
export const ADVERTISEMENTS_PATH = '/user/advertisement';

export const isSpent = (f: HeldFeature) => f.limit_type === 'limited' && f.total_limit !== null && f.used_limit >= f.total_limit;

/** What the user's running packages allow and what is left of each feature; the way to more. */
export function MyPackage() {
  const t = useT();
  const gate = useFeatureGate();
  const packages = usePackages();
  const held = new Set(packages.data?.active_packages.flatMap((p) => p.features.map((f) => f.name)) ?? []);
  const missing: FeatureType[] = packages.data?.all_features.map((f) => f.name).filter((name) => !held.has(name)) ?? [];
  const button = 'shrink-0 rounded-lg border border-brand px-3 py-1 text-sm font-medium text-brand-dark hover:bg-brand-light';
  return (
    <section aria-labelledby="my-package" className="mt-10 rounded-2xl border border-slate-200 bg-white p-6" data-testid="my-package">
      <h2 id="my-package" className="text-lg font-semibold">
        {t('myPackage', 'My package')}
      </h2>
      {packages.isPending ? (
        <p role="status" className="mt-2 text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : packages.error ? (
        <p role="alert" className="mt-2 text-red-700">
          {packages.error.message}
        </p>
      ) : (
        <>
          {packages.data.active_packages.length === 0 ? (
            <p className="mt-2 text-slate-700">{t('noActivePackage', 'You have no active package.')}</p>
          ) : (
            packages.data.active_packages.map((p) => (
              <div key={p.user_package_id} className="mt-4">
                <h3 className="font-medium text-slate-900">{p.name}</h3>
                <p className="text-sm text-slate-600">{t('packageUntil', 'until {date}').replace('{date}', dateLabel(p.end_date, t.lang))}</p>
                <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {p.features.map((f) => (
                    <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                      <span className="text-slate-800">{featureName(f.name, t)}</span>
                      <span className="flex items-center gap-3">
                        <span className={isSpent(f) ? 'font-medium text-red-700' : 'text-slate-700'} data-testid={`left-${f.name}`}>
                          {leftLabel(f, t)}
                        </span>
                        {isSpent(f) ? (
                          <button type="button" className={button} onClick={() => void gate.check(f.name)}>
                            {t('getMore', 'Get more')}
                          </button>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
          {missing.length ? (
            <div className="mt-6">
              <h3 className="text-sm font-semibold text-slate-800">{t('notInYourPackage', 'Not in your package')}</h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                {missing.map((name) => (
                  <li key={name} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="text-slate-700">{featureName(name, t)}</span>
                    <button type="button" className={button} onClick={() => void gate.check(name)} aria-label={`${t('getIt', 'Get it')}: ${featureName(name, t)}`}>
                      {t('getIt', 'Get it')}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
            <Link to={PLANS_PATH} className="font-medium text-brand-dark underline">
              {t('seePlans', 'See plans')}
            </Link>
            <Link to={PAYMENTS_PATH} className="font-medium text-brand-dark underline">
              {t('paymentHistory', 'Payment history')}
            </Link>
            <Link to={ADVERTISEMENTS_PATH} className="font-medium text-brand-dark underline">
              {t('myAdvertisements', 'My featured listings')}
            </Link>
          </p>
        </>
      )}
      {gate.dialog}
    </section>
  );
}
