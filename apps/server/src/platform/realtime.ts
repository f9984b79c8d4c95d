import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WebSocket } from '@fastify/websocket';

/** What the server tells a user's open pages: a new or deleted message, typing, read receipts, a notification. */
export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

const CHANNEL = 'estate:realtime';
/** Most sockets one user may hold open (tabs, devices); the oldest is closed beyond it. */
const MAX_SOCKETS_PER_USER = 20;

/**
 * Delivers events to the users they are for, on every socket they hold open. One instance needs
 * nothing else; with Redis (REDIS_URL) every event is also published so the instance holding the
 * receiver's socket delivers it — each instance delivers only to its own sockets, once.
 */
export class RealtimeHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly instance = randomUUID();
  private publisher?: Redis;
  private subscriber?: Redis;
  /** Events delivered to a local socket (for the bench and tests). */
  delivered = 0;

  /**
   * With Redis: `redis` publishes, a duplicate of it subscribes. The server's client refuses
   * commands while disconnected (no offline queue), so the subscriber is its own kind: it queues
   * the subscription until connected and keeps retrying. Start-up waits for it at most `waitMs`;
   * meanwhile events reach this instance's own sockets only.
   */
  async connect(redis: Redis | undefined, waitMs = 2000): Promise<void> {
    if (!redis) return;
    this.publisher = redis;
    this.subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber.on('error', () => {
      // A lost subscriber reconnects by itself; until then other instances' events do not arrive.
    });
    this.subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const { from, to, event } = JSON.parse(raw) as { from: string; to: number[]; event: RealtimeEvent };
        if (from !== this.instance) this.deliverHere(to, event);
      } catch {
        // A message we cannot read is not ours to act on.
      }
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.subscriber.subscribe(CHANNEL).catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]).finally(() => clearTimeout(timer));
  }

  /** Registers an authenticated socket; it is forgotten when it closes. */
  attach(userId: number, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    if (set.size > MAX_SOCKETS_PER_USER) {
      const [oldest] = set;
      set.delete(oldest);
      oldest.close(4008, 'Too many connections');
    }
    socket.on('close', () => {
      set.delete(socket);
      if (!set.size && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
  }

  isOnline(userId: number): boolean {
    return this.sockets.has(userId);
  }

  /** Sends `event` to every socket of each user, here and (with Redis) on every other instance. */
  send(userIds: number[], event: RealtimeEvent): void {
    this.deliverHere(userIds, event);
    if (this.publisher) void this.publisher.publish(CHANNEL, JSON.stringify({ from: this.instance, to: userIds, event })).catch(() => undefined);
  }

  get connections(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'Server shutting down');
    this.sockets.clear();
    await this.subscriber?.quit().catch(() => undefined);
  }

  private deliverHere(userIds: number[], event: RealtimeEvent): void {
    const text = JSON.stringify(event);
    for (const userId of new Set(userIds)) {
      for (const socket of this.sockets.get(userId) ?? []) {
        if (socket.readyState === 1) {
          socket.send(text);
          this.delivered++;
        }
      }
    }
  }
}
