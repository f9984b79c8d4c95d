import type { PriceChange } from '@estate/core';
import { formatPrice } from '@estate/core';
import { useSite, useT } from '../../lib/i18n.ts';
import { lastPriceMove } from './price-history.ts';

const dateOf = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', numberingSystem: 'latn' }).format(new Date(iso));

/**
 * The listing's price over time (beyond the spec): "Reduced by 5% on 3 March 2026" beside the
 * price, and every earlier price in a list that opens on demand. Nothing when the price never changed.
 */
export function PriceHistory({ history }: { history: readonly PriceChange[] | undefined }) {
  const t = useT();
  const site = useSite();
  const move = lastPriceMove(history);
  if (!move || !history || !site) return null;
  const money = (n: number) => `\u2066${formatPrice(n, { currencySymbol: site.currency.symbol, currencyCode: site.currency.code, withSuffix: site.currency.withSuffix })}\u2069`;
  const when = dateOf(move.at, t.lang);
  const headline = (move.direction === 'down' ? t('priceReducedBy', 'Reduced by {percent} on {date}') : t('priceRaisedBy', 'Raised by {percent} on {date}'))
    .replace('{percent}', `${move.percent}%`)
    .replace('{date}', when);
  return (
    <details className="mt-1 text-sm" data-testid="price-history">
      <summary className={`cursor-pointer font-medium ${move.direction === 'down' ? 'text-emerald-700' : 'text-amber-700'}`}>{headline}</summary>
      <ol className="mt-2 space-y-1 text-slate-700">
        {history.map((change, i) => (
          <li key={`${change.changed_at}-${i}`} className="flex justify-between gap-4">
            <span>{dateOf(change.changed_at, t.lang)}</span>
            <span className="font-semibold">{money(change.price)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
