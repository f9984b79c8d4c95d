import { createHmac, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CARDS } from '@estate/core';
import type { CheckoutRequest, CheckoutStart, PaymentProvider, ProviderEvent, RefundRequest, RefundResult } from './types.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** What the sandbox's card network decides for a card number. */
export type SandboxOutcome = 'success' | 'declined' | 'processing';

export function sandboxOutcome(cardNumber: string): SandboxOutcome {
  if (cardNumber === SANDBOX_CARDS.success) return 'success';
  if (cardNumber === SANDBOX_CARDS.timeout) return 'processing';
  return 'declined';
}

/**
 * The built-in provider that makes the demo sell packages with no keys and no internet: its
 * checkout is the web app's card form, its "card network" the test numbers of SANDBOX_CARDS, and
 * it reports the outcome as a webhook signed with a secret only the server knows — verified by
 * the same path as every real provider's, so replays and races are handled the same way.
 */
export class SandboxProvider implements PaymentProvider {
  readonly gateway = 'sandbox' as const;
  readonly publicKey = '';

  constructor(
    private readonly secret: () => Promise<string>,
    private readonly checkoutPage: (paymentId: number) => string,
  ) {}

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    return { orderId: `sbx_${request.paymentId}_${Date.now().toString(36)}`, checkoutUrl: this.checkoutPage(request.paymentId) };
  }

  /** The signed event the sandbox's network sends for a charge of `orderId`. */
  async signEvent(event: { eventId: string; orderId: string; status: 'success' | 'failed' | 'refunded'; transactionId: string | null }): Promise<{ body: Buffer; signature: string }> {
    const body = Buffer.from(JSON.stringify({ id: event.eventId, type: `charge.${event.status}`, order_id: event.orderId, transaction_id: event.transactionId }));
    return { body, signature: sign(await this.secret(), body) };
  }

  /** The sandbox's network gives the money back at once; the same payment asked twice gets the same refund. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.orderId.startsWith('sbx_')) throw new Error('The sandbox did not take this payment');
    return { refundId: `sbx_rfnd_${request.paymentId}`, providerStatus: 'succeeded' };
  }

  async verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent | null> {
    const given = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof given !== 'string') return null;
    const expected = Buffer.from(sign(await this.secret(), rawBody));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
    const data = JSON.parse(rawBody.toString('utf8')) as { id?: unknown; type?: unknown; order_id?: unknown; transaction_id?: unknown };
    const status = { 'charge.success': 'success', 'charge.failed': 'failed', 'charge.refunded': 'refunded' }[String(data.type)] as ProviderEvent['status'] | undefined;
    if (typeof data.id !== 'string' || typeof data.order_id !== 'string' || !status) return null;
    return { gateway: 'sandbox', eventId: data.id, orderId: data.order_id, status, transactionId: typeof data.transaction_id === 'string' ? data.transaction_id : null };
  }
}

function sign(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
