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
 * One payment provider: starts a checkout for a payment, and turns a webhook request into a
 * verified event — or refuses it (null) when its signature does not hold. Secret keys stay inside.
 */
export interface PaymentProvider {
  readonly gateway: PaymentProviderName;
  /** The key a browser may see (publishable key, client id), if any. */
  readonly publicKey: string;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** `rawBody` exactly as received: signatures are over the bytes. Null when it cannot be verified. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent | null>;
}
