// Local stand-ins of the five payment providers' HTTP APIs, started by the tests: each answers the
// calls our adapters make (with the provider's authentication checked and its answer shapes), keeps
// what the buyer "did" on the provider's page, and signs webhooks the way that provider does —
// Stripe's t=…,v1=HMAC-SHA256, PayPal's RSA transmission signature checked by its verify call,
// Flutterwave's verif-hash, Razorpay's HMAC-SHA256 and Paystack's HMAC-SHA512 of the raw body.
import { createHmac, generateKeyPairSync, randomBytes, createSign, createVerify } from 'node:crypto';
import http from 'node:http';

export interface SignedWebhook {
  body: Buffer;
  headers: Record<string, string>;
}

interface Incoming {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** JSON by default; `html` answers a page (the providers' own checkout pages a browser journey walks through), `location` a redirect. */
type Answer = { status: number; body: unknown; html?: boolean; location?: string };
type Handler = (req: Incoming) => Answer | Promise<Answer>;

const id = (prefix: string, length = 14) => `${prefix}${randomBytes(length).toString('hex').slice(0, length)}`;
const json = (status: number, body: unknown): Answer => ({ status, body });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A provider's page as a browser sees it: a heading, then the given body (already escaped). */
const page = (status: number, title: string, body: string): Answer => ({
  status,
  html: true,
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
});
const hiddenFields = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');

/** A node:http server on a free loopback port; every request it answered is kept in `calls`. */
async function serve(handler: Handler) {
  const calls: Incoming[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const incoming = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) };
      calls.push(incoming);
      try {
        const answer = await handler(incoming);
        if (answer.location) res.writeHead(answer.status, { location: answer.location }).end();
        else if (answer.html) res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' }).end(String(answer.body));
        else res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: (err as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const bearer = (req: Incoming) => /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
const basic = (req: Incoming) => {
  const encoded = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
  return encoded ? Buffer.from(encoded, 'base64').toString('utf8') : undefined;
};
const bodyJson = (req: Incoming) => JSON.parse(req.body.toString('utf8') || '{}');

// ------------------------------------------------------------------------------------------ Stripe

export async function startStripe() {
  const keys = { secret: `sk_test_${randomBytes(12).toString('hex')}`, publishable: `pk_test_${randomBytes(12).toString('hex')}`, webhook: `whsec_${randomBytes(16).toString('hex')}` };
  const intents = new Map<string, Record<string, unknown> & { id: string; amount: number; currency: string; status: string }>();
  const byIdempotencyKey = new Map<string, string>();
  /** Refunds made through POST /v1/refunds (the console's), and by idempotency key. */
  const refunds: Record<string, unknown>[] = [];
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const server = await serve((req) => {
    if (bearer(req) !== keys.secret) return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const again = key ? byIdempotencyKey.get(key) : undefined;
      if (again) return json(200, intents.get(again));
      const form = new URLSearchParams(req.body.toString('utf8'));
      const intentId = id('pi_', 24);
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: String(form.get('currency')),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        metadata: { payment_id: form.get('metadata[payment_id]') },
        automatic_payment_methods: { enabled: form.get('automatic_payment_methods[enabled]') === 'true' },
        description: form.get('description'),
        latest_charge: null as string | null,
        last_payment_error: null as unknown,
        livemode: false,
      };
      intents.set(intentId, intent);
      if (key) byIdempotencyKey.set(key, intentId);
      return json(200, intent);
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const again = key ? refundsByKey.get(key) : undefined;
      if (again) return json(200, again);
      const form = new URLSearchParams(req.body.toString('utf8'));
      const intent = intents.get(String(form.get('payment_intent')));
      if (!intent) return json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      if (intent.status !== 'succeeded') return json(400, { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund.' } });
      if (intent.refunded) return json(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
      intent.refunded = true;
      const refund = { id: id('re_', 24), object: 'refund', amount: intent.amount, currency: intent.currency, charge: intent.latest_charge, payment_intent: intent.id, status: 'succeeded', metadata: { payment_id: form.get('metadata[payment_id]') } };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      return json(200, refund);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]);
      return intent ? json(200, intent) : json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
    }
    return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.path})` } });
  });

  /** Stripe's signature: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint secret>`. */
  const sign = (payload: object, secret = keys.webhook): SignedWebhook => {
    const body = Buffer.from(JSON.stringify(payload, null, 2));
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body.toString('utf8')}`).digest('hex');
    return { body, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${v1}` } };
  };
  const event = (type: string, object: unknown) => ({ id: id('evt_', 24), object: 'event', api_version: '2026-01-01', created: Math.floor(Date.now() / 1000), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } });

  return {
    ...server,
    keys,
    env: { STRIPE_SECRET_KEY: keys.secret, STRIPE_PUBLISHABLE_KEY: keys.publishable, STRIPE_WEBHOOK_SECRET: keys.webhook, STRIPE_API_URL: server.url },
    intents,
    refunds,
    sign,
    /** The buyer confirms in the Payment Element; Stripe settles it and sends the event. */
    pay(intentId: string, outcome: 'succeeded' | 'declined'): SignedWebhook {
      const intent = intents.get(intentId)!;
      if (outcome === 'succeeded') Object.assign(intent, { status: 'succeeded', latest_charge: id('ch_', 24), last_payment_error: null });
      else Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
      return sign(event(outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent));
    },
    refund(intentId: string, amount?: number): SignedWebhook {
      const intent = intents.get(intentId)!;
      const refunded = amount ?? intent.amount;
      const charge = { id: intent.latest_charge, object: 'charge', amount: intent.amount, amount_refunded: refunded, currency: intent.currency, payment_intent: intent.id, refunded: refunded >= intent.amount, status: 'succeeded' };
      return sign(event('charge.refunded', charge));
    },
    event,
  };
}

// ------------------------------------------------------------------------------------------ PayPal

/** CRC-32 (IEEE), as PayPal puts in the signed transmission string. */
function crc32(text: string): number {
  let crc = ~0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

interface PaypalOrder {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id: string;
  outcome: 'COMPLETED' | 'DECLINED' | null;
  capture: { id: string; status: string; amount: { currency_code: string; value: string }; supplementary_data: { related_ids: { order_id: string } } } | null;
  captureRequestId: string | null;
  returnUrl: string;
}

export async function startPaypal() {
  const keys = { clientId: `AZ${randomBytes(16).toString('hex')}`, clientSecret: `EL${randomBytes(20).toString('hex')}`, webhookId: `WH-${randomBytes(8).toString('hex').toUpperCase()}` };
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const orders = new Map<string, PaypalOrder>();
  const byRequestId = new Map<string, string>();
  const captures = new Map<string, PaypalOrder>();
  /** Refunds made through a capture's refund call (the console's). */
  const refunds: { id: string; status: string; request_id: string }[] = [];
  const notFound = json(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }], message: 'The specified resource does not exist.' });
  let url = '';

  const orderView = (order: PaypalOrder) => ({
    id: order.id,
    status: order.status,
    purchase_units: [{ reference_id: `payment-${order.custom_id}`, amount: order.amount, custom_id: order.custom_id, ...(order.capture ? { payments: { captures: [order.capture] } } : {}) }],
    links: [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ],
  });

  const server = await serve((req) => {
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      if (basic(req) !== `${keys.clientId}:${keys.clientSecret}`) return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (req.body.toString('utf8') !== 'grant_type=client_credentials') return json(400, { error: 'unsupported_grant_type' });
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return json(200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: 32400, nonce: randomBytes(8).toString('hex') });
    }
    // The buyer's browser on PayPal's approval page (the order's payer-action link), for browser journeys.
    if (req.method === 'GET' && req.path === '/checkoutnow') {
      const order = orders.get(req.query.get('token') ?? '');
      if (!order) return page(404, 'PayPal', '<p>This checkout does not exist.</p>');
      const approve = (outcome: string) => `/checkoutnow/approve?token=${encodeURIComponent(order.id)}&outcome=${outcome}`;
      return page(
        200,
        'PayPal (stand-in)',
        `<p>Pay ${escapeHtml(order.amount.value)} ${escapeHtml(order.amount.currency_code)}</p><p><a href="${escapeHtml(approve('COMPLETED'))}">Approve the payment</a></p><p><a href="${escapeHtml(approve('DECLINED'))}">Approve with a card that will be declined</a></p>`,
      );
    }
    if (req.method === 'GET' && req.path === '/checkoutnow/approve') {
      const order = orders.get(req.query.get('token') ?? '');
      if (!order?.returnUrl) return page(404, 'PayPal', '<p>This checkout does not exist.</p>');
      order.outcome = req.query.get('outcome') === 'DECLINED' ? 'DECLINED' : 'COMPLETED';
      order.status = 'APPROVED';
      // As PayPal does: back to return_url with the order as `token` and the payer's id.
      const back = new URL(order.returnUrl);
      back.searchParams.set('token', order.id);
      back.searchParams.set('PayerID', 'STANDINPAYER');
      return { status: 302, body: null, location: back.toString() };
    }
    if (!tokens.has(bearer(req) ?? '')) return json(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });

    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const again = requestId ? byRequestId.get(requestId) : undefined;
      if (again) return json(200, orderView(orders.get(again)!));
      const body = bodyJson(req);
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !/^\d+(\.\d{2})?$/.test(unit.amount.value)) return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
      const order: PaypalOrder = { id: randomBytes(9).toString('hex').toUpperCase(), status: 'PAYER_ACTION_REQUIRED', amount: unit.amount, custom_id: unit.custom_id, outcome: null, capture: null, captureRequestId: null, returnUrl: body.payment_source?.paypal?.experience_context?.return_url };
      orders.set(order.id, order);
      if (requestId) byRequestId.set(requestId, order.id);
      return json(200, orderView(order));
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(capture[1]);
      if (!order) return notFound;
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      if (order.capture) return order.captureRequestId === requestId ? json(201, orderView(order)) : json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      if (!order.outcome) return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      order.capture = { id: randomBytes(9).toString('hex').toUpperCase(), status: order.outcome, amount: order.amount, supplementary_data: { related_ids: { order_id: order.id } } };
      order.captureRequestId = requestId;
      order.status = 'COMPLETED';
      captures.set(order.capture.id, order);
      return json(201, orderView(order));
    }
    const getOrder = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && getOrder) {
      const order = orders.get(getOrder[1]);
      return order ? json(200, orderView(order)) : notFound;
    }
    const refundCapture = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refundCapture) {
      const order = captures.get(refundCapture[1]);
      if (!order?.capture || order.capture.status !== 'COMPLETED') return order ? json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] }) : notFound;
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const refund = { id: randomBytes(9).toString('hex').toUpperCase(), status: 'COMPLETED', amount: order.amount, request_id: requestId };
      refunds.push(refund);
      order.capture.status = 'REFUNDED';
      return json(201, refund);
    }
    const getCapture = /^\/v2\/payments\/captures\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && getCapture) {
      const order = captures.get(getCapture[1]);
      return order?.capture ? json(200, order.capture) : notFound;
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const body = bodyJson(req);
      const message = `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(JSON.stringify(body.webhook_event))}`;
      const verifier = createVerify('sha256').update(message);
      let valid = false;
      try {
        valid = body.auth_algo === 'SHA256withRSA' && body.webhook_id === keys.webhookId && verifier.verify(publicKey, String(body.transmission_sig), 'base64');
      } catch {
        valid = false;
      }
      return json(200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
    }
    return notFound;
  });
  url = server.url;

  /** PayPal's transmission signature: RSA-SHA256 over `id|time|webhook id|crc32(body)`, checked by its verify call. */
  const sign = (event: object, webhookId = keys.webhookId): SignedWebhook => {
    const body = Buffer.from(JSON.stringify(event));
    const transmissionId = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    const signature = createSign('sha256').update(`${transmissionId}|${time}|${webhookId}|${crc32(body.toString('utf8'))}`).sign(privateKey, 'base64');
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-standin`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      },
    };
  };
  const event = (eventType: string, resourceType: string, resource: object) => ({ id: `WH-${randomBytes(10).toString('hex').toUpperCase()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: resourceType, event_type: eventType, summary: eventType, resource });

  return {
    ...server,
    keys,
    refunds,
    env: { PAYPAL_CLIENT_ID: keys.clientId, PAYPAL_CLIENT_SECRET: keys.clientSecret, PAYPAL_WEBHOOK_ID: keys.webhookId, PAYPAL_API_URL: server.url },
    orders,
    sign,
    event,
    revokeTokens: () => tokens.clear(),
    /** The buyer approves on PayPal's page; the capture will complete or be declined. */
    approve(orderId: string, outcome: 'COMPLETED' | 'DECLINED' = 'COMPLETED') {
      const order = orders.get(orderId)!;
      order.outcome = outcome;
      order.status = 'APPROVED';
      return sign(event('CHECKOUT.ORDER.APPROVED', 'checkout-order', { id: order.id, status: 'APPROVED', intent: 'CAPTURE' }));
    },
    /** The capture's own webhook, once it happened. */
    captureEvent(orderId: string): SignedWebhook {
      const order = orders.get(orderId)!;
      return sign(event(order.capture!.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', 'capture', order.capture!));
    },
    refund(orderId: string, full = true): SignedWebhook {
      const order = orders.get(orderId)!;
      order.capture!.status = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      const refundId = randomBytes(9).toString('hex').toUpperCase();
      return sign(event('PAYMENT.CAPTURE.REFUNDED', 'refund', { id: refundId, status: 'COMPLETED', amount: order.amount, links: [{ href: `${url}/v2/payments/refunds/${refundId}`, rel: 'self' }, { href: `${url}/v2/payments/captures/${order.capture!.id}`, rel: 'up' }] }));
    },
  };
}

// ------------------------------------------------------------------------------------------ Flutterwave

interface FlutterwaveTx {
  id: number;
  tx_ref: string;
  flw_ref: string;
  amount: number;
  currency: string;
  status: string;
}

export async function startFlutterwave() {
  const keys = { secret: `FLWSECK_TEST-${randomBytes(16).toString('hex')}-X`, public: `FLWPUBK_TEST-${randomBytes(16).toString('hex')}-X`, hash: randomBytes(16).toString('hex') };
  const byRef = new Map<string, FlutterwaveTx>();
  const byId = new Map<number, FlutterwaveTx>();
  /** Refunds made through a transaction's refund call (the console's). */
  const refunds: { id: number; tx_id: number; amount_refunded: number; status: string }[] = [];
  let next = 4_000_000;
  const view = (tx: FlutterwaveTx) => ({ status: 'success', message: 'Transaction fetched successfully', data: { ...tx, charged_amount: tx.amount, app_fee: 0, payment_type: 'card', created_at: new Date().toISOString() } });
  const missing = json(400, { status: 'error', message: 'No transaction was found for this id', data: null });
  const server = await serve((req) => {
    if (bearer(req) !== keys.secret) return json(401, { status: 'error', message: 'Invalid authorization key', data: null });
    if (req.method === 'POST' && req.path === '/v3/payments') {
      const body = bodyJson(req);
      if (!body.tx_ref || !body.amount || !body.customer?.email || !body.redirect_url) return json(400, { status: 'error', message: 'Missing fields', data: null });
      const tx: FlutterwaveTx = { id: next++, tx_ref: body.tx_ref, flw_ref: `FLW-MOCK-${randomBytes(8).toString('hex')}`, amount: Number(body.amount), currency: body.currency, status: 'pending' };
      byRef.set(tx.tx_ref, tx);
      byId.set(tx.id, tx);
      return json(200, { status: 'success', message: 'Hosted Link', data: { link: `${server.url}/v3/hosted/pay/${randomBytes(10).toString('hex')}` } });
    }
    const verify = /^\/v3\/transactions\/(\d+)\/verify$/.exec(req.path);
    if (req.method === 'GET' && verify) {
      const tx = byId.get(Number(verify[1]));
      return tx ? json(200, view(tx)) : missing;
    }
    const refund = /^\/v3\/transactions\/(\d+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refund) {
      const tx = byId.get(Number(refund[1]));
      if (!tx) return missing;
      if (tx.status !== 'successful') return json(400, { status: 'error', message: 'Transaction cannot be refunded', data: null });
      tx.status = 'refunded';
      const made = { id: next++, tx_id: tx.id, amount_refunded: Number(bodyJson(req).amount ?? tx.amount), status: 'completed', flw_ref: tx.flw_ref };
      refunds.push(made);
      return json(200, { status: 'success', message: 'Transaction refund initiated', data: made });
    }
    if (req.method === 'GET' && req.path === '/v3/transactions/verify_by_reference') {
      const tx = byRef.get(req.query.get('tx_ref') ?? '');
      return tx ? json(200, view(tx)) : missing;
    }
    return json(404, { status: 'error', message: 'Not found', data: null });
  });
  const sign = (payload: object, hash = keys.hash): SignedWebhook => ({ body: Buffer.from(JSON.stringify(payload)), headers: { 'content-type': 'application/json', 'verif-hash': hash } });
  return {
    ...server,
    keys,
    refunds,
    env: { FLUTTERWAVE_SECRET_KEY: keys.secret, FLUTTERWAVE_PUBLIC_KEY: keys.public, FLUTTERWAVE_WEBHOOK_HASH: keys.hash, FLUTTERWAVE_API_URL: server.url },
    byRef,
    sign,
    /** The buyer pays on the hosted page; Flutterwave sends charge.completed. `amount` pays another sum than asked. */
    pay(txRef: string, outcome: 'successful' | 'failed', amount?: number): SignedWebhook {
      const tx = byRef.get(txRef)!;
      tx.status = outcome;
      if (amount !== undefined) tx.amount = amount;
      return sign({ event: 'charge.completed', data: { id: tx.id, tx_ref: tx.tx_ref, flw_ref: tx.flw_ref, amount: tx.amount, currency: tx.currency, charged_amount: tx.amount, status: tx.status, payment_type: 'card', customer: { email: 'buyer@example.com' } }, 'event.type': 'CARD_TRANSACTION' });
    },
  };
}

// ------------------------------------------------------------------------------------------ Razorpay

interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  order_id: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: string | null;
  error_code: string | null;
  method: 'card';
}

export async function startRazorpay() {
  const keys = { keyId: `rzp_test_${randomBytes(7).toString('hex')}`, keySecret: randomBytes(12).toString('hex'), webhookSecret: randomBytes(12).toString('hex') };
  const orders = new Map<string, { id: string; amount: number; currency: string; receipt: string; status: string; payments: RazorpayPayment[] }>();
  /** Refunds made through a payment's refund call (the console's). */
  const refunds: { id: string; amount: number; payment_id: string; receipt: string | null; status: string }[] = [];
  /** The buyer paid (or was declined) for an order: the payment Razorpay records. */
  const record = (orderId: string, outcome: 'captured' | 'failed'): RazorpayPayment => {
    const order = orders.get(orderId)!;
    const payment: RazorpayPayment = { id: `pay_${randomBytes(7).toString('hex')}`, entity: 'payment', amount: order.amount, currency: order.currency, status: outcome, order_id: order.id, captured: outcome === 'captured', amount_refunded: 0, refund_status: null, error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null, method: 'card' };
    order.payments.push(payment);
    if (outcome === 'captured') order.status = 'paid';
    return payment;
  };
  const server = await serve((req) => {
    // Razorpay's hosted checkout, as the browser sees it: the merchant's form is posted here; the
    // buyer pays (or is declined) and is posted back to callback_url as Razorpay does.
    if (req.method === 'POST' && (req.path === '/v1/checkout/embedded' || req.path === '/v1/checkout/embedded/pay')) {
      const form = new URLSearchParams(req.body.toString('utf8'));
      const order = orders.get(form.get('order_id') ?? '');
      const callback = form.get('callback_url') ?? '';
      if (!order || !/^https?:\/\//.test(callback) || (req.path === '/v1/checkout/embedded' && form.get('key_id') !== keys.keyId)) return page(400, 'Razorpay', '<p>Invalid checkout request.</p>');
      if (req.path === '/v1/checkout/embedded') {
        const pay = (outcome: string, label: string) =>
          `<form method="post" action="/v1/checkout/embedded/pay">${hiddenFields({ order_id: order.id, callback_url: callback, outcome })}<button type="submit">${escapeHtml(label)}</button></form>`;
        const cancel = form.get('cancel_url');
        return page(
          200,
          'Razorpay (stand-in)',
          `<p>${escapeHtml(form.get('name') ?? '')}: ${escapeHtml(form.get('description') ?? '')}</p><p>Pay ${(order.amount / 100).toFixed(2)} ${escapeHtml(order.currency)}</p>${pay('captured', 'Pay now')}${pay('failed', 'Pay with a card that will be declined')}${cancel && /^https?:\/\//.test(cancel) ? `<p><a href="${escapeHtml(cancel)}">Cancel</a></p>` : ''}`,
        );
      }
      const payment = record(order.id, form.get('outcome') === 'failed' ? 'failed' : 'captured');
      // Razorpay's callback: the payment, the order and their signature (HMAC-SHA256 of "order|payment" with the key secret), or the error.
      const fields: Record<string, string> =
        payment.status === 'captured'
          ? { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: createHmac('sha256', keys.keySecret).update(`${order.id}|${payment.id}`).digest('hex') }
          : { 'error[code]': 'BAD_REQUEST_ERROR', 'error[description]': 'Your payment was declined by the bank.', 'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: order.id }) };
      return page(200, 'Razorpay (stand-in)', `<p>${payment.status === 'captured' ? 'Payment successful' : 'Payment failed'}</p><form method="post" action="${escapeHtml(callback)}">${hiddenFields(fields)}<button type="submit">Return to the merchant</button></form>`);
    }
    if (basic(req) !== `${keys.keyId}:${keys.keySecret}`) return json(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', reason: 'NA' } });
    if (req.method === 'POST' && req.path === '/v1/orders') {
      const body = bodyJson(req);
      if (!Number.isInteger(body.amount) || body.amount < 100) return json(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed', reason: 'input_validation_failed' } });
      const order = { id: `order_${randomBytes(7).toString('hex')}`, amount: body.amount, currency: body.currency, receipt: body.receipt, status: 'created', payments: [] as RazorpayPayment[] };
      orders.set(order.id, order);
      return json(200, { id: order.id, entity: 'order', amount: order.amount, amount_paid: 0, amount_due: order.amount, currency: order.currency, receipt: order.receipt, status: 'created', attempts: 0, notes: body.notes ?? {}, created_at: Math.floor(Date.now() / 1000) });
    }
    const refundPayment = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refundPayment) {
      const payment = [...orders.values()].flatMap((o) => o.payments).find((p) => p.id === refundPayment[1]);
      if (!payment) return json(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      if (payment.status !== 'captured') return json(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } });
      const body = bodyJson(req);
      const made = { id: `rfnd_${randomBytes(7).toString('hex')}`, entity: 'refund', amount: Number(body.amount ?? payment.amount), currency: payment.currency, payment_id: payment.id, receipt: body.receipt ?? null, status: 'processed' };
      Object.assign(payment, { status: 'refunded', amount_refunded: made.amount, refund_status: 'full' });
      refunds.push(made);
      return json(200, made);
    }
    const list = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.path);
    if (req.method === 'GET' && list) {
      const order = orders.get(list[1]);
      return order ? json(200, { entity: 'collection', count: order.payments.length, items: order.payments }) : json(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
    }
    return json(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
  });
  /** X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook's secret. */
  const sign = (payload: object, secret = keys.webhookSecret): SignedWebhook => {
    const body = Buffer.from(JSON.stringify(payload));
    return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'), 'x-razorpay-event-id': randomBytes(8).toString('hex') } };
  };
  const event = (name: string, payload: Record<string, { entity: unknown }>) => ({ entity: 'event', account_id: 'acc_StandIn', event: name, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
  return {
    ...server,
    keys,
    refunds,
    env: { RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret, RAZORPAY_API_URL: server.url },
    orders,
    sign,
    event,
    /** The buyer pays in Razorpay Checkout: payment.captured (or payment.failed). */
    pay(orderId: string, outcome: 'captured' | 'failed'): SignedWebhook {
      const payment = record(orderId, outcome);
      return sign(event(outcome === 'captured' ? 'payment.captured' : 'payment.failed', { payment: { entity: payment } }));
    },
    orderPaid(orderId: string): SignedWebhook {
      const order = orders.get(orderId)!;
      const payment = order.payments.find((p) => p.status === 'captured')!;
      return sign(event('order.paid', { payment: { entity: payment }, order: { entity: { id: order.id, entity: 'order', amount: order.amount, amount_paid: order.amount, status: 'paid' } } }));
    },
    refund(orderId: string, amount?: number): SignedWebhook {
      const order = orders.get(orderId)!;
      const payment = order.payments.find((p) => p.status === 'captured' || p.status === 'refunded')!;
      const refunded = amount ?? payment.amount;
      Object.assign(payment, { amount_refunded: refunded, refund_status: refunded >= payment.amount ? 'full' : 'partial', status: refunded >= payment.amount ? 'refunded' : 'captured' });
      return sign(event('refund.processed', { refund: { entity: { id: `rfnd_${randomBytes(7).toString('hex')}`, entity: 'refund', amount: refunded, currency: payment.currency, payment_id: payment.id, status: 'processed' } }, payment: { entity: payment } }));
    },
  };
}

// ------------------------------------------------------------------------------------------ Paystack

export async function startPaystack() {
  const keys = { secret: `sk_test_${randomBytes(20).toString('hex')}`, public: `pk_test_${randomBytes(20).toString('hex')}` };
  const transactions = new Map<string, { id: number; reference: string; amount: number; currency: string; status: string; email: string }>();
  /** Refunds made through POST /refund (the console's). */
  const refunds: { id: number; transaction: number; amount: number; status: string }[] = [];
  let next = 2_100_000;
  const server = await serve((req) => {
    if (bearer(req) !== keys.secret) return json(401, { status: false, message: 'Invalid key' });
    if (req.method === 'POST' && req.path === '/transaction/initialize') {
      const body = bodyJson(req);
      if (!/^\S+@\S+\.\S+$/.test(String(body.email)) || !/^\d+$/.test(String(body.amount))) return json(400, { status: false, message: 'Invalid Email Address Passed' });
      if (transactions.has(body.reference)) return json(400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = randomBytes(8).toString('hex');
      transactions.set(body.reference, { id: next++, reference: body.reference, amount: Number(body.amount), currency: body.currency, status: 'ongoing', email: body.email });
      return json(200, { status: true, message: 'Authorization URL created', data: { authorization_url: `${server.url}/checkout/${accessCode}`, access_code: accessCode, reference: body.reference } });
    }
    if (req.method === 'POST' && req.path === '/refund') {
      const body = bodyJson(req);
      const tx = transactions.get(String(body.transaction));
      if (!tx) return json(400, { status: false, message: 'Transaction reference not found' });
      if (tx.status !== 'success') return json(400, { status: false, message: 'Transaction has been fully reversed' });
      tx.status = 'reversed';
      const made = { id: next++, transaction: tx.id, amount: Number(body.amount ?? tx.amount), currency: tx.currency, status: 'pending' };
      refunds.push(made);
      return json(200, { status: true, message: 'Refund has been queued for processing', data: made });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]));
      return tx ? json(200, { status: true, message: 'Verification successful', data: { ...tx, domain: 'test', gateway_response: tx.status === 'success' ? 'Successful' : 'Declined' } }) : json(400, { status: false, message: 'Transaction reference not found' });
    }
    return json(404, { status: false, message: 'Not found' });
  });
  /** x-paystack-signature: hex HMAC-SHA512 of the raw body with the secret key. */
  const sign = (payload: object, secret = keys.secret): SignedWebhook => {
    const body = Buffer.from(JSON.stringify(payload));
    return { body, headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex') } };
  };
  return {
    ...server,
    keys,
    refunds,
    env: { PAYSTACK_SECRET_KEY: keys.secret, PAYSTACK_PUBLIC_KEY: keys.public, PAYSTACK_API_URL: server.url },
    transactions,
    sign,
    /** The buyer pays on Paystack's page: charge.success, or — Paystack sends nothing for a failed charge — null. */
    pay(reference: string, outcome: 'success' | 'failed'): SignedWebhook | null {
      const tx = transactions.get(reference)!;
      tx.status = outcome;
      if (outcome === 'failed') return null;
      return sign({ event: 'charge.success', data: { id: tx.id, domain: 'test', status: 'success', reference: tx.reference, amount: tx.amount, currency: tx.currency, gateway_response: 'Successful', channel: 'card', customer: { email: tx.email } } });
    },
    refund(reference: string, amount?: number): SignedWebhook {
      const tx = transactions.get(reference)!;
      return sign({ event: 'refund.processed', data: { status: 'processed', transaction_reference: tx.reference, refund_reference: `rf_${randomBytes(5).toString('hex')}`, amount: amount ?? tx.amount, currency: tx.currency, processor: 'stand-in', domain: 'test' } });
    },
  };
}

/** All five at once, with the environment that points the app at them. */
export async function startPaymentStandIns() {
  const [stripe, paypal, flutterwave, razorpay, paystack] = await Promise.all([startStripe(), startPaypal(), startFlutterwave(), startRazorpay(), startPaystack()]);
  return {
    stripe,
    paypal,
    flutterwave,
    razorpay,
    paystack,
    env: { ...stripe.env, ...paypal.env, ...flutterwave.env, ...razorpay.env, ...paystack.env },
    /** Every secret the app was given: none may appear in an answer or a log line. */
    secrets: [stripe.keys.secret, stripe.keys.webhook, paypal.keys.clientSecret, flutterwave.keys.secret, flutterwave.keys.hash, razorpay.keys.keySecret, razorpay.keys.webhookSecret, paystack.keys.secret],
    close: () => Promise.all([stripe.close(), paypal.close(), flutterwave.close(), razorpay.close(), paystack.close()]).then(() => undefined),
  };
}
