import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBundledTranslations } from '../src/i18n/bundled.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

describe('bundled dictionaries at boot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('adds the keys a release brings and keeps the texts an operator changed', async () => {
    await t.db.execute(sql`update languages set translations = (translations - 'login') || '{"home": "Start"}'::jsonb where code = 'en'`);
    await addBundledTranslations(t.db);
    const [en] = await rows<{ translations: Record<string, string> }>(t.db, sql`select translations from languages where code = 'en'`);
    expect(en.translations.home).toBe('Start');
    expect(en.translations.login).toBe('Log in');
    const answer = await t.get('/api/get_languages', { language_code: 'en', web_language_file: 1 });
    expect(answer.body.data.file_name.home).toBe('Start');
  });
});
