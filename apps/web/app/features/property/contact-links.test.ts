import { describe, expect, it } from 'vitest';
import { telHref, whatsAppHref } from './contact-links.ts';

describe('contact links', () => {
  it('dials the number without its spaces, dashes and brackets', () => {
    expect(telHref('+91 98100-10101')).toBe('tel:+919810010101');
    expect(telHref('(022) 4000 1234')).toBe('tel:02240001234');
  });

  it('opens WhatsApp on the international number with the message typed', () => {
    expect(whatsAppHref('+91 98100 10101', '2 BHK Flat https://example.com/properties-details/flat')).toBe(
      'https://wa.me/919810010101?text=2%20BHK%20Flat%20https%3A%2F%2Fexample.com%2Fproperties-details%2Fflat',
    );
    expect(whatsAppHref('0044 20 7946 0958', 'Hi')).toBe('https://wa.me/442079460958?text=Hi');
  });

  it('has no WhatsApp link for a number without its country code', () => {
    expect(whatsAppHref('98100 10101', 'Hi')).toBeNull();
    expect(whatsAppHref('+12', 'Hi')).toBeNull();
  });
});
