import {
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  createPaymentIntentBody,
  envelope,
  errorResponse,
  flutterwaveCheckoutAnswer,
  flutterwaveCheckoutBody,
  legacyPaymentIntentBody,
  listEnvelope,
  paymentDetailsQuery,
  paymentIntentAnswer,
  paymentReturnParams,
  paymentSettings,
  paymentStatusQuery,
  paymentTransaction,
  paymentTransactionFailBody,
  paypalCheckoutQuery,
  sandboxPayBody,
} from '@estate/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import { forwardPage } from './pages.ts';
import type { PaymentService } from './service.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 502: errorResponse };

/** Per buyer: starting checkouts and paying are cheap to ask for and costly to serve. */
const perBuyer = (name: string, max: number) => ({ max, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `${name}:${request.viewer?.id ?? request.ip}` });

export async function paymentRoutes(app: App, { payments }: { payments: PaymentService }) {
  app.get('/get_payment_settings', {
    onRequest: requireViewer,
    schema: { tags: ['payments'], summary: 'Which payment providers are on, with their public keys only', security: [{ bearer: [] }], response: { 200: envelope(paymentSettings), 401: errorResponse } },
    handler: async () => ok(await payments.publicSettings()),
  });

  app.post('/create-payment-intent', {
    onRequest: requireViewer,
    config: { rateLimit: perBuyer('checkout', 60) },
    schema: {
      tags: ['payments'],
      summary: 'Start paying for a package (the amount comes from the package); a free package is granted at once. A second call for the same package within 30 minutes answers the same checkout',
      security: [{ bearer: [] }],
      body: createPaymentIntentBody,
      response: { 200: envelope(paymentIntentAnswer), ...refusals },
    },
    handler: async (request) => ok(await payments.createIntent(request.body, contextOf(request)), 'Payment started'),
  });

  app.post('/createPaymentIntent', {
    onRequest: requireViewer,
    config: { rateLimit: perBuyer('checkout', 60) },
    schema: {
      tags: ['payments'],
      summary: 'The older create-payment-intent: its amount, currency and shipping fields are ignored; the package decides',
      security: [{ bearer: [] }],
      body: legacyPaymentIntentBody,
      response: { 200: envelope(paymentIntentAnswer), ...refusals },
    },
    handler: async (request) => ok(await payments.createIntent({ package_id: request.body.package_id, platform_type: 'web' }, contextOf(request)), 'Payment started'),
  });

  app.post('/payment-transaction-fail', {
    onRequest: requireViewer,
    schema: { tags: ['payments'], summary: 'Give up on one’s own pending payment', security: [{ bearer: [] }], body: paymentTransactionFailBody, response: { 200: envelope(paymentTransaction), ...refusals } },
    handler: async (request) => ok(await payments.markFailed(request.body.payment_transaction_id, contextOf(request)), 'Payment marked as failed'),
  });

  app.get('/payment-status', {
    onRequest: requireViewer,
    schema: { tags: ['payments'], summary: 'One of one’s own payments (ours: the checkout’s progress view asks until it is settled)', security: [{ bearer: [] }], querystring: paymentStatusQuery, response: { 200: envelope(paymentTransaction), ...refusals } },
    handler: async (request) => ok(await payments.transaction(request.query.payment_transaction_id, contextOf(request))),
  });

  app.get('/get_payment_details', {
    onRequest: requireViewer,
    schema: { tags: ['payments'], summary: 'One’s payments, newest first', security: [{ bearer: [] }], querystring: paymentDetailsQuery, response: { 200: listEnvelope(paymentTransaction), 400: errorResponse, 401: errorResponse } },
    handler: async (request) => {
      const { data, total } = await payments.history(request.query.limit, request.query.offset, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });

  app.post('/sandbox-pay', {
    onRequest: requireViewer,
    config: { rateLimit: perBuyer('sandbox-pay', 60) },
    schema: {
      tags: ['payments'],
      summary: 'The built-in sandbox’s card form (ours): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 0119 never settles',
      security: [{ bearer: [] }],
      body: sandboxPayBody,
      response: { 200: envelope(paymentTransaction), ...refusals },
    },
    handler: async (request) => ok(await payments.sandboxPay(request.body, contextOf(request)), 'Payment sent'),
  });

  app.get('/paypal', {
    onRequest: requireViewer,
    config: { rateLimit: perBuyer('checkout', 60) },
    schema: {
      tags: ['payments'],
      summary: 'An HTML page that sends the browser to PayPal’s checkout for a package (the amount is ignored: the package decides); a free package is granted at once',
      security: [{ bearer: [] }],
      querystring: paypalCheckoutQuery,
      response: { 200: z.string().describe('text/html'), ...refusals },
    },
    handler: async (request, reply) => {
      const { payment_intent: intent } = await payments.createIntent({ package_id: request.query.package_id, platform_type: request.query.platform_type, payment_method: 'paypal' }, contextOf(request));
      const page = intent.checkout_url
        ? forwardPage({ title: 'Continue to PayPal', text: 'You are being taken to PayPal to pay for your package.', href: intent.checkout_url, link: 'Continue to PayPal' })
        : forwardPage({ title: 'Package active', text: 'This package is free and is now yours.', href: '/subscription-plan', link: 'See your plan' });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  });

  app.post('/flutterwave', {
    onRequest: requireViewer,
    config: { rateLimit: perBuyer('checkout', 60) },
    schema: {
      tags: ['payments'],
      summary: 'Flutterwave’s checkout link for a package (the amount comes from the package); a free package is granted at once and has no link',
      security: [{ bearer: [] }],
      body: flutterwaveCheckoutBody,
      response: { 200: envelope(flutterwaveCheckoutAnswer), ...refusals },
    },
    handler: async (request) => {
      const answer = await payments.createIntent({ ...request.body, payment_method: 'flutterwave' }, contextOf(request));
      return ok({ link: answer.payment_intent.checkout_url, ...answer }, 'Payment link created');
    },
  });

  app.get('/payment-return/:payment_transaction_id', {
    config: { rateLimit: perBuyer('payment-return', 120) },
    schema: {
      tags: ['payments'],
      summary: 'Where PayPal, Paystack, Flutterwave (and Stripe’s redirect methods) send the buyer back (ours): the order is asked of the provider’s API — PayPal’s is captured — and settled exactly once, then an HTML page sends the browser to the checkout’s progress view',
      params: paymentReturnParams,
      response: { 200: z.string().describe('text/html'), 404: errorResponse },
    },
    handler: async (request, reply) => {
      const { paymentId } = await payments.confirmReturn(request.params.payment_transaction_id);
      const page = forwardPage({ title: 'Checking your payment', text: 'Taking you back to see how your payment went.', href: `/subscription-plan/checkout/${paymentId}`, link: 'Continue' });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  });

  // Razorpay's hosted checkout posts the buyer back (razorpay_payment_id, razorpay_order_id,
  // razorpay_signature, or error[…]): what it posted is not trusted — the order is asked of Razorpay's API.
  app.post('/payment-return/:payment_transaction_id', {
    config: { rateLimit: perBuyer('payment-return', 120) },
    schema: {
      tags: ['payments'],
      summary: 'Where Razorpay’s hosted checkout posts the buyer back (its callback_url; ours): as the GET, the order is asked of Razorpay’s API and settled exactly once, then an HTML page sends the browser to the checkout’s progress view',
      params: paymentReturnParams,
      response: { 200: z.string().describe('text/html'), 404: errorResponse },
    },
    handler: async (request, reply) => {
      const { paymentId } = await payments.confirmReturn(request.params.payment_transaction_id);
      const page = forwardPage({ title: 'Checking your payment', text: 'Taking you back to see how your payment went.', href: `/subscription-plan/checkout/${paymentId}`, link: 'Continue' });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  });

  // Providers' webhooks: the body is kept as the bytes that arrived, since signatures are over them.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/:gateway', {
      schema: {
        tags: ['payments'],
        summary: 'Where each payment provider sends its events (register /api/webhooks/<provider> with it); only verified events count, each once',
        params: z.object({ gateway: z.enum(PAYMENT_PROVIDERS, { error: `gateway must be one of ${PAYMENT_PROVIDERS.join(', ')}` }) }),
        response: { 200: envelope(z.object({ received: z.boolean() })), 400: errorResponse },
      },
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verified = await payments.webhook((request.params as { gateway: PaymentProviderName }).gateway, body, request.headers);
        if (!verified) return reply.code(400).send({ error: true, message: 'The event could not be verified.' });
        return ok({ received: true }, 'Event received');
      },
    });
  });
}
