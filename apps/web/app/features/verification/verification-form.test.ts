import type { VerificationField } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { verificationBody } from './verification-form.ts';

const fields: VerificationField[] = [
  { id: 1, name: 'Name', field_type: 'text', is_required: 1, form_fields_values: [] },
  { id: 2, name: 'Languages', field_type: 'checkbox', is_required: 0, form_fields_values: [{ id: 1, value: 'Hindi' }, { id: 2, value: 'English' }] },
  { id: 3, name: 'ID', field_type: 'file', is_required: 1, form_fields_values: [] },
];

describe('verificationBody', () => {
  it('names the first required field left empty', () => {
    const result = verificationBody(fields, { 1: '  ', 3: null });
    expect('missing' in result && result.missing.id).toBe(1);
  });

  it('numbers the answered fields, joins options and keeps files', () => {
    const file = new File(['%PDF-1.4'], 'id.pdf', { type: 'application/pdf' });
    const result = verificationBody(fields, { 1: ' Asha ', 2: ['Hindi', 'English'], 3: file });
    if (!('body' in result)) throw new Error('expected a body');
    const entries = [...result.body.entries()].map(([k, v]) => [k, v instanceof File ? v.name : v]);
    expect(entries).toEqual([
      ['form_fields[0][id]', '1'],
      ['form_fields[0][value]', 'Asha'],
      ['form_fields[1][id]', '2'],
      ['form_fields[1][value]', 'Hindi,English'],
      ['form_fields[2][id]', '3'],
      ['form_fields[2][value]', 'id.pdf'],
    ]);
  });
});
