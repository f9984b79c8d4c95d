import { describe, expect, it } from 'vitest';
import { reverseGeocodeQuery } from './tools.ts';

const messages = (input: unknown) => {
  const parsed = reverseGeocodeQuery.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('reverseGeocodeQuery', () => {
  it('reads numbers and numeric text, rounded to 6 decimals, never -0', () => {
    expect(reverseGeocodeQuery.parse({ latitude: '19.0760004', longitude: 72.8777005 })).toEqual({ latitude: 19.076, longitude: 72.877701 });
    expect(reverseGeocodeQuery.parse({ latitude: ' -0.0000001 ', longitude: '1e2' })).toEqual({ latitude: 0, longitude: 100 });
    expect(Object.is(reverseGeocodeQuery.parse({ latitude: '-0', longitude: 0 }).latitude, 0)).toBe(true);
  });

  it('refuses what is not a number, blank or out of range, naming the field (spec §5)', () => {
    expect(messages({})).toEqual(['latitude: latitude is required', 'longitude: longitude is required']);
    expect(messages({ latitude: ' ', longitude: 'east' })).toEqual(['latitude: latitude must be a number', 'longitude: longitude must be a number']);
    expect(messages({ latitude: NaN, longitude: '0x1F' })).toEqual(['latitude: latitude must be a number', 'longitude: longitude must be a number']);
    expect(messages({ latitude: ['1', '2'], longitude: true })).toEqual(['latitude: latitude must be a number', 'longitude: longitude must be a number']);
    expect(messages({ latitude: -90.5, longitude: 180.000001 })).toEqual(['latitude: latitude must be between -90 and 90', 'longitude: longitude must be between -180 and 180']);
  });
});
