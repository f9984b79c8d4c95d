import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { IGNORED, type CheckoutRequest, type CheckoutStart, type Ignored, type PaymentProvider, type ProviderEvent, type RefundRequest, type RefundResult } from './types.ts';
import { callJson, emailFor, headerOf, majorUnits, minorOf, ourReference, readReference, sameSecret, type Headers } from './rest.ts';

export const FLUTTERWAVE_API = 'https://api.flutterwave.com';
const PREFIX = 'fw';

export interface FlutterwaveSettings {
  secretKey: string;
  publicKey: string;
  /** The "secret hash" set in Flutterwave's webhook settings: it comes back in each webhook's verif-hash header. */
  webhookHash: string;
  apiUrl: string;
  timeoutMs: number;
}

const checkoutAnswer = z.object({ status: z.literal('success'), data: z.object({ link: z.string().regex(/^https?:\/\//) }) });
const transaction = z.object({ id: z.number().int(), tx_ref: z.string(), status: z.string(), amount: z.coerce.number(), currency: z.string(), flw_ref: z.string().nullish() });
const verifyAnswer = z.object({ status: z.literal('success'), data: transaction });
const refundAnswer = z.object({ status: z.literal('success'), data: z.object({ id: z.coerce.string(), status: z.string().optional() }) });
const webhook = z.object({ event: z.string().optional(), data: z.looseObject({ id: z.coerce.number().int() }) });

/**
 * Flutterwave, through its v3 REST API: Standard checkout's hosted link (`/v3/payments`) with our
 * own tx_ref; a webhook counts only when its verif-hash header is the configured secret hash AND
 * the transaction, asked again of `/v3/transactions/{id}/verify`, is ours, successful, and for the
 * amount and currency the payment was started for.
 */
export class FlutterwaveProvider implements PaymentProvider {
  readonly gateway = 'flutterwave' as const;
  readonly publicKey: string;
  readonly #secretKey: string;
  readonly #webhookHash: string;
  readonly #api: string;
  readonly #timeoutMs: number;

  constructor(settings: FlutterwaveSettings) {
    this.publicKey = settings.publicKey;
    this.#secretKey = settings.secretKey;
    this.#webhookHash = settings.webhookHash;
    this.#api = settings.apiUrl.replace(/\/+$/, '');
    this.#timeoutMs = settings.timeoutMs;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const txRef = ourReference(PREFIX, request.paymentId, request.amountMinor, request.currency, randomBytes(5).toString('hex'));
    const body = {
      tx_ref: txRef,
      amount: majorUnits(request.amountMinor, request.currency),
      currency: request.currency.toUpperCase(),
      redirect_url: request.returnUrl,
      customer: { email: emailFor(request.customer, request.returnUrl), name: request.customer.name ?? undefined, phonenumber: request.customer.mobile ?? undefined },
      customizations: { title: request.packageName.slice(0, 100) },
      meta: { payment_id: request.paymentId },
    };
    const answer = await this.call('POST', '/v3/payments', checkoutAnswer, JSON.stringify(body));
    return { orderId: txRef, checkoutUrl: answer.data.link, publicKey: this.publicKey, payload: { tx_ref: txRef } };
  }

  async verifyWebhook(rawBody: Buffer, headers: Headers): Promise<ProviderEvent | Ignored | null> {
    if (!sameSecret(headerOf(headers, 'verif-hash'), this.#webhookHash)) return null;
    let parsed: z.infer<typeof webhook>;
    try {
      parsed = webhook.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return null;
    }
    if (parsed.event !== undefined && parsed.event !== 'charge.completed') return IGNORED;
    // The hash only says Flutterwave sent it; what happened is asked of Flutterwave again.
    const { data } = await this.call('GET', `/v3/transactions/${parsed.data.id}/verify`, verifyAnswer);
    return this.eventOf(data, `charge.completed:${data.id}:${data.status}`) ?? IGNORED;
  }

  /** Flutterwave sends the browser back with `?status=…&tx_ref=…`: the transaction is looked up by our tx_ref instead. */
  async confirmReturn(orderId: string): Promise<ProviderEvent | null> {
    const { data } = await this.call('GET', `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(orderId)}`, verifyAnswer);
    return data.tx_ref === orderId ? this.eventOf(data, `verify:${data.id}:${data.status}`) : null;
  }

  private eventOf(tx: z.infer<typeof transaction>, eventId: string): ProviderEvent | null {
    const expected = readReference(PREFIX, tx.tx_ref);
    if (!expected) return null;
    const base = { gateway: 'flutterwave' as const, eventId, orderId: tx.tx_ref, transactionId: String(tx.id) };
    const payload = { status: tx.status, amount: tx.amount, currency: tx.currency };
    if (tx.status === 'failed') return { ...base, status: 'failed', payload };
    if (tx.status !== 'successful') return null;
    // Paid, but not what the payment was for: never granted.
    if (tx.currency.toUpperCase() !== expected.currency || minorOf(tx.amount, tx.currency) < expected.amountMinor) return { ...base, status: 'failed', payload: { ...payload, reason: 'amount or currency differs from the package' } };
    return { ...base, status: 'success', payload };
  }

  /** Refunds the transaction (its Flutterwave id is the row's transaction id) in full. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.transactionId) throw new Error('Flutterwave: this payment has no transaction to refund');
    const { data } = await this.call('POST', `/v3/transactions/${encodeURIComponent(request.transactionId)}/refund`, refundAnswer, JSON.stringify({ amount: majorUnits(request.amountMinor, request.currency), comments: `refund-${request.paymentId}` }));
    if (data.status === 'failed') throw new Error(`Flutterwave refund ${data.id} failed`);
    return { refundId: data.id, providerStatus: data.status ?? 'pending' };
  }

  private call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, answer: T, body?: string): Promise<z.infer<T>> {
    return callJson('Flutterwave', `${this.#api}${path}`, { method, body, timeoutMs: this.#timeoutMs, headers: { authorization: `Bearer ${this.#secretKey}`, ...(body ? { 'content-type': 'application/json' } : {}) } }, answer);
  }
}
