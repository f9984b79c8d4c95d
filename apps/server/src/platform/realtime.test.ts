import net from 'node:net';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from '@fastify/websocket';
import { RealtimeHub } from './realtime.ts';

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

/** An open socket that keeps what it is sent. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
}
const fakeSocket = () => new FakeSocket();

describe('RealtimeHub', () => {
  it('delivers to every socket of a user here, and forgets closed ones', () => {
    const hub = new RealtimeHub();
    const [a, b, other] = [fakeSocket(), fakeSocket(), fakeSocket()];
    hub.attach(1, a as unknown as WebSocket);
    hub.attach(1, b as unknown as WebSocket);
    hub.attach(2, other as unknown as WebSocket);
    hub.send([1], { type: 'message', text: 'hi' });
    expect(a.sent).toEqual(['{"type":"message","text":"hi"}']);
    expect(b.sent).toHaveLength(1);
    expect(other.sent).toEqual([]);
    a.close();
    b.close();
    expect(hub.isOnline(1)).toBe(false);
    expect(hub.connections).toBe(1);
  });

  it.skipIf(!redisUp)('two instances deliver to each other’s sockets through Redis, each once', async () => {
    // As main.ts makes its client: no offline queue (a command while disconnected fails at once).
    const [r1, r2] = [new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }), new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })];
    const [here, there] = [new RealtimeHub(), new RealtimeHub()];
    await here.connect(r1);
    await there.connect(r2);
    await Promise.all([r1, r2].map((r) => (r.status === 'ready' ? undefined : new Promise((resolve) => r.once('ready', resolve)))));
    try {
      const userId = 900_000 + Math.floor(Math.random() * 99_999);
      const [onHere, onThere] = [fakeSocket(), fakeSocket()];
      here.attach(userId, onHere as unknown as WebSocket);
      there.attach(userId, onThere as unknown as WebSocket);
      there.send([userId], { type: 'message', n: 1 });
      await expect.poll(() => onHere.sent.length).toBe(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(onHere.sent).toEqual(['{"type":"message","n":1}']);
      expect(onThere.sent).toEqual(['{"type":"message","n":1}']);
    } finally {
      await here.close();
      await there.close();
      await r1.quit();
      await r2.quit();
    }
  });
});
