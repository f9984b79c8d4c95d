import type { AdminLanguage, AdminLanguageBody, AdminLanguageText, AdminLanguageTextsBody, AdminLanguageTextsQuery, AdminLanguageUpdateBody } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { bundledTextsOf } from '../../i18n/bundled.ts';
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import type { MediaStore } from '../../platform/media.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import type { SettingsService } from '../settings/service.ts';
import { DEFAULT_SETTINGS } from '../settings/defaults.ts';
import { settingsRepository } from '../settings/repository.ts';
import { auditedWrite, type AuditNote } from './audited-write.ts';
import { adminLanguageRepository as repo, type LanguageRow } from './language-repository.ts';
import { orderOf } from './table.ts';
import { sql } from 'drizzle-orm';

/** The language every other one falls back to; it cannot be deleted. */
const FALLBACK_LANGUAGE = 'en';

const present = (text: string | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * Languages and the web app's texts in them (issue 16). A language's texts are the ones shipped
 * with the app (apps/server/src/i18n/<code>.json, for English, Hindi and Arabic) with the
 * operator's own over them, kept in the language's row; `get_languages` answers the two merged,
 * so an edit shows on the next page without a rebuild. English is the reference: its keys are
 * the texts there are, and a language lacking one shows English in its place.
 */
export class AdminLanguageService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly deps: { settings: SettingsService; invalidatePages: (tags: PageTag[]) => void },
  ) {}

  /** A language's texts as visitors get them: the bundled ones under the stored ones. */
  private textsOf = (row: LanguageRow): Record<string, string> => ({ ...bundledTextsOf(row.code), ...row.translations });

  private async english(): Promise<Record<string, string>> {
    const en = await repo.byCode(this.db, 'en');
    return en ? this.textsOf(en) : bundledTextsOf('en');
  }

  private present(row: LanguageRow, english: Record<string, string>, defaultCode: string): AdminLanguage {
    const texts = this.textsOf(row);
    const keys = Object.keys(english);
    const translated = keys.filter((k) => present(texts[k])).length;
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      rtl: row.rtl,
      is_active: row.is_active,
      is_bundled: Object.keys(bundledTextsOf(row.code)).length > 0,
      is_default: row.code === defaultCode,
      translated,
      missing: keys.length - translated,
    };
  }

  async list(): Promise<AdminLanguage[]> {
    const [rows, english, settings] = await Promise.all([repo.all(this.db), this.english(), this.deps.settings.values()]);
    return rows.map((r) => this.present(r, english, settings.default_language));
  }

  private async changed(): Promise<void> {
    this.deps.settings.forgetCached();
    this.deps.invalidatePages(pageTagsFor.site());
  }

  async create(body: AdminLanguageBody, ctx: RequestContext): Promise<AdminLanguage> {
    const row = await auditedWrite(this.db, this.media, ctx, async (tx) => {
      if (await repo.byCode(tx, body.code)) throw new Invalid('code', 'There is already a language with this code');
      const id = await repo.insert(tx, { code: body.code, name: body.name, rtl: body.rtl, isActive: body.is_active, translations: {} });
      const after = (await repo.byId(tx, id))!;
      return { value: after, audit: { action: 'language.create', entity: 'language', entityId: id, after: { code: after.code, name: after.name, rtl: after.rtl, is_active: after.is_active } } };
    });
    await this.changed();
    const settings = await this.deps.settings.values();
    return this.present(row, await this.english(), settings.default_language);
  }

  async update(id: number, body: AdminLanguageUpdateBody, ctx: RequestContext): Promise<AdminLanguage> {
    const settings = await this.deps.settings.values();
    const row = await auditedWrite(this.db, this.media, ctx, async (tx) => {
      const before = await repo.byId(tx, id, true);
      if (!before) throw new NotFound('Language not found');
      if (!body.is_active && before.code === settings.default_language) throw new Conflict('The site’s default language cannot be turned off.');
      await repo.update(tx, id, { name: body.name, rtl: body.rtl, isActive: body.is_active });
      const after = (await repo.byId(tx, id))!;
      const facts = (r: LanguageRow) => ({ name: r.name, rtl: r.rtl, is_active: r.is_active });
      return { value: after, audit: { action: 'language.update', entity: 'language', entityId: id, before: facts(before), after: facts(after) } };
    });
    await this.changed();
    return this.present(row, await this.english(), settings.default_language);
  }

  /**
   * Deletes a language and its texts. Never English (every language falls back to its texts) and
   * never the last one visitors can choose. What pointed at it falls back to the default: the
   * site's default language becomes English (which must then be on), and sessions whose pushes were
   * written in it get the default. Listings' and catalogue rows' texts in it stay in their rows,
   * unread, and show again if the language is added back. One transaction, audited.
   */
  async remove(id: number, ctx: RequestContext): Promise<{ id: number }> {
    const removed = await auditedWrite(this.db, this.media, ctx, async (tx) => {
      const row = await repo.byId(tx, id, true);
      if (!row) throw new NotFound('Language not found');
      if (row.code.toLowerCase() === FALLBACK_LANGUAGE) throw new Conflict('English cannot be deleted: it is the language every other one falls back to.');
      if ((await repo.activeCountExcept(tx, id)) === 0) throw new Conflict('The last language visitors can choose cannot be deleted.');
      await settingsRepository.lockForWrite(tx);
      const defaultCode = (await settingsRepository.all(tx)).default_language ?? DEFAULT_SETTINGS.default_language;
      const audit: AuditNote[] = [];
      if (defaultCode.toLowerCase() === row.code.toLowerCase()) {
        const english = await repo.byCode(tx, FALLBACK_LANGUAGE);
        if (!english?.is_active) throw new Conflict('Turn English on first: the site’s default language falls back to it when deleted.');
        await settingsRepository.upsert(tx, { default_language: english.code });
        audit.push({ action: 'settings.update', entity: 'settings', entityId: null, before: { default_language: defaultCode }, after: { default_language: english.code } });
      }
      const sessions = await repo.forgetPushLanguage(tx, row.code);
      await repo.remove(tx, id);
      audit.unshift({
        action: 'language.delete',
        entity: 'language',
        entityId: id,
        before: { code: row.code, name: row.name, rtl: row.rtl, is_active: row.is_active, own_texts: Object.keys(row.translations).length },
        after: { push_sessions_to_default: sessions },
      });
      return { value: { id }, audit };
    });
    await this.changed();
    return removed;
  }

  /** The texts of a language against English, a page at a time; `missing=1` for the ones it lacks. */
  async texts(id: number, q: AdminLanguageTextsQuery): Promise<{ rows: AdminLanguageText[]; total: number }> {
    const row = await repo.byId(this.db, id);
    if (!row) throw new NotFound('Language not found');
    // Only `key` sorts; checked like every console table.
    orderOf(q, { key: sql`key` }, 'key');
    const [english, texts, bundled] = [await this.english(), this.textsOf(row), bundledTextsOf(row.code)];
    const needle = q.q?.toLowerCase();
    let rows: AdminLanguageText[] = Object.keys(english).map((key) => ({
      key,
      english: english[key],
      text: present(texts[key]) ? texts[key] : null,
      bundled: present(bundled[key]) ? bundled[key] : null,
    }));
    if (q.missing) rows = rows.filter((r) => r.text === null);
    if (needle) rows = rows.filter((r) => r.key.toLowerCase().includes(needle) || r.english.toLowerCase().includes(needle) || (r.text ?? '').toLowerCase().includes(needle));
    rows.sort((a, b) => (q.order === 'desc' ? b.key.localeCompare(a.key) : a.key.localeCompare(b.key)));
    const start = (q.page - 1) * q.per_page;
    return { rows: rows.slice(start, start + q.per_page), total: rows.length };
  }

  /** Sets texts (an empty one removes the operator's text: the bundled one, else English, shows). */
  async saveTexts(id: number, body: AdminLanguageTextsBody, ctx: RequestContext): Promise<{ changed: string[] }> {
    const english = await this.english();
    const unknown = Object.keys(body.texts).filter((k) => !Object.hasOwn(english, k));
    if (unknown.length) throw new Invalid('texts', `texts has keys the site does not use: ${unknown.slice(0, 5).join(', ')}`);
    const changed = await auditedWrite(this.db, this.media, ctx, async (tx) => {
      const row = await repo.byId(tx, id, true);
      if (!row) throw new NotFound('Language not found');
      const set: Record<string, string> = {};
      const remove: string[] = [];
      const before: Record<string, string | null> = {};
      const after: Record<string, string | null> = {};
      for (const [key, raw] of Object.entries(body.texts)) {
        const text = raw.trim();
        const old = row.translations[key] ?? null;
        if (text === '' ? old === null : old === text) continue;
        before[key] = old;
        if (text === '') {
          remove.push(key);
          after[key] = null;
        } else {
          set[key] = text;
          after[key] = text;
        }
      }
      const keys = Object.keys(after);
      if (keys.length) await repo.patchTexts(tx, id, set, remove);
      return { value: keys, audit: keys.length ? { action: 'language.texts', entity: 'language', entityId: id, before, after } : [] };
    });
    if (changed.length) await this.changed();
    return { changed };
  }
}
