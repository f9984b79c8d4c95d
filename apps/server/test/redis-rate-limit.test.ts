import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.on('timeout', () => resolve(false));
});

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  it('two instances count one sender together', async () => {
    const env = { REDIS_URL, RATE_LIMIT_CONTACT_PER_HOUR: '2' };
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    try {
      // A fresh address per run, so counters left by an earlier run do not interfere.
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const payload = { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com', subject: 'Hello', message: 'Across instances.' };
      const send = (t: typeof a) => t.request({ method: 'POST', url: '/api/contct_us', payload, remoteAddress: ip });
      expect((await send(a)).status).toBe(200);
      expect((await send(b)).status).toBe(200);
      expect((await send(a)).status).toBe(429);
      expect((await send(b)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
