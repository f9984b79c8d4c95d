// Issue 15: chat — get_chats, get_messages, send_message (text, file, voice note),
// delete_chat_message, block-user / unblock-user, and the realtime socket at /api/ws. A third user is
// refused every conversation that is not theirs; a block refuses messages both ways and hides typing.
// Runs on PGlite and on PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MediaStore } from '../src/platform/media.ts';
import { createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

let t: TestApp;
let mediaRoot: string;
let base: string;

beforeAll(async () => {
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'chat-media-'));
  t = await createTestApp({}, { media: new MediaStore(mediaRoot) });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${address.port}/api/ws`;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

type Person = Awaited<ReturnType<typeof createUserWithToken>>;
const post = (url: string, who: Person, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, headers: who.auth });
const send = (from: Person, to: Person, propertyId: number, message: string) => post('/api/send_message', from, { receiver_id: to.user.id, property_id: propertyId, message });

async function conversation() {
  const owner = await createUserWithToken(t.db);
  const buyer = await createUserWithToken(t.db);
  const stranger = await createUserWithToken(t.db);
  const listing = await createProperty(t.db, { ownerId: owner.user.id });
  return { owner, buyer, stranger, listing };
}

/** A socket that has said who it is; `events` collects what it receives. */
async function socketOf(who: Person): Promise<{ ws: WebSocket; events: Record<string, unknown>[]; next: (type: string, ms?: number) => Promise<Record<string, unknown>> }> {
  const ws = new WebSocket(base);
  const events: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (e: Record<string, unknown>) => void }[] = [];
  ws.on('message', (raw) => {
    const event = JSON.parse(String(raw)) as Record<string, unknown>;
    events.push(event);
    for (const w of waiters.filter((x) => x.type === event.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = (type: string, ms = 3000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = events.find((e) => e.type === type && !(e as { taken?: boolean }).taken);
      if (seen) {
        (seen as { taken?: boolean }).taken = true;
        return resolve(seen);
      }
      const timer = setTimeout(() => reject(new Error(`no ${type} event within ${ms} ms`)), ms);
      waiters.push({ type, resolve: (e) => (clearTimeout(timer), ((e as { taken?: boolean }).taken = true), resolve(e)) });
    });
  ws.send(JSON.stringify({ type: 'auth', token: who.token }));
  await next('ready');
  return { ws, events, next };
}

describe('send_message, get_chats and get_messages', () => {
  it('carries a conversation about a listing between its owner and a buyer, with unread counts and read marks', async () => {
    const { owner, buyer, listing } = await conversation();
    const sent = await send(buyer, owner, listing.id, 'Is the flat still available?');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ error: false, id: expect.any(Number) });

    const ownerChats = await t.get('/api/get_chats', {}, owner.auth);
    expect(ownerChats.body.data).toEqual([
      expect.objectContaining({ property_id: listing.id, title: listing.title, user_id: buyer.user.id, unread_count: 1, last_message: 'Is the flat still available?', is_blocked_by_me: false }),
    ]);
    const page = await t.get('/api/get_messages', { user_id: buyer.user.id, property_id: listing.id }, owner.auth);
    expect(page.body.data.data).toEqual([expect.objectContaining({ sender_id: buyer.user.id, receiver_id: owner.user.id, message: 'Is the flat still available?', chat_message_type: 'text', is_read: false })]);
    expect(page.body.total_page).toBe(1);
    expect((await t.get('/api/get_chats', {}, owner.auth)).body.data[0].unread_count).toBe(0);

    expect((await send(owner, buyer, listing.id, 'Yes, come on Saturday.')).status).toBe(200);
    const buyerView = await t.get('/api/get_messages', { user_id: owner.user.id, property_id: listing.id, per_page: 1, page: 2 }, buyer.auth);
    expect(buyerView.body.data.data[0]).toMatchObject({ message: 'Is the flat still available?', is_read: true });
    expect(buyerView.body.total_page).toBe(2);
  });

  it('refuses a third person every conversation that is not theirs', async () => {
    const { owner, buyer, stranger, listing } = await conversation();
    await send(buyer, owner, listing.id, 'Hello');
    const theirs = await t.get('/api/get_messages', { user_id: owner.user.id, property_id: listing.id }, stranger.auth);
    expect(theirs.body.data.data).toEqual([]);
    expect((await t.get('/api/get_chats', {}, stranger.auth)).body.data).toEqual([]);
    // Writing to the buyer about someone else's listing: not a conversation of theirs to join.
    expect((await send(stranger, buyer, listing.id, 'Psst')).status).toBe(403);
    const [message] = (await t.get('/api/get_messages', { user_id: buyer.user.id, property_id: listing.id }, owner.auth)).body.data.data;
    expect((await post('/api/delete_chat_message', stranger, { message_id: message.id })).status).toBe(404);
    expect((await post('/api/delete_chat_message', owner, { message_id: message.id })).status).toBe(403);
    expect((await t.get('/api/get_chats', {})).status).toBe(401);
  });

  it('refuses an empty message, oneself, and unknown listings or people', async () => {
    const { owner, buyer, listing } = await conversation();
    expect((await post('/api/send_message', buyer, { receiver_id: owner.user.id, property_id: listing.id })).body.errors).toHaveProperty('message');
    expect((await send(owner, owner, listing.id, 'me')).status).toBe(400);
    expect((await post('/api/send_message', buyer, { receiver_id: owner.user.id, property_id: 999999, message: 'x' })).status).toBe(404);
    expect((await post('/api/send_message', buyer, { receiver_id: 999999, property_id: listing.id, message: 'x' })).status).toBe(404);
  });
});

describe('files and voice notes', () => {
  it('sends a picture with text and a recorded voice note, refuses a fake recording, and deletes a file with its message', async () => {
    const { owner, buyer, listing } = await conversation();
    const picture = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } }).png().toBuffer();
    const withFile = multipart({ receiver_id: String(owner.user.id), property_id: String(listing.id), message: 'The view' }, { name: 'file', filename: 'view.png', type: 'image/png', data: picture });
    const a = await t.request({ method: 'POST', url: '/api/send_message', payload: withFile.payload, headers: { ...withFile.headers, ...buyer.auth } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 1)]);
    const voice = multipart({ receiver_id: String(owner.user.id), property_id: String(listing.id) }, { name: 'audio', filename: 'note.webm', type: 'audio/webm', data: webm });
    expect((await t.request({ method: 'POST', url: '/api/send_message', payload: voice.payload, headers: { ...voice.headers, ...buyer.auth } })).status).toBe(200);
    const fake = multipart({ receiver_id: String(owner.user.id), property_id: String(listing.id) }, { name: 'audio', filename: 'note.webm', type: 'audio/webm', data: Buffer.from('not audio at all, just text') });
    const refused = await t.request({ method: 'POST', url: '/api/send_message', payload: fake.payload, headers: { ...fake.headers, ...buyer.auth } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('audio');

    const messages = (await t.get('/api/get_messages', { user_id: owner.user.id, property_id: listing.id }, buyer.auth)).body.data.data as { id: number; chat_message_type: string; file: string | null; audio: string | null }[];
    expect(messages.map((m) => m.chat_message_type)).toEqual(['audio', 'file_and_text']);
    const fileOnDisk = path.join(mediaRoot, new URL(messages[1].file!).pathname.replace(/^\/media\//, ''));
    await fs.access(fileOnDisk);
    expect((await post('/api/delete_chat_message', buyer, { message_id: messages[1].id })).status).toBe(200);
    await expect(fs.access(fileOnDisk)).rejects.toThrow();
  });
});

describe('blocks', () => {
  it('refuse messages both ways until unblocked, and show in get_chats', async () => {
    const { owner, buyer, listing } = await conversation();
    await send(buyer, owner, listing.id, 'Hi');
    expect((await post('/api/block-user', owner, { to_user_id: buyer.user.id, reason: 'Spam' })).status).toBe(200);
    expect((await post('/api/block-user', owner, { to_user_id: buyer.user.id })).status).toBe(200);
    expect((await send(buyer, owner, listing.id, 'Hello?')).status).toBe(403);
    expect((await send(owner, buyer, listing.id, 'Bye')).status).toBe(403);
    expect((await t.get('/api/get_chats', {}, owner.auth)).body.data[0]).toMatchObject({ is_blocked_by_me: true, is_blocked_by_user: false });
    expect((await t.get('/api/get_chats', {}, buyer.auth)).body.data[0]).toMatchObject({ is_blocked_by_me: false, is_blocked_by_user: true });
    expect((await post('/api/unblock-user', owner, { to_user_id: buyer.user.id })).status).toBe(200);
    expect((await send(buyer, owner, listing.id, 'Hello again')).status).toBe(200);
    expect((await post('/api/block-user', owner, {})).status).toBe(400);
    expect((await post('/api/block-user', owner, { to_admin: 1, reason: 'No offers please' })).status).toBe(200);
  });
});

describe('the realtime socket', () => {
  it('delivers messages, typing and read receipts live, and nothing across a block', async () => {
    const { owner, buyer, listing } = await conversation();
    const ownerSocket = await socketOf(owner);
    const buyerSocket = await socketOf(buyer);
    await send(buyer, owner, listing.id, 'Live?');
    const delivered = await ownerSocket.next('message');
    expect(delivered.message).toMatchObject({ message: 'Live?', sender_id: buyer.user.id });
    expect(await ownerSocket.next('unread')).toMatchObject({ total: 1 });

    buyerSocket.ws.send(JSON.stringify({ type: 'typing', user_id: owner.user.id, property_id: listing.id }));
    expect(await ownerSocket.next('typing')).toMatchObject({ user_id: buyer.user.id, property_id: listing.id, typing: true });

    await t.get('/api/get_messages', { user_id: buyer.user.id, property_id: listing.id }, owner.auth);
    expect(await buyerSocket.next('read')).toMatchObject({ reader_id: owner.user.id, property_id: listing.id });

    await post('/api/block-user', buyer, { to_user_id: owner.user.id });
    ownerSocket.ws.send(JSON.stringify({ type: 'typing', user_id: buyer.user.id, property_id: listing.id }));
    await expect(buyerSocket.next('typing', 500)).rejects.toThrow(/no typing/);
    ownerSocket.ws.close();
    buyerSocket.ws.close();
  });

  it('closes a socket that does not say who it is, or gives a wrong token', async () => {
    const ws = new WebSocket(base);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'auth', token: 'not-a-real-token-at-all' }));
    expect(await closed).toBe(4001);
    const early = new WebSocket(base);
    await new Promise((resolve) => early.once('open', resolve));
    const closedEarly = new Promise<number>((resolve) => early.once('close', (code) => resolve(code)));
    early.send(JSON.stringify({ type: 'typing', user_id: 1, property_id: 1 }));
    expect(await closedEarly).toBe(4001);
  });
});
