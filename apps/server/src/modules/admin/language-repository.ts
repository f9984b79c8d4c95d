import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { languages, sessions } from '../../db/schema/index.ts';

export interface LanguageRow {
  id: number;
  code: string;
  name: string;
  rtl: boolean;
  is_active: boolean;
  translations: Record<string, string>;
}
const select = sql`id, code, name, rtl, is_active, translations`;

export const adminLanguageRepository = {
  async all(db: Executor): Promise<LanguageRow[]> {
    return rowsOf<LanguageRow>(await db.execute(sql`select ${select} from languages order by id`));
  },
  async byId(db: Executor, id: number, lock = false): Promise<LanguageRow | null> {
    return rowsOf<LanguageRow>(await db.execute(sql`select ${select} from languages where id = ${id} ${lock ? sql`for update` : sql``}`))[0] ?? null;
  },
  async byCode(db: Executor, code: string): Promise<LanguageRow | null> {
    return rowsOf<LanguageRow>(await db.execute(sql`select ${select} from languages where lower(code) = lower(${code})`))[0] ?? null;
  },
  async insert(db: Executor, values: typeof languages.$inferInsert): Promise<number> {
    const [row] = await db.insert(languages).values(values).returning({ id: languages.id });
    return row.id;
  },
  async update(db: Executor, id: number, values: Partial<typeof languages.$inferInsert>): Promise<void> {
    await db.update(languages).set({ ...values, updatedAt: sql`now()` }).where(eq(languages.id, id));
  },
  /** Sets some texts and removes others, leaving the rest of the language's texts as they are. */
  async patchTexts(db: Executor, id: number, set: Record<string, string>, remove: string[]): Promise<void> {
    await db.execute(sql`
      update languages set translations = (translations - (select coalesce(array_agg(value), '{}'::text[]) from jsonb_array_elements_text(${JSON.stringify(remove)}::jsonb))) || ${JSON.stringify(set)}::jsonb, updated_at = now()
      where id = ${id}`);
  },
  /** How many languages visitors can choose, leaving out `exceptId`. */
  async activeCountExcept(db: Executor, exceptId: number): Promise<number> {
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from languages where is_active and id <> ${exceptId}`))[0].n;
  },
  async remove(db: Executor, id: number): Promise<void> {
    await db.delete(languages).where(eq(languages.id, id));
  },
  /** Sessions whose pushes were written in `code` get the site's default language instead; answers how many. */
  async forgetPushLanguage(db: Executor, code: string): Promise<number> {
    const changed = await db.update(sessions).set({ pushLanguage: null }).where(sql`lower(${sessions.pushLanguage}) = lower(${code})`).returning({ id: sessions.id });
    return changed.length;
  },
};
