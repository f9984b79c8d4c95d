import { describe, expect, it } from 'vitest';
import { reportBody } from './report-form.ts';

describe('reportBody', () => {
  it('sends a stored reason, or "other" as reason 0 with its text', () => {
    expect(reportBody(7, { reasonId: 3, otherMessage: 'ignored' })).toEqual({ body: { property_id: 7, reason_id: 3 } });
    expect(reportBody(7, { reasonId: 'other', otherMessage: '  Fake photos ' })).toEqual({ body: { property_id: 7, reason_id: 0, other_message: 'Fake photos' } });
  });

  it('names what is missing', () => {
    expect(reportBody(7, { reasonId: null, otherMessage: '' })).toEqual({ missing: 'reason' });
    expect(reportBody(7, { reasonId: 'other', otherMessage: '   ' })).toEqual({ missing: 'other' });
  });
});
