import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { IGNORED, type CheckoutRequest, type CheckoutStart, type Ignored, type PaymentProvider, type ProviderEvent, type RefundRequest, type RefundResult } from './types.ts';
import { callJson, emailFor, headerOf, hmacHex, ourReference, readReference, sameSecret, type Headers } from './rest.ts';

export const PAYSTACK_API = 'https://api.paystack.co';
const PREFIX = 'ps';

export interface PaystackSettings {
  secretKey: string;
  publicKey: string;
  apiUrl: string;
  timeoutMs: number;
}

const initializeAnswer = z.object({ status: z.literal(true), data: z.object({ authorization_url: z.string().regex(/^https?:\/\//), reference: z.string().min(1) }) });
const transaction = z.object({ id: z.coerce.string(), reference: z.string(), status: z.string(), amount: z.coerce.number(), currency: z.string() });
const verifyAnswer = z.object({ status: z.literal(true), data: transaction });
const refundAnswer = z.object({ status: z.literal(true), data: z.object({ id: z.coerce.string(), status: z.string().optional() }) });
const webhook = z.object({ event: z.string(), data: z.looseObject({}) });
const refund = z.object({ transaction_reference: z.string(), refund_reference: z.string().nullish(), amount: z.coerce.number(), currency: z.string(), id: z.coerce.string().nullish() });

/**
 * Paystack, through its REST API: `/transaction/initialize` with our own reference gives the
 * authorization_url the buyer pays on; webhooks are verified by x-paystack-signature, the
 * HMAC-SHA512 of the raw body with the secret key, and each charge is checked against the amount
 * and currency the payment was started for. Paystack sends no webhook for a failed charge: the
 * buyer's return asks `/transaction/verify/{reference}`, which says so.
 */
export class PaystackProvider implements PaymentProvider {
  readonly gateway = 'paystack' as const;
  readonly publicKey: string;
  readonly #secretKey: string;
  readonly #api: string;
  readonly #timeoutMs: number;

  constructor(settings: PaystackSettings) {
    this.publicKey = settings.publicKey;
    this.#secretKey = settings.secretKey;
    this.#api = settings.apiUrl.replace(/\/+$/, '');
    this.#timeoutMs = settings.timeoutMs;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const reference = ourReference(PREFIX, request.paymentId, request.amountMinor, request.currency, randomBytes(5).toString('hex'));
    const body = {
      email: emailFor(request.customer, request.returnUrl),
      amount: String(request.amountMinor),
      currency: request.currency.toUpperCase(),
      reference,
      callback_url: request.returnUrl,
      metadata: { payment_id: request.paymentId, cancel_action: request.cancelUrl },
    };
    const answer = await this.call('POST', '/transaction/initialize', initializeAnswer, JSON.stringify(body));
    if (answer.data.reference !== reference) throw new Error('Paystack answered another reference than the one asked for');
    return { orderId: reference, checkoutUrl: answer.data.authorization_url, publicKey: this.publicKey, payload: { reference } };
  }

  async verifyWebhook(rawBody: Buffer, headers: Headers): Promise<ProviderEvent | Ignored | null> {
    if (!sameSecret(headerOf(headers, 'x-paystack-signature'), hmacHex('sha512', this.#secretKey, rawBody))) return null;
    let parsed: z.infer<typeof webhook>;
    try {
      parsed = webhook.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return null;
    }
    if (parsed.event === 'charge.success') {
      const charge = transaction.safeParse(parsed.data);
      return (charge.success && this.eventOf(charge.data, `charge.success:${charge.data.id}`)) || IGNORED;
    }
    if (parsed.event === 'refund.processed') {
      const found = refund.safeParse(parsed.data);
      const expected = found.success ? readReference(PREFIX, found.data.transaction_reference) : null;
      // A partial refund leaves the package running.
      if (!found.success || !expected || found.data.amount < expected.amountMinor) return IGNORED;
      const refundId = found.data.refund_reference ?? found.data.id ?? 'full';
      return { gateway: 'paystack', eventId: `refund.processed:${found.data.transaction_reference}:${refundId}`, orderId: found.data.transaction_reference, status: 'refunded', transactionId: refundId, payload: { type: parsed.event, amount: found.data.amount, currency: found.data.currency } };
    }
    return IGNORED;
  }

  /** The buyer is sent back with `?reference=…`: the transaction as Paystack's verify call has it. */
  async confirmReturn(orderId: string): Promise<ProviderEvent | null> {
    const { data } = await this.call('GET', `/transaction/verify/${encodeURIComponent(orderId)}`, verifyAnswer);
    return data.reference === orderId ? this.eventOf(data, `verify:${data.id}:${data.status}`) : null;
  }

  private eventOf(tx: z.infer<typeof transaction>, eventId: string): ProviderEvent | null {
    const expected = readReference(PREFIX, tx.reference);
    if (!expected) return null;
    const base = { gateway: 'paystack' as const, eventId, orderId: tx.reference, transactionId: tx.id };
    const payload = { status: tx.status, amount: tx.amount, currency: tx.currency };
    if (tx.status === 'failed') return { ...base, status: 'failed', payload };
    if (tx.status !== 'success') return null;
    // Paid, but not what the payment was for: never granted.
    if (tx.currency.toUpperCase() !== expected.currency || tx.amount < expected.amountMinor) return { ...base, status: 'failed', payload: { ...payload, reason: 'amount or currency differs from the package' } };
    return { ...base, status: 'success', payload };
  }

  /** Refunds the transaction (by our reference) in full. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const { data } = await this.call('POST', '/refund', refundAnswer, JSON.stringify({ transaction: request.orderId, amount: request.amountMinor, merchant_note: `refund-${request.paymentId}` }));
    if (data.status === 'failed') throw new Error(`Paystack refund ${data.id} failed`);
    return { refundId: data.id, providerStatus: data.status ?? 'pending' };
  }

  private call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, answer: T, body?: string): Promise<z.infer<T>> {
    return callJson('Paystack', `${this.#api}${path}`, { method, body, timeoutMs: this.#timeoutMs, headers: { authorization: `Bearer ${this.#secretKey}`, ...(body ? { 'content-type': 'application/json' } : {}) } }, answer);
  }
}
