import type { Database } from '../../db/client.ts';
import { outboxRepository, type OutboxMessage } from '../mailer/outbox-repository.ts';

const MAX_ATTEMPTS = 5;

export type Transport = (message: OutboxMessage) => Promise<void>;

/**
 * Delivers one channel of the outbox through a transport: after each commit (`kick`) and on a
 * timer for retries, up to 5 attempts a message. Without a transport, messages stay in the
 * outbox — the embedded mailbox.
 */
export class OutboxDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** The retry interval once started (null before `start` and after `stop`). */
  private intervalMs: number | null = null;

  constructor(
    private readonly db: Database,
    private readonly channel: 'email' | 'sms',
    private transport: Transport | null,
    private readonly log?: (msg: string, err?: unknown) => void,
  ) {}

  /** Delivers through `transport` from now on (keys changed in the console); null keeps messages in the outbox. */
  useTransport(transport: Transport | null): void {
    this.transport = transport;
    if (this.intervalMs === null) return;
    if (transport && !this.timer) this.arm(this.intervalMs);
    if (!transport && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  get isDelivering(): boolean {
    return this.transport !== null;
  }

  kick(): Promise<void> {
    if (!this.transport) return Promise.resolve();
    this.running ??= this.deliverPending().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(intervalMs = 30_000): void {
    this.intervalMs = intervalMs;
    if (!this.transport || this.timer) return;
    this.arm(intervalMs);
  }

  private arm(intervalMs: number): void {
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.intervalMs = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async deliverPending(): Promise<void> {
    const send = this.transport;
    if (!send) return;
    const batch = await outboxRepository.pending(this.db, this.channel, MAX_ATTEMPTS);
    for (const message of batch) {
      try {
        await send(message);
        await outboxRepository.markDelivered(this.db, message.id);
      } catch (err) {
        this.log?.(`${this.channel} to ${message.recipient} failed`, err);
        await outboxRepository.markFailed(this.db, message.id, err instanceof Error ? err.message : String(err));
      }
    }
  }
}
