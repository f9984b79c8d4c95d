import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

export interface FieldRow {
  id: number;
  name: string;
  field_type: 'text' | 'number' | 'dropdown' | 'radio' | 'checkbox' | 'textarea' | 'file';
  is_required: boolean;
  options: { id: number; value: string }[];
}

export interface RequestRow {
  id: number;
  status: 'pending' | 'success' | 'failed';
  review_note: string | null;
}

export const verificationRepository = {
  /** The active form fields in their order, each with its options. */
  async fields(db: Executor): Promise<FieldRow[]> {
    const result = await db.execute(sql`
      select f.id, f.name, f.field_type, f.is_required,
        coalesce((select json_agg(json_build_object('id', o.id, 'value', o.value) order by o.id)
                  from verification_field_options o where o.field_id = f.id), '[]'::json) as options
      from verification_fields f where f.is_active order by f.sequence, f.id`);
    return rowsOf<FieldRow>(result);
  },

  /** The user's status, their row locked until the transaction ends (one application at a time). */
  async lockStatus(db: Executor, userId: number): Promise<string | null> {
    return rowsOf<{ s: string }>(await db.execute(sql`select verification_status as s from users where id = ${userId} for update`))[0]?.s ?? null;
  },

  async requestOf(db: Executor, userId: number): Promise<RequestRow | null> {
    return rowsOf<RequestRow>(await db.execute(sql`select id, status, review_note from verification_requests where user_id = ${userId}`))[0] ?? null;
  },

  async statusOf(db: Executor, userId: number): Promise<string | null> {
    return rowsOf<{ s: string }>(await db.execute(sql`select verification_status as s from users where id = ${userId}`))[0]?.s ?? null;
  },

  /** Opens (or reopens) the user's application as pending, dropping earlier answers; answers the stored files those held. */
  async open(db: Executor, userId: number): Promise<{ requestId: number; oldFiles: string[] }> {
    const old = rowsOf<{ value: string }>(
      await db.execute(sql`
        select a.value from verification_answers a join verification_requests r on r.id = a.request_id
        join verification_fields f on f.id = a.field_id
        where r.user_id = ${userId} and f.field_type = 'file'`),
    ).map((r) => r.value);
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into verification_requests (user_id, status) values (${userId}, 'pending')
        on conflict (user_id) do update set status = 'pending', review_note = null, updated_at = now()
        returning id`),
    );
    await db.execute(sql`delete from verification_answers where request_id = ${row.id}`);
    await db.execute(sql`update users set verification_status = 'pending' where id = ${userId}`);
    return { requestId: row.id, oldFiles: old };
  },

  async addAnswers(db: Executor, requestId: number, answers: { fieldId: number; value: string }[]): Promise<void> {
    if (!answers.length) return;
    await db.execute(sql`
      insert into verification_answers (request_id, field_id, value)
      values ${sql.join(
        answers.map((a) => sql`(${requestId}, ${a.fieldId}, ${a.value})`),
        sql`, `,
      )}`);
  },

  /** The user's answers with their fields, in the form's order. */
  async answers(db: Executor, userId: number): Promise<{ id: number; name: string; field_type: FieldRow['field_type']; value: string }[]> {
    const result = await db.execute(sql`
      select f.id, f.name, f.field_type, a.value
      from verification_requests r join verification_answers a on a.request_id = r.id
      join verification_fields f on f.id = a.field_id
      where r.user_id = ${userId} order by f.sequence, f.id`);
    return rowsOf(result);
  },

  /** Decides a pending application: true when there was one. */
  async decide(db: Executor, userId: number, status: 'success' | 'failed', note: string | null): Promise<boolean> {
    const updated = await db.execute(sql`
      update verification_requests set status = ${status}, review_note = ${note}, updated_at = now()
      where user_id = ${userId} and status = 'pending' returning id`);
    if (!rowsOf(updated).length) return false;
    await db.execute(sql`update users set verification_status = ${status} where id = ${userId}`);
    return true;
  },

  async slugOf(db: Executor, userId: number): Promise<string | null> {
    return rowsOf<{ slug_id: string | null }>(await db.execute(sql`select slug_id from users where id = ${userId}`))[0]?.slug_id ?? null;
  },
};
