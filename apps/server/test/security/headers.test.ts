import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../harness.ts';
import { pagesApp, webBuilt } from '../pages.ts';

/** The policy's directives by name. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

const nonceOf = (res: LightMyRequestResponse) => csp(res).get('script-src')?.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);

/** Inline scripts that run (JSON-LD blocks are data, which CSP does not govern). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attrs) => !/\bsrc=/.test(attrs) && !/type="application\/ld\+json"/.test(attrs));

function expectBaseHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  const policy = csp(res);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(policy.get('script-src'), what).toContain("'self'");
  // Plain HTTP: no HSTS (browsers ignore it there, and it must not pin a site that has no TLS yet).
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

describe.skipIf(!webBuilt)('finding 14: security headers on every answer', () => {
  const web = pagesApp({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });

  it('sends them on pages, API answers, 404s and media', async () => {
    const settings = await web.api('/api/web-settings');
    const media = await web.t.get(new URL(settings.body.data.web_logo).pathname);
    expect(media.status).toBe(200);
    const answers: [string, LightMyRequestResponse][] = [
      ['page', (await web.page('/')).raw],
      ['API answer', settings.raw],
      ['API 404', (await web.t.get('/api/no-such-call')).raw],
      ['page 404', (await web.page('/no-such-page')).raw],
      ['media', media.raw],
      ['sitemap', (await web.page('/sitemap.xml')).raw],
      ['asset', (await web.t.get(`/assets/${'no-such-asset.js'}`)).raw],
    ];
    for (const [what, res] of answers) expectBaseHeaders(res, what);
    // Other origins (apps, embeds) may show the media; everything else stays with this one.
    expect(media.raw.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(settings.raw.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('gives each page a fresh nonce, carried by every inline script', async () => {
    const [card] = (await web.api('/api/get-property-list', { limit: 1, is_premium: 0 })).body.data;
    for (const path of ['/', `/properties-details/${card.slug_id}`, '/properties?view=map', '/login', '/no-such-page']) {
      const first = await web.page(path);
      const second = await web.page(path);
      const nonce = nonceOf(first.raw);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonceOf(second.raw), path).not.toBe(nonce);
      const scripts = inlineScripts(first.body);
      expect(scripts.length, path).toBeGreaterThan(2);
      for (const attrs of scripts) expect(attrs, path).toContain(`nonce="${nonce}"`);
    }
  });

  it('allows what the pages use: the tile server, workers, video players', async () => {
    const policy = csp((await web.page('/properties?view=map')).raw);
    expect(policy.get('connect-src')).toContain('https://*.tiles.example.org');
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']));
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(policy.get('upgrade-insecure-requests')).toBeUndefined();
  });

  it('serves the API documentation under the same policy', async () => {
    const docs = await web.t.get('/api/docs');
    expect(docs.status).toBe(200);
    expectBaseHeaders(docs.raw, 'docs');
    // Swagger UI runs from its own files only.
    expect(inlineScripts(docs.body)).toEqual([]);
  });
});

describe('HSTS only over HTTPS', () => {
  let behindProxy: TestApp;
  let httpsSite: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
    httpsSite = await createTestApp({ PUBLIC_URL: 'https://homes.example.com' });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await httpsSite?.close();
  });

  it('sends it when a trusted proxy says the request came over HTTPS', async () => {
    const overHttps = await behindProxy.get('/api/web-settings', {}, { 'x-forwarded-proto': 'https' });
    expect(overHttps.raw.headers['strict-transport-security']).toBe('max-age=31536000');
    // An API answer runs no script: its policy is the site's without a nonce.
    expect(csp(overHttps.raw).get('script-src')).toEqual(["'self'"]);
    const overHttp = await behindProxy.get('/api/web-settings');
    expect(overHttp.raw.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends it on every answer of a site whose PUBLIC_URL is https, and upgrades its requests', async () => {
    for (const path of ['/api/web-settings', '/api/no-such-call', '/healthz']) {
      const res = await httpsSite.get(path);
      expect(res.raw.headers['strict-transport-security'], path).toBe('max-age=31536000');
      expect(csp(res.raw).get('upgrade-insecure-requests'), path).toEqual([]);
    }
  });
});

describe('with Stripe configured', () => {
  it('lets the checkout load Stripe’s Payment Element: its script, frames and API, nothing more', async () => {
    const stripe = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_PUBLISHABLE_KEY: 'pk_test_csp', STRIPE_WEBHOOK_SECRET: 'whsec_csp' });
    try {
      const policy = csp((await stripe.get('/api/web-settings')).raw);
      expect(policy.get('script-src')).toContain('https://js.stripe.com');
      expect(policy.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
      expect(policy.get('connect-src')).toContain('https://api.stripe.com');
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    } finally {
      await stripe.close();
    }
  });
});
