import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export const BUNDLED_LANGUAGES = [
  { code: 'en', name: 'English', rtl: false },
  { code: 'hi', name: 'हिन्दी', rtl: false },
  { code: 'ar', name: 'العربية', rtl: true },
] as const;

const read = new Map<string, Record<string, string>>();

/** The web app's texts in one of the bundled languages (`npm run i18n` keeps them complete); read once. */
export const bundledDictionary = (code: string): Record<string, string> => {
  let dictionary = read.get(code);
  if (!dictionary) {
    dictionary = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `${code}.json`), 'utf8')) as Record<string, string>;
    read.set(code, dictionary);
  }
  return { ...dictionary };
};

/** The bundled texts of `code`, or none for a language added by an operator. */
export const bundledTextsOf = (code: string): Record<string, string> => (BUNDLED_LANGUAGES.some((l) => l.code === code) ? bundledDictionary(code) : {});

/**
 * The web app's texts grow with each release: languages that already exist get the bundled
 * dictionary's new keys, while texts an operator has changed stay as they are. Cheap; runs at boot.
 */
export async function addBundledTranslations(db: Database): Promise<void> {
  for (const { code } of BUNDLED_LANGUAGES) {
    await db.execute(sql`update languages set translations = ${JSON.stringify(bundledDictionary(code))}::jsonb || translations where code = ${code}`);
  }
}
