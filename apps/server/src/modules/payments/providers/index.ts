import type { Config } from '../../../config.ts';
import { FlutterwaveProvider } from './flutterwave.ts';
import { PAYPAL_LIVE_API, PAYPAL_SANDBOX_API, PaypalProvider } from './paypal.ts';
import { PaystackProvider } from './paystack.ts';
import { RazorpayProvider } from './razorpay.ts';
import { StripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

/**
 * The real providers whose keys are set (config checks that each has all of its keys or none), in
 * the order a checkout offers them when the client names none.
 */
export function paymentProvidersOf(config: Config): PaymentProvider[] {
  const timeoutMs = config.PAYMENT_PROVIDER_TIMEOUT_MS;
  const providers: PaymentProvider[] = [];
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    providers.push(new StripeProvider({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL, timeoutMs }));
  }
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_WEBHOOK_ID) {
    const apiUrl = config.PAYPAL_API_URL ?? (config.PAYPAL_MODE === 'live' ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API);
    providers.push(new PaypalProvider({ clientId: config.PAYPAL_CLIENT_ID, clientSecret: config.PAYPAL_CLIENT_SECRET, webhookId: config.PAYPAL_WEBHOOK_ID, apiUrl, timeoutMs }));
  }
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    providers.push(new RazorpayProvider({ keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET, apiUrl: config.RAZORPAY_API_URL, timeoutMs }));
  }
  if (config.PAYSTACK_SECRET_KEY && config.PAYSTACK_PUBLIC_KEY) {
    providers.push(new PaystackProvider({ secretKey: config.PAYSTACK_SECRET_KEY, publicKey: config.PAYSTACK_PUBLIC_KEY, apiUrl: config.PAYSTACK_API_URL, timeoutMs }));
  }
  if (config.FLUTTERWAVE_SECRET_KEY && config.FLUTTERWAVE_PUBLIC_KEY && config.FLUTTERWAVE_WEBHOOK_HASH) {
    providers.push(new FlutterwaveProvider({ secretKey: config.FLUTTERWAVE_SECRET_KEY, publicKey: config.FLUTTERWAVE_PUBLIC_KEY, webhookHash: config.FLUTTERWAVE_WEBHOOK_HASH, apiUrl: config.FLUTTERWAVE_API_URL, timeoutMs }));
  }
  return providers;
}
