import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { toMinorUnits } from '../service.ts';

/**
 * What the REST providers share: JSON calls with a time limit whose failures name the provider,
 * the call and its status but never a key, signatures compared in constant time, and money in the
 * units each API counts.
 */

export type Headers = Record<string, string | string[] | undefined>;

/** A provider's refusal: its status and its own short error code, never the request's secrets. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly code: string | null,
    what: string,
  ) {
    super(`${provider} answered ${status}${code ? ` (${code})` : ''} to ${what}`);
    this.name = 'ProviderError';
  }
}

export interface JsonCall {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** One call to a provider's REST API; the answer is checked against `answer` before it is used. */
export async function callJson<T extends z.ZodType>(provider: string, url: string, call: JsonCall, answer: T): Promise<z.infer<T>> {
  const what = `${call.method} ${new URL(url).pathname}`;
  let res: Response;
  try {
    res = await fetch(url, { method: call.method, headers: { accept: 'application/json', ...call.headers }, body: call.body, signal: AbortSignal.timeout(call.timeoutMs), redirect: 'error' });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${call.timeoutMs} ms` : 'unreachable';
    throw new Error(`${provider} ${reason} for ${what}`);
  }
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw new ProviderError(provider, res.status, errorCodeOf(data), what);
  const parsed = answer.safeParse(data);
  if (!parsed.success) throw new Error(`${provider} answered ${what} in an unexpected shape (${parsed.error.issues.map((i) => i.path.join('.') || 'body').slice(0, 3).join(', ')})`);
  return parsed.data;
}

/** The short machine-readable code providers put in their errors (PayPal's issue, Razorpay's code…), cut short. */
function errorCodeOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { name?: unknown; details?: { issue?: unknown }[]; error?: { code?: unknown; reason?: unknown } | unknown; message?: unknown };
  const error = d.error && typeof d.error === 'object' ? (d.error as { code?: unknown; reason?: unknown }) : null;
  const found = [d.details?.[0]?.issue, d.name, typeof d.error === 'string' ? d.error : undefined, error?.code, error?.reason, d.message].find((v) => typeof v === 'string' && v.length > 0) as string | undefined;
  return found ? found.replace(/\s+/g, ' ').slice(0, 80) : null;
}

/** A request header's single value. */
export function headerOf(headers: Headers, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether `given` equals `expected`, in time that depends on neither (both are hashed to one length first). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Hex HMAC of the bytes as received. */
export function hmacHex(algorithm: 'sha256' | 'sha512', secret: string, body: Buffer | string): string {
  return createHmac(algorithm, secret).update(body).digest('hex');
}

/** How many digits after the point a currency's amounts have, as the providers count them. */
export function decimalsOf(currency: string): 0 | 2 {
  return toMinorUnits(1, currency) === 1 ? 0 : 2;
}

/** Minor units as the decimal string PayPal and Flutterwave take (`1999` INR → `19.99`). */
export function majorUnits(amountMinor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return decimals === 0 ? String(amountMinor) : (amountMinor / 100).toFixed(2);
}

/** An amount a provider gives in major units, in minor units. */
export function minorOf(amountMajor: number, currency: string): number {
  return toMinorUnits(amountMajor, currency);
}

/**
 * Our own reference for providers where we name the transaction (Flutterwave's tx_ref, Paystack's
 * reference): it carries the amount and currency the payment was started for, so a verified
 * answer can be checked against them without trusting anything the buyer's browser sent.
 */
export function ourReference(prefix: string, paymentId: number, amountMinor: number, currency: string, nonce: string): string {
  return `${prefix}-${paymentId}-${amountMinor}-${currency.toUpperCase()}-${nonce}`;
}

export function readReference(prefix: string, reference: string): { paymentId: number; amountMinor: number; currency: string } | null {
  const match = new RegExp(`^${prefix}-(\\d+)-(\\d+)-([A-Z]{3})-[a-z0-9]+$`).exec(reference);
  return match ? { paymentId: Number(match[1]), amountMinor: Number(match[2]), currency: match[3] } : null;
}

/** Providers that need an e-mail (Paystack, Flutterwave) get this one for a buyer who signed up by phone. */
export function emailFor(customer: { id: number; email: string | null }, returnUrl: string): string {
  if (customer.email) return customer.email;
  const host = new URL(returnUrl).hostname;
  return `buyer-${customer.id}@${host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'example.com'}`;
}
