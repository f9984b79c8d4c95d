import websocket from '@fastify/websocket';
import { MAX_CHAT_MESSAGE, blockBody, chatMessage, chatRow, deleteChatMessageBody, envelope, errorResponse, getMessagesQuery, listEnvelope, messagesPage, sendMessageBody } from '@estate/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requireViewer } from '../../platform/auth.ts';
import { sha256 } from '../../platform/crypto.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { sessionStore } from '../accounts/repository.ts';
import type { ChatService } from './service.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse };
/** A socket must say who it is within this long. */
const AUTH_WINDOW_MS = 10_000;
const perUser = (name: string, max: number, window: string) => ({ max, timeWindow: window, keyGenerator: (request: FastifyRequest) => `${name}:${request.viewer?.id ?? request.ip}` });

const socketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().max(300) }),
  z.object({ type: z.literal('typing'), user_id: z.number().int().positive(), property_id: z.number().int().positive(), typing: z.boolean().default(true) }),
  z.object({ type: z.literal('ping') }),
]);

export async function chatRoutes(app: App, { chat, hub, db }: { chat: ChatService; hub: RealtimeHub; db: Database }) {
  app.get('/get_chats', {
    onRequest: requireViewer,
    schema: { tags: ['chat'], summary: 'One’s conversations, latest first: one per other person and listing, with the last message and unread count', security: [{ bearer: [] }], response: { 200: listEnvelope(chatRow), 401: errorResponse } },
    handler: async (request) => {
      const data = await chat.chats(contextOf(request));
      return ok(data, 'Data fetched successfully', { total: data.length });
    },
  });

  app.get('/get_messages', {
    onRequest: requireViewer,
    schema: {
      tags: ['chat'],
      summary: 'A page of one’s conversation with user_id about property_id, newest first (page / per_page); what one received is marked read',
      security: [{ bearer: [] }],
      querystring: getMessagesQuery,
      response: { 200: envelope(messagesPage, { total_page: z.number().int() }), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { data, total_page } = await chat.messages(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total_page });
    },
  });

  app.post('/send_message', {
    onRequest: requireViewer,
    config: { rateLimit: perUser('chat', 120, '1 minute'), multipartOptions: { limits: { files: 2 } } },
    schema: {
      tags: ['chat'],
      summary: `Send a message about a listing to its owner (or back to someone who wrote): text up to ${MAX_CHAT_MESSAGE} characters, a file (picture or PDF) and / or a voice note (multipart 'audio'); refused (403) when either side blocked the other`,
      security: [{ bearer: [] }],
      body: sendMessageBody,
      response: { 200: z.object({ error: z.boolean(), message: z.string(), id: z.number().int(), data: chatMessage.nullable() }), ...refusals },
    },
    handler: async (request) => {
      const id = await chat.send(request.body, contextOf(request));
      return { error: false, message: 'Message sent', id, data: null };
    },
  });

  app.post('/delete_chat_message', {
    onRequest: requireViewer,
    schema: { tags: ['chat'], summary: 'Delete one’s own message (and its file)', security: [{ bearer: [] }], body: deleteChatMessageBody, response: { 200: envelope(z.null()), ...refusals } },
    handler: async (request) => {
      await chat.delete(request.body.message_id, contextOf(request));
      return ok(null, 'Message deleted');
    },
  });

  app.post('/block-user', {
    onRequest: requireViewer,
    config: { rateLimit: perUser('block', 60, '1 hour') },
    schema: { tags: ['chat'], summary: 'Block a person (to_user_id) or messages from the platform (to_admin), with a reason', security: [{ bearer: [] }], body: blockBody, response: { 200: envelope(z.null()), ...refusals } },
    handler: async (request) => {
      await chat.block(request.body, contextOf(request));
      return ok(null, 'Blocked');
    },
  });

  app.post('/unblock-user', {
    onRequest: requireViewer,
    schema: { tags: ['chat'], summary: 'Unblock a person (to_user_id) or the platform (to_admin)', security: [{ bearer: [] }], body: blockBody, response: { 200: envelope(z.null()), ...refusals } },
    handler: async (request) => {
      await chat.unblock(request.body, contextOf(request));
      return ok(null, 'Unblocked');
    },
  });

  // Realtime: a WebSocket that says who it is with its first message ({type:'auth', token}), so
  // the session token never travels in a URL or a log line; then it receives its user's events.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    let userId: number | null = null;
    const deadline = setTimeout(() => socket.close(4001, 'Authentication required'), AUTH_WINDOW_MS);
    socket.on('close', () => clearTimeout(deadline));
    socket.on('message', (raw: Buffer) => {
      void (async () => {
        let parsed: z.infer<typeof socketMessage>;
        try {
          parsed = socketMessage.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          socket.send(JSON.stringify({ type: 'error', message: 'Unreadable message' }));
          return;
        }
        if (parsed.type === 'auth') {
          if (userId !== null) return;
          const viewer = await sessionStore.findViewer(db, sha256(parsed.token)).catch(() => null);
          if (!viewer) return socket.close(4001, 'Authentication failed');
          clearTimeout(deadline);
          userId = viewer.id;
          hub.attach(userId, socket);
          socket.send(JSON.stringify({ type: 'ready', user_id: userId, unread: await chat.unreadTotal(userId) }));
          return;
        }
        if (userId === null) return socket.close(4001, 'Authentication required');
        if (parsed.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
        if (parsed.type === 'typing') await chat.typing(userId, parsed.user_id, parsed.property_id, parsed.typing);
      })().catch(() => socket.close(1011, 'Server error'));
    });
  });
}
