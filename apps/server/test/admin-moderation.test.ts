// The admin console's API (issue 16): the guard on every /api/admin route, moderation of
// properties and projects (owners told, alerts matched, audited), the dashboard and the audit log.
// Runs on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Asha Admin' });
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string>) => t.request({ method: 'POST', url, payload, headers });
const audits = (entity: string, id: number) => rows<{ action: string; actor_id: number; actor_name: string; before: unknown; after: unknown }>(t.db, sql`select action, actor_id, actor_name, before, after from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`);

describe('the admin guard', () => {
  it('refuses every /api/admin route to a visitor (401) and to users and agents (403), before reading a body', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: path.replace(/\{[^}]+\}/g, '1') })));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const user = await createUserWithToken(t.db);
    const agent = await createUserWithToken(t.db, { role: 'agent' });
    for (const route of routes) {
      // A broken JSON body: the guard answers before the parser could complain.
      const body = route.method === 'GET' ? {} : { payload: '{"broken', headers: { 'content-type': 'application/json' } };
      const visitor = await t.request({ method: route.method, url: route.url, ...body });
      expect(visitor.status, `${route.method} ${route.url} as a visitor`).toBe(401);
      for (const who of [user, agent]) {
        const res = await t.request({ method: route.method, url: route.url, payload: body.payload, headers: { ...who.auth, ...(body.headers ?? {}) } });
        expect(res.status, `${route.method} ${route.url} as a ${who.user.role}`).toBe(403);
        expect(res.body).toEqual({ error: true, message: 'Only administrators can do this.' });
      }
    }
  });

  it('follows the role as it is now: an admin made a user loses the console at once', async () => {
    const former = await createUserWithToken(t.db, { role: 'admin' });
    expect((await t.get('/api/admin/dashboard', {}, former.auth)).status).toBe(200);
    await t.db.execute(sql`update users set role = 'user' where id = ${former.user.id}`);
    expect((await t.get('/api/admin/dashboard', {}, former.auth)).status).toBe(403);
  });
});

describe('moderation', () => {
  it('lists listings by state with the owner, searchable, sorted and paged on the server', async () => {
    const owner = await createUserWithToken(t.db, { name: 'Moderation Owner Zed' });
    const a = await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'pending', title: 'Zed pending flat A' });
    const b = await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'pending', title: 'Zed pending flat B' });
    await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'approved', title: 'Zed approved flat' });

    const res = await t.get('/api/admin/listings/property', { status: 'pending', q: 'Moderation Owner Zed', sort: 'title', order: 'asc', per_page: 1 }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ error: false, total: 2, page: 1, per_page: 1 });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: a.id, kind: 'property', request_status: 'pending', owner: { id: owner.user.id, name: 'Moderation Owner Zed' } });
    const second = await t.get('/api/admin/listings/property', { status: 'pending', q: 'Moderation Owner Zed', sort: 'title', order: 'asc', per_page: 1, page: 2 }, admin.auth);
    expect(second.body.data.map((r: { id: number }) => r.id)).toEqual([b.id]);
    // A wildcard in the search is text, not a pattern.
    expect((await t.get('/api/admin/listings/property', { q: '%' }, admin.auth)).body.total).toBe(0);
  });

  it('refuses bad input with the field’s message', async () => {
    const cases: [string, Record<string, string | number>, string][] = [
      ['/api/admin/listings/property', { sort: 'password_hash' }, 'sort must be one of created_at, updated_at, title, city, price'],
      ['/api/admin/listings/property', { status: 'deleted' }, 'status must be pending, approved or rejected'],
      ['/api/admin/listings/property', { per_page: 1000 }, 'per_page must be at most 100'],
      ['/api/admin/listings/houses', {}, 'kind must be property or project'],
      ['/api/admin/audit', { order: 'sideways' }, 'order must be asc or desc'],
    ];
    for (const [url, query, message] of cases) {
      const res = await t.get(url, query, admin.auth);
      expect(res.status, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const listing = await createProperty(t.db, { requestStatus: 'pending' });
    const bodies: [Record<string, unknown>, string][] = [
      [{ ids: [listing.id], action: 'reject' }, 'Please tell the owner why the listing is rejected'],
      [{ ids: [listing.id], action: 'reject', reason: 'no' }, 'Please write a reason of at least 3 characters'],
      [{ ids: [], action: 'approve' }, 'Choose at least one row'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'approve' }, 'At most 100 rows at once'],
      [{ ids: [listing.id], action: 'delete' }, 'action must be approve or reject'],
    ];
    for (const [payload, message] of bodies) {
      const res = await post('/api/admin/listings/property/moderate', payload, admin.auth);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await rows(t.db, sql`select request_status from properties where id = ${listing.id}`)).toEqual([{ request_status: 'pending' }]);
  });

  it('approves: the listing goes public, its owner is told, matching alerts fire, the change is audited', async () => {
    const owner = await createUserWithToken(t.db);
    const listing = await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'pending', city: 'Modtown', propertyType: 0 });
    const watcher = await createUserWithToken(t.db);
    await t.db.execute(sql`insert into search_alerts (user_id, city, property_type) values (${watcher.user.id}, 'Modtown', 0)`);
    expect((await t.get('/api/get_property', { id: listing.id })).status).toBe(404);

    const res = await post('/api/admin/listings/property/moderate', { ids: [listing.id], action: 'approve' }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ error: false, message: 'Approved', data: { changed: [listing.id], unchanged: [] } });
    expect((await t.get('/api/get_property', { id: listing.id })).status).toBe(200);

    const notices = await t.get('/api/get_notification_list', {}, owner.auth);
    expect(notices.body.data[0]).toMatchObject({ title: 'Your listing is live' });
    // The watcher's saved search for Modtown sales hears of the new listing.
    const watched = (await t.get('/api/get_notification_list', {}, watcher.auth)).body.data as { property: { id: number } | null }[];
    expect(watched.map((n) => n.property?.id)).toContain(listing.id);
    expect(await audits('property', listing.id)).toEqual([
      { action: 'property.approve', actor_id: admin.user.id, actor_name: 'Asha Admin', before: { request_status: 'pending', reject_reason: null }, after: { request_status: 'approved', reject_reason: null } },
    ]);

    // Approving again changes nothing, tells no one and writes no second entry.
    const again = await post('/api/admin/listings/property/moderate', { ids: [listing.id, 999_999], action: 'approve' }, admin.auth);
    expect(again.body.data).toEqual({ changed: [], unchanged: [listing.id] });
    expect(await audits('property', listing.id)).toHaveLength(1);
    expect((await t.get('/api/get_notification_list', {}, owner.auth)).body.data).toHaveLength(notices.body.data.length);
  });

  it('rejects with a reason the owner sees, in bulk, and a later approval clears the reason', async () => {
    const owner = await createUserWithToken(t.db);
    const one = await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'pending' });
    const two = await createProperty(t.db, { ownerId: owner.user.id, requestStatus: 'pending' });
    const reason = 'The photos show a different flat.';
    const res = await post('/api/admin/listings/property/moderate', { ids: [one.id, two.id, one.id], action: 'reject', reason }, admin.auth);
    expect(res.body.data).toEqual({ changed: [one.id, two.id], unchanged: [] });

    const mine = await t.get('/api/get-added-properties', { request_status: 'rejected' }, owner.auth);
    const shown = (mine.body.data as { id: number; reject_reason: string | null }[]).filter((p) => [one.id, two.id].includes(p.id));
    expect(shown.map((p) => p.reject_reason)).toEqual([reason, reason]);
    const notices = (await t.get('/api/get_notification_list', {}, owner.auth)).body.data as { title: string; message: string }[];
    expect(notices.filter((n) => n.title === 'Your listing was not approved')).toHaveLength(2);
    expect(notices[0].message).toContain(reason);
    // Said in the reader's language, the reason as the admin wrote it.
    const inHindi = (await t.get('/api/get_notification_list', {}, { ...owner.auth, 'content-language': 'hi' })).body.data as { title: string; message: string }[];
    expect(inHindi[0]).toMatchObject({ title: 'आपकी लिस्टिंग स्वीकृत नहीं हुई' });
    expect(inHindi[0].message).toContain(reason);
    expect(await rows(t.db, sql`select count(*)::int as n from outbox where meta->>'kind' = 'property-rejected' and recipient = (select email from users where id = ${owner.user.id})`)).toEqual([{ n: 2 }]);

    await post('/api/admin/listings/property/moderate', { ids: [one.id], action: 'approve' }, admin.auth);
    expect(await rows(t.db, sql`select request_status, reject_reason from properties where id = ${one.id}`)).toEqual([{ request_status: 'approved', reject_reason: null }]);
    expect((await audits('property', one.id)).map((a) => a.action)).toEqual(['property.reject', 'property.approve']);
  });

  it('moderates projects the same way', async () => {
    const owner = await createUserWithToken(t.db);
    const project = await createProject(t.db, { ownerId: owner.user.id, requestStatus: 'pending' });
    const list = await t.get('/api/admin/listings/project', { status: 'pending', q: String(project.id) }, admin.auth);
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(project.id);
    const res = await post('/api/admin/listings/project/moderate', { ids: [project.id], action: 'reject', reason: 'Missing the RERA number.' }, admin.auth);
    expect(res.body.data.changed).toEqual([project.id]);
    expect(await rows(t.db, sql`select request_status, reject_reason from projects where id = ${project.id}`)).toEqual([{ request_status: 'rejected', reject_reason: 'Missing the RERA number.' }]);
    expect((await t.get('/api/get_notification_list', {}, owner.auth)).body.data[0]).toMatchObject({ title: 'Your project was not approved' });
    expect((await audits('project', project.id)).map((a) => a.action)).toEqual(['project.reject']);
  });

  it('two admins deciding the same listing at once make one change', async () => {
    const other = await createUserWithToken(t.db, { role: 'admin' });
    const listing = await createProperty(t.db, { requestStatus: 'pending' });
    const answers = await Promise.all([admin, other].map((who) => post('/api/admin/listings/property/moderate', { ids: [listing.id], action: 'approve' }, who.auth)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.flatMap((a) => a.body.data.changed)).toEqual([listing.id]);
    expect(await audits('property', listing.id)).toHaveLength(1);
  });
});

describe('dashboard and audit log', () => {
  it('counts what the database holds and the queues, with 30 days of series', async () => {
    const res = await t.get('/api/admin/dashboard', {}, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    const [counts] = await rows<{ total: number; pending: number }>(t.db, sql`select count(*)::int as total, (count(*) filter (where request_status = 'pending'))::int as pending from properties`);
    expect(d.properties).toMatchObject(counts);
    expect(d.series).toHaveLength(30);
    expect(d.series[29].date).toBe(new Date().toISOString().slice(0, 10));
    const [today] = await rows<{ n: number }>(t.db, sql`select ((select count(*) from properties where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc') + (select count(*) from projects where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'))::int as n`);
    expect(d.series[29].listings).toBe(today.n);
    expect(d.queues.pending_listings).toBe(d.properties.pending + d.projects.pending);
  });

  it('lists the audit log newest first, filtered by action and searched by id', async () => {
    const listing = await createProperty(t.db, { requestStatus: 'pending' });
    await post('/api/admin/listings/property/moderate', { ids: [listing.id], action: 'reject', reason: 'Duplicate of another listing.' }, admin.auth);
    const res = await t.get('/api/admin/audit', { action: 'property.reject', q: String(listing.id) }, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({ action: 'property.reject', entity: 'property', entity_id: String(listing.id), actor_id: admin.user.id, actor_name: 'Asha Admin', after: { request_status: 'rejected', reject_reason: 'Duplicate of another listing.' } });
    const all = await t.get('/api/admin/audit', { per_page: 100 }, admin.auth);
    const times = (all.body.data as { created_at: string }[]).map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
