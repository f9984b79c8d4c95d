import type { PaymentProviderName, PaymentStatus } from '@estate/core';

/** A payment as a provider is asked to take it: the amount and currency come from the package. */
export interface CheckoutRequest {
  paymentId: number;
  /** Minor units (paise, cents). */
  amountMinor: number;
  currency: string;
  packageName: string;
  customer: { id: number; name: string | null; email: string | null; mobile: string | null };
  /** Absolute URLs on the configured origin the provider sends the browser back to. */
  returnUrl: string;
  cancelUrl: string;
}

/** What a provider answered: its order id and what the client needs to pay. */
export interface CheckoutStart {
  orderId: string;
  clientSecret?: string | null;
  checkoutUrl?: string | null;
  publicKey?: string | null;
  /** The provider's answer, kept on the payment for support (never secrets). */
  payload?: unknown;
}

/** A verified provider event, reduced to what moves a payment. */
export interface ProviderEvent {
  gateway: PaymentProviderName;
  /** Unique per provider: the same event replayed carries the same id. */
  eventId: string;
  orderId: string;
  status: Exclude<PaymentStatus, 'pending'>;
  transactionId: string | null;
  payload?: unknown;
}

/**
 * A verified webhook that moves no payment (an event type we do not act on, a partial refund): it
 * is answered 200 so the provider stops resending it, and nothing changes.
 */
export const IGNORED = Object.freeze({ ignored: true as const });
export type Ignored = typeof IGNORED;

/** A whole payment given back, through the provider that took it. */
export interface RefundRequest {
  paymentId: number;
  /** The provider's order / intent id and its charge (capture, payment) id, as the payment row keeps them. */
  orderId: string;
  transactionId: string | null;
  /** Minor units (paise, cents): the whole amount paid. */
  amountMinor: number;
  currency: string;
}

/** The provider accepted the refund: its id (kept as the payment's transaction id). */
export interface RefundResult {
  refundId: string;
  /** The provider's own word for where the refund stands (e.g. `succeeded`, `PENDING`), for support. */
  providerStatus: string;
}

/**
 * One payment provider: starts a checkout for a payment, and turns a webhook request into a
 * verified event — or refuses it (null) when its signature does not hold. Secret keys stay inside.
 */
export interface PaymentProvider {
  readonly gateway: PaymentProviderName;
  /** The key a browser may see (publishable key, client id), if any. */
  readonly publicKey: string;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /**
   * `rawBody` exactly as received: signatures are over the bytes. Null when it cannot be verified;
   * IGNORED when it is verified but moves nothing.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent | Ignored | null>;
  /**
   * When the buyer's browser comes back from the provider's page: where the order stands, asked of
   * the provider's own API (PayPal captures the approved order here). Null while it is unsettled.
   * A provider that has it is sent back to the server's return route before the checkout view.
   */
  confirmReturn?(orderId: string): Promise<ProviderEvent | null>;
  /**
   * Gives the whole payment back (the console's refund). Idempotent per payment: asked twice, the
   * provider refunds once. Throws when the provider refuses (already refunded elsewhere, too old…).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}
