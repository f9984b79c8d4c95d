import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { outboxRepository } from '../mailer/outbox-repository.ts';
import { OutboxDispatcher } from '../outbox/dispatcher.ts';
import { twilioTransport } from './twilio.ts';

// A local stand-in for Twilio's Messages API.
const received: { path: string; auth: string; form: URLSearchParams }[] = [];
let failNext = false;
let server: http.Server;
let apiUrl: string;
let client: PGlite;
let db: Database;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (failNext) {
        failNext = false;
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":21211,"message":"Invalid To number"}');
        return;
      }
      received.push({ path: req.url!, auth: req.headers.authorization ?? '', form: new URLSearchParams(body) });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM123","status":"queued"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  client = await PGlite.create();
  db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database;
  await migrate(db as never, { migrationsFolder });
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await client.close();
});

describe('Twilio SMS adapter', () => {
  it('posts queued SMS to the Messages API with basic auth and marks them delivered', async () => {
    const sms = new OutboxDispatcher(db, 'sms', twilioTransport({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl }));
    await outboxRepository.insert(db, { channel: 'sms', recipient: '+919820012345', body: 'Your code is 123456' });
    await sms.kick();
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(received[0].auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(received[0].form)).toEqual({ To: '+919820012345', From: '+15005550006', Body: 'Your code is 123456' });
    const [row] = await outboxRepository.latest(db, { recipient: '+919820012345', limit: 1 });
    expect(row.deliveredAt).not.toBeNull();
  });

  it('records a refusal and keeps the message for a retry', async () => {
    const sms = new OutboxDispatcher(db, 'sms', twilioTransport({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl }));
    await outboxRepository.insert(db, { channel: 'sms', recipient: '+10000000000', body: 'Hello' });
    failNext = true;
    await sms.kick();
    let [row] = await outboxRepository.latest(db, { recipient: '+10000000000', limit: 1 });
    expect(row.deliveredAt).toBeNull();
    expect(row.lastError).toContain('Twilio answered 400');
    await sms.kick();
    [row] = await outboxRepository.latest(db, { recipient: '+10000000000', limit: 1 });
    expect(row.deliveredAt).not.toBeNull();
  });
});
