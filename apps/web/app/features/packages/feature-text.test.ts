import { FEATURE_TYPES, featureUnavailableMessage } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { makeT } from '../../lib/i18n.ts';
import { featureName, featureUnavailableText } from './feature-text.ts';

describe('feature texts', () => {
  const english = makeT(undefined, 'en');

  it('say in English exactly what feature-gate.ts (and so the API) says, per type and otherwise', () => {
    for (const type of FEATURE_TYPES) expect(featureUnavailableText(type, english)).toBe(featureUnavailableMessage(type));
    expect(featureUnavailableText('something_else', english)).toBe(featureUnavailableMessage('something_else'));
    expect(featureUnavailableText(undefined, english)).toBe(featureUnavailableMessage(undefined));
  });

  it('name each of the seven feature types differently, in the page’s language', () => {
    expect(new Set(FEATURE_TYPES.map((type) => featureName(type, english))).size).toBe(FEATURE_TYPES.length);
    const hindi = makeT({ featurePropertyList: 'प्रॉपर्टी लिस्टिंग', featureUnavailablePropertyList: 'प्रॉपर्टी लिस्टिंग की सीमा या पैकेज उपलब्ध नहीं है' }, 'hi');
    expect(featureName('property_list', hindi)).toBe('प्रॉपर्टी लिस्टिंग');
    expect(featureUnavailableText('property_list', hindi)).toBe('प्रॉपर्टी लिस्टिंग की सीमा या पैकेज उपलब्ध नहीं है');
  });
});
