import { describe, expect, it } from 'vitest';
import { flattenForm, unflattenForm } from './form-keys.ts';

describe('unflattenForm', () => {
  it('nests bracketed keys into arrays and objects, in index order', () => {
    const body = {
      title: 'Flat',
      'parameters[1][parameter_id]': '4',
      'parameters[1][value]': '3',
      'parameters[0][parameter_id]': '2',
      'parameters[0][value]': 'yes',
      'facilities[0][facility_id]': '9',
      'facilities[0][distance]': '1.5',
    };
    expect(unflattenForm(body)).toEqual({
      title: 'Flat',
      parameters: [
        { parameter_id: '2', value: 'yes' },
        { parameter_id: '4', value: '3' },
      ],
      facilities: [{ facility_id: '9', distance: '1.5' }],
    });
  });

  it('pushes `name[]` values and a repeated key, and closes gaps', () => {
    expect(unflattenForm({ 'gallery_images[]': ['a', 'b'], 'documents[3]': 'd', 'documents[7]': 'e' })).toEqual({ gallery_images: ['a', 'b'], documents: ['d', 'e'] });
  });

  it('never reaches the object prototype and leaves bodies without brackets alone', () => {
    const out = unflattenForm({ '__proto__[polluted]': 'yes', 'a[constructor][prototype][x]': '1' }) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('x');
    expect(out).toBeTypeOf('object');
    const plain = { title: 'x' };
    expect(unflattenForm(plain)).toBe(plain);
  });

  it('keeps malformed and too-deep keys as they are', () => {
    expect(unflattenForm({ 'a]b[': '1', 'x[1][2][3][4][5]': '2', 'y[0]': '3' })).toEqual({ 'a]b[': '1', 'x[1][2][3][4][5]': '2', y: ['3'] });
  });

  it('round-trips with flattenForm', () => {
    const value = { title: 'T', parameters: [{ parameter_id: 1, value: 'x' }], remove_documents: [3, 4], plans: [{ id: 2, title: 'A' }] };
    const flat = Object.fromEntries(flattenForm(value));
    expect(flat).toEqual({ title: 'T', 'parameters[0][parameter_id]': 1, 'parameters[0][value]': 'x', 'remove_documents[0]': 3, 'remove_documents[1]': 4, 'plans[0][id]': 2, 'plans[0][title]': 'A' });
    expect(unflattenForm(flat)).toEqual(value);
  });
});
