import { describe, expect, it } from 'vitest';
import { flagField, idListField, intField, paginationQuery } from './common.ts';
import { propertyTypeField, propertyTypeName } from './codes.ts';
import { contactMessageBody } from './content.ts';
import { propertyListQuery } from './properties.ts';
import { z } from 'zod';

const firstMessage = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('field schemas', () => {
  it('intField coerces query strings and names the field in every message', () => {
    const limit = intField('limit', { min: 1, max: 100 });
    expect(limit.parse('25')).toBe(25);
    expect(firstMessage(limit.safeParse('abc'))).toBe('limit must be a number');
    expect(firstMessage(limit.safeParse('2.5'))).toBe('limit must be a whole number');
    expect(firstMessage(limit.safeParse('0'))).toBe('limit must be at least 1');
    expect(firstMessage(limit.safeParse('101'))).toBe('limit must be at most 100');
    expect(firstMessage(limit.safeParse('Infinity'))).toBe('limit must be a number');
  });

  it('flagField accepts the ways clients send 0/1', () => {
    const f = flagField('promoted');
    for (const v of ['1', 1, true, 'true']) expect(f.parse(v)).toBe(true);
    for (const v of ['0', 0, false, 'false']) expect(f.parse(v)).toBe(false);
    expect(firstMessage(f.safeParse('yes'))).toBe('promoted must be 0 or 1');
  });

  it('idListField takes comma lists or repeated keys, de-duplicates, and refuses junk', () => {
    const f = idListField('facility_ids', 3);
    expect(f.parse('1, 2,2')).toEqual([1, 2]);
    expect(f.parse(['4', 5])).toEqual([4, 5]);
    expect(f.safeParse('1,x').success).toBe(false);
    expect(f.safeParse('0').success).toBe(false);
    expect(firstMessage(f.safeParse('1,2,3,4'))).toBe('facility_ids may hold at most 3 ids');
  });

  it('property_type takes numbers or names and answers names', () => {
    expect(propertyTypeField.parse('rent')).toBe(1);
    expect(propertyTypeField.parse('0')).toBe(0);
    expect(propertyTypeField.parse(3)).toBe(3);
    expect(propertyTypeField.safeParse('4').success).toBe(false);
    expect(propertyTypeName(2)).toBe('sold');
  });

  it('pagination defaults and bounds', () => {
    const q = z.object(paginationQuery(12));
    expect(q.parse({})).toEqual({ limit: 12, offset: 0 });
    expect(q.safeParse({ offset: '100001' }).success).toBe(false);
  });
});

describe('propertyListQuery', () => {
  it('parses map areas', () => {
    const q = propertyListQuery.parse({ bbox: '72.8,18.9,73,19.2', polygon: '1 2,3 4,5 6', latitude: '19', longitude: '72', radius: '5' });
    expect(q.bbox).toEqual({ minLng: 72.8, minLat: 18.9, maxLng: 73, maxLat: 19.2 });
    expect(q.polygon).toEqual([{ lng: 1, lat: 2 }, { lng: 3, lat: 4 }, { lng: 5, lat: 6 }]);
    expect(q.radius).toBe(5);
  });

  it('refuses a price range upside down and a half-given circle', () => {
    const r = propertyListQuery.safeParse({ min_price: '10', max_price: '5' });
    expect(r.error?.issues[0]).toMatchObject({ path: ['max_price'], message: 'max_price must not be below min_price' });
    expect(propertyListQuery.safeParse({ latitude: '19' }).error?.issues[0].path).toEqual(['radius']);
  });
});

describe('contactMessageBody', () => {
  it('trims, requires every field and checks the e-mail', () => {
    const ok = contactMessageBody.parse({ first_name: ' Asha ', last_name: 'Rao', email: ' asha@example.com ', subject: 'Hi', message: 'Hello' });
    expect(ok.first_name).toBe('Asha');
    expect(ok.email).toBe('asha@example.com');
    expect(firstMessage(contactMessageBody.safeParse({ ...ok, email: 'nope' }))).toBe('email must be a valid e-mail address');
    expect(firstMessage(contactMessageBody.safeParse({ ...ok, subject: '   ' }))).toBe('subject is required');
  });
});
