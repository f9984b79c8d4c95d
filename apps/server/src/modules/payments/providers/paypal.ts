import { z } from 'zod';
import { IGNORED, type CheckoutRequest, type CheckoutStart, type Ignored, type PaymentProvider, type ProviderEvent, type RefundRequest, type RefundResult } from './types.ts';
import { ProviderError, callJson, headerOf, majorUnits, type Headers } from './rest.ts';

export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook registered at <PUBLIC_URL>/api/webhooks/paypal. */
  webhookId: string;
  apiUrl: string;
  timeoutMs: number;
}

const link = z.object({ href: z.string(), rel: z.string() });
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const orderAnswer = z.object({ id: z.string().min(1), status: z.string().optional(), links: z.array(link).default([]) });
const capture = z.object({
  id: z.string().min(1),
  status: z.string(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});
const capturedOrder = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  purchase_units: z.array(z.object({ payments: z.object({ captures: z.array(capture).default([]) }).optional() })).default([]),
});
const verification = z.object({ verification_status: z.string() });
const refundAnswer = z.object({ id: z.string().min(1), status: z.string() });
const webhookEvent = z.object({
  id: z.string().min(1),
  event_type: z.string(),
  resource: z.looseObject({ id: z.string().optional(), links: z.array(link).optional() }).default({}),
});

/** What each capture status means for the payment; the others (PENDING) leave it waiting. */
const CAPTURE_STATUS: Record<string, ProviderEvent['status']> = { COMPLETED: 'success', DECLINED: 'failed', FAILED: 'failed' };

/**
 * PayPal, through its Orders v2 REST API: an order per payment whose approval link is the
 * checkout; the buyer comes back to the server's return route, which captures the order (as does
 * a CHECKOUT.ORDER.APPROVED webhook, should the browser never come back). Webhooks are verified
 * by PayPal's own verify-webhook-signature call against the registered webhook's id.
 */
export class PaypalProvider implements PaymentProvider {
  readonly gateway = 'paypal' as const;
  readonly publicKey: string;
  readonly #clientSecret: string;
  readonly #webhookId: string;
  readonly #api: string;
  readonly #timeoutMs: number;
  #token: { value: string; expiresAt: number } | null = null;

  constructor(settings: PaypalSettings) {
    this.publicKey = settings.clientId;
    this.#clientSecret = settings.clientSecret;
    this.#webhookId = settings.webhookId;
    this.#api = settings.apiUrl.replace(/\/+$/, '');
    this.#timeoutMs = settings.timeoutMs;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: `payment-${request.paymentId}`,
          custom_id: String(request.paymentId),
          description: request.packageName.slice(0, 127),
          amount: { currency_code: request.currency.toUpperCase(), value: majorUnits(request.amountMinor, request.currency) },
        },
      ],
      payment_source: {
        paypal: { experience_context: { return_url: request.returnUrl, cancel_url: request.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' } },
      },
    };
    // PayPal-Request-Id: a retried call answers the same order instead of a second one.
    const order = await this.call('POST', '/v2/checkout/orders', orderAnswer, JSON.stringify(body), { 'paypal-request-id': `payment-${request.paymentId}` });
    const approve = order.links.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!approve || !/^https?:\/\//.test(approve.href)) throw new Error('PayPal answered an order without an approval link');
    return { orderId: order.id, checkoutUrl: approve.href, publicKey: this.publicKey, payload: { id: order.id, status: order.status ?? null } };
  }

  /** The return route: captures the approved order; PayPal's answer settles it. */
  async confirmReturn(orderId: string): Promise<ProviderEvent | null> {
    return this.capture(orderId);
  }

  async verifyWebhook(rawBody: Buffer, headers: Headers): Promise<ProviderEvent | Ignored | null> {
    const fields = {
      auth_algo: headerOf(headers, 'paypal-auth-algo'),
      cert_url: headerOf(headers, 'paypal-cert-url'),
      transmission_id: headerOf(headers, 'paypal-transmission-id'),
      transmission_sig: headerOf(headers, 'paypal-transmission-sig'),
      transmission_time: headerOf(headers, 'paypal-transmission-time'),
      webhook_id: this.#webhookId,
    };
    if (Object.values(fields).some((v) => !v)) return null;
    const text = rawBody.toString('utf8');
    let parsed: z.infer<typeof webhookEvent>;
    try {
      parsed = webhookEvent.parse(JSON.parse(text));
    } catch {
      return null;
    }
    // The event goes back to PayPal as the bytes that came: a re-encoded copy may not match its signature.
    const request = `{${Object.entries(fields).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')},"webhook_event":${text}}`;
    const verdict = await this.call('POST', '/v1/notifications/verify-webhook-signature', verification, request);
    if (verdict.verification_status !== 'SUCCESS') return null;

    const resource = parsed.resource;
    switch (parsed.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.DENIED': {
        const found = capture.safeParse(resource);
        const orderId = found.success ? found.data.supplementary_data?.related_ids?.order_id : undefined;
        if (!found.success || !orderId) return IGNORED;
        const status = parsed.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'success' : 'failed';
        return { gateway: 'paypal', eventId: parsed.id, orderId, status, transactionId: found.data.id, payload: { type: parsed.event_type, capture_status: found.data.status } };
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // The refund names its capture ("up"); the capture, asked of PayPal, names the order and whether it is refunded in full.
        const up = resource.links?.find((l) => l.rel === 'up')?.href;
        const captureId = up ? /\/v2\/payments\/captures\/([^/?#]+)/.exec(up)?.[1] : undefined;
        if (!captureId) return IGNORED;
        const refunded = await this.call('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`, capture);
        const orderId = refunded.supplementary_data?.related_ids?.order_id;
        if (!orderId || refunded.status !== 'REFUNDED') return IGNORED;
        return { gateway: 'paypal', eventId: parsed.id, orderId, status: 'refunded', transactionId: resource.id ?? captureId, payload: { type: parsed.event_type, capture_status: refunded.status } };
      }
      case 'CHECKOUT.ORDER.APPROVED':
        // Approved, but the browser may never come back: capture here too (the same request id, so once).
        return resource.id ? ((await this.capture(resource.id)) ?? IGNORED) : IGNORED;
      default:
        return IGNORED;
    }
  }

  /** Captures an approved order, once: a second capture (return and webhook racing) answers the first's result. */
  /** Refunds the order's capture in full (`paypal-request-id` makes a repeat the same refund). */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.transactionId) throw new Error('PayPal: this payment has no capture to refund');
    const refund = await this.call('POST', `/v2/payments/captures/${encodeURIComponent(request.transactionId)}/refund`, refundAnswer, '{}', { 'paypal-request-id': `refund-${request.paymentId}` });
    if (refund.status === 'FAILED' || refund.status === 'CANCELLED') throw new Error(`PayPal refund ${refund.id} ${refund.status}`);
    return { refundId: refund.id, providerStatus: refund.status };
  }

  private async capture(orderId: string): Promise<ProviderEvent | null> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    let order: z.infer<typeof capturedOrder>;
    try {
      order = await this.call('POST', `${path}/capture`, capturedOrder, '{}', { 'paypal-request-id': `capture-${orderId}`, prefer: 'return=representation' });
    } catch (err) {
      // Not approved (yet), declined instrument, or already captured: the order as PayPal has it now.
      if (!(err instanceof ProviderError) || err.status !== 422) throw err;
      order = await this.call('GET', path, capturedOrder);
    }
    if (order.id !== orderId) return null;
    const captured = order.purchase_units.flatMap((u) => u.payments?.captures ?? [])[0];
    const status = captured ? CAPTURE_STATUS[captured.status] : undefined;
    if (!captured || !status) return null;
    return { gateway: 'paypal', eventId: `capture:${captured.id}:${captured.status}`, orderId, status, transactionId: captured.id, payload: { type: 'capture', capture_status: captured.status } };
  }

  private async call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, answer: T, body?: string, headers: Record<string, string> = {}, retried = false): Promise<z.infer<T>> {
    const token = await this.accessToken();
    try {
      return await callJson('PayPal', `${this.#api}${path}`, { method, body, timeoutMs: this.#timeoutMs, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, answer);
    } catch (err) {
      // A token PayPal has dropped before its time: one fresh one, once.
      if (retried || !(err instanceof ProviderError) || err.status !== 401) throw err;
      this.#token = null;
      return this.call(method, path, answer, body, headers, true);
    }
  }

  /** OAuth 2 client credentials, kept until a minute before they expire. */
  private async accessToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt > Date.now() + 60_000) return this.#token.value;
    const basic = Buffer.from(`${this.publicKey}:${this.#clientSecret}`).toString('base64');
    const answer = await callJson(
      'PayPal',
      `${this.#api}/v1/oauth2/token`,
      { method: 'POST', body: 'grant_type=client_credentials', timeoutMs: this.#timeoutMs, headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' } },
      tokenAnswer,
    );
    this.#token = { value: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 300) * 1000 };
    return answer.access_token;
  }
}
