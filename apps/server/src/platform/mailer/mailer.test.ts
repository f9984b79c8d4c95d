import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { Mailer } from './mailer.ts';
import { outboxRepository } from './outbox-repository.ts';

// A local stand-in for a real SMTP server: it accepts and records what it is sent.
const received: { from: string; to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let port: number;
let db: Database;
let client: PGlite;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as { port: number }).port;
  client = await PGlite.create();
  db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database;
  await migrate(db as never, { migrationsFolder });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await client.close();
});

describe('Mailer', () => {
  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const mailer = new Mailer(db, { from: 'Test <no-reply@example.com>' });
    await mailer.enqueue(db, { to: 'kept@example.com', subject: 'Kept', text: 'Stays in the outbox.' });
    await mailer.kick();
    const [row] = await outboxRepository.latest(db, { recipient: 'kept@example.com', limit: 1 });
    expect(row.deliveredAt).toBeNull();
    expect(mailer.isDelivering).toBe(false);
  });

  it('delivers queued mail over SMTP and marks it delivered', async () => {
    const mailer = new Mailer(db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Ghar Bazaar <no-reply@example.com>' });
    await db.transaction((tx) => mailer.enqueue(tx, { to: 'owner@example.com', subject: 'A question about your flat', text: 'Is it still available?' }));
    await mailer.kick();
    const mail = received.find((m) => m.to.includes('owner@example.com'));
    expect(mail?.from).toBe('no-reply@example.com');
    expect(mail?.data).toContain('Subject: A question about your flat');
    expect(mail?.data).toContain('Is it still available?');
    const [row] = await outboxRepository.latest(db, { recipient: 'owner@example.com', limit: 1 });
    expect(row.deliveredAt).not.toBeNull();
    await mailer.stop();
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const mailer = new Mailer(db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@example.com' });
    await expect(
      db.transaction(async (tx) => {
        await mailer.enqueue(tx, { to: 'never@example.com', subject: 'Never', text: 'Rolled back.' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mailer.kick();
    expect(received.some((m) => m.to.includes('never@example.com'))).toBe(false);
    await mailer.stop();
  });

  it('records failures and retries later when the server is unreachable', async () => {
    const mailer = new Mailer(db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@example.com' });
    await mailer.enqueue(db, { to: 'retry@example.com', subject: 'Retry', text: 'Will be retried.' });
    await mailer.kick();
    const [row] = await outboxRepository.latest(db, { recipient: 'retry@example.com', limit: 1 });
    expect(row.deliveredAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    await mailer.stop();
  });
});
