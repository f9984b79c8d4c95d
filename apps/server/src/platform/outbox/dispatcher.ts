import type { Database } from '../../db/client.ts';
import { outboxRepository, type OutboxMessage } from '../mailer/outbox-repository.ts';

const MAX_ATTEMPTS = 5;

/**
 * Delivers one channel of the outbox through a transport: after each commit (`kick`) and on a
 * timer for retries, up to 5 attempts a message. Without a transport, messages stay in the
 * outbox — the embedded mailbox.
 */
export class OutboxDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly channel: 'email' | 'sms',
    private readonly transport: ((message: OutboxMessage) => Promise<void>) | null,
    private readonly log?: (msg: string, err?: unknown) => void,
  ) {}

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
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async deliverPending(): Promise<void> {
    const batch = await outboxRepository.pending(this.db, this.channel, MAX_ATTEMPTS);
    for (const message of batch) {
      try {
        await this.transport!(message);
        await outboxRepository.markDelivered(this.db, message.id);
      } catch (err) {
        this.log?.(`${this.channel} to ${message.recipient} failed`, err);
        await outboxRepository.markFailed(this.db, message.id, err instanceof Error ? err.message : String(err));
      }
    }
  }
}
