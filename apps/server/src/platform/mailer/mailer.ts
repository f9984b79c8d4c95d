import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../../db/client.ts';
import { OutboxDispatcher } from '../outbox/dispatcher.ts';
import { outboxRepository } from './outbox-repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  userId?: number | null;
  meta?: Record<string, unknown>;
}

/**
 * E-mail goes through the outbox: `enqueue` writes it in the caller's transaction, and the
 * dispatcher hands it to SMTP when SMTP_URL is set. Without SMTP the outbox is the mailbox
 * of the embedded setup (readable at /dev/mailbox outside production).
 */
export class Mailer {
  private transport: Transporter | null = null;
  private readonly dispatcher: OutboxDispatcher;

  constructor(db: Database, opts: { smtpUrl?: string; from: string; log?: (msg: string, err?: unknown) => void }) {
    this.dispatcher = new OutboxDispatcher(db, 'email', null, opts.log);
    this.configure(opts);
  }

  /** Sends through `smtpUrl` as `from` from now on (the console's mail settings); none keeps mail in the outbox. */
  configure(opts: { smtpUrl?: string; from: string }): void {
    const old = this.transport;
    const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
    this.transport = transport;
    this.dispatcher.useTransport(transport ? async (m) => void (await transport.sendMail({ from: opts.from, to: m.recipient, subject: m.subject ?? '', text: m.body })) : null);
    old?.close();
  }

  get isDelivering(): boolean {
    return this.dispatcher.isDelivering;
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
    return this.dispatcher.kick();
  }

  start(intervalMs?: number): void {
    this.dispatcher.start(intervalMs);
  }

  async stop(): Promise<void> {
    await this.dispatcher.stop();
    this.transport?.close();
  }
}
