import { describe, expect, it } from 'vitest';
import { emptyPreferences, preferencesBody, valuesOf } from './preferences-form.ts';

describe('preferences form', () => {
  it('round-trips what the server keeps, with the spec’s spelling', () => {
    const saved = { user_id: 1, category_ids: [2], outdoor_facilitiy_ids: [5], price_range: [100, null] as [number, null], property_type: [1], city: 'Pune' };
    const values = valuesOf(saved);
    expect(values).toMatchObject({ minPrice: '100', maxPrice: '', sell: false, rent: true, city: 'Pune' });
    expect(preferencesBody(values)).toEqual({ body: { category_ids: '2', outdoor_facilitiy_ids: '5', price_range: '100,', property_type: '1', city: 'Pune' } });
  });

  it('refuses a negative price and a range upside down', () => {
    expect(preferencesBody({ ...emptyPreferences, minPrice: '-1' })).toEqual({ error: 'price' });
    expect(preferencesBody({ ...emptyPreferences, minPrice: '500', maxPrice: '100' })).toEqual({ error: 'range' });
  });
});
