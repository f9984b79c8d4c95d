import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../../db/client.ts';
import { outboxRepository } from './outbox-repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  userId?: number | null;
  meta?: Record<string, unknown>;
}

const MAX_ATTEMPTS = 5;

/**
 * E-mail goes through the outbox: `enqueue` writes it in the caller's transaction, and the
 * dispatcher hands it to SMTP when SMTP_URL is set. Without SMTP the outbox is the mailbox
 * of the embedded setup (readable at /dev/mailbox outside production).
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly opts: { smtpUrl?: string; from: string; log?: (msg: string, err?: unknown) => void },
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  get isDelivering(): boolean {
    return this.transport !== null;
  }

  async enqueue(db: Executor, message: MailMessage): Promise<void> {
    await outboxRepository.insert(db, {
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      userId: message.userId ?? null,
      meta: message.meta ?? null,
    });
  }

  /** Delivers what is pending now; callers kick it after their transaction commits. */
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
    this.transport?.close();
  }

  private async deliverPending(): Promise<void> {
    const transport = this.transport!;
    const batch = await outboxRepository.pending(this.db, 'email', MAX_ATTEMPTS);
    for (const message of batch) {
      try {
        await transport.sendMail({ from: this.opts.from, to: message.recipient, subject: message.subject ?? '', text: message.body });
        await outboxRepository.markDelivered(this.db, message.id);
      } catch (err) {
        this.opts.log?.(`mail to ${message.recipient} failed`, err);
        await outboxRepository.markFailed(this.db, message.id, err instanceof Error ? err.message : String(err));
      }
    }
  }
}
