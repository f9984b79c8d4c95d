// The admin console's catalogue, content and languages (issue 16): articles (HTML cleaned on the
// server against hostile input), article categories, FAQs, the about/terms/privacy pages,
// categories with parameters and SVG icons (cleaned), facilities, cities, slides, report reasons,
// and languages with their texts — each change audited, refused with 409 while in use, and seen
// through the public API. Runs on PGlite and PostgreSQL.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUserWithToken } from './factories.ts';
import { sweepAdminMedia } from '../src/modules/admin/media.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Cora Content' });
});
afterAll(() => t?.close());

type Payload = Record<string, unknown>;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Payload) => t.request({ method, url, payload, headers: admin.auth });
const sendForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, ...files: Parameters<typeof multipart>[1][]) => {
  const body = multipart(fields, ...files);
  return t.request({ method, url, payload: body.payload, headers: { ...admin.auth, ...body.headers } });
};
const audits = (entity: string, id: number | string) =>
  rows<{ action: string; actor_id: number; before: unknown; after: unknown }>(t.db, sql`select action, actor_id, before, after from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`);
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } }).png().toBuffer();
/** The stored file behind a media URL the API answered. */
const mediaFile = async (url: string) => {
  const key = decodeURIComponent(new URL(url).pathname.replace(/^\/media\//, ''));
  return fs.readFile(path.join(t.services.media.root, key), 'utf8');
};

const HOSTILE = [
  '<p>Safe <strong>words</strong> stay.</p>',
  '<script>window.pwned = 1</script>',
  '<img src="x" onerror="window.pwned = 2">',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg onload="window.pwned = 3"><circle r="4"></circle></svg>',
  '<a href="javascript:window.pwned = 4">click</a>',
  '<a href="JaVaScRiPt:alert(1)">again</a>',
  '<p style="background:url(javascript:alert(1))" onclick="x()">styled</p>',
  '<form action="https://evil.example/"><input name="q"></form>',
  '<a href="https://example.com/guide" target="_blank">a guide</a>',
].join('');

function expectClean(html: string) {
  expect(html).toContain('<p>Safe <strong>words</strong> stay.</p>');
  expect(html).toContain('<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer nofollow">a guide</a>');
  for (const bad of [/<script/i, /onerror/i, /onload/i, /onclick/i, /<iframe/i, /<svg/i, /javascript:/i, /style=/i, /<form/i, /<input/i, /pwned/]) expect(html).not.toMatch(bad);
}

describe('articles', () => {
  it('stores the body cleaned of scripts, handlers, frames, SVG, javascript: links and styles, and visitors read the clean text', async () => {
    const res = await send('POST', '/api/admin/articles', { title: 'Moving to Pune: a checklist', description: HOSTILE, meta_description: 'What to check' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const article = res.body.data;
    expect(article).toMatchObject({ title: 'Moving to Pune: a checklist', slug_id: 'moving-to-pune-a-checklist', is_published: true, meta_description: 'What to check', category_id: null });
    expectClean(article.description);

    const stored = await rows<{ description: string }>(t.db, sql`select description from articles where id = ${article.id}`);
    expectClean(stored[0].description);
    const visitor = await t.get('/api/get_articles', { slug_id: article.slug_id });
    expect(visitor.status).toBe(200);
    expectClean(visitor.body.data[0].description);

    const [entry] = await audits('article', article.id);
    expect(entry).toMatchObject({ action: 'article.create', actor_id: admin.user.id, before: null });
    expect((entry.after as { slug_id: string }).slug_id).toBe(article.slug_id);
  });

  it('refuses an article with nothing left after cleaning, a taken slug or an unknown category, with the field’s message', async () => {
    const cases: [Payload, string][] = [
      [{ description: '<p>x</p>' }, 'title is required'],
      [{ title: 'Only a script', description: '<script>alert(1)</script>' }, 'Write the article: what is left after cleaning is empty'],
      [{ title: 'No body' }, 'description is required'],
      [{ title: 'Unknown category', description: '<p>x</p>', category_id: 999999 }, 'There is no article category with this id'],
      [{ title: 'Bad slug', description: '<p>x</p>', slug_id: 'no spaces/here' }, 'slug_id may only contain letters, digits and hyphens'],
    ];
    for (const [payload, message] of cases) {
      const res = await send('POST', '/api/admin/articles', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    await send('POST', '/api/admin/articles', { title: 'Taken', description: '<p>one</p>', slug_id: 'taken-slug' });
    const again = await send('POST', '/api/admin/articles', { title: 'Taken again', description: '<p>two</p>', slug_id: 'taken-slug' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ slug_id: ['Another article already has this slug_id'] });
  });

  it('takes a picture (re-encoded) and refuses a file that is not one; lists, searches and pages on the server', async () => {
    const res = await sendForm('POST', '/api/admin/articles', { title: 'Picture article zq', description: '<p>With a picture</p>' }, { name: 'image', filename: 'a.png', type: 'image/png', data: await png() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.image).toMatch(/\/media\/admin\/.+\.webp$/);
    const notImage = await sendForm('POST', '/api/admin/articles', { title: 'Bad picture', description: '<p>x</p>' }, { name: 'image', filename: 'a.png', type: 'image/png', data: Buffer.from('<html>not a picture</html>') });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe('image must be a photo (JPEG, PNG, WebP, GIF, AVIF or HEIC)');

    const list = await t.get('/api/admin/articles', { q: 'picture article zq', per_page: 5 }, admin.auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, per_page: 5 });
    expect(list.body.data[0]).not.toHaveProperty('description');
    expect((await t.get('/api/admin/articles', { sort: 'password' }, admin.auth)).body.message).toBe('sort must be one of created_at, updated_at, title, view_count');
  });

  it('unpublishes, renames (the old address goes) and deletes, auditing each change', async () => {
    const created = (await send('POST', '/api/admin/articles', { title: 'Draft soon', description: '<p>Body</p>' })).body.data;
    const unpublished = await send('PUT', `/api/admin/articles/${created.id}`, { title: 'Draft soon', slug_id: 'draft-renamed', description: '<p>Body two</p>', is_published: 0 });
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    expect(unpublished.body.data).toMatchObject({ is_published: false, slug_id: 'draft-renamed', description: '<p>Body two</p>' });
    expect((await t.get('/api/get_articles', { slug_id: 'draft-renamed' })).status).toBe(404);
    expect((await t.get('/api/get_articles', { slug_id: created.slug_id })).status).toBe(404);
    // The console still reads it.
    expect((await t.get(`/api/admin/articles/${created.id}`, {}, admin.auth)).body.data.is_published).toBe(false);

    expect((await send('DELETE', `/api/admin/articles/${created.id}`)).status).toBe(200);
    expect((await t.get(`/api/admin/articles/${created.id}`, {}, admin.auth)).status).toBe(404);
    expect((await audits('article', created.id)).map((a) => a.action)).toEqual(['article.create', 'article.update', 'article.delete']);
  });
});

describe('article categories', () => {
  it('refuses to delete a category with articles (409) and deletes an empty one', async () => {
    const category = (await send('POST', '/api/admin/article-categories', { category: 'Guides zq' })).body.data;
    expect(category).toMatchObject({ category: 'Guides zq', slug_id: 'guides-zq', articles_count: 0 });
    const article = (await send('POST', '/api/admin/articles', { title: 'In a category', description: '<p>x</p>', category_id: category.id })).body.data;
    expect(article.category).toBe('Guides zq');
    const refused = await send('DELETE', `/api/admin/article-categories/${category.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('1 articles are in this category; move them to another one first.');
    await send('DELETE', `/api/admin/articles/${article.id}`);
    expect((await send('DELETE', `/api/admin/article-categories/${category.id}`)).status).toBe(200);
    expect((await audits('article_category', category.id)).map((a) => a.action)).toEqual(['article_category.create', 'article_category.delete']);
  });
});

describe('FAQs and pages', () => {
  it('keeps FAQs with their translations and order, as visitors read them', async () => {
    const a = (await send('POST', '/api/admin/faqs', { question: 'Zq first?', answer: 'One.', translations: { hi: { question: 'ज़ेडक्यू पहला?', answer: '' } } })).body.data;
    const b = (await send('POST', '/api/admin/faqs', { question: 'Zq second?', answer: 'Two.' })).body.data;
    expect(a.translations).toEqual({ hi: { question: 'ज़ेडक्यू पहला?' } });
    expect(b.sequence).toBeGreaterThan(a.sequence);

    const ordered = await send('POST', '/api/admin/faqs/order', { ids: [b.id, a.id] });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const visitor = await t.request({ method: 'GET', url: '/api/faqs', query: { limit: '100' }, headers: { 'content-language': 'hi' } });
    const mine = visitor.body.data.filter((f: { id: number }) => [a.id, b.id].includes(f.id));
    expect(mine.map((f: { question: string }) => f.question)).toEqual(['Zq second?', 'ज़ेडक्यू पहला?']);
    // A place given in the form moves one FAQ; leaving it out keeps its place.
    const moved = await send('PUT', `/api/admin/faqs/${b.id}`, { question: 'Zq second?', answer: 'Two.', sequence: 32000 });
    expect(moved.body.data.sequence).toBe(32000);
    expect((await send('PUT', `/api/admin/faqs/${b.id}`, { question: 'Zq second!', answer: 'Two.' })).body.data.sequence).toBe(32000);
    const after = (await t.get('/api/faqs', { limit: 100 })).body.data.filter((f: { id: number }) => [a.id, b.id].includes(f.id));
    expect(after.map((f: { id: number }) => f.id)).toEqual([a.id, b.id]);

    const bad = await send('POST', '/api/admin/faqs', { question: 'Q', answer: 'A', translations: { hi: { title: 'x' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('translations may only hold question, answer');
    expect((await send('POST', '/api/admin/faqs/order', { ids: [999999] })).body.message).toBe('ids has unknown FAQs: 999999');
    expect((await audits('faq', a.id)).map((x) => x.action)).toEqual(['faq.create']);
  });

  it('cleans the about page’s HTML and shows it in web-settings at once', async () => {
    const res = await send('PUT', '/api/admin/pages', { about_us: HOSTILE });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectClean(res.body.data.about_us);
    expectClean((await t.get('/api/web-settings')).body.data.about_us);
    const [entry] = await audits('page', 'about_us');
    expect(entry.action).toBe('page.update');
    expect((await send('PUT', '/api/admin/pages', {})).body.message).toBe('Send at least one page');
  });
});

describe('catalogue', () => {
  it('adds a category with its parameters in order, a cleaned SVG icon and a Hindi name, as visitors see it', async () => {
    const p1 = (await send('POST', '/api/admin/parameters', { name: 'Zq balcony', type_of_parameter: 'dropdown', type_values: ['Yes', 'No'] })).body.data;
    const p2 = (await send('POST', '/api/admin/parameters', { name: 'Zq view', type_of_parameter: 'textbox' })).body.data;
    expect(p1).toMatchObject({ type_of_parameter: 'dropdown', type_values: ['Yes', 'No'], code: null });
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(1)</script><a href="javascript:alert(1)"><path d="M0 0h24v24H0z" fill="url(#g)" onclick="x()"/></a><image href="https://evil.example/t.png"/><use href="https://evil.example/i.svg#a"/><foreignObject><p>hi</p></foreignObject><rect width="2" height="2" style="fill:url(https://evil.example/)"/></svg>`;
    const res = await sendForm(
      'POST',
      '/api/admin/categories',
      { category: 'Zq Farmhouse', parameter_ids: `${p2.id},${p1.id}`, translations: JSON.stringify({ hi: { category: 'ज़ेडक्यू फार्महाउस' } }) },
      { name: 'image', filename: 'icon.svg', type: 'image/svg+xml', data: Buffer.from(svg) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const category = res.body.data;
    expect(category).toMatchObject({ category: 'Zq Farmhouse', slug_id: 'zq-farmhouse', parameter_ids: [p2.id, p1.id], is_active: true, properties_count: 0 });
    expect(category.image).toMatch(/\/media\/admin\/icons\/.+\.svg$/);
    const icon = await mediaFile(category.image);
    expect(icon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 24 24"/);
    expect(icon).toContain('<path d="M0 0h24v24H0z" fill="url(#g)"></path>');
    for (const bad of [/script/i, /onload/i, /onclick/i, /javascript/i, /evil/i, /foreignObject/i, /style=/i, /<image/i]) expect(icon).not.toMatch(bad);

    const visitor = await t.request({ method: 'GET', url: '/api/get_categories', query: { limit: '100' }, headers: { 'content-language': 'hi' } });
    const seen = visitor.body.data.find((c: { id: number }) => c.id === category.id);
    expect(seen.category).toBe('ज़ेडक्यू फार्महाउस');
    expect(seen.parameter_types.map((p: { id: number }) => p.id)).toEqual([p2.id, p1.id]);
    expect((await audits('category', category.id))[0].action).toBe('category.create');

    const notSvg = await sendForm('POST', '/api/admin/categories', { category: 'Zq broken icon' }, { name: 'image', filename: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg><script>alert(1)</script>') });
    expect(notSvg.status).toBe(400);
    expect(notSvg.body.message).toBe('image must be an SVG drawing or a picture');
  });

  it('refuses to delete what listings use (409, never a 500) and deletes what is unused', async () => {
    const category = (await send('POST', '/api/admin/categories', { category: 'Zq in use' })).body.data;
    const parameter = (await send('POST', '/api/admin/parameters', { name: 'Zq used parameter', type_of_parameter: 'number' })).body.data;
    const facility = (await send('POST', '/api/admin/facilities', { name: 'Zq used school' })).body.data;
    const reason = (await send('POST', '/api/admin/report-reasons', { reason: 'Zq used reason' })).body.data;
    const property = await createProperty(t.db, { categoryId: category.id });
    await t.db.execute(sql`insert into property_parameters (property_id, parameter_id, value) values (${property.id}, ${parameter.id}, '3')`);
    await t.db.execute(sql`insert into property_facilities (property_id, facility_id, distance) values (${property.id}, ${facility.id}, 2)`);
    const reporter = await createUserWithToken(t.db);
    await t.db.execute(sql`insert into reports (user_id, property_id, reason_id) values (${reporter.user.id}, ${property.id}, ${reason.id})`);

    const refusals: [string, string][] = [
      [`/api/admin/categories/${category.id}`, 'This category has 1 listings and projects; turn it off instead, so it is hidden from new listings.'],
      [`/api/admin/parameters/${parameter.id}`, '1 listings have a value for this parameter; take it off their categories instead.'],
      [`/api/admin/facilities/${facility.id}`, '1 listings show this facility, so it cannot be removed.'],
      [`/api/admin/report-reasons/${reason.id}`, '1 reports give this reason, so it cannot be removed; rename it instead.'],
    ];
    for (const [url, message] of refusals) {
      const res = await send('DELETE', url);
      expect(res.status, url).toBe(409);
      expect(res.body.message).toBe(message);
    }
    // A coded parameter belongs to the search filters.
    const [bedrooms] = await rows<{ id: number }>(t.db, sql`select id from parameters where code = 'bedrooms'`);
    expect((await send('DELETE', `/api/admin/parameters/${bedrooms.id}`)).status).toBe(409);

    // Turning the category off hides it from visitors instead.
    const off = await send('PUT', `/api/admin/categories/${category.id}`, { category: 'Zq in use', slug_id: category.slug_id, is_active: 0 });
    expect(off.body.data.is_active).toBe(false);
    const visible = (await t.get('/api/get_categories', { limit: 100 })).body.data.map((c: { id: number }) => c.id);
    expect(visible).not.toContain(category.id);

    const unused = (await send('POST', '/api/admin/facilities', { name: 'Zq unused' })).body.data;
    expect((await send('DELETE', `/api/admin/facilities/${unused.id}`)).status).toBe(200);
    expect((await audits('facility', unused.id)).map((a) => a.action)).toEqual(['facility.create', 'facility.delete']);
  });

  it('checks parameter types, cities and slides, with the field’s message', async () => {
    const cases: [string, Payload, string][] = [
      ['/api/admin/parameters', { name: 'Zq', type_of_parameter: 'dropdown' }, 'Give at least one option for this type'],
      ['/api/admin/parameters', { name: 'Zq', type_of_parameter: 'colour' }, 'type_of_parameter must be one of textbox, number, dropdown, radiobutton, checkbox, textarea, file'],
      ['/api/admin/categories', { category: 'Zq', parameter_ids: [999999] }, 'parameter_ids has unknown parameters: 999999'],
      ['/api/admin/cities', { name: 'Zq city', latitude: 123 }, 'latitude must be at most 90'],
      ['/api/admin/sliders', { type: 4, link: 'javascript:alert(1)' }, 'link must be an http(s) address or a path of this site'],
      ['/api/admin/sliders', { type: 2 }, 'Choose the category this slide opens'],
      ['/api/admin/sliders', { type: 1 }, 'A slide needs a picture'],
      ['/api/admin/report-reasons', {}, 'reason is required'],
    ];
    for (const [url, payload, message] of cases) {
      const res = await send('POST', url, payload);
      expect(res.status, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const [bedrooms] = await rows<{ id: number; name: string }>(t.db, sql`select id, name from parameters where code = 'bedrooms'`);
    const retype = await send('PUT', `/api/admin/parameters/${bedrooms.id}`, { name: bedrooms.name, type_of_parameter: 'textbox' });
    expect(retype.status).toBe(400);
  });

  it('adds a city with its picture and a slide, as visitors see them', async () => {
    const city = await sendForm('POST', '/api/admin/cities', { name: 'Zqpur', state: 'Zq State', latitude: '20.5', longitude: '78.9' }, { name: 'image', filename: 'c.png', type: 'image/png', data: await png() });
    expect(city.status, JSON.stringify(city.body)).toBe(200);
    expect(city.body.data).toMatchObject({ name: 'Zqpur', state: 'Zq State', latitude: 20.5, longitude: 78.9 });
    const cities = (await t.get('/api/get-cities-data', { limit: 100 })).body.data;
    expect(cities.find((c: { City: string }) => c.City === 'Zqpur').image).toBe(city.body.data.image);
    const again = await send('POST', '/api/admin/cities', { name: 'zqpur' });
    expect(again.body.message).toBe('A city with this name already exists');

    const slide = await sendForm('POST', '/api/admin/sliders', { type: '4', heading: 'Zq slide', link: 'https://example.com/offer', sequence: '0' }, { name: 'image', filename: 's.png', type: 'image/png', data: await png() });
    expect(slide.status, JSON.stringify(slide.body)).toBe(200);
    const home = await t.get('/api/homepage-data');
    expect(home.body.data.slider_section.some((s: { heading: string; link: string }) => s.heading === 'Zq slide' && s.link === 'https://example.com/offer')).toBe(true);
    expect((await send('DELETE', `/api/admin/sliders/${slide.body.data.id}`)).status).toBe(200);
    expect((await audits('slider', slide.body.data.id)).map((a) => a.action)).toEqual(['slider.create', 'slider.delete']);
  });
});

describe('media', () => {
  it('sweeps the console’s files no row points at (an interrupted write), keeping the ones rows use', async () => {
    const city = (await sendForm('POST', '/api/admin/cities', { name: 'Zq sweep city' }, { name: 'image', filename: 'c.png', type: 'image/png', data: await png() })).body.data;
    const kept = path.join(t.services.media.root, decodeURIComponent(new URL(city.image).pathname.replace(/^\/media\//, '')));
    const orphan = path.join(t.services.media.root, 'admin', `zq-orphan-${Date.now()}-w960.webp`);
    const orphanIcon = path.join(t.services.media.root, 'admin', 'icons', `zq-orphan-${Date.now()}.svg`);
    await fs.mkdir(path.dirname(orphanIcon), { recursive: true });
    await fs.writeFile(orphan, 'x');
    await fs.writeFile(orphanIcon, '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const file of [kept, orphan, orphanIcon]) await fs.utimes(file, hoursAgo, hoursAgo);

    expect(await sweepAdminMedia(t.db, t.services.media, 30 * 60_000)).toBeGreaterThanOrEqual(2);
    const exists = (file: string) => fs.access(file).then(() => true, () => false);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(orphanIcon)).toBe(false);
    expect(await exists(kept)).toBe(true);
  });
});

describe('languages', () => {
  it('adds a language whose texts start missing, edits them and serves them to the web app; an empty text removes one', async () => {
    const created = await send('POST', '/api/admin/languages', { code: 'fr', name: 'Français', rtl: 0 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const fr = created.body.data;
    expect(fr).toMatchObject({ code: 'fr', name: 'Français', rtl: false, is_active: true, is_bundled: false, translated: 0 });
    expect(fr.missing).toBeGreaterThan(100);
    expect((await t.get('/api/web-settings')).body.data.languages.map((l: { code: string }) => l.code)).toContain('fr');

    const missing = await t.get(`/api/admin/languages/${fr.id}/texts`, { missing: 1, q: 'aboutUs', order: 'asc' }, admin.auth);
    expect(missing.status, JSON.stringify(missing.body)).toBe(200);
    expect(missing.body.data[0]).toEqual({ key: 'aboutUs', english: 'About us', text: null, bundled: null });

    const saved = await send('PUT', `/api/admin/languages/${fr.id}/texts`, { texts: { aboutUs: 'À propos', contactUs: 'Contact' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.changed.sort()).toEqual(['aboutUs', 'contactUs']);
    const file = (await t.get('/api/get_languages', { language_code: 'fr', web_language_file: 1 })).body.data.file_name;
    expect(file).toEqual({ aboutUs: 'À propos', contactUs: 'Contact' });
    expect((await t.get('/api/admin/languages', {}, admin.auth)).body.data.find((l: { id: number }) => l.id === fr.id).translated).toBe(2);

    await send('PUT', `/api/admin/languages/${fr.id}/texts`, { texts: { contactUs: '' } });
    expect((await t.get('/api/get_languages', { language_code: 'fr', web_language_file: 1 })).body.data.file_name).toEqual({ aboutUs: 'À propos' });

    const [entry] = await audits('language', fr.id).then((a) => a.filter((x) => x.action === 'language.texts'));
    expect(entry).toMatchObject({ before: { aboutUs: null, contactUs: null }, after: { aboutUs: 'À propos', contactUs: 'Contact' } });
  });

  it('edits a bundled language’s text over the shipped one, and clearing it brings the shipped text back', async () => {
    const languages = (await t.get('/api/admin/languages', {}, admin.auth)).body.data;
    const hi = languages.find((l: { code: string }) => l.code === 'hi');
    expect(hi).toMatchObject({ is_bundled: true, missing: 0 });
    const shipped = (await t.get(`/api/admin/languages/${hi.id}/texts`, { q: 'aboutUs' }, admin.auth)).body.data.find((r: { key: string }) => r.key === 'aboutUs');
    expect(shipped.bundled).toBe(shipped.text);
    await send('PUT', `/api/admin/languages/${hi.id}/texts`, { texts: { aboutUs: 'हमारे बारे में (संपादित)' } });
    expect((await t.get('/api/get_languages', { language_code: 'hi', web_language_file: 1 })).body.data.file_name.aboutUs).toBe('हमारे बारे में (संपादित)');
    await send('PUT', `/api/admin/languages/${hi.id}/texts`, { texts: { aboutUs: '' } });
    expect((await t.get('/api/get_languages', { language_code: 'hi', web_language_file: 1 })).body.data.file_name.aboutUs).toBe(shipped.bundled);
  });

  it('refuses unknown keys, a taken code, a bad code and turning the default language off', async () => {
    const languages = (await t.get('/api/admin/languages', {}, admin.auth)).body.data;
    const en = languages.find((l: { code: string }) => l.code === 'en');
    const unknownKey = await send('PUT', `/api/admin/languages/${en.id}/texts`, { texts: { noSuchKeyZq: 'x' } });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.message).toBe('texts has keys the site does not use: noSuchKeyZq');
    expect((await send('POST', '/api/admin/languages', { code: 'en', name: 'English again' })).body.message).toBe('There is already a language with this code');
    expect((await send('POST', '/api/admin/languages', { code: 'english!', name: 'Bad' })).body.message).toBe('code must be a language code such as fr or pt-BR');
    const off = await send('PUT', `/api/admin/languages/${en.id}`, { name: 'English', rtl: 0, is_active: 0 });
    expect(off.status).toBe(409);
    expect((await send('PUT', '/api/admin/languages/999999/texts', { texts: { aboutUs: 'x' } })).status).toBe(404);
  });

  it('deletes a language: push sessions in it and a default in it fall back, audited; gone from the site', async () => {
    const made = (await send('POST', '/api/admin/languages', { code: 'de', name: 'Deutsch', rtl: 0 })).body.data;
    const reader = await createUserWithToken(t.db);
    await t.db.execute(sql`update sessions set push_language = 'de' where user_id = ${reader.user.id}`);
    await t.db.execute(sql`insert into settings (key, value) values ('default_language', 'de') on conflict (key) do update set value = excluded.value`);
    t.services.settings.forget();
    try {
      const gone = await send('DELETE', `/api/admin/languages/${made.id}`);
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      expect(gone.body).toMatchObject({ error: false, data: { id: made.id } });
    } finally {
      await t.db.execute(sql`update settings set value = 'en' where key = 'default_language'`);
      t.services.settings.forget();
    }
    expect((await t.get('/api/admin/languages', {}, admin.auth)).body.data.map((l: { code: string }) => l.code)).not.toContain('de');
    expect((await t.get('/api/web-settings')).body.data.languages.map((l: { code: string }) => l.code)).not.toContain('de');
    expect((await t.get('/api/get_languages', { language_code: 'de', web_language_file: 1 })).status).toBe(404);
    const [session] = await rows<{ push_language: string | null }>(t.db, sql`select push_language from sessions where user_id = ${reader.user.id}`);
    expect(session.push_language).toBeNull();
    const [entry] = await audits('language', made.id).then((a) => a.filter((x) => x.action === 'language.delete'));
    expect(entry).toMatchObject({ actor_id: admin.user.id, before: { code: 'de', name: 'Deutsch', is_active: true }, after: { push_sessions_to_default: 1 } });
    const [fallback] = await rows<{ before: unknown; after: unknown }>(t.db, sql`select before, after from audit_log where action = 'settings.update' and actor_id = ${admin.user.id} order by id desc limit 1`);
    expect(fallback).toEqual({ before: { default_language: 'de' }, after: { default_language: 'en' } });
    expect((await send('DELETE', `/api/admin/languages/${made.id}`)).status).toBe(404);
  });

  it('never deletes English or the last language offered, and only for an admin', async () => {
    const languages = (await t.get('/api/admin/languages', {}, admin.auth)).body.data as { id: number; code: string; is_active: boolean }[];
    const en = languages.find((l) => l.code === 'en')!;
    const english = await send('DELETE', `/api/admin/languages/${en.id}`);
    expect(english.status).toBe(409);
    expect(english.body.message).toBe('English cannot be deleted: it is the language every other one falls back to.');
    const spare = (await send('POST', '/api/admin/languages', { code: 'it', name: 'Italiano', rtl: 0 })).body.data;
    const user = await createUserWithToken(t.db);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/languages/${spare.id}`, headers: user.auth })).status).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/languages/${spare.id}` })).status).toBe(401);
    // Only Italian offered (English off behind the console's back): it is the last one, so it stays.
    const others = languages.filter((l) => l.is_active).map((l) => l.id);
    await t.db.execute(sql`update languages set is_active = false where id in ${sql.raw(`(${others.join(',')})`)}`);
    try {
      const last = await send('DELETE', `/api/admin/languages/${spare.id}`);
      expect(last.status).toBe(409);
      expect(last.body.message).toBe('The last language visitors can choose cannot be deleted.');
    } finally {
      await t.db.execute(sql`update languages set is_active = true where id in ${sql.raw(`(${others.join(',')})`)}`);
    }
    expect((await audits('language', spare.id)).map((a) => a.action)).toEqual(['language.create']);
    expect((await send('DELETE', `/api/admin/languages/${spare.id}`)).status).toBe(200);
  });

  it('drops cached answers, so a text edited shows on the next read even with the public cache on', async () => {
    const cached = await createTestApp({ PUBLIC_CACHE_SECONDS: '60' });
    try {
      const boss = await createUserWithToken(cached.db, { role: 'admin' });
      const en = (await cached.get('/api/admin/languages', {}, boss.auth)).body.data.find((l: { code: string }) => l.code === 'en');
      const read = async () => (await cached.get('/api/get_languages', { language_code: 'en', web_language_file: 1 })).body.data.file_name.aboutUs;
      expect(await read()).toBe('About us');
      await cached.db.execute(sql`update languages set translations = translations || '{"aboutUs": "Changed behind the cache"}'::jsonb where code = 'en'`);
      // Still the cached answer: the cache is really on.
      expect(await read()).toBe('About us');
      const res = await cached.request({ method: 'PUT', url: `/api/admin/languages/${en.id}/texts`, payload: { texts: { aboutUs: 'About this marketplace' } }, headers: boss.auth });
      expect(res.status).toBe(200);
      expect(await read()).toBe('About this marketplace');
    } finally {
      await cached.close();
    }
  });
});
