import type { AdminPayment, AdminPaymentExportQuery, AdminPaymentListQuery } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { AppError, Conflict, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { paymentRepository } from '../payments/repository.ts';
import { toMinorUnits, type PaymentService } from '../payments/service.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { auditRepository } from './audit-repository.ts';
import { adminPaymentsRepository as repo, type AdminPaymentRecord } from './payments-repository.ts';

const EXPORT_PAGE = 500;
const iso = (d: Date | string) => new Date(d).toISOString();

export const CSV_COLUMNS = ['id', 'created_at', 'user_id', 'user_name', 'user_email', 'package', 'amount', 'currency', 'gateway', 'status', 'order_id', 'transaction_id', 'platform'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * text starting with = + - @ (or a tab / carriage return) would run as a formula in a spreadsheet,
 * so it gets a leading apostrophe (OWASP "CSV injection").
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * Payments in the console: the table with its filters, the CSV export (streamed a page at a time)
 * and refunds — always through the provider that took the money, then success → refunded (never
 * backwards) with the package it granted ended, in one transaction with its audit entry.
 */
export class AdminPaymentsService {
  constructor(
    private readonly db: Database,
    private readonly deps: { payments: PaymentService; notifier?: Notifier },
  ) {}

  async list(q: AdminPaymentListQuery): Promise<{ rows: AdminPayment[]; total: number }> {
    const { rows, total } = await repo.list(this.db, q);
    return { rows: rows.map((r) => this.present(r)), total };
  }

  /**
   * The export's lines, header first; read a page at a time so a large table never sits in memory.
   * The first page is read before anything is sent, so a bad query is a 400, not a cut-off file.
   */
  async csv(q: AdminPaymentExportQuery): Promise<AsyncGenerator<string>> {
    const first = await repo.exportPage(this.db, q, 0, EXPORT_PAGE);
    return this.csvLines(q, first);
  }

  private async *csvLines(q: AdminPaymentExportQuery, first: Awaited<ReturnType<typeof repo.exportPage>>): AsyncGenerator<string> {
    yield `\uFEFF${csvLine([...CSV_COLUMNS])}`;
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const rows = offset === 0 ? first : await repo.exportPage(this.db, q, offset, EXPORT_PAGE);
      yield rows
        .map((r) =>
          csvLine([r.id, iso(r.created_at), r.user_id, r.user_name, r.user_email, r.package_name, r.amount, r.currency, r.payment_gateway, r.payment_status, r.order_id, r.transaction_id, r.platform_type]),
        )
        .join('');
      if (rows.length < EXPORT_PAGE) return;
    }
  }

  async refund(id: number, reason: string | undefined, ctx: RequestContext): Promise<AdminPayment> {
    const adminId = viewerIdOf(ctx);
    const payment = await repo.find(this.db, id);
    if (!payment) throw new NotFound('Payment not found');
    if (payment.payment_status === 'refunded') throw new Conflict('This payment was already refunded.');
    if (payment.payment_status !== 'success') throw new Conflict('Only a successful payment can be refunded.');
    if (payment.payment_gateway === 'free' || Number(payment.amount) === 0) throw new Conflict('Nothing was paid for this package, so there is nothing to refund.');
    const provider = this.deps.payments.providerFor(payment.payment_gateway);
    if (!provider || !payment.order_id) throw new Conflict(`${payment.payment_gateway} is not set up on this server, so it cannot give this payment back.`);

    // Claimed first, in its own short transaction: a second admin's click gets 409, not a second refund.
    const claimed = await this.db.transaction((tx) => repo.claimRefund(tx, payment.payment_gateway, id));
    if (!claimed) throw new Conflict('A refund of this payment is already under way.');
    let result;
    try {
      result = await provider.refund({ paymentId: id, orderId: payment.order_id, transactionId: payment.transaction_id, amountMinor: toMinorUnits(Number(payment.amount), payment.currency), currency: payment.currency });
    } catch (err) {
      await this.db.transaction((tx) => repo.releaseRefund(tx, payment.payment_gateway, id));
      throw new AppError(502, `${provider.gateway} refused the refund: ${(err as Error).message.slice(0, 200)}`);
    }
    await this.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      // A provider's webhook may have moved it meanwhile; forward only, never back.
      if (!row || row.payment_status !== 'success') return;
      await paymentRepository.setStatus(tx, id, 'refunded', result.refundId);
      if (row.user_package_id !== null) await paymentRepository.endUserPackage(tx, row.user_package_id);
      await repo.recordRefund(tx, payment.payment_gateway, id, result.refundId, { by: 'admin', provider_status: result.providerStatus });
      await auditRepository.record(tx, {
        actorId: adminId,
        action: 'payment.refund',
        entity: 'payment',
        entityId: id,
        before: { payment_status: 'success', transaction_id: row.transaction_id },
        after: { payment_status: 'refunded', refund_id: result.refundId, provider_status: result.providerStatus, reason: reason ?? null, package_ended: row.user_package_id !== null },
      });
      await this.deps.notifier?.notify(tx, row.user_id, {
        kind: 'payment-refunded',
        ...keyed('payment-refunded', { amount: row.amount, currency: row.currency, name: row.package_name }),
        email: { subject: 'Your payment was refunded', text: `Your payment of ${row.amount} ${row.currency} for the ${row.package_name} package was refunded through ${row.payment_gateway} (reference ${result.refundId}). The package has ended.` },
      });
    });
    this.deps.notifier?.flush();
    return this.present((await repo.find(this.db, id))!);
  }

  private present(r: AdminPaymentRecord): AdminPayment {
    return {
      id: r.id,
      user: { id: r.user_id, name: r.user_name, email: r.user_email },
      package_id: r.package_id,
      package_name: r.package_name,
      amount: Number(r.amount),
      currency: r.currency,
      payment_gateway: r.payment_gateway,
      order_id: r.order_id,
      transaction_id: r.transaction_id,
      payment_status: r.payment_status,
      platform_type: r.platform_type,
      refundable: r.payment_status === 'success' && r.payment_gateway !== 'free' && Number(r.amount) > 0 && r.order_id !== null && this.deps.payments.providerFor(r.payment_gateway) !== null,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    };
  }
}
