import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../../config.ts';
import { paymentProvidersOf } from './index.ts';
import { ProviderError, callJson, emailFor, majorUnits, ourReference, readReference, sameSecret } from './rest.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/nonexistent' };
const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
const paypal = { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'paypal-secret', PAYPAL_WEBHOOK_ID: 'WH-1' };

describe('payment provider settings', () => {
  it('turns on exactly the providers whose keys are all set, in checkout order', () => {
    expect(paymentProvidersOf(loadConfig(base))).toEqual([]);
    const all = loadConfig({
      ...base,
      ...stripe,
      ...paypal,
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK-x',
      FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK-x',
      FLUTTERWAVE_WEBHOOK_HASH: 'hash',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whs',
      PAYSTACK_SECRET_KEY: 'sk_test_p',
      PAYSTACK_PUBLIC_KEY: 'pk_test_p',
    });
    const providers = paymentProvidersOf(all);
    expect(providers.map((p) => [p.gateway, p.publicKey])).toEqual([
      ['stripe', 'pk_test_abc'],
      ['paypal', 'client'],
      ['razorpay', 'rzp_test_x'],
      ['paystack', 'pk_test_p'],
      ['flutterwave', 'FLWPUBK-x'],
    ]);
    // Secret keys are private fields: nothing that serialises a provider sees them.
    expect(JSON.stringify(providers)).not.toMatch(/sk_test_abc|whsec_abc|paypal-secret|FLWSECK|"secret"|whs"|sk_test_p|hash/);
  });

  it('refuses a provider half set up, naming what is missing, and a Stripe key of the wrong kind', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_WEBHOOK_SECRET is required/);
    expect(() => loadConfig({ ...base, PAYPAL_CLIENT_ID: 'c', PAYPAL_CLIENT_SECRET: 's' })).toThrow(/PAYPAL_WEBHOOK_ID is required/);
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_SECRET_KEY: 'pk_live_oops' })).not.toThrow(/pk_live_oops/);
  });

  it('talks to PayPal’s sandbox unless PAYPAL_MODE=live, and to PAYPAL_API_URL when set', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    expect(loadConfig({ ...base, ...paypal }).PAYPAL_MODE).toBe('sandbox');
    const [provider] = paymentProvidersOf(loadConfig({ ...base, ...paypal, PAYPAL_MODE: 'live', PAYPAL_API_URL: url }));
    const started = provider.startCheckout({ paymentId: 1, amountMinor: 100, currency: 'USD', packageName: 'P', customer: { id: 1, name: null, email: null, mobile: null }, returnUrl: 'https://x.example/r', cancelUrl: 'https://x.example/c' });
    await expect(started).rejects.toThrow('PayPal answered 401 (invalid_client) to POST /v1/oauth2/token');
    expect(seen).toEqual(['/v1/oauth2/token']);
    await new Promise((r) => server.close(r));
  });
});

describe('provider REST calls', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 2000);
      if (req.url === '/refused') return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Key sk_live_secret is wrong' } }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: 1 }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = (path: string, timeoutMs = 1000) => callJson('Razorpay', `${url}${path}`, { method: 'POST', headers: { authorization: 'Basic c2VjcmV0' }, body: '{}', timeoutMs }, z.object({ ok: z.number() }));

  it('gives up after the time limit, and names the call but no key when refused', async () => {
    await expect(call('/slow', 200)).rejects.toThrow('Razorpay no answer within 200 ms for POST /slow');
    const refused = (await call('/refused').catch((err: unknown) => err)) as ProviderError;
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused.message).toBe('Razorpay answered 400 (BAD_REQUEST_ERROR) to POST /refused');
    expect(await call('/fine')).toEqual({ ok: 1 });
    await expect(callJson('X', `${url}/fine`, { method: 'GET', headers: {}, timeoutMs: 1000 }, z.object({ other: z.string() }))).rejects.toThrow('X answered GET /fine in an unexpected shape (other)');
  });

  it('compares secrets whole, of any length', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abd', 'abc')).toBe(false);
    expect(sameSecret('ab', 'abc')).toBe(false);
    expect(sameSecret(undefined, 'abc')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });

  it('keeps amounts in the units each API counts, and reads back its own references', () => {
    expect(majorUnits(19_900, 'INR')).toBe('199.00');
    expect(majorUnits(1_999, 'usd')).toBe('19.99');
    expect(majorUnits(500, 'JPY')).toBe('500');
    const ref = ourReference('fw', 42, 19_900, 'inr', 'a1b2c3');
    expect(ref).toBe('fw-42-19900-INR-a1b2c3');
    expect(readReference('fw', ref)).toEqual({ paymentId: 42, amountMinor: 19_900, currency: 'INR' });
    expect(readReference('ps', ref)).toBeNull();
    expect(readReference('fw', 'fw-42-1-INR-x; drop')).toBeNull();
  });

  it('gives a buyer who signed up by phone an address on the site’s own domain', () => {
    expect(emailFor({ id: 7, email: 'a@b.example' }, 'https://homes.example.com/api/payment-return/1')).toBe('a@b.example');
    expect(emailFor({ id: 7, email: null }, 'https://homes.example.com/api/payment-return/1')).toBe('buyer-7@homes.example.com');
    expect(emailFor({ id: 7, email: null }, 'http://localhost:3000/api/payment-return/1')).toBe('buyer-7@example.com');
  });
});
