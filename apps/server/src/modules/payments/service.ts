import { randomBytes } from 'node:crypto';
import type { CreatePaymentIntentBody, PaymentGateway, PaymentIntent, PaymentProviderName, PaymentSettings, PaymentStatus, PaymentTransaction, SandboxPayBody } from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import { viewerIdOf, type RequestContext } from '../../platform/http.ts';
import { packageRepository } from '../packages/repository.ts';
import { keyed } from '../notifications/messages.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { SettingsService } from '../settings/service.ts';
import { SANDBOX_SIGNATURE_HEADER, SandboxProvider, sandboxOutcome } from './providers/sandbox.ts';
import type { PaymentProvider, ProviderEvent } from './providers/types.ts';
import { paymentRepository, type PaymentRow } from './repository.ts';

/** A second Pay click within this many minutes gets the same checkout, not a second charge. */
const REUSE_PENDING_MINUTES = 30;
/** Currencies without minor units, as card providers count them. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'XOF', 'XAF', 'UGX', 'RWF']);
const SANDBOX_SECRET = 'sandbox_webhook_secret';
/** Owners are told this many days before a package ends. */
export const REMIND_DAYS = 3;

/** Where each status may go: forward only (a failed charge can still succeed when retried). */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['success', 'failed'],
  failed: ['success'],
  success: ['refunded'],
  refunded: [],
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toMinorUnits(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? Math.round(amount) : Math.round(amount * 100);
}

/**
 * Buying packages (spec §4 "Payments"). The amount and currency always come from the package and
 * settings, never from the client. A payment is granted only by a verified provider event (or the
 * sandbox's signed one), exactly once: events are recorded by their id, and a payment row is
 * locked while an event moves it, so replays, racing webhooks and double clicks grant one package.
 */
export class PaymentService {
  readonly sandbox: SandboxProvider;
  private providers = new Map<PaymentProviderName, PaymentProvider>();
  private readonly notifier?: Notifier;
  private readonly isSandboxAsked: boolean;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    opts: { providers?: PaymentProvider[]; sandbox: boolean; notifier?: Notifier },
    /** Set by the app once its logger exists. */
    public log?: { warn: (obj: object, msg: string) => void },
  ) {
    this.sandbox = new SandboxProvider(
      () => this.sandboxSecret(),
      (paymentId) => `/subscription-plan/checkout/${paymentId}`,
    );
    this.notifier = opts.notifier;
    this.isSandboxAsked = opts.sandbox;
    this.useProviders(opts.providers ?? []);
  }

  /**
   * The real providers that sell from now on (built from the keys in force: the console's, or the
   * environment's). A payment in flight keeps its row; its webhook and refund go to the provider
   * now under its name.
   */
  useProviders(providers: PaymentProvider[]): void {
    const next = new Map<PaymentProviderName, PaymentProvider>();
    for (const provider of providers) next.set(provider.gateway, provider);
    // The sandbox sells when no real provider is set up (the demo), or when asked to alongside them.
    if (this.isSandboxAsked || next.size === 0) next.set('sandbox', this.sandbox);
    this.providers = next;
  }

  /** The provider that is on under this name (the console refunds through it). */
  providerFor(gateway: string): PaymentProvider | null {
    return this.providers.get(gateway as PaymentProviderName) ?? null;
  }

  /** `get_payment_settings`: which providers are on, with public keys only. */
  async publicSettings(): Promise<PaymentSettings> {
    const values = await this.settings.values();
    const on = (name: PaymentProviderName) => (this.providers.has(name) ? '1' : '0');
    const key = (name: PaymentProviderName) => this.providers.get(name)?.publicKey ?? '';
    return {
      currency_code: values.currency_code,
      currency_symbol: values.currency_symbol,
      sandbox_status: on('sandbox'),
      stripe_status: on('stripe'),
      stripe_publishable_key: key('stripe'),
      paypal_status: on('paypal'),
      paypal_client_id: key('paypal'),
      razorpay_status: on('razorpay'),
      razorpay_key: key('razorpay'),
      paystack_status: on('paystack'),
      paystack_public_key: key('paystack'),
      flutterwave_status: on('flutterwave'),
      flutterwave_public_key: key('flutterwave'),
    };
  }

  /** `create-payment-intent`: a checkout for one package; a free package is granted at once. */
  async createIntent(body: CreatePaymentIntentBody, ctx: RequestContext): Promise<{ payment_intent: PaymentIntent; payment_transaction: PaymentTransaction }> {
    const userId = viewerIdOf(ctx);
    const pkg = await paymentRepository.packageForSale(this.db, body.package_id);
    if (!pkg) throw new NotFound('Package not found');
    const { currency_code: currency } = await this.settings.values();
    const price = Number(pkg.price);

    if (pkg.package_type === 'free' || price === 0) {
      const id = await this.db.transaction(async (tx) => {
        await paymentRepository.lockUser(tx, userId);
        if (await paymentRepository.holdsRunning(tx, userId, pkg.id)) throw new Conflict('You already hold this free package.');
        const [userPackageId] = await packageRepository.grant(tx, pkg.id, [userId]);
        const paymentId = await paymentRepository.insert(tx, { userId, packageId: pkg.id, amount: '0', currency, gateway: 'free', platformType: body.platform_type, status: 'success', orderId: null });
        await paymentRepository.setStatus(tx, paymentId, 'success', null, userPackageId);
        return paymentId;
      });
      return this.intentAnswer((await paymentRepository.find(this.db, id))!, null, {});
    }

    const gateway = body.payment_method ?? [...this.providers.keys()][0];
    const provider = this.providers.get(gateway);
    if (!provider) throw new Invalid('payment_method', `${gateway} is not available. Choose one of: ${[...this.providers.keys()].join(', ')}`);
    const again = await paymentRepository.recentPending(this.db, userId, pkg.id, gateway, REUSE_PENDING_MINUTES);
    if (again?.order_id) {
      const payload = await paymentRepository.providerPayload(this.db, again.id);
      return this.intentAnswer(again, provider, payload);
    }

    const paymentId = await paymentRepository.insert(this.db, { userId, packageId: pkg.id, amount: pkg.price, currency, gateway, platformType: body.platform_type, status: 'pending' });
    const user = await paymentRepository.buyer(this.db, userId);
    let started;
    try {
      started = await provider.startCheckout({
        paymentId,
        amountMinor: toMinorUnits(price, currency),
        currency,
        packageName: pkg.name,
        customer: user,
        // A provider that confirms returns sends the browser through the server's return route first.
        returnUrl: provider.confirmReturn ? `${ctx.origin}/api/payment-return/${paymentId}` : `${ctx.origin}/subscription-plan/checkout/${paymentId}`,
        cancelUrl: `${ctx.origin}/subscription-plan/checkout/${paymentId}?cancelled=1`,
      });
    } catch (err) {
      await this.db.transaction((tx) => this.move(tx, paymentId, 'failed', null));
      this.log?.warn({ gateway, err: (err as Error).message }, 'payment provider refused or unreachable');
      throw new AppError(502, 'The payment provider could not be reached. Please try again.');
    }
    const kept = { client_secret: started.clientSecret ?? null, checkout_url: started.checkoutUrl ?? null, public_key: started.publicKey ?? null };
    await paymentRepository.setOrder(this.db, paymentId, started.orderId, kept);
    return this.intentAnswer((await paymentRepository.find(this.db, paymentId))!, provider, kept);
  }

  /** `payment-transaction-fail`: the buyer gave up on a pending payment of their own. */
  async markFailed(paymentId: number, ctx: RequestContext): Promise<PaymentTransaction> {
    const userId = viewerIdOf(ctx);
    await this.db.transaction(async (tx) => {
      const row = await paymentRepository.lockById(tx, paymentId);
      if (!row || row.user_id !== userId) throw new NotFound('Payment not found');
      if (row.payment_status === 'pending') await this.move(tx, row.id, 'failed', null);
    });
    return toTransaction((await paymentRepository.find(this.db, paymentId))!);
  }

  /** One of the caller's payments (the checkout's progress view asks until it is no longer pending). */
  async transaction(paymentId: number, ctx: RequestContext): Promise<PaymentTransaction> {
    const row = await paymentRepository.find(this.db, paymentId);
    if (!row || row.user_id !== viewerIdOf(ctx)) throw new NotFound('Payment not found');
    return toTransaction(row);
  }

  /** `get_payment_details`: the caller's payments, newest first. */
  async history(limit: number, offset: number, ctx: RequestContext): Promise<{ data: PaymentTransaction[]; total: number }> {
    const { rows, total } = await paymentRepository.pageOf(this.db, viewerIdOf(ctx), limit, offset);
    return { data: rows.map(toTransaction), total };
  }

  /** A provider's webhook: verified by the provider, then applied once. False when it could not be verified. */
  async webhook(gateway: PaymentProviderName, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const provider = this.providers.get(gateway);
    if (!provider) return false;
    const event = await provider.verifyWebhook(rawBody, headers).catch((err: Error) => {
      this.log?.warn({ gateway, err: err.message }, 'payment webhook could not be verified');
      return null;
    });
    if (!event) return false;
    if ('ignored' in event) return true;
    const { applied } = await this.apply(event);
    // The purchase's e-mail was queued with the payment; send it now it has committed.
    if (applied) this.notifier?.flush();
    return true;
  }

  /**
   * The buyer's browser back from a provider's page (`/api/payment-return/<id>`): where the order
   * stands is asked of the provider's own API (PayPal captures it here), and what it answers is
   * applied like a webhook's event, so a return racing the webhook still grants once. Anyone may
   * call it: it only asks the provider, and answers none of the payment's details.
   */
  async confirmReturn(paymentId: number): Promise<{ paymentId: number }> {
    const row = await paymentRepository.find(this.db, paymentId);
    if (!row) throw new NotFound('Payment not found');
    const provider = this.providers.get(row.payment_gateway as PaymentProviderName);
    if (provider?.confirmReturn && row.order_id && (row.payment_status === 'pending' || row.payment_status === 'failed')) {
      const event = await provider.confirmReturn(row.order_id).catch((err: Error) => {
        this.log?.warn({ gateway: provider.gateway, err: err.message }, 'payment provider could not confirm a return');
        return null;
      });
      if (event && event.gateway === provider.gateway && event.orderId === row.order_id) await this.apply(event);
    }
    return { paymentId: row.id };
  }

  /**
   * Applies a verified event: recorded by its id first, so a replay changes nothing; the payment
   * is locked while it moves; a move the rules do not allow (backwards) is recorded and ignored.
   */
  async apply(event: ProviderEvent): Promise<{ status: PaymentStatus | null; applied: boolean }> {
    return this.db.transaction(async (tx) => {
      const payment = await paymentRepository.lockByOrder(tx, event.gateway, event.orderId);
      const allowed = payment !== null && NEXT[payment.payment_status].includes(event.status);
      const first = await paymentRepository.recordEvent(tx, {
        gateway: event.gateway,
        eventId: event.eventId,
        paymentId: payment?.id ?? null,
        from: payment?.payment_status ?? null,
        to: allowed ? event.status : null,
        transactionId: event.transactionId,
        payload: event.payload,
      });
      if (!payment || !first || !allowed) return { status: payment?.payment_status ?? null, applied: false };
      await this.move(tx, payment.id, event.status, event.transactionId);
      return { status: event.status, applied: true };
    });
  }

  /**
   * The sandbox's card form: the "network" decides by card number and reports it as a signed
   * webhook through `webhook`, like any provider. The timeout card leaves the payment pending.
   */
  async sandboxPay(body: SandboxPayBody, ctx: RequestContext): Promise<PaymentTransaction> {
    const userId = viewerIdOf(ctx);
    if (!this.providers.has('sandbox')) throw new NotFound('The sandbox is not on.');
    const row = await paymentRepository.find(this.db, body.payment_transaction_id);
    if (!row || row.user_id !== userId || row.payment_gateway !== 'sandbox' || !row.order_id) throw new NotFound('Payment not found');
    const [month, year] = body.expiry.split('/').map((p) => Number(p.trim()));
    const now = new Date();
    if (2000 + year < now.getUTCFullYear() || (2000 + year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) throw new Invalid('expiry', 'This card has expired');
    const outcome = sandboxOutcome(body.card_number);
    if (outcome !== 'processing' && row.payment_status === 'pending') {
      const status = outcome === 'success' ? 'success' : 'failed';
      // One event per payment and outcome: a double-clicked Pay sends the same event twice.
      const signed = await this.sandbox.signEvent({ eventId: `evt_${row.order_id}_${status}`, orderId: row.order_id, status, transactionId: `sbx_txn_${row.id}` });
      await this.webhook('sandbox', signed.body, { [SANDBOX_SIGNATURE_HEADER]: signed.signature });
    }
    return toTransaction((await paymentRepository.find(this.db, row.id))!);
  }

  /** Moves a locked payment; a success grants its package, a refund ends it. */
  private async move(tx: Executor, paymentId: number, status: PaymentStatus, transactionId: string | null): Promise<void> {
    const row = (await paymentRepository.find(tx, paymentId))!;
    if (status === 'success') {
      const [userPackageId] = await packageRepository.grant(tx, row.package_id, [row.user_id]);
      await paymentRepository.setStatus(tx, paymentId, status, transactionId, userPackageId ?? null);
      const ends = userPackageId ? await paymentRepository.userPackageEnd(tx, userPackageId) : null;
      const until = ends ? new Date(ends).toUTCString().slice(5, 16) : '';
      await this.notifier?.notify(tx, row.user_id, {
        kind: 'package-bought',
        ...keyed('package-bought', { name: row.package_name, until }),
        email: {
          subject: `Your ${row.package_name} package is active`,
          text: `Thank you for your purchase. Your ${row.package_name} package is active until ${until}.\n\nPaid: ${row.amount} ${row.currency}, reference ${transactionId ?? row.order_id ?? row.id}.`,
        },
      });
      return;
    }
    if (status === 'refunded' && row.user_package_id !== null) await paymentRepository.endUserPackage(tx, row.user_package_id);
    await paymentRepository.setStatus(tx, paymentId, status, transactionId);
  }

  private intentAnswer(row: PaymentRow, provider: PaymentProvider | null, kept: Record<string, string | null>) {
    return {
      payment_intent: {
        payment_transaction_id: row.id,
        gateway: row.payment_gateway,
        id: row.order_id,
        amount: toMinorUnits(Number(row.amount), row.currency),
        currency: row.currency,
        status: row.payment_status,
        client_secret: kept.client_secret ?? null,
        checkout_url: kept.checkout_url ?? null,
        public_key: kept.public_key ?? (provider?.publicKey || null),
      },
      payment_transaction: toTransaction(row),
    };
  }

  /**
   * Tells each owner once, REMIND_DAYS before a running package ends: a notification and an
   * e-mail. Run at start-up and every hour; answers how many were told.
   */
  async remindExpiring(): Promise<number> {
    const told = await this.db.transaction(async (tx) => {
      const due = await paymentRepository.takeDueReminders(tx, REMIND_DAYS);
      for (const d of due) {
        const until = new Date(d.end_date).toUTCString().slice(5, 22);
        await this.notifier?.notify(tx, d.user_id, {
          kind: 'package-expiring',
          ...keyed('package-expiring', { name: d.name, until }),
          email: { subject: `Your ${d.name} package ends soon`, text: `Your ${d.name} package ends on ${until} (UTC). Renew it on the plans page to keep listing, featuring and premium access.` },
        });
      }
      return due.length;
    });
    if (told) this.notifier?.flush();
    return told;
  }

  /** The sandbox's signing secret: made once, kept in settings (never answered). */
  private async sandboxSecret(): Promise<string> {
    return paymentRepository.settingOrCreate(this.db, SANDBOX_SECRET, () => randomBytes(32).toString('hex'));
  }

}

export function toTransaction(row: PaymentRow): PaymentTransaction {
  return {
    id: row.id,
    package_id: row.package_id,
    package_name: row.package_name,
    amount: Number(row.amount),
    currency: row.currency,
    payment_gateway: row.payment_gateway as PaymentGateway,
    order_id: row.order_id,
    transaction_id: row.transaction_id,
    payment_status: row.payment_status,
    platform_type: row.platform_type,
    created_at: iso(row.created_at),
  };
}
