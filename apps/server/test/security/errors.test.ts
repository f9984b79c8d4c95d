// Finding 8 of issue 9: hostile input must be refused as the client's fault (400/409), never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Each request from its own address, so the per-IP limits stay out of the way.
let ipCounter = 0;
const nextIp = () => `10.80.${Math.floor(ipCounter / 256) % 256}.${ipCounter++ % 256}`;
const NUL = '\u0000';

describe('NUL bytes are refused at the edge, naming the field', () => {
  it('in a JSON body', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contct_us',
      payload: { first_name: `Asha${NUL}`, last_name: 'Rao', email: 'asha@example.com', subject: 'Hello', message: 'A question' },
      remoteAddress: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, errors: { first_name: [expect.stringContaining('first_name')] } });
    expect(res.body.message).toBe(res.body.errors.first_name[0]);
  });

  it('in a nested value and in a key', async () => {
    const nested = await t.request({ method: 'POST', url: '/api/contct_us', payload: { first_name: 'Asha', extra: { list: ['ok', `b${NUL}d`] } }, remoteAddress: nextIp() });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toHaveProperty(['extra.list.1']);
    const key = await t.request({ method: 'POST', url: '/api/contct_us', payload: { [`first${NUL}name`]: 'Asha' }, remoteAddress: nextIp() });
    expect(key.status).toBe(400);
    expect(key.body.errors).toHaveProperty('request');
  });

  it('in a query string, on reads and on writes', async () => {
    const search = await t.get('/api/get-property-list', { search: `flat${NUL}` }, {});
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual({ search: [expect.stringContaining('search')] });
    const forgot = await t.request({ method: 'GET', url: `/api/forgot-password?email=a%00@example.com`, remoteAddress: nextIp() });
    expect(forgot.status).toBe(400);
    expect(forgot.body.errors).toHaveProperty('email');
  });

  it('in a registration and a profile update (where PostgreSQL used to refuse it)', async () => {
    const reg = await t.request({
      method: 'POST',
      url: '/api/user-register',
      payload: { name: `Asha${NUL}Rao`, email: `nul${Date.now()}@example.com`, password: 'Secret#123', re_password: 'Secret#123' },
      remoteAddress: nextIp(),
    });
    expect(reg.status).toBe(400);
    expect(reg.body.errors).toHaveProperty('name');
    const { auth } = await createUserWithToken(t.db);
    const profile = await t.request({ method: 'POST', url: '/api/update_profile', payload: { address: `12 Hill Road${NUL}` }, headers: auth, remoteAddress: nextIp() });
    expect(profile.status).toBe(400);
    expect(profile.body.errors).toHaveProperty('address');
  });

  it('in the development mailbox, outside /api', async () => {
    const res = await t.request({ method: 'GET', url: '/dev/mailbox?to=a%00b', remoteAddress: '127.0.0.1' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('to');
  });

  it('in a multipart field', async () => {
    const { auth } = await createUserWithToken(t.db);
    const boundary = 'nulboundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha${NUL}\r\n--${boundary}--\r\n`;
    const res = await t.request({ method: 'POST', url: '/api/update_profile', payload, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, remoteAddress: nextIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('name');
  });
});

describe('a malformed multipart body is a 400 on every POST route', () => {
  const bodies: Record<string, { contentType: string; payload: string }> = {
    'no boundary': { contentType: 'multipart/form-data', payload: 'garbage' },
    'empty boundary': { contentType: 'multipart/form-data; boundary=', payload: 'garbage' },
    'boundary too long': { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: 'garbage' },
    truncated: { contentType: 'multipart/form-data; boundary=XYZ', payload: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha' },
    'truncated file': {
      contentType: 'multipart/form-data; boundary=XYZ',
      payload: '--XYZ\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    },
  };

  it('with and without a token', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const posts = Object.entries(spec.paths)
      .filter(([, ops]) => 'post' in ops)
      .map(([path]) => path);
    expect(posts.length).toBeGreaterThanOrEqual(8);
    const { auth } = await createUserWithToken(t.db);
    for (const url of posts) {
      for (const [kind, { contentType, payload }] of Object.entries(bodies)) {
        for (const headers of [{}, auth]) {
          const res = await t.request({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType }, remoteAddress: nextIp() });
          expect.soft(res.status, `${url} ${kind} ${'authorization' in headers ? 'with' : 'without'} token`).toBeLessThan(500);
          if (res.status === 400) expect.soft(res.body).toMatchObject({ error: true, message: expect.any(String) });
        }
      }
    }
  });

  it('names the body in the contract shape', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user-register', payload: 'garbage', headers: { 'content-type': 'multipart/form-data' }, remoteAddress: nextIp() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, message: expect.stringMatching(/form data/), errors: { body: [res.body.message] } });
  });
});

describe('concurrent writes to one unique address are a 409, not a 500', () => {
  const CONFLICT_MESSAGES = ['An account with this e-mail already exists.', 'An account with this e-mail already exists. Log in instead.', 'This was changed by another request at the same time. Please try again.'];

  it('ten sign-ups with one e-mail at once: one account, nine 409s', async () => {
    const email = `race${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({ method: 'POST', url: '/api/user-register', payload: { name: 'Race Person', email, password: 'Secret#123', re_password: 'Secret#123' }, remoteAddress: nextIp() }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(CONFLICT_MESSAGES).toContain(r.body.message);
  });

  it('ten accounts changing to one e-mail at once: one wins, the rest 409', async () => {
    const email = `taken${Date.now()}@example.com`;
    const people = await Promise.all(Array.from({ length: 10 }, () => createUserWithToken(t.db)));
    const results = await Promise.all(people.map(({ auth }) => t.request({ method: 'POST', url: '/api/update_profile', payload: { email }, headers: auth, remoteAddress: nextIp() })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) {
      expect([...CONFLICT_MESSAGES, 'Another account uses this e-mail.']).toContain(r.body.message);
    }
  });
});
