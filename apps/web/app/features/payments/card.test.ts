import { SANDBOX_CARDS } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { cardDigits, formatCardNumber, formatExpiry, isLuhnValid, parseExpiry, validateCard } from './card.ts';

describe('card number', () => {
  it('is shown in groups of four as it is typed, whatever is pasted around the digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('')).toBe('');
    expect(cardDigits('1234 5678 9012 3456 7890 12')).toHaveLength(19);
  });

  it('passes the Luhn check for every sandbox test card and fails a typo', () => {
    for (const number of Object.values(SANDBOX_CARDS)) expect(isLuhnValid(number)).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });
});

describe('expiry', () => {
  it('gets its slash by itself and can be deleted back through it', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('12/2', '12/')).toBe('12/2');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
  });

  it('is read as MM/YY only', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('1/28')).toBeNull();
  });
});

describe('the card form', () => {
  const now = new Date(2026, 4, 15);
  it('may be sent with a test card, a future expiry and a CVC', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '05/26', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4000 0000 0000 0002', expiry: '01/30', cvc: '1234' }, now)).toEqual({});
  });

  it('says what is missing or wrong in each field', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({ number: 'required', expiry: 'required', cvc: 'required' });
    expect(validateCard({ number: '4242 4242', expiry: '13/30', cvc: '12' }, now)).toEqual({ number: 'number', expiry: 'expiry', cvc: 'cvc' });
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '04/26', cvc: '12a' }, now)).toEqual({ number: 'luhn', expiry: 'expired', cvc: 'cvc' });
    expect(validateCard({ number: '4242424242424242', expiry: '12/25', cvc: '123' }, now)).toEqual({ expiry: 'expired' });
  });
});
