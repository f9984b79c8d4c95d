import { sql, type SQL } from 'drizzle-orm';
import type { AdminPackage, AdminPackageBody, AdminPackageListQuery } from '@estate/core';
import { intArray, rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

interface PackageRecord {
  id: number;
  name: string;
  package_type: 'free' | 'paid';
  price: string;
  duration: number;
  ios_product_id: string | null;
  is_active: boolean;
  purchases: number;
  created_at: Date | string;
}

const COLUMNS = sql.raw(`p.id, p.name, p.package_type, p.price::text as price, p.duration, p.ios_product_id, p.is_active, p.created_at,
  (select count(*)::int from user_packages up where up.package_id = p.id) as purchases`);

export const adminPackagesRepository = {
  async list(db: Executor, q: AdminPackageListQuery): Promise<{ rows: AdminPackage[]; total: number }> {
    const where: SQL[] = [];
    if (q.active !== undefined) where.push(sql`p.is_active = ${q.active}`);
    if (q.q) where.push(sql`(p.name ilike ${containsPattern(q.q)} or p.id::text = ${q.q})`);
    const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const order = orderOf(q, { created_at: sql`p.created_at`, name: sql`p.name`, price: sql`p.price`, duration: sql`p.duration`, id: sql`p.id` }, 'created_at');
    const [rows, [count]] = await Promise.all([
      db.execute(sql`select ${COLUMNS} from packages p ${filter} order by ${order}, p.id desc ${limitOf(q)}`).then((r) => rowsOf<PackageRecord>(r)),
      db.execute(sql`select count(*)::int as n from packages p ${filter}`).then((r) => rowsOf<{ n: number }>(r)),
    ]);
    return { rows: await withFeatures(db, rows), total: count.n };
  },

  async find(db: Executor, id: number): Promise<AdminPackage | null> {
    const rows = rowsOf<PackageRecord>(await db.execute(sql`select ${COLUMNS} from packages p where p.id = ${id}`));
    return (await withFeatures(db, rows))[0] ?? null;
  },

  async lock(tx: Executor, id: number): Promise<boolean> {
    return rowsOf(await tx.execute(sql`select id from packages where id = ${id} for update`)).length === 1;
  },

  async insert(tx: Executor, b: AdminPackageBody): Promise<number> {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into packages (name, package_type, price, duration, ios_product_id, is_active)
        values (${b.name}, ${b.package_type}, ${b.price.toFixed(2)}, ${b.duration}, ${b.ios_product_id || null}, ${b.is_active}) returning id`),
    );
    await this.setFeatures(tx, row.id, b.features);
    return row.id;
  },

  async update(tx: Executor, id: number, b: AdminPackageBody): Promise<void> {
    await tx.execute(sql`
      update packages set name = ${b.name}, package_type = ${b.package_type}, price = ${b.price.toFixed(2)}, duration = ${b.duration},
        ios_product_id = ${b.ios_product_id || null}, is_active = ${b.is_active}, updated_at = now()
      where id = ${id}`);
    await tx.execute(sql`delete from package_features where package_id = ${id}`);
    await this.setFeatures(tx, id, b.features);
  },

  /** Features by name: the features table holds one row per type (seeded), made here if missing. */
  async setFeatures(tx: Executor, id: number, features: AdminPackageBody['features']): Promise<void> {
    for (const f of features) {
      await tx.execute(sql`insert into features (name) values (${f.name}) on conflict (name) do nothing`);
      await tx.execute(sql`
        insert into package_features (package_id, feature_id, limit_type, "limit")
        select ${id}, f.id, ${f.limit_type}, ${f.limit} from features f where f.name = ${f.name}`);
    }
  },

  async setActive(tx: Executor, id: number, active: boolean): Promise<void> {
    await tx.execute(sql`update packages set is_active = ${active}, updated_at = now() where id = ${id}`);
  },

  /** Whether anyone ever held or paid for it (rows that point at it must keep it). */
  async wasBought(tx: Executor, id: number): Promise<boolean> {
    const [row] = rowsOf<{ used: boolean }>(
      await tx.execute(sql`select exists (select 1 from user_packages where package_id = ${id}) or exists (select 1 from payments where package_id = ${id}) as used`),
    );
    return row.used;
  },

  async remove(tx: Executor, id: number): Promise<void> {
    await tx.execute(sql`delete from packages where id = ${id}`);
  },
};

async function withFeatures(db: Executor, rows: PackageRecord[]): Promise<AdminPackage[]> {
  if (!rows.length) return [];
  const features = rowsOf<{ package_id: number; name: AdminPackage['features'][number]['name']; limit_type: 'limited' | 'unlimited'; limit: number | null }>(
    await db.execute(sql`
      select pf.package_id, f.name, pf.limit_type, pf."limit" from package_features pf join features f on f.id = pf.feature_id
      where pf.package_id = any(${intArray(rows.map((r) => r.id))}) order by f.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    package_type: r.package_type,
    price: Number(r.price),
    duration: r.duration,
    ios_product_id: r.ios_product_id,
    is_active: r.is_active,
    purchases: r.purchases,
    created_at: new Date(r.created_at).toISOString(),
    features: features.filter((f) => f.package_id === r.id).map((f) => ({ name: f.name, limit_type: f.limit_type, limit: f.limit })),
  }));
}
