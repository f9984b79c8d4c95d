// Issue 11 "Languages": data (category, parameter and facility names, FAQs, slides) comes in the
// language the caller asks for, and pages show it.
import { describe, expect, it } from 'vitest';
import { pagesApp, webBuilt } from './pages.ts';

const hi = { 'content-language': 'hi' };
const ar = { 'content-language': 'ar' };

describe('data in the language asked for', () => {
  const web = pagesApp({ PUBLIC_CACHE_SECONDS: '30' });

  it('names categories, parameters and facilities in it, and keeps English without a language', async () => {
    const en = (await web.t.get('/api/get_categories', { limit: 3 })).body.data;
    const inHindi = (await web.t.get('/api/get_categories', { limit: 3 }, hi)).body.data;
    expect(en[0].category).toBe('Apartment');
    expect(inHindi[0].category).toBe('अपार्टमेंट');
    expect(inHindi[0].parameter_types[0].name).toBe('बेडरूम');
    expect((await web.t.get('/api/get_categories', { limit: 1 }, { 'accept-language': 'ar-AE,ar;q=0.9' })).body.data[0].category).toBe('شقة');
    expect((await web.t.get('/api/get_facilities', {}, ar)).body.data.map((f: { name: string }) => f.name)).toContain('مدرسة');
    // An unknown language falls back to the texts themselves.
    expect((await web.t.get('/api/get_categories', { limit: 1 }, { 'content-language': 'fr' })).body.data[0].category).toBe('Apartment');
  });

  it('names a listing’s category, facts and nearby places in it', async () => {
    const [card] = (await web.t.get('/api/get-property-list', { limit: 1, category_slug_id: 'apartment', is_premium: 0 }, ar)).body.data;
    expect(card.category.category).toBe('شقة');
    expect(card.parameters.map((p: { name: string }) => p.name)).toContain('غرف النوم');
    expect(card.parameters.find((p: { name: string }) => p.name === 'غرف النوم').code).toBe('bedrooms');
    const [detail] = (await web.t.get('/api/get_property', { slug_id: card.slug_id }, ar)).body.data;
    expect(detail.category.category).toBe('شقة');
  });

  it('answers FAQs and slides in it, and the public cache keeps the languages apart', async () => {
    const english = await web.t.get('/api/faqs', { limit: 1 });
    const hindi = await web.t.get('/api/faqs', { limit: 1 }, hi);
    expect(english.body.data[0].question).toBe('How do I list my property?');
    expect(hindi.body.data[0].question).toBe('मैं अपनी संपत्ति कैसे लिस्ट करूँ?');
    expect(hindi.raw.headers.vary).toMatch(/Content-Language/);
    expect((await web.t.get('/api/faqs', { limit: 1 })).body.data[0].question).toBe('How do I list my property?');
    const slides = (await web.t.get('/api/homepage-data', {}, ar)).body.data.slider_section;
    expect(slides[0].heading).toBe('اعثر على منزل تحبه');
  });

  it.skipIf(!webBuilt)('shows them on the pages of that language', async () => {
    const faqs = await web.page('/faqs?lang=hi');
    expect(faqs.body).toContain('मैं अपनी संपत्ति कैसे लिस्ट करूँ?');
    const home = await web.page('/?lang=ar');
    expect(home.body).toContain('اعثر على منزل تحبه');
    expect((await web.page('/faqs?lang=en')).body).toContain('How do I list my property?');
    // Cards choose their facts by parameter code, so they keep them in every language.
    const results = await web.page('/properties?lang=hi&category_slug_id=apartment');
    expect(results.body).toMatch(/<dt[^>]*>(<bdi>)?बेडरूम/);
  });
});
