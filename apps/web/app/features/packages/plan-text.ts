import { formatDuration, formatPrice, type PackageOffer } from '@estate/core';
import type { Currency } from '../../lib/format.ts';
import type { Translate } from '../../lib/i18n.ts';

/**
 * An amount in the site's currency, two decimals and never shortened (a price to pay is exact),
 * isolated left to right so "₹999.00" keeps its order on Arabic pages. A payment taken in
 * another currency than the site's shows that currency's code.
 */
export function moneyLabel(amount: number, currency: Currency, code = currency.code): string {
  const symbol = code.toUpperCase() === currency.code.toUpperCase() ? currency.symbol : `${code.toUpperCase()} `;
  return `\u2066${formatPrice(amount, { currencySymbol: symbol, currencyCode: code, withSuffix: false })}\u2069`;
}

/** Spec §9 "Duration display": 24 hours or more in days, otherwise hours. */
export function durationLabel(hours: number, t: Translate): string {
  const { value, unit } = formatDuration(hours);
  return unit === 'days' ? t.count(value, 'durationDays', '{count} day', '{count} days') : t.count(value, 'durationHours', '{count} hour', '{count} hours');
}

/** A package's price: "Free" for a free one. */
export function planPriceLabel(plan: Pick<PackageOffer, 'package_type' | 'price'>, currency: Currency, t: Translate): string {
  return plan.package_type === 'free' || plan.price === 0 ? t('planFree', 'Free') : moneyLabel(plan.price, currency);
}
