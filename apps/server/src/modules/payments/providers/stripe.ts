import Stripe from 'stripe';
import { IGNORED, type CheckoutRequest, type CheckoutStart, type Ignored, type PaymentProvider, type ProviderEvent, type RefundRequest, type RefundResult } from './types.ts';
import { headerOf, type Headers } from './rest.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A stand-in of Stripe's API (tests); unset, Stripe's own. */
  apiUrl?: string;
  timeoutMs: number;
}

/**
 * Stripe, through its official SDK: a PaymentIntent per payment (amount in minor units, our
 * payment id in its metadata) whose client secret and the publishable key let the web app show
 * the Payment Element; the outcome comes from webhooks verified with the endpoint's signing
 * secret (`Stripe-Signature`, checked by `stripe.webhooks.constructEvent`).
 */
export class StripeProvider implements PaymentProvider {
  readonly gateway = 'stripe' as const;
  readonly publicKey: string;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.publicKey = settings.publishableKey;
    this.#webhookSecret = settings.webhookSecret;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.#stripe = new Stripe(settings.secretKey, {
      timeout: settings.timeoutMs,
      // One retry (with Stripe's idempotency key), so a call is bounded by about twice the time limit.
      maxNetworkRetries: 1,
      telemetry: false,
      appInfo: { name: 'Ghar Bazaar' },
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'http:' ? 80 : 443), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const intent = await this.#stripe.paymentIntents.create(
      {
        amount: request.amountMinor,
        currency: request.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        description: request.packageName,
        metadata: { payment_id: String(request.paymentId) },
        ...(request.customer.email ? { receipt_email: request.customer.email } : {}),
      },
      // One intent per payment row, however often this is retried.
      { idempotencyKey: `payment-${request.paymentId}` },
    );
    return { orderId: intent.id, clientSecret: intent.client_secret, publicKey: this.publicKey, payload: { id: intent.id, status: intent.status } };
  }

  async verifyWebhook(rawBody: Buffer, headers: Headers): Promise<ProviderEvent | Ignored | null> {
    const signature = headerOf(headers, 'stripe-signature');
    if (!signature) return null;
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
    } catch {
      return null;
    }
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const intent = event.data.object;
      return {
        gateway: 'stripe',
        eventId: event.id,
        orderId: intent.id,
        status: event.type === 'payment_intent.succeeded' ? 'success' : 'failed',
        transactionId: chargeIdOf(intent.latest_charge) ?? intent.id,
        payload: { type: event.type, status: intent.status, amount: intent.amount, currency: intent.currency, error: intent.last_payment_error?.code ?? null },
      };
    }
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      // A partial refund leaves the package running.
      if (!intentId || !charge.refunded) return IGNORED;
      return { gateway: 'stripe', eventId: event.id, orderId: intentId, status: 'refunded', transactionId: charge.id, payload: { type: event.type, amount_refunded: charge.amount_refunded, currency: charge.currency } };
    }
    return IGNORED;
  }

  /** A Refund of the whole PaymentIntent (Stripe refunds its charge); one per payment, however often asked. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const refund = await this.#stripe.refunds.create(
      { payment_intent: request.orderId, metadata: { payment_id: String(request.paymentId) } },
      { idempotencyKey: `refund-${request.paymentId}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
    return { refundId: refund.id, providerStatus: refund.status ?? 'pending' };
  }

  /** A redirect-based method (iDEAL, UPI…) comes back here: the intent as Stripe's API has it. */
  async confirmReturn(orderId: string): Promise<ProviderEvent | null> {
    const intent = await this.#stripe.paymentIntents.retrieve(orderId);
    if (intent.status !== 'succeeded') return null;
    return { gateway: 'stripe', eventId: `return:${intent.id}:succeeded`, orderId: intent.id, status: 'success', transactionId: chargeIdOf(intent.latest_charge) ?? intent.id, payload: { type: 'payment_intent.retrieved', status: intent.status } };
  }
}

function chargeIdOf(charge: string | { id: string } | null | undefined): string | null {
  return typeof charge === 'string' ? charge : (charge?.id ?? null);
}
