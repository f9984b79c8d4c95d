import { asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { languages, settings, users } from '../../db/schema/index.ts';

export const settingsRepository = {
  async all(db: Executor): Promise<Record<string, string>> {
    const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  },

  async upsert(db: Executor, values: Record<string, string>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
    if (!rows.length) return;
    await db
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  },

  /** Takes the settings' write lock for the transaction: two admins saving at once apply one after the other. */
  async lockForWrite(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings'))`);
  },

  async remove(db: Executor, keys: string[]): Promise<void> {
    if (keys.length) await db.delete(settings).where(inArray(settings.key, keys));
  },

  /** The stored settings whose key starts with `prefix`, and the `also` keys. */
  async withPrefix(db: Executor, prefix: string, also: string[] = []): Promise<Record<string, string>> {
    const rows = await db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(or(like(settings.key, `${prefix}%`), also.length ? inArray(settings.key, also) : undefined));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  },

  activeLanguages(db: Executor) {
    return db
      .select({ id: languages.id, code: languages.code, name: languages.name, rtl: languages.rtl })
      .from(languages)
      .where(eq(languages.isActive, true))
      .orderBy(asc(languages.id));
  },

  async languageByCode(db: Executor, code: string) {
    const [row] = await db
      .select()
      .from(languages)
      .where(sql`lower(${languages.code}) = lower(${code}) and ${languages.isActive}`)
      .limit(1);
    return row ?? null;
  },

  /** Whether every category, parameter and facility icon is an SVG (what `svg_clr` needs). */
  async iconsAreSvg(db: Executor): Promise<boolean> {
    const result = await db.execute(sql`
      select not exists (
        select 1 from categories where image is not null and image !~* '\.svg$'
        union all select 1 from parameters where image is not null and image !~* '\.svg$'
        union all select 1 from outdoor_facilities where image is not null and image !~* '\.svg$'
      ) as all_svg`);
    return (result as unknown as { rows: { all_svg: boolean }[] }).rows[0].all_svg;
  },

  async viewerStatus(db: Executor, userId: number) {
    const [row] = await db
      .select({
        verificationStatus: users.verificationStatus,
        isActive: users.isActive,
        hasPackage: sql<boolean>`exists (select 1 from user_packages up where up.user_id = users.id and up.start_date <= now() and up.end_date > now())`,
        hasPremium: sql<boolean>`exists (select 1 from user_packages up join user_package_features upf on upf.user_package_id = up.id join features f on f.id = upf.feature_id
          where up.user_id = users.id and up.start_date <= now() and up.end_date > now() and f.name = 'premium_properties')`,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },
};
