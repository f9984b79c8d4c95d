import { sql } from 'drizzle-orm';
import type { PaymentGateway, PaymentStatus } from '@estate/core';
import { rowsOf, type Executor } from '../../db/client.ts';

export interface PackageForSale {
  id: number;
  name: string;
  package_type: 'free' | 'paid';
  price: string;
  duration: number;
}

export interface PaymentRow {
  id: number;
  user_id: number;
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
}

const PAYMENT_COLUMNS = sql.raw(`pay.id, pay.user_id, pay.package_id, pk.name as package_name, pay.amount, pay.currency, pay.payment_gateway,
  pay.order_id, pay.transaction_id, pay.payment_status, pay.platform_type, pay.user_package_id, pay.created_at`);

export const paymentRepository = {
  /** Locks the buyer's row: one buyer's grants run one at a time. */
  async lockUser(tx: Executor, userId: number): Promise<void> {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
  },

  async buyer(db: Executor, userId: number): Promise<{ id: number; name: string | null; email: string | null; mobile: string | null }> {
    return rowsOf<{ id: number; name: string | null; email: string | null; mobile: string | null }>(await db.execute(sql`select id, name, email, mobile from users where id = ${userId}`))[0];
  },

  /** What the provider answered when the checkout started (client secret, checkout URL, public key). */
  async providerPayload(db: Executor, id: number): Promise<Record<string, string | null>> {
    return rowsOf<{ provider_payload: Record<string, string | null> | null }>(await db.execute(sql`select provider_payload from payments where id = ${id}`))[0]?.provider_payload ?? {};
  },

  async userPackageEnd(db: Executor, userPackageId: number): Promise<Date | string | null> {
    return rowsOf<{ end_date: Date | string }>(await db.execute(sql`select end_date from user_packages where id = ${userPackageId}`))[0]?.end_date ?? null;
  },

  /** Marks the running packages ending within `days` that were not reminded yet, and answers them (each once). */
  async takeDueReminders(tx: Executor, days: number): Promise<{ id: number; user_id: number; name: string; end_date: Date | string }[]> {
    return rowsOf<{ id: number; user_id: number; name: string; end_date: Date | string }>(
      await tx.execute(sql`
        update user_packages up set reminded_at = now() from packages p
        where p.id = up.package_id and up.reminded_at is null and up.end_date > now() and up.end_date <= now() + make_interval(days => ${days})
        returning up.id, up.user_id, p.name, up.end_date`),
    );
  },

  /** A secret kept in settings, made on first use (two instances agree on the first written). */
  async settingOrCreate(db: Executor, key: string, make: () => string): Promise<string> {
    const read = async () => rowsOf<{ value: string }>(await db.execute(sql`select value from settings where key = ${key}`))[0]?.value;
    const found = await read();
    if (found !== undefined) return found;
    await db.execute(sql`insert into settings (key, value) values (${key}, ${make()}) on conflict (key) do nothing`);
    return (await read())!;
  },

  async packageForSale(db: Executor, packageId: number): Promise<PackageForSale | null> {
    return rowsOf<PackageForSale>(await db.execute(sql`select id, name, package_type, price::text as price, duration from packages where id = ${packageId} and is_active`))[0] ?? null;
  },

  /** Whether the user holds a running copy of the package (a free one is taken once at a time). */
  async holdsRunning(db: Executor, userId: number, packageId: number): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from user_packages where user_id = ${userId} and package_id = ${packageId} and start_date <= now() and end_date > now()`)).length > 0;
  },

  /** A payment of this user for this package through this provider still waiting, started lately: a second click reuses it. */
  async recentPending(db: Executor, userId: number, packageId: number, gateway: PaymentGateway, withinMinutes: number): Promise<PaymentRow | null> {
    const result = await db.execute(sql`
      select ${PAYMENT_COLUMNS} from payments pay join packages pk on pk.id = pay.package_id
      where pay.user_id = ${userId} and pay.package_id = ${packageId} and pay.payment_gateway = ${gateway} and pay.payment_status = 'pending'
        and pay.order_id is not null and pay.created_at > now() - make_interval(mins => ${withinMinutes})
      order by pay.id desc limit 1`);
    return rowsOf<PaymentRow>(result)[0] ?? null;
  },

  async insert(tx: Executor, p: { userId: number; packageId: number; amount: string; currency: string; gateway: PaymentGateway; platformType: string; status: PaymentStatus; orderId?: string | null }): Promise<number> {
    const result = await tx.execute(sql`
      insert into payments (user_id, package_id, amount, currency, payment_gateway, platform_type, payment_status, order_id)
      values (${p.userId}, ${p.packageId}, ${p.amount}, ${p.currency}, ${p.gateway}, ${p.platformType}, ${p.status}, ${p.orderId ?? null}) returning id`);
    return rowsOf<{ id: number }>(result)[0].id;
  },

  async setOrder(db: Executor, id: number, orderId: string, payload: unknown): Promise<void> {
    await db.execute(sql`update payments set order_id = ${orderId}, provider_payload = ${JSON.stringify(payload ?? null)}::jsonb, updated_at = now() where id = ${id}`);
  },

  async find(db: Executor, id: number): Promise<PaymentRow | null> {
    return rowsOf<PaymentRow>(await db.execute(sql`select ${PAYMENT_COLUMNS} from payments pay join packages pk on pk.id = pay.package_id where pay.id = ${id}`))[0] ?? null;
  },

  /** The payment a provider's order id names, locked until the transaction ends: events for it apply one at a time. */
  async lockByOrder(tx: Executor, gateway: PaymentGateway, orderId: string): Promise<PaymentRow | null> {
    const [locked] = rowsOf<{ id: number }>(await tx.execute(sql`select id from payments where payment_gateway = ${gateway} and order_id = ${orderId} for update`));
    return locked ? this.find(tx, locked.id) : null;
  },

  async lockById(tx: Executor, id: number): Promise<PaymentRow | null> {
    const [locked] = rowsOf<{ id: number }>(await tx.execute(sql`select id from payments where id = ${id} for update`));
    return locked ? this.find(tx, locked.id) : null;
  },

  /** Records a provider event once: false when this event was applied before (a replay). */
  async recordEvent(tx: Executor, e: { gateway: PaymentGateway; eventId: string; paymentId: number | null; from: string | null; to: string | null; transactionId: string | null; payload: unknown }): Promise<boolean> {
    const result = await tx.execute(sql`
      insert into payment_events (gateway, event_id, payment_id, from_status, to_status, transaction_id, payload)
      values (${e.gateway}, ${e.eventId}, ${e.paymentId}, ${e.from}, ${e.to}, ${e.transactionId}, ${JSON.stringify(e.payload ?? null)}::jsonb)
      on conflict (gateway, event_id) do nothing returning id`);
    return rowsOf(result).length > 0;
  },

  async setStatus(tx: Executor, id: number, status: PaymentStatus, transactionId: string | null, userPackageId?: number | null): Promise<void> {
    await tx.execute(sql`
      update payments set payment_status = ${status}, transaction_id = coalesce(${transactionId}, transaction_id),
        user_package_id = ${userPackageId === undefined ? sql`user_package_id` : sql`${userPackageId}`}, updated_at = now()
      where id = ${id}`);
  },

  /** A refunded purchase's package ends now. */
  async endUserPackage(tx: Executor, userPackageId: number): Promise<void> {
    await tx.execute(sql`update user_packages set end_date = least(end_date, now()) where id = ${userPackageId}`);
  },

  async pageOf(db: Executor, userId: number, limit: number, offset: number): Promise<{ rows: PaymentRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      db.execute(sql`select ${PAYMENT_COLUMNS} from payments pay join packages pk on pk.id = pay.package_id where pay.user_id = ${userId} order by pay.created_at desc, pay.id desc limit ${limit} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from payments where user_id = ${userId}`),
    ]);
    return { rows: rowsOf<PaymentRow>(rows), total: rowsOf<{ n: number }>(count)[0].n };
  },
};
