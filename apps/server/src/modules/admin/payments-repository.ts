import { sql, type SQL } from 'drizzle-orm';
import type { AdminPaymentExportQuery, AdminPaymentListQuery, PaymentGateway, PaymentStatus } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';
import { containsPattern, limitOf, orderOf } from './table.ts';

export interface AdminPaymentRecord {
  id: number;
  user_id: number;
  user_name: string | null;
  user_email: string | null;
  package_id: number;
  package_name: string;
  amount: string;
  currency: string;
  payment_gateway: PaymentGateway;
  order_id: string | null;
  transaction_id: string | null;
  payment_status: PaymentStatus;
  platform_type: string | null;
  user_package_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = sql.raw(`pay.id, pay.user_id, u.name as user_name, u.email as user_email, pay.package_id, pk.name as package_name, pay.amount::text as amount,
  pay.currency, pay.payment_gateway, pay.order_id, pay.transaction_id, pay.payment_status, pay.platform_type, pay.user_package_id, pay.created_at, pay.updated_at`);
const FROM = sql.raw(`payments pay join users u on u.id = pay.user_id join packages pk on pk.id = pay.package_id`);

const SORTS = { created_at: sql`pay.created_at`, amount: sql`pay.amount`, payment_status: sql`pay.payment_status`, payment_gateway: sql`pay.payment_gateway`, id: sql`pay.id` };

function filterOf(q: AdminPaymentExportQuery): SQL {
  const where: SQL[] = [];
  if (q.status) where.push(sql`pay.payment_status = ${q.status}`);
  if (q.gateway) where.push(sql`pay.payment_gateway = ${q.gateway}`);
  if (q.user_id) where.push(sql`pay.user_id = ${q.user_id}`);
  // Whole UTC days, both ends included.
  if (q.from) where.push(sql`pay.created_at >= ${q.from}::date`);
  if (q.to) where.push(sql`pay.created_at < (${q.to}::date + 1)`);
  if (q.q) {
    const like = containsPattern(q.q);
    where.push(sql`(u.name ilike ${like} or u.email ilike ${like} or pk.name ilike ${like} or pay.order_id ilike ${like} or pay.transaction_id ilike ${like} or pay.id::text = ${q.q})`);
  }
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

export const adminPaymentsRepository = {
  async list(db: Executor, q: AdminPaymentListQuery): Promise<{ rows: AdminPaymentRecord[]; total: number }> {
    const filter = filterOf(q);
    const order = orderOf(q, SORTS, 'created_at');
    const [rows, [count]] = await Promise.all([
      db.execute(sql`select ${COLUMNS} from ${FROM} ${filter} order by ${order}, pay.id desc ${limitOf(q)}`).then((r) => rowsOf<AdminPaymentRecord>(r)),
      db.execute(sql`select count(*)::int as n from ${FROM} ${filter}`).then((r) => rowsOf<{ n: number }>(r)),
    ]);
    return { rows, total: count.n };
  },

  /** One page of the export, in the table's order (the id breaks ties, so pages neither overlap nor skip). */
  async exportPage(db: Executor, q: AdminPaymentExportQuery, offset: number, size: number): Promise<AdminPaymentRecord[]> {
    const order = orderOf(q, SORTS, 'created_at');
    return rowsOf<AdminPaymentRecord>(await db.execute(sql`select ${COLUMNS} from ${FROM} ${filterOf(q)} order by ${order}, pay.id desc limit ${size} offset ${offset}`));
  },

  async find(db: Executor, id: number): Promise<AdminPaymentRecord | null> {
    return rowsOf<AdminPaymentRecord>(await db.execute(sql`select ${COLUMNS} from ${FROM} where pay.id = ${id}`))[0] ?? null;
  },

  async lock(tx: Executor, id: number): Promise<AdminPaymentRecord | null> {
    const [locked] = rowsOf<{ id: number }>(await tx.execute(sql`select id from payments where id = ${id} for update`));
    return locked ? this.find(tx, id) : null;
  },

  /**
   * Claims the refund of a payment: one claim per payment (payment_events' unique event id), so
   * two admins refunding at once send one refund to the provider. False when it is already claimed.
   */
  async claimRefund(tx: Executor, gateway: string, paymentId: number): Promise<boolean> {
    const result = await tx.execute(sql`
      insert into payment_events (gateway, event_id, payment_id, from_status, to_status)
      values (${gateway}, ${`refund-request:${paymentId}`}, ${paymentId}, 'success', null)
      on conflict (gateway, event_id) do nothing returning id`);
    return rowsOf(result).length === 1;
  },

  /** The provider refused: the claim goes, so the refund can be tried again. */
  async releaseRefund(tx: Executor, gateway: string, paymentId: number): Promise<void> {
    await tx.execute(sql`delete from payment_events where gateway = ${gateway} and event_id = ${`refund-request:${paymentId}`}`);
  },

  /** The refund as applied: recorded like a provider's event (a later webhook for it changes nothing). */
  async recordRefund(tx: Executor, gateway: string, paymentId: number, refundId: string, payload: unknown): Promise<void> {
    await tx.execute(sql`
      update payment_events set to_status = 'refunded', transaction_id = ${refundId}, payload = ${JSON.stringify(payload)}::jsonb
      where gateway = ${gateway} and event_id = ${`refund-request:${paymentId}`}`);
  },
};
