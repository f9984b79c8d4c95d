import type { OwnedProperty } from '@estate/core';
import { priceLabel } from '../../lib/format.ts';
import { useSite, useT } from '../../lib/i18n.ts';
import { priceSteps } from './listing-state.ts';

export const dateLabel = (iso: string, lang: string) =>
  new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'long', year: 'numeric', numberingSystem: 'latn' });

/** Every price the listing has had, newest first: "Reduced by 5% on 3 March 2026". */
export function PriceHistory({ property: p }: { property: OwnedProperty }) {
  const t = useT();
  const site = useSite();
  const steps = priceSteps(p.price_history);
  if (!site) return null;
  if (steps.length < 2) {
    return <p className="mt-2 text-slate-700">{t('priceUnchanged', 'The price has not changed since the listing was added.')}</p>;
  }
  const percent = new Intl.NumberFormat(t.lang, { style: 'percent', maximumFractionDigits: 1, numberingSystem: 'latn' });
  return (
    <ol className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="price-history">
      {steps.map((step) => {
        const when = dateLabel(step.changedAt, t.lang);
        const change =
          step.change === null
            ? t('priceFirst', 'First price, {date}')
            : step.change < 0
              ? t('priceReduced', 'Reduced by {percent} on {date}')
              : t('priceRaised', 'Raised by {percent} on {date}');
        return (
          <li key={step.changedAt} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
            <span className="font-semibold text-slate-900">{priceLabel(step.price, p.property_type, p.rentduration, site.currency, t)}</span>
            <span className={`text-sm ${step.change !== null && step.change < 0 ? 'text-emerald-800' : 'text-slate-700'}`}>
              {change.replace('{percent}', `\u2066${percent.format(Math.abs(step.change ?? 0))}\u2069`).replace('{date}', when)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
