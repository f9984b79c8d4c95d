import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { outboxRepository } from '../../platform/mailer/outbox-repository.ts';
import type { App } from '../../platform/http.ts';
import { refuseNulBytes } from '../../platform/nul-bytes.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-client-ip', 'cf-connecting-ip', 'true-client-ip'];

/**
 * Whether the request came from this machine itself: the socket's own peer address is loopback
 * and no proxy says it carries someone else's request. `request.ip` is not used on purpose: with
 * TRUST_PROXY it comes from a header the client can write.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return loopback && !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
}

/**
 * The embedded mailbox (outside production only): the outbox's latest e-mails and SMS, so the
 * demo and the browser tests can read one-time codes. `?to=` narrows to one recipient. It shows
 * everyone's codes, so it answers only requests from this machine; others get a plain 404.
 */
export async function devMailboxRoutes(app: App, { db }: { db: Database }) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isFromThisMachine(request)) return reply.code(404).send({ error: true, message: 'The requested resource was not found.' });
  });
  app.addHook('preValidation', refuseNulBytes);
  const query = z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

  app.get('/dev/mailbox.json', { schema: { hide: true, querystring: query } }, async (request) => {
    const rows = await outboxRepository.latest(db, { recipient: request.query.to, limit: request.query.limit });
    return { error: false, message: 'Mailbox', data: rows.map((m) => ({ id: m.id, channel: m.channel, to: m.recipient, subject: m.subject, body: m.body, created_at: m.createdAt.toISOString(), delivered: m.deliveredAt !== null })) };
  });

  app.get('/dev/mailbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const rows = await outboxRepository.latest(db, { recipient: request.query.to, limit: request.query.limit });
    const items = rows
      .map(
        (m) => `<li><article><h2>${escape(m.subject ?? '(SMS)')}</h2><p class="meta">${m.channel === 'sms' ? 'SMS' : 'E-mail'} to ${escape(m.recipient)} · <time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p><pre>${escape(m.body)}</pre></article></li>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mailbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}ul{list-style:none;padding:0}li{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:0 0 1rem}h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0}.meta{color:#4b5563;margin:.25rem 0 .5rem}pre{white-space:pre-wrap;font:inherit;margin:0}</style></head>
<body><main><h1>Mailbox</h1><p>Messages the server would have sent (development only).</p>${rows.length ? `<ul>${items}</ul>` : '<p>No messages yet.</p>'}</main></body></html>`;
  });
}
