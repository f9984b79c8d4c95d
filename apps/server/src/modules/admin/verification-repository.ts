import { sql } from 'drizzle-orm';
import type { AdminFormField, FormFieldBody, VerificationApplication, VerificationQueueQuery } from '@estate/core';
import { intArray, rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

type AppRow = {
  id: number;
  name: string | null;
  email: string | null;
  slug_id: string;
  role: string;
  profile: string | null;
  status: VerificationApplication['status'];
  review_note: string | null;
  submitted_at: string | Date;
  updated_at: string | Date;
  answers: VerificationApplication['answers'] | null;
};

const iso = (d: string | Date) => new Date(d).toISOString();

export const verificationAdminRepository = {
  /** Applications in the asked state with the applicant and the answers (file answers are stored keys). */
  async queue(db: Executor, q: VerificationQueueQuery): Promise<{ rows: VerificationApplication[]; total: number }> {
    const like = q.q ? containsPattern(q.q) : null;
    const filter = sql`where r.status = ${q.status} and u.deleted_at is null${like ? sql` and (u.name ilike ${like} or u.email ilike ${like} or u.id::text = ${q.q})` : sql``}`;
    const from = sql`from verification_requests r join users u on u.id = r.user_id`;
    const order = orderOf(q, { updated_at: sql`r.updated_at`, submitted_at: sql`r.created_at`, name: sql`lower(u.name)` }, 'updated_at');
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select u.id, u.name, u.email, u.slug_id, u.role, u.profile, r.status, r.review_note, r.created_at as submitted_at, r.updated_at,
               (select json_agg(json_build_object('field_id', f.id, 'name', f.name, 'field_type', f.field_type, 'value', a.value) order by f.sequence, f.id)
                  from verification_answers a join verification_fields f on f.id = a.field_id where a.request_id = r.id) as answers
        ${from} ${filter} order by ${order}, r.id desc ${limitOf(q)}`),
      db.execute(sql`select count(*)::int as n ${from} ${filter}`),
    ]);
    return {
      total: rowsOf<{ n: number }>(count)[0].n,
      rows: rowsOf<AppRow>(rows).map((r) => ({
        user: { id: r.id, name: r.name, email: r.email, slug_id: r.slug_id, role: r.role, profile: r.profile },
        status: r.status,
        review_note: r.review_note,
        submitted_at: iso(r.submitted_at),
        updated_at: iso(r.updated_at),
        answers: r.answers ?? [],
      })),
    };
  },

  /** The applicant's row locked, with their application's state. */
  async lockApplicant(tx: Executor, userId: number): Promise<{ slug_id: string; verification_status: string; request_status: string | null } | null> {
    const [row] = rowsOf<{ slug_id: string; verification_status: string; request_status: string | null }>(
      await tx.execute(sql`
        select u.slug_id, u.verification_status, (select r.status from verification_requests r where r.user_id = u.id) as request_status
        from users u where u.id = ${userId} and u.deleted_at is null for update`),
    );
    return row ?? null;
  },

  // ── the form ──

  async fields(db: Executor): Promise<AdminFormField[]> {
    return rowsOf<AdminFormField>(
      await db.execute(sql`
        select f.id, f.name, f.field_type, f.is_required, f.is_active, f.sequence::int as sequence,
          coalesce((select json_agg(json_build_object('id', o.id, 'value', o.value) order by o.id) from verification_field_options o where o.field_id = f.id), '[]'::json) as options,
          (select count(*)::int from verification_answers a where a.field_id = f.id) as answers
        from verification_fields f order by f.sequence, f.id`),
    );
  },

  async field(db: Executor, id: number): Promise<AdminFormField | null> {
    return (await this.fields(db)).find((f) => f.id === id) ?? null;
  },

  async lockField(tx: Executor, id: number): Promise<{ id: number } | null> {
    return rowsOf<{ id: number }>(await tx.execute(sql`select id from verification_fields where id = ${id} for update`))[0] ?? null;
  },

  async insertField(tx: Executor, body: FormFieldBody): Promise<number> {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into verification_fields (name, field_type, is_required, is_active, sequence)
        values (${body.name}, ${body.field_type}, ${body.is_required}, ${body.is_active}, (select coalesce(max(sequence), 0) + 1 from verification_fields))
        returning id`),
    );
    return row.id;
  },

  async updateField(tx: Executor, id: number, body: FormFieldBody): Promise<void> {
    await tx.execute(sql`update verification_fields set name = ${body.name}, field_type = ${body.field_type}, is_required = ${body.is_required}, is_active = ${body.is_active} where id = ${id}`);
  },

  /** The field's options become exactly these, in this order (answers keep their text, so an option renamed later does not rewrite them). */
  async setOptions(tx: Executor, id: number, options: string[]): Promise<void> {
    await tx.execute(sql`delete from verification_field_options where field_id = ${id}`);
    if (options.length) await tx.execute(sql`insert into verification_field_options (field_id, value) values ${sql.join(options.map((o) => sql`(${id}, ${o})`), sql`, `)}`);
  },

  async deleteField(tx: Executor, id: number): Promise<void> {
    await tx.execute(sql`delete from verification_fields where id = ${id}`);
  },

  async deactivateField(tx: Executor, id: number): Promise<void> {
    await tx.execute(sql`update verification_fields set is_active = false where id = ${id}`);
  },

  /** Every field's id, locked (a reorder names them all). */
  async lockAllFields(tx: Executor): Promise<number[]> {
    return rowsOf<{ id: number }>(await tx.execute(sql`select id from verification_fields order by id for update`)).map((r) => r.id);
  },

  async setOrder(tx: Executor, ids: number[]): Promise<void> {
    await tx.execute(sql`
      update verification_fields f set sequence = o.n from unnest(${intArray(ids)}) with ordinality as o(id, n) where f.id = o.id`);
  },
};
