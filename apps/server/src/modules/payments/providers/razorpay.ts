import { z } from 'zod';
import { IGNORED, type CheckoutRequest, type CheckoutStart, type Ignored, type PaymentProvider, type ProviderEvent, type RefundRequest, type RefundResult } from './types.ts';
import { callJson, headerOf, hmacHex, sameSecret, type Headers } from './rest.ts';

export const RAZORPAY_API = 'https://api.razorpay.com';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  /** The secret set on the webhook registered at <PUBLIC_URL>/api/webhooks/razorpay. */
  webhookSecret: string;
  apiUrl: string;
  timeoutMs: number;
}

const orderAnswer = z.object({ id: z.string().min(1), status: z.string().optional() });
const payment = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  status: z.string(),
  amount: z.number().optional(),
  amount_refunded: z.number().optional(),
  refund_status: z.string().nullish(),
  error_code: z.string().nullish(),
});
const paymentsAnswer = z.object({ items: z.array(payment) });
const refundAnswer = z.object({ id: z.string().min(1), status: z.string().optional() });
const webhook = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: payment }).optional(),
    order: z.object({ entity: z.object({ id: z.string().min(1) }) }).optional(),
    refund: z.object({ entity: z.object({ id: z.string().min(1), payment_id: z.string().optional() }) }).optional(),
  }),
});

/**
 * Razorpay, through its REST Orders API: an order per payment (amount in paise) that the web
 * app pays on Razorpay's hosted checkout (a form posted to /v1/checkout/embedded with the key id
 * and order id; Razorpay posts the buyer back to the callback URL, where the order's payments are
 * asked of its API); webhooks are verified by X-Razorpay-Signature, the
 * HMAC-SHA256 of the raw body with the webhook's secret. Event ids are built from the signed body
 * (`payment.captured:pay_…`), not from the unsigned X-Razorpay-Event-Id header.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly gateway = 'razorpay' as const;
  readonly publicKey: string;
  readonly #keySecret: string;
  readonly #webhookSecret: string;
  readonly #api: string;
  readonly #timeoutMs: number;

  constructor(settings: RazorpaySettings) {
    this.publicKey = settings.keyId;
    this.#keySecret = settings.keySecret;
    this.#webhookSecret = settings.webhookSecret;
    this.#api = settings.apiUrl.replace(/\/+$/, '');
    this.#timeoutMs = settings.timeoutMs;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const body = { amount: request.amountMinor, currency: request.currency.toUpperCase(), receipt: `payment-${request.paymentId}`, notes: { payment_id: String(request.paymentId), package: request.packageName.slice(0, 200) } };
    const order = await this.call('POST', '/v1/orders', orderAnswer, JSON.stringify(body));
    // Razorpay's hosted checkout: the browser posts a form there (key_id, order_id, callback_url…),
    // pays on Razorpay's page and is posted back to the callback (our payment-return route).
    return { orderId: order.id, publicKey: this.publicKey, checkoutUrl: this.hostedCheckoutUrl, payload: { id: order.id, status: order.status ?? null } };
  }

  /** Where the web checkout posts its form for Razorpay's hosted checkout page. */
  get hostedCheckoutUrl(): string {
    return `${this.#api}/v1/checkout/embedded`;
  }

  async verifyWebhook(rawBody: Buffer, headers: Headers): Promise<ProviderEvent | Ignored | null> {
    if (!sameSecret(headerOf(headers, 'x-razorpay-signature'), hmacHex('sha256', this.#webhookSecret, rawBody))) return null;
    let parsed: z.infer<typeof webhook>;
    try {
      parsed = webhook.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return null;
    }
    const pay = parsed.payload.payment?.entity;
    const base = { gateway: 'razorpay' as const, payload: { type: parsed.event, payment_status: pay?.status ?? null, error: pay?.error_code ?? null } };
    switch (parsed.event) {
      case 'payment.captured':
        return pay?.order_id ? { ...base, eventId: `payment.captured:${pay.id}`, orderId: pay.order_id, status: 'success', transactionId: pay.id } : IGNORED;
      case 'order.paid': {
        const orderId = parsed.payload.order?.entity.id ?? pay?.order_id;
        return orderId ? { ...base, eventId: `order.paid:${orderId}`, orderId, status: 'success', transactionId: pay?.id ?? null } : IGNORED;
      }
      case 'payment.failed':
        return pay?.order_id ? { ...base, eventId: `payment.failed:${pay.id}`, orderId: pay.order_id, status: 'failed', transactionId: pay.id } : IGNORED;
      case 'refund.processed': {
        const refund = parsed.payload.refund?.entity;
        // A partial refund leaves the package running.
        const full = pay && (pay.refund_status === 'full' || (pay.amount !== undefined && (pay.amount_refunded ?? 0) >= pay.amount));
        return refund && pay?.order_id && full ? { ...base, eventId: `refund.processed:${refund.id}`, orderId: pay.order_id, status: 'refunded', transactionId: refund.id } : IGNORED;
      }
      default:
        return IGNORED;
    }
  }

  /** After Razorpay Checkout closes: a captured payment of the order, as Razorpay's API lists them. */
  async confirmReturn(orderId: string): Promise<ProviderEvent | null> {
    const { items } = await this.call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`, paymentsAnswer);
    const captured = items.find((p) => p.status === 'captured' && p.order_id === orderId);
    // The webhook's own id for the same capture: whichever comes second is a replay.
    return captured ? { gateway: 'razorpay', eventId: `payment.captured:${captured.id}`, orderId, status: 'success', transactionId: captured.id, payload: { type: 'order.payments', payment_status: captured.status } } : null;
  }

  /** Refunds the captured payment in full (the payment id is the row's transaction id). */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.transactionId) throw new Error('Razorpay: this payment has no captured payment to refund');
    const refund = await this.call('POST', `/v1/payments/${encodeURIComponent(request.transactionId)}/refund`, refundAnswer, JSON.stringify({ amount: request.amountMinor, receipt: `refund-${request.paymentId}`, notes: { payment_id: String(request.paymentId) } }));
    if (refund.status === 'failed') throw new Error(`Razorpay refund ${refund.id} failed`);
    return { refundId: refund.id, providerStatus: refund.status ?? 'pending' };
  }

  private call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, answer: T, body?: string): Promise<z.infer<T>> {
    const basic = Buffer.from(`${this.publicKey}:${this.#keySecret}`).toString('base64');
    return callJson('Razorpay', `${this.#api}${path}`, { method, body, timeoutMs: this.#timeoutMs, headers: { authorization: `Basic ${basic}`, ...(body ? { 'content-type': 'application/json' } : {}) } }, answer);
  }
}
