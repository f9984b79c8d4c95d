// Messages to the platform (issue 16, decision 0014): a person writes about a listing the platform
// owns (send_message with receiver_id 0), any administrator reads and answers it from the console's
// inbox (/api/admin/inbox), the answer reaches the person live and unread as from the platform,
// and a person who blocks the platform (block-user to_admin) gets none. Runs on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let base: string;
let admin: Person;
let platformName: string;

type Person = Awaited<ReturnType<typeof createUserWithToken>>;
type Event = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/ws`;
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Inbox Admin' });
  platformName = (await t.get('/api/web-settings')).body.data.admin_name as string;
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string>) => t.request({ method: 'POST', url, payload, headers });
const toPlatform = (who: Person, propertyId: number, message: string) => post('/api/send_message', { receiver_id: 0, property_id: propertyId, message }, who.auth);
const inboxRow = async (userId: number) => ((await t.get('/api/admin/inbox', { q: String(userId) }, admin.auth)).body.data as { id: number; user: { id: number } }[]).find((r) => r.user.id === userId);

/** A socket that has said who it is; `next` waits for an event of a type. */
async function socketOf(who: Person) {
  const ws = new WebSocket(base);
  const events: Event[] = [];
  ws.on('message', (raw) => events.push(JSON.parse(String(raw)) as Event));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = async (type: string, ms = 3000): Promise<Event> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = events.findIndex((e) => e.type === type);
      if (found >= 0) return events.splice(found, 1)[0];
      if (Date.now() > until) throw new Error(`no ${type} event within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  ws.send(JSON.stringify({ type: 'auth', token: who.token }));
  await next('ready');
  return { ws, next };
}

describe('a person writes to the platform', () => {
  it('about a listing the platform owns: the conversation has the platform (0) as the other party', async () => {
    const person = await createUserWithToken(t.db, { name: 'Asha Writer' });
    const listing = await createProperty(t.db);
    const sent = await toPlatform(person, listing.id, 'Is the platform’s flat still free?');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const chats = (await t.get('/api/get_chats', {}, person.auth)).body.data as Record<string, unknown>[];
    expect(chats.find((c) => c.property_id === listing.id)).toMatchObject({ user_id: 0, name: platformName, is_blocked_by_me: false, is_blocked_by_user: false, unread_count: 0, last_message: 'Is the platform’s flat still free?' });
    const messages = (await t.get('/api/get_messages', { user_id: 0, property_id: listing.id }, person.auth)).body.data.data as Record<string, unknown>[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ sender_id: person.user.id, receiver_id: 0, property_id: listing.id, is_read: false });
    // The rows keep their foreign keys: the platform is no user row.
    const [stored] = await rows<{ sender_id: number; receiver_id: number | null }>(t.db, sql`select sender_id, receiver_id from chat_messages where id = ${sent.body.id}`);
    expect(stored).toEqual({ sender_id: person.user.id, receiver_id: null });
  });

  it('about no listing in particular (property_id 0): one such conversation per person, answered from the inbox', async () => {
    const person = await createUserWithToken(t.db, { name: 'Gopal General' });
    const first = await post('/api/send_message', { receiver_id: 0, property_id: 0, message: 'How do I list my flat?' }, person.auth);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await post('/api/send_message', { receiver_id: 0, property_id: 0, message: 'And what does it cost?' }, person.auth)).status).toBe(200);
    const chats = ((await t.get('/api/get_chats', {}, person.auth)).body.data as Record<string, unknown>[]).filter((c) => c.property_id === 0);
    expect(chats).toEqual([expect.objectContaining({ user_id: 0, property_id: 0, title: '', title_image: null, name: platformName, last_message: 'And what does it cost?' })]);

    const row = (await t.get('/api/admin/inbox', { q: 'Gopal General' }, admin.auth)).body.data[0];
    expect(row).toMatchObject({ user: { id: person.user.id }, property: null, unread_count: 2 });
    expect((await t.get(`/api/admin/inbox/${row.id}`, {}, admin.auth)).body.data.conversation.property).toBeNull();
    expect((await post(`/api/admin/inbox/${row.id}/reply`, { message: 'Post it from My listings.' }, admin.auth)).status).toBe(200);
    const messages = (await t.get('/api/get_messages', { user_id: 0, property_id: 0 }, person.auth)).body.data.data as Record<string, unknown>[];
    expect(messages.map((m) => [m.sender_id, m.property_id, m.message])).toEqual([
      [0, 0, 'Post it from My listings.'],
      [person.user.id, 0, 'And what does it cost?'],
      [person.user.id, 0, 'How do I list my flat?'],
    ]);

    // Only the platform is written to about no listing.
    const other = await createUserWithToken(t.db);
    const refused = await post('/api/send_message', { receiver_id: other.user.id, property_id: 0, message: 'Hi' }, person.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Choose the listing you are writing about');
    expect(await rows(t.db, sql`select 1 from chats where property_id is null and user_high_id is not null`)).toHaveLength(0);
  });

  it('is refused about a listing a person owns, and refuses bad input with the field’s message', async () => {
    const person = await createUserWithToken(t.db);
    const owner = await createUserWithToken(t.db);
    const owned = await createProperty(t.db, { ownerId: owner.user.id });
    const refused = await toPlatform(person, owned.id, 'Hello platform');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Messages about a listing go to its owner.');
    const missing = await post('/api/send_message', { receiver_id: null, property_id: owned.id, message: 'x' }, person.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('receiver_id must be a number');
    const negative = await post('/api/send_message', { receiver_id: -1, property_id: owned.id, message: 'x' }, person.auth);
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('receiver_id must be at least 0');
  });
});

describe('the console inbox', () => {
  it('lists conversations unread first, opens one (marking it read), and the reply reaches the person live, unread, from the platform; audited', async () => {
    const person = await createUserWithToken(t.db, { name: 'Ravi Asker' });
    const listing = await createProperty(t.db);
    const older = await createUserWithToken(t.db, { name: 'Older Answered' });
    expect((await toPlatform(older, listing.id, 'First question')).status).toBe(200);
    const olderRow = (await inboxRow(older.user.id))!;
    expect((await t.get(`/api/admin/inbox/${olderRow.id}`, {}, admin.auth)).status).toBe(200);
    expect((await toPlatform(person, listing.id, 'Can I visit on Sunday?')).status).toBe(200);

    const unreadBefore = (await t.get('/api/admin/inbox/unread', {}, admin.auth)).body.data.unread as number;
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    expect((await t.get('/api/admin/dashboard', {}, admin.auth)).body.data.queues.unread_messages).toBe(unreadBefore);
    const list = await t.get('/api/admin/inbox', { per_page: 100 }, admin.auth);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const all = list.body.data as { id: number; unread_count: number; user: { id: number; name: string }; property: { id: number }; last_message: string; last_from_platform: boolean; blocks_admin: boolean }[];
    const firstRead = all.findIndex((r) => r.unread_count === 0);
    expect(all.slice(firstRead).every((r) => r.unread_count === 0), 'unread first').toBe(true);
    const row = all.find((r) => r.user.id === person.user.id)!;
    expect(row).toMatchObject({ unread_count: 1, user: { name: 'Ravi Asker' }, property: { id: listing.id }, last_message: 'Can I visit on Sunday?', last_from_platform: false, blocks_admin: false });
    expect(all.findIndex((r) => r.user.id === person.user.id)).toBeLessThan(all.findIndex((r) => r.user.id === older.user.id));

    const socket = await socketOf(person);
    try {
      const thread = await t.get(`/api/admin/inbox/${row.id}`, {}, admin.auth);
      expect(thread.status, JSON.stringify(thread.body)).toBe(200);
      expect(thread.body.data.conversation).toMatchObject({ id: row.id, unread_count: 0 });
      expect(thread.body.data.messages).toMatchObject([{ from_platform: false, message: 'Can I visit on Sunday?', is_read: true }]);
      expect(await socket.next('read')).toMatchObject({ property_id: listing.id, reader_id: 0 });
      expect((await t.get('/api/admin/inbox/unread', {}, admin.auth)).body.data.unread).toBe(unreadBefore - 1);

      const reply = await post(`/api/admin/inbox/${row.id}/reply`, { message: 'Yes, Sunday at 11 works.' }, admin.auth);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data).toMatchObject({ from_platform: true, admin: { id: admin.user.id, name: 'Inbox Admin' }, message: 'Yes, Sunday at 11 works.', is_read: false });
      expect(await socket.next('message')).toMatchObject({ message: { sender_id: 0, receiver_id: person.user.id, property_id: listing.id, message: 'Yes, Sunday at 11 works.' } });
      expect(await socket.next('unread')).toMatchObject({ total: 1 });
    } finally {
      socket.ws.close();
    }

    const chat = ((await t.get('/api/get_chats', {}, person.auth)).body.data as Record<string, unknown>[]).find((c) => c.property_id === listing.id);
    expect(chat).toMatchObject({ user_id: 0, name: platformName, unread_count: 1, last_message: 'Yes, Sunday at 11 works.' });
    const messages = (await t.get('/api/get_messages', { user_id: 0, property_id: listing.id }, person.auth)).body.data.data as Record<string, unknown>[];
    expect(messages[0]).toMatchObject({ sender_id: 0, receiver_id: person.user.id, message: 'Yes, Sunday at 11 works.' });
    expect((await t.get('/api/get_chats', {}, person.auth)).body.data.find((c: { property_id: number }) => c.property_id === listing.id).unread_count).toBe(0);

    const [audit] = await rows<{ action: string; actor_id: number; after: { message: string; user_id: number } }>(t.db, sql`select action, actor_id, after from audit_log where entity = 'chat' and entity_id = ${String(row.id)}`);
    expect(audit).toMatchObject({ action: 'chat.reply', actor_id: admin.user.id, after: { message: 'Yes, Sunday at 11 works.', user_id: person.user.id } });
    // The person may go on writing in the conversation; any other administrator reads it too.
    expect((await toPlatform(person, listing.id, 'Thank you!')).status).toBe(200);
    const other = await createUserWithToken(t.db, { role: 'admin' });
    expect((await t.get(`/api/admin/inbox/${row.id}`, {}, other.auth)).body.data.messages[0]).toMatchObject({ message: 'Thank you!', from_platform: false });
  });

  it('searches and pages on the server, and refuses bad input with the field’s message', async () => {
    const person = await createUserWithToken(t.db, { name: 'Zubin Searchable' });
    const listing = await createProperty(t.db);
    expect((await toPlatform(person, listing.id, 'One')).status).toBe(200);
    const found = await t.get('/api/admin/inbox', { q: 'Zubin Searchable', per_page: 1 }, admin.auth);
    expect(found.body).toMatchObject({ total: 1, page: 1, per_page: 1, data: [{ user: { id: person.user.id } }] });
    expect((await t.get('/api/admin/inbox', { q: 'nobody-writes-this' }, admin.auth)).body.total).toBe(0);
    const onlyUnread = (await t.get('/api/admin/inbox', { unread: 1, per_page: 100 }, admin.auth)).body.data as { unread_count: number }[];
    expect(onlyUnread.every((r) => r.unread_count > 0)).toBe(true);

    const badSort = await t.get('/api/admin/inbox', { sort: 'password' }, admin.auth);
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe('sort must be one of unread, last_message_at, name');
    const row = (await inboxRow(person.user.id))!;
    const empty = await post(`/api/admin/inbox/${row.id}/reply`, { message: '   ' }, admin.auth);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please write a message');
    const long = await post(`/api/admin/inbox/${row.id}/reply`, { message: 'x'.repeat(2001) }, admin.auth);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('message must be at most 2000 characters');
    expect((await t.get('/api/admin/inbox/abc', {}, admin.auth)).status).toBe(400);
    expect((await post('/api/admin/inbox/999999/reply', { message: 'Hello' }, admin.auth)).status).toBe(404);
  });

  it('does not open a conversation between two people as the platform’s (404)', async () => {
    const owner = await createUserWithToken(t.db);
    const buyer = await createUserWithToken(t.db);
    const listing = await createProperty(t.db, { ownerId: owner.user.id });
    expect((await post('/api/send_message', { receiver_id: owner.user.id, property_id: listing.id, message: 'Private' }, buyer.auth)).status).toBe(200);
    const [chat] = await rows<{ id: number }>(t.db, sql`select chat_id as id from chat_messages where sender_id = ${buyer.user.id}`);
    expect((await t.get(`/api/admin/inbox/${chat.id}`, {}, admin.auth)).status).toBe(404);
    expect((await post(`/api/admin/inbox/${chat.id}/reply`, { message: 'Hi' }, admin.auth)).status).toBe(404);
  });

  it('refuses a visitor (401) and a normal user (403) every inbox route', async () => {
    const person = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);
    expect((await toPlatform(person, listing.id, 'Hello')).status).toBe(200);
    const row = (await inboxRow(person.user.id))!;
    for (const [method, url] of [
      ['GET', '/api/admin/inbox'],
      ['GET', '/api/admin/inbox/unread'],
      ['GET', `/api/admin/inbox/${row.id}`],
      ['POST', `/api/admin/inbox/${row.id}/reply`],
    ] as const) {
      expect((await t.request({ method, url, payload: method === 'POST' ? { message: 'Hi' } : undefined })).status, url).toBe(401);
      expect((await t.request({ method, url, payload: method === 'POST' ? { message: 'Hi' } : undefined, headers: person.auth })).status, url).toBe(403);
    }
    // Refused calls read nothing: the person's message is still unread.
    expect(await rows(t.db, sql`select 1 from chat_messages where chat_id = ${row.id} and is_read`)).toHaveLength(0);
  });

  it('keeps a person’s conversation with the platform from another person', async () => {
    const person = await createUserWithToken(t.db);
    const stranger = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);
    expect((await toPlatform(person, listing.id, 'My private question')).status).toBe(200);
    const row = (await inboxRow(person.user.id))!;
    expect((await post(`/api/admin/inbox/${row.id}/reply`, { message: 'Our private answer' }, admin.auth)).status).toBe(200);

    const theirs = await t.get('/api/get_messages', { user_id: 0, property_id: listing.id }, stranger.auth);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.data).toEqual([]);
    expect(((await t.get('/api/get_chats', {}, stranger.auth)).body.data as { property_id: number }[]).some((c) => c.property_id === listing.id)).toBe(false);
    // Writing too starts the stranger's own conversation, never theirs.
    expect((await toPlatform(stranger, listing.id, 'Mine')).status).toBe(200);
    expect(((await t.get('/api/get_messages', { user_id: 0, property_id: listing.id }, stranger.auth)).body.data.data as { message: string }[]).map((m) => m.message)).toEqual(['Mine']);
  });

  it('refuses a reply (403) to a person who blocks the platform, and shows it; they cannot write to it either', async () => {
    const person = await createUserWithToken(t.db);
    const listing = await createProperty(t.db);
    expect((await toPlatform(person, listing.id, 'Before blocking')).status).toBe(200);
    expect((await post('/api/block-user', { to_admin: 1, reason: 'Enough' }, person.auth)).status).toBe(200);

    const row = (await t.get('/api/admin/inbox', { q: String(person.user.id) }, admin.auth)).body.data[0];
    expect(row).toMatchObject({ user: { id: person.user.id }, blocks_admin: true });
    const refused = await post(`/api/admin/inbox/${row.id}/reply`, { message: 'Are you there?' }, admin.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This person has blocked messages from the platform.');
    expect(await rows(t.db, sql`select 1 from chat_messages where chat_id = ${row.id} and sender_id is null`)).toHaveLength(0);
    expect(await rows(t.db, sql`select 1 from audit_log where entity = 'chat' and entity_id = ${String(row.id)}`)).toHaveLength(0);

    expect(((await t.get('/api/get_chats', {}, person.auth)).body.data as Record<string, unknown>[]).find((c) => c.property_id === listing.id)).toMatchObject({ user_id: 0, is_blocked_by_me: true });
    const own = await toPlatform(person, listing.id, 'After blocking');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You block messages from us. Unblock us to write.');

    expect((await post('/api/unblock-user', { to_admin: 1 }, person.auth)).status).toBe(200);
    expect((await post(`/api/admin/inbox/${row.id}/reply`, { message: 'Welcome back' }, admin.auth)).status).toBe(200);
  });
});
