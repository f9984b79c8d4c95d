import { describe, expect, it } from 'vitest';
import { makeT } from '../../lib/i18n.ts';
import { alertFromFilters, alertWords, filtersOfAlert } from './alert-words.ts';

const t = makeT({}, 'en');
const rupees = { symbol: '₹', code: 'INR' };

describe('saved-search alerts from the results page', () => {
  it('take the filters an alert watches, bedrooms as “at least”, and name the ones it does not', () => {
    const { alert, ignored } = alertFromFilters({ property_type: '1', city: ' Pune ', category_id: '4', min_price: '20000', bedrooms: '2', search: 'garden', facility_ids: '1,3', sort_by: 'newest' });
    expect(alert).toEqual({ property_type: 1, category_id: 4, city: 'Pune', min_price: 20000, max_price: null, min_bedrooms: 2 });
    expect(ignored).toEqual(['search', 'facility_ids']);
    expect(alertFromFilters({ property_type: '7', min_price: 'cheap' }).alert).toMatchObject({ property_type: null, min_price: null });
  });

  it('say an alert in words and open its search again', () => {
    const alert = { property_type: 0, category_id: 4, city: 'Pune', min_price: 5_000_000, max_price: 10_000_000, min_bedrooms: 1 };
    expect(alertWords(alert, t, [{ id: 4, category: 'Flat' }], rupees)).toEqual(['For sale', 'Flat', 'Pune', '\u2066₹50L\u2069 – \u2066₹1Cr\u2069', '1+ bedroom']);
    expect(alertWords({ ...alert, property_type: null, category_id: null, city: null, min_price: null, min_bedrooms: 3 }, t, [], rupees)).toEqual(['Up to \u2066₹1Cr\u2069', '3+ bedrooms']);
    expect(alertWords({ property_type: null, category_id: null, city: null, min_price: null, max_price: null, min_bedrooms: null }, t, [])).toEqual(['Any listing']);
    expect(filtersOfAlert(alert)).toEqual({ property_type: '0', category_id: '4', city: 'Pune', min_price: '5000000', max_price: '10000000', bedrooms: '1' });
  });
});
