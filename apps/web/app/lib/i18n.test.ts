import fs from 'node:fs';
import { ERROR_MESSAGES } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { keepTexts, localizeMessage, makeT, textsOf, textsScript, textsUrl } from './i18n.ts';

describe('t(key, fallback)', () => {
  it('answers the dictionary text, else the English fallback (blank texts count as missing)', () => {
    const t = makeT({ save: 'सहेजें', blank: '  ' }, 'hi');
    expect(t('save', 'Save')).toBe('सहेजें');
    expect(t('blank', 'Blank')).toBe('Blank');
    expect(t('absent', 'Absent')).toBe('Absent');
    expect(makeT(undefined)('save', 'Save')).toBe('Save');
  });
});

describe('t.count(n, key, one, other)', () => {
  const english = makeT({}, 'en');

  it('puts the number where the text says, in the English fallback forms', () => {
    expect(english.count(1, 'found', '{count} property found', '{count} properties found')).toBe('1 property found');
    expect(english.count(0, 'found', '{count} property found', '{count} properties found')).toBe('0 properties found');
    expect(english.count(1234, 'found', '{count} property', '{count} properties')).toBe('1,234 properties');
  });

  it("uses the language's plural rules: Hindi counts 0 and 1 as one", () => {
    const t = makeT({ found_one: '{count} संपत्ति मिली', found_other: '{count} संपत्तियाँ मिलीं' }, 'hi');
    expect(t.count(0, 'found', '', '')).toBe('0 संपत्ति मिली');
    expect(t.count(1, 'found', '', '')).toBe('1 संपत्ति मिली');
    expect(t.count(5, 'found', '', '')).toBe('5 संपत्तियाँ मिलीं');
    // Indian digit grouping, Latin digits.
    expect(t.count(123456, 'found', '', '')).toBe('1,23,456 संपत्तियाँ मिलीं');
  });

  it("picks Arabic's six forms, falling back to key_other for a form the dictionary lacks", () => {
    const t = makeT({ n_one: 'عقار واحد', n_two: 'عقاران', n_few: '{count} عقارات', n_many: '{count} عقارًا', n_other: '{count} عقار' }, 'ar');
    expect([1, 2, 3, 10, 11, 99, 100, 0].map((n) => t.count(n, 'n', 'x', 'y'))).toEqual([
      'عقار واحد',
      'عقاران',
      '3 عقارات',
      '10 عقارات',
      '11 عقارًا',
      '99 عقارًا',
      '100 عقار',
      '0 عقار',
    ]);
  });

  it('falls back to the English forms when the dictionary has neither', () => {
    const t = makeT({}, 'ar');
    expect(t.count(2, 'n', '{count} thing', '{count} things')).toBe('2 things');
    expect(t.count(1, 'n', '{count} thing', '{count} things')).toBe('1 thing');
  });

  it('survives an unknown language code', () => {
    expect(makeT({}, 'zz-not-a-language!').count(2, 'n', 'a', '{count} b')).toBe('2 b');
  });
});

describe("spec §8's messages in the page's language", () => {
  it('translates every catalogue message and passes other texts through', () => {
    const hi = JSON.parse(fs.readFileSync(new URL('../../../server/src/i18n/hi.json', import.meta.url), 'utf8'));
    const t = makeT(hi, 'hi');
    for (const english of Object.values(ERROR_MESSAGES)) {
      const shown = localizeMessage(english, t);
      expect(shown, english).not.toBe(english);
      expect(shown.trim()).not.toBe('');
    }
    expect(localizeMessage('A text only the server knows', t)).toBe('A text only the server knows');
    expect(localizeMessage(ERROR_MESSAGES.network, makeT({}, 'en'))).toBe(ERROR_MESSAGES.network);
  });
});

describe('the API’s and the contract’s messages in a person’s words', () => {
  const en = makeT({}, 'en');
  const hi = makeT(JSON.parse(fs.readFileSync(new URL('../../../server/src/i18n/hi.json', import.meta.url), 'utf8')), 'hi');

  it('says what a developer message means, in the page’s language', () => {
    expect(localizeMessage('re_password must match password', en)).toBe('The two passwords are not the same.');
    expect(localizeMessage('max_price must not be below min_price', en)).toBe('The highest price must not be below the lowest.');
    expect(localizeMessage('last_name is required', en)).toBe('Please fill this in.');
    expect(localizeMessage('password must be at least 8 characters', en)).toBe('Use at least 8 characters.');
    expect(localizeMessage('min_price must be at least 0', en)).toBe('Enter 0 or more.');
    expect(localizeMessage('The code is wrong. 1 try left.', en)).toBe('The code is wrong. 1 try left.');
    for (const message of ['re_password must match password', 'email must be a valid e-mail address', 'The e-mail or password is wrong.', 'The code is wrong. 3 tries left.', 'Please wait 42 seconds before asking for a new code.']) {
      const shown = localizeMessage(message, hi);
      expect(shown, message).not.toBe(message);
      expect(shown).toMatch(/[\u0900-\u097F]/);
    }
    expect(localizeMessage('The code is wrong. 3 tries left.', hi)).toContain('3');
  });

  it('passes a message no rule knows as it is', () => {
    expect(localizeMessage('Something only the server knows.', hi)).toBe('Something only the server knows.');
  });
});

describe("a language's texts as their own script", () => {
  it('names them by a hash of their content, keeps them for the render and leaves out the console', () => {
    const a = keepTexts('hi', { save: 'सहेजें', adminOnly: 'x' });
    const b = keepTexts('hi', { save: 'सहेजें', adminOnly: 'changed' });
    const c = keepTexts('hi', { save: 'बचाएँ' });
    expect(a.version).toBe(b.version);
    expect(c.version).not.toBe(a.version);
    expect(textsOf(a)).toEqual({ save: 'सहेजें' });
    expect(textsOf(c)).toEqual({ save: 'बचाएँ' });
    expect(textsUrl(c)).toBe(`/texts/hi.${c.version}.js`);
  });

  it('writes a script that cannot close its element and leaves the texts where the browser looks', () => {
    const ref = keepTexts('en', { evil: '</script><script>alert(1)</script>' });
    const script = textsScript(ref, { evil: '</script><script>alert(1)</script>' });
    expect(script).not.toContain('<');
    const w: { __estateTexts?: Record<string, Record<string, string>> } = {};
    new Function('window', script)(w);
    expect(w.__estateTexts?.[`en.${ref.version}`]).toEqual({ evil: '</script><script>alert(1)</script>' });
  });
});
