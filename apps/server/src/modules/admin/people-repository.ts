import { sql, type SQL } from 'drizzle-orm';
import { LISTING_STATUS, type PeopleQuery, type PersonDetail, type PersonRole, type PersonRow } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

export interface LockedPerson {
  id: number;
  name: string | null;
  email: string | null;
  slug_id: string;
  role: PersonRole;
  is_active: boolean;
  verification_status: PersonRow['verification_status'];
}

type Row = Omit<PersonRow, 'created_at' | 'last_login_at'> & { created_at: string | Date; last_login_at: string | Date | null };

const iso = (d: string | Date) => new Date(d).toISOString();
const presented = (r: Row): PersonRow => ({ ...r, created_at: iso(r.created_at), last_login_at: r.last_login_at === null ? null : iso(r.last_login_at) });

/** One row of the people table; the last log-in is the newest session (sessions are kept after they end). */
const columns = sql`
  u.id, u.name, u.email, u.mobile, u.slug_id, u.profile, u.role, u.is_active, u.verification_status, u.created_at,
  (select count(*)::int from properties p where p.owner_id = u.id) as listings,
  (select max(s.created_at) from sessions s where s.user_id = u.id) as last_login_at`;

export const peopleRepository = {
  async list(db: Executor, q: PeopleQuery): Promise<{ rows: PersonRow[]; total: number }> {
    const where: SQL[] = [sql`u.deleted_at is null`];
    if (q.role) where.push(sql`u.role = ${q.role}`);
    if (q.active !== undefined) where.push(sql`u.is_active = ${q.active}`);
    if (q.verification) where.push(sql`u.verification_status = ${q.verification}`);
    if (q.q) {
      const like = containsPattern(q.q);
      where.push(sql`(u.name ilike ${like} or u.email ilike ${like} or u.mobile ilike ${like} or u.slug_id ilike ${like} or u.id::text = ${q.q})`);
    }
    const filter = sql`where ${sql.join(where, sql` and `)}`;
    const order = orderOf(
      q,
      {
        created_at: sql`created_at`,
        name: sql`lower(name)`,
        email: sql`lower(email)`,
        role: sql`role`,
        listings: sql`listings`,
        last_login_at: sql`last_login_at`,
      },
      'created_at',
    );
    const [rows, count] = await Promise.all([
      db.execute(sql`select * from (select ${columns} from users u ${filter}) x order by ${order}, id desc ${limitOf(q)}`),
      db.execute(sql`select count(*)::int as n from users u ${filter}`),
    ]);
    return { total: rowsOf<{ n: number }>(count)[0].n, rows: rowsOf<Row>(rows).map(presented) };
  },

  async detail(db: Executor, id: number): Promise<PersonDetail | null> {
    const [row] = rowsOf<Row>(await db.execute(sql`select ${columns} from users u where u.id = ${id} and u.deleted_at is null`));
    if (!row) return null;
    const [activity] = rowsOf<PersonDetail['activity']>(
      await db.execute(sql`
        select
          (select count(*)::int from properties where owner_id = ${id}) as properties,
          (select count(*)::int from projects where owner_id = ${id}) as projects,
          (select count(*)::int from payments where user_id = ${id}) as payments,
          (select count(*)::int from reports r join properties p on p.id = r.property_id where p.owner_id = ${id}) as reports_against,
          (select count(*)::int from reports r join properties p on p.id = r.property_id where p.owner_id = ${id} and r.resolution is null) as open_reports_against,
          exists (select 1 from blocks where user_id = ${id} and to_admin) as blocks_admin`),
    );
    const recent = rowsOf<PersonDetail['recent_listings'][number] & { created_at: string | Date }>(
      await db.execute(sql`select id, title, slug_id, status, request_status, created_at from properties where owner_id = ${id} order by created_at desc, id desc limit 10`),
    );
    return { ...presented(row), activity, recent_listings: recent.map((r) => ({ ...r, created_at: iso(r.created_at) })) };
  },

  /**
   * Every active administrator's row, locked until the transaction ends, in id order (so two
   * admins changing admins at once take the locks in the same order and never deadlock). Rows
   * another transaction demoted or deactivated meanwhile are not answered once it commits.
   */
  async lockActiveAdmins(tx: Executor): Promise<number[]> {
    return rowsOf<{ id: number }>(await tx.execute(sql`select id from users where role = 'admin' and is_active and deleted_at is null order by id for update`)).map((r) => r.id);
  },

  async lock(tx: Executor, id: number): Promise<LockedPerson | null> {
    const [row] = rowsOf<LockedPerson>(
      await tx.execute(sql`select id, name, email, slug_id, role, is_active, verification_status from users where id = ${id} and deleted_at is null for update`),
    );
    return row ?? null;
  },

  async setActive(tx: Executor, id: number, active: boolean): Promise<void> {
    await tx.execute(sql`update users set is_active = ${active}, updated_at = now() where id = ${id}`);
    // A deactivated account's sessions end now (the session lookup refuses them anyway).
    if (!active) await tx.execute(sql`update sessions set revoked_at = now(), fcm_id = null where user_id = ${id} and revoked_at is null`);
  },

  /**
   * A deactivated owner's listings and projects leave every public page by their status (held,
   * 2), which the listed predicate, its partial indexes and the listed counts already honour;
   * reactivation puts back exactly those still held. One an admin hid meanwhile (0) stays hidden.
   * Answers how many rows changed.
   */
  async holdListings(tx: Executor, ownerId: number, hold: boolean): Promise<{ properties: number; projects: number }> {
    const [from, to] = hold ? [LISTING_STATUS.active, LISTING_STATUS.heldWithOwner] : [LISTING_STATUS.heldWithOwner, LISTING_STATUS.active];
    const properties = rowsOf(await tx.execute(sql`update properties set status = ${to} where owner_id = ${ownerId} and status = ${from} returning id`)).length;
    const projects = rowsOf(await tx.execute(sql`update projects set status = ${to} where owner_id = ${ownerId} and status = ${from} returning id`)).length;
    return { properties, projects };
  },

  async setRole(tx: Executor, id: number, role: PersonRole): Promise<void> {
    await tx.execute(sql`update users set role = ${role}, updated_at = now() where id = ${id}`);
  },

  /** Back to "never applied": the application and its answers go; answers the files those held. */
  async resetVerification(tx: Executor, id: number): Promise<string[]> {
    const files = rowsOf<{ value: string }>(
      await tx.execute(sql`
        select a.value from verification_answers a join verification_requests r on r.id = a.request_id
        join verification_fields f on f.id = a.field_id where r.user_id = ${id} and f.field_type = 'file'`),
    ).map((r) => r.value);
    await tx.execute(sql`delete from verification_requests where user_id = ${id}`);
    await tx.execute(sql`update users set verification_status = 'initial', updated_at = now() where id = ${id}`);
    return files;
  },

  async blocksAdmin(db: Executor, id: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from blocks where user_id = ${id} and to_admin`)).length > 0;
  },
};
