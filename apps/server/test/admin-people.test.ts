// The admin console's people and trust calls (issue 16): the reports queue (dismiss, hide, warn,
// deactivate), agent verification review and its form, and people (activity, deactivation, roles —
// never the last active admin — verification reset, messages from the platform). Runs on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createProperty, createUserWithToken } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Priya Admin' });
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string>) => t.request({ method: 'POST', url, payload, headers });
const audits = (entity: string, id: number) =>
  rows<{ action: string; actor_id: number; before: unknown; after: unknown }>(t.db, sql`select action, actor_id, before, after from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`);
const reasonIds = async () => (await rows<{ id: number; reason: string }>(t.db, sql`select id, reason from report_reasons order by id limit 2`)).map((r) => r);

/** A listed property reported by `n` users: two with the first stored reason, one with the second, the rest in their own words. */
async function reported(n = 3, ownerOverrides: Record<string, unknown> = {}) {
  const owner = await createUserWithToken(t.db, ownerOverrides);
  const listing = await createProperty(t.db, { ownerId: owner.user.id });
  const [first, second] = await reasonIds();
  for (let i = 0; i < n; i++) {
    const reporter = await createUserWithToken(t.db);
    const body = i < 2 ? { property_id: listing.id, reason_id: first.id } : i === 2 ? { property_id: listing.id, reason_id: second.id } : { property_id: listing.id, other_message: `Looks fake (${i})` };
    const res = await post('/api/add_reports', body, reporter.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { owner, listing, first, second };
}

type Queue = { property: { id: number; status: number }; owner: { id: number; is_active: boolean } | null; count: number; reasons: { reason: string; count: number }[]; messages: string[]; resolution: string | null };
const queueRow = async (propertyId: number, state: 'open' | 'closed' = 'open'): Promise<Queue | undefined> =>
  ((await t.get('/api/admin/reports', { state, q: String(propertyId) }, admin.auth)).body.data as Queue[]).find((r) => r.property.id === propertyId);

describe('the reports queue', () => {
  it('groups a listing’s open reports with their reasons, counts and the reporters’ words; the dashboard counts only open ones', async () => {
    const { listing, owner, first, second } = await reported(4);
    const row = await queueRow(listing.id);
    expect(row).toMatchObject({ property: { id: listing.id, status: 1 }, owner: { id: owner.user.id, is_active: true }, count: 4, messages: ['Looks fake (3)'], resolution: null });
    expect(row!.reasons).toEqual([
      { reason: first.reason, count: 2 },
      { reason: second.reason, count: 1 },
    ]);
    const sorted = await t.get('/api/admin/reports', { sort: 'count', order: 'desc', per_page: 100 }, admin.auth);
    const counts = (sorted.body.data as Queue[]).map((r) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const before = (await t.get('/api/admin/dashboard', {}, admin.auth)).body.data.queues.open_reports;
    await post(`/api/admin/reports/${listing.id}/decide`, { action: 'dismiss' }, admin.auth);
    expect((await t.get('/api/admin/dashboard', {}, admin.auth)).body.data.queues.open_reports).toBe(before - 4);
  });

  it('refuses bad input with the field’s message', async () => {
    const { listing } = await reported(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'delete' }, 'action must be dismiss, hide, warn or deactivate'],
      [{ action: 'warn' }, 'Please tell the owner why'],
      [{ action: 'deactivate', reason: 'no' }, 'Please write a reason of at least 3 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(`/api/admin/reports/${listing.id}/decide`, payload, admin.auth);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.get('/api/admin/reports', { state: 'half' }, admin.auth)).body.message).toBe('state must be open or closed');
    expect((await t.get('/api/admin/reports', { sort: 'reporter_email' }, admin.auth)).status).toBe(400);
    expect((await post('/api/admin/reports/999999/decide', { action: 'dismiss' }, admin.auth)).status).toBe(404);
  });

  it('dismisses: the reports close, the listing stays public, a second decision finds nothing open (409)', async () => {
    const { listing } = await reported(2);
    const res = await post(`/api/admin/reports/${listing.id}/decide`, { action: 'dismiss' }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ property_id: listing.id, action: 'dismiss', closed: 2 });
    expect(await queueRow(listing.id)).toBeUndefined();
    expect(await queueRow(listing.id, 'closed')).toMatchObject({ count: 2, resolution: 'dismiss' });
    expect((await t.get('/api/get_property', { id: listing.id })).status).toBe(200);
    expect((await post(`/api/admin/reports/${listing.id}/decide`, { action: 'hide' }, admin.auth)).status).toBe(409);
    expect(await rows(t.db, sql`select status from properties where id = ${listing.id}`)).toEqual([{ status: 1 }]);
    expect((await audits('property', listing.id)).map((a) => a.action)).toEqual(['report.dismiss']);
  });

  it('hides the listing: it leaves public pages, its owner is told, the change is audited', async () => {
    const { listing, owner } = await reported(2);
    expect((await t.get('/api/get_property', { id: listing.id })).status).toBe(200);
    const res = await post(`/api/admin/reports/${listing.id}/decide`, { action: 'hide', reason: 'The pictures are of another flat.' }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.get('/api/get_property', { id: listing.id })).status).toBe(404);
    const list = (await t.get('/api/get-property-list', { limit: 100 })).body.data as { id: number }[];
    expect(list.map((p) => p.id)).not.toContain(listing.id);
    const notices = (await t.get('/api/get_notification_list', {}, owner.auth)).body.data as { title: string; message: string }[];
    expect(notices[0]).toMatchObject({ title: 'Your listing was hidden' });
    expect(notices[0].message).toContain('The pictures are of another flat.');
    expect(await audits('property', listing.id)).toEqual([
      {
        action: 'report.hide',
        actor_id: admin.user.id,
        before: { status: 1, open_reports: 2 },
        after: { status: 0, open_reports: 0, resolution: 'hide', reason: 'The pictures are of another flat.' },
      },
    ]);
  });

  it('warns the owner by notice and e-mail; the listing stays', async () => {
    const { listing, owner } = await reported(1);
    const res = await post(`/api/admin/reports/${listing.id}/decide`, { action: 'warn', reason: 'Please show the real price.' }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notices = (await t.get('/api/get_notification_list', {}, owner.auth)).body.data as { title: string; message: string }[];
    expect(notices[0].title).toBe('A warning about your listing');
    expect(notices[0].message).toContain('Please show the real price.');
    expect(await rows(t.db, sql`select count(*)::int as n from outbox where meta->>'kind' = 'property-warning' and recipient = ${owner.user.email}`)).toEqual([{ n: 1 }]);
    expect((await t.get('/api/get_property', { id: listing.id })).status).toBe(200);
  });

  it('deactivates the owner: their session ends and their next log-in says "Account Deactivated…"', async () => {
    const email = `owner-${Date.now()}@example.test`;
    const signup = await post('/api/user-register', { name: 'Owner To Go', email, password: 'Secret#123', re_password: 'Secret#123' }, {});
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    await t.db.execute(sql`update users set email_verified_at = now() where lower(email) = ${email}`);
    const login = await post('/api/user_signup', { type: 3, email, password: 'Secret#123' }, {});
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const auth = { authorization: `Bearer ${login.body.token}` };
    const [owner] = await rows<{ id: number }>(t.db, sql`select id from users where lower(email) = ${email}`);
    const listing = await createProperty(t.db, { ownerId: owner.id });
    const reporter = await createUserWithToken(t.db);
    await post('/api/add_reports', { property_id: listing.id, other_message: 'A scam' }, reporter.auth);
    expect((await t.get('/api/get_notification_list', {}, auth)).status).toBe(200);

    const res = await post(`/api/admin/reports/${listing.id}/decide`, { action: 'deactivate', reason: 'Repeated fake listings.' }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.get('/api/get_notification_list', {}, auth)).status).toBe(401);
    const again = await post('/api/user_signup', { type: 3, email, password: 'Secret#123' }, {});
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Account Deactivated by Administrative please connect to them');
    expect(await rows(t.db, sql`select count(*)::int as n from sessions where user_id = ${owner.id} and revoked_at is null`)).toEqual([{ n: 0 }]);
    expect((await audits('user', owner.id)).map((a) => a.action)).toEqual(['user.deactivate']);
    expect((await audits('property', listing.id)).map((a) => a.action)).toEqual(['report.deactivate']);
  });
});

/** An agent with a pending application answering the seeded form (a file answer stored as a media key). */
async function applicant() {
  const agent = await createUserWithToken(t.db, { role: 'agent', name: `Agent ${Date.now()}` });
  const fields = await rows<{ id: number; field_type: string; option: string | null }>(
    t.db,
    sql`select f.id, f.field_type, (select min(o.value) from verification_field_options o where o.field_id = f.id) as option from verification_fields f where f.is_active order by f.sequence`,
  );
  const [request] = await rows<{ id: number }>(t.db, sql`insert into verification_requests (user_id, status) values (${agent.user.id}, 'pending') returning id`);
  for (const f of fields) {
    const value = f.field_type === 'file' ? 'verification/id-card.pdf' : (f.option ?? 'An answer');
    await t.db.execute(sql`insert into verification_answers (request_id, field_id, value) values (${request.id}, ${f.id}, ${value})`);
  }
  await t.db.execute(sql`update users set verification_status = 'pending' where id = ${agent.user.id}`);
  return { agent, fields };
}

describe('agent verification review', () => {
  it('lists pending applications with their answers, files as absolute URLs', async () => {
    const { agent, fields } = await applicant();
    const res = await t.get('/api/admin/verifications', { status: 'pending', q: agent.user.email! }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(1);
    const app = res.body.data[0];
    expect(app).toMatchObject({ user: { id: agent.user.id, slug_id: agent.user.slugId }, status: 'pending', review_note: null });
    expect(app.answers).toHaveLength(fields.length);
    const file = app.answers.find((a: { field_type: string }) => a.field_type === 'file');
    if (file) expect(file.value).toMatch(/^https?:\/\/.+verification\/id-card\.pdf$/);
    expect((await t.get('/api/admin/verifications', { status: 'maybe' }, admin.auth)).body.message).toBe('status must be pending, success or failed');
  });

  it('approves: the badge shows on the agent’s page, the agent is told, the decision is audited; deciding again is 409', async () => {
    const { agent } = await applicant();
    await createProperty(t.db, { ownerId: agent.user.id });
    const page = async () => (await t.get('/api/agent-properties', { slug_id: agent.user.slugId })).body.data.customer_data as { is_verified: boolean };
    expect((await page()).is_verified).toBe(false);
    const res = await post(`/api/admin/verifications/${agent.user.id}/decide`, { status: 'success' }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ user_id: agent.user.id, verification_status: 'success', reason: null });
    expect((await page()).is_verified).toBe(true);
    const notices = (await t.get('/api/get_notification_list', {}, agent.auth)).body.data as { title: string }[];
    expect(notices[0].title).toBe('You are verified');
    expect(await audits('user', agent.user.id)).toEqual([{ action: 'verification.approve', actor_id: admin.user.id, before: { verification_status: 'pending' }, after: { verification_status: 'success', reason: null } }]);
    expect((await post(`/api/admin/verifications/${agent.user.id}/decide`, { status: 'failed', reason: 'Too late' }, admin.auth)).status).toBe(409);
  });

  it('fails with a reason the agent reads; a failure without a reason is refused', async () => {
    const { agent } = await applicant();
    const bad = await post(`/api/admin/verifications/${agent.user.id}/decide`, { status: 'failed' }, admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please tell the agent why the application failed');
    const res = await post(`/api/admin/verifications/${agent.user.id}/decide`, { status: 'failed', reason: 'The ID card is unreadable.' }, admin.auth);
    expect(res.status).toBe(200);
    const mine = await t.get('/api/get-agent-verification-form-values', {}, agent.auth);
    expect(mine.body).toMatchObject({ verification_status: 'failed', reason: 'The ID card is unreadable.' });
  });
});

describe('the verification form builder', () => {
  type Field = { id: number; name: string; field_type: string; is_required: boolean; is_active: boolean; options: { value: string }[]; answers: number };
  const publicForm = async (auth: Record<string, string>) => (await t.get('/api/get-agent-verification-form-fields', {}, auth)).body.data as { id: number; name: string; is_required: number; form_fields_values: { value: string }[] }[];

  it('adds, changes, orders and removes fields, and the public form follows', async () => {
    const user = await createUserWithToken(t.db);
    const created = await post('/api/admin/verification-fields', { name: 'Licence kind', field_type: 'radio', is_required: 1, options: ['RERA', 'Other'] }, admin.auth);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const field = created.body.data as Field;
    expect(field).toMatchObject({ name: 'Licence kind', field_type: 'radio', is_required: true, is_active: true, answers: 0 });
    let form = await publicForm(user.auth);
    expect(form.at(-1)).toMatchObject({ id: field.id, is_required: 1, form_fields_values: [{ value: 'RERA' }, { value: 'Other' }] });

    const changed = await post(`/api/admin/verification-fields/${field.id}`, { name: 'Licence type', field_type: 'dropdown', is_required: 0, options: ['RERA', 'State', 'None'] }, admin.auth);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    form = await publicForm(user.auth);
    expect(form.find((f) => f.id === field.id)).toMatchObject({ name: 'Licence type', is_required: 0, form_fields_values: [{ value: 'RERA' }, { value: 'State' }, { value: 'None' }] });

    const all = (await t.get('/api/admin/verification-fields', {}, admin.auth)).body.data as Field[];
    const order = [field.id, ...all.map((f) => f.id).filter((id) => id !== field.id)];
    const reordered = await post('/api/admin/verification-fields/order', { ids: order }, admin.auth);
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect((await publicForm(user.auth))[0].id).toBe(field.id);
    expect((await post('/api/admin/verification-fields/order', { ids: order.slice(1) }, admin.auth)).body.message).toBe('ids must name every field of the form once');

    const removed = await post(`/api/admin/verification-fields/${field.id}/delete`, {}, admin.auth);
    expect(removed.body.data).toEqual({ id: field.id, deleted: true });
    expect((await publicForm(user.auth)).map((f) => f.id)).not.toContain(field.id);
    expect((await audits('verification_field', field.id)).map((a) => a.action)).toEqual(['verification_field.create', 'verification_field.update', 'verification_field.delete']);
  });

  it('switches off, rather than deletes, a field that holds answers, and keeps its type', async () => {
    const { fields } = await applicant();
    const answered = fields.find((f) => f.field_type === 'text' || f.field_type === 'textarea') ?? fields[0];
    const typeChange = await post(`/api/admin/verification-fields/${answered.id}`, { name: 'Anything', field_type: answered.field_type === 'number' ? 'text' : 'number' }, admin.auth);
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.message).toBe('field_type cannot change once the field has answers; add a new field instead');
    const removed = await post(`/api/admin/verification-fields/${answered.id}/delete`, {}, admin.auth);
    expect(removed.body.data).toEqual({ id: answered.id, deleted: false });
    expect(await rows(t.db, sql`select is_active from verification_fields where id = ${answered.id}`)).toEqual([{ is_active: false }]);
    await t.db.execute(sql`update verification_fields set is_active = true where id = ${answered.id}`);
  });

  it('refuses bad fields with the field’s message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ field_type: 'text' }, 'name is required'],
      [{ name: 'Colour', field_type: 'colour' }, 'field_type must be one of text, number, dropdown, radio, checkbox, textarea, file'],
      [{ name: 'Pick', field_type: 'dropdown' }, 'A dropdown, radio or checkbox field needs at least one option'],
      [{ name: 'Note', field_type: 'text', options: ['a'] }, 'Only dropdown, radio and checkbox fields have options'],
      [{ name: 'Pick', field_type: 'radio', options: ['Yes', 'yes'] }, 'Options must differ from each other'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/admin/verification-fields', payload, admin.auth);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await post('/api/admin/verification-fields/999999', { name: 'X field', field_type: 'text' }, admin.auth)).status).toBe(404);
  });
});

describe('people', () => {
  it('lists people with search, role filter, sort and paging, and shows a person’s activity', async () => {
    const tag = `Zeta${Date.now()}`;
    const a = await createUserWithToken(t.db, { name: `${tag} Anna`, role: 'agent' });
    const b = await createUserWithToken(t.db, { name: `${tag} Bela`, role: 'agent' });
    await createUserWithToken(t.db, { name: `${tag} Cara`, role: 'user' });
    const res = await t.get('/api/admin/people', { q: tag, role: 'agent', sort: 'name', order: 'asc', per_page: 1 }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 2, per_page: 1 });
    expect(res.body.data[0]).toMatchObject({ id: a.user.id, role: 'agent', is_active: true, listings: 0 });
    expect(res.body.data[0].last_login_at).not.toBeNull();
    expect((await t.get('/api/admin/people', { q: tag, role: 'agent', sort: 'name', order: 'asc', per_page: 1, page: 2 }, admin.auth)).body.data[0].id).toBe(b.user.id);
    expect((await t.get('/api/admin/people', { sort: 'password_hash' }, admin.auth)).body.message).toBe('sort must be one of created_at, name, email, role, listings, last_login_at');
    expect((await t.get('/api/admin/people', { role: 'owner' }, admin.auth)).body.message).toBe('role must be user, agent or admin');

    const { listing, owner } = await reported(1);
    const detail = await t.get(`/api/admin/people/${owner.user.id}`, {}, admin.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: owner.user.id, listings: 1, activity: { properties: 1, projects: 0, payments: 0, reports_against: 1, open_reports_against: 1, blocks_admin: false } });
    expect(detail.body.data.recent_listings.map((l: { id: number }) => l.id)).toEqual([listing.id]);
    expect((await t.get('/api/admin/people/999999', {}, admin.auth)).status).toBe(404);
  });

  it('deactivates and reactivates, audited; never oneself', async () => {
    const person = await createUserWithToken(t.db);
    const off = await post(`/api/admin/people/${person.user.id}/active`, { active: 0, reason: 'Spam messages to owners.' }, admin.auth);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.is_active).toBe(false);
    expect((await t.get('/api/get_notification_list', {}, person.auth)).status).toBe(401);
    const on = await post(`/api/admin/people/${person.user.id}/active`, { active: 1 }, admin.auth);
    expect(on.body.data.is_active).toBe(true);
    expect((await audits('user', person.user.id)).map((a) => a.action)).toEqual(['user.deactivate', 'user.reactivate']);
    const self = await post(`/api/admin/people/${admin.user.id}/active`, { active: 0 }, admin.auth);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot deactivate your own account.');
  });

  it('takes a deactivated owner’s listings and projects off the public site (caches too) and puts back only those it took, on reactivation', async () => {
    const cached = await createTestApp({ PUBLIC_CACHE_SECONDS: '60' });
    try {
      const boss = await createUserWithToken(cached.db, { role: 'admin' });
      const owner = await createUserWithToken(cached.db);
      const city = `Heldville ${owner.user.id}`;
      const listed = await createProperty(cached.db, { ownerId: owner.user.id, city });
      const paused = await createProperty(cached.db, { ownerId: owner.user.id, city, status: 0 });
      const pending = await createProperty(cached.db, { ownerId: owner.user.id, city, requestStatus: 'pending' });
      const project = await createProject(cached.db, { ownerId: owner.user.id, city });
      // Written straight to the database, not through the app: the search index sees them at its
      // next look (within a second with a public cache); writes through the app are seen at once.
      await cached.services.properties.index?.start();
      await cached.services.properties.index?.catchUp();
      const visible = async (auth: Record<string, string> = {}) => ({
        detail: (await cached.get('/api/get_property', { slug_id: listed.slugId }, auth)).status,
        list: (await cached.get('/api/get-property-list', { city })).body.total,
        map: (await cached.get('/api/get-property-map-points', { city })).body.total,
        project: (await cached.get('/api/get-project-detail', { slug_id: project.slugId }, auth)).status,
        projects: (await cached.get('/api/get-projects', { city })).body.total,
      });
      const statuses = async () => Object.fromEntries((await rows<{ id: number; status: number }>(cached.db, sql`select id, status from properties where owner_id = ${owner.user.id}`)).map((r) => [r.id, r.status]));
      const counted = async () => (await rows<{ n: number }>(cached.db, sql`select listed_properties as n from users where id = ${owner.user.id}`))[0].n;
      const setActive = (active: number) => cached.request({ method: 'POST', url: `/api/admin/people/${owner.user.id}/active`, payload: { active, reason: 'Fake listings.' }, headers: boss.auth });

      expect(await visible()).toEqual({ detail: 200, list: 1, map: 1, project: 200, projects: 1 });
      expect(await counted()).toBe(1);
      expect((await setActive(0)).status).toBe(200);
      // Gone for visitors (the cached answers dropped), still there for an admin.
      expect(await visible()).toEqual({ detail: 404, list: 0, map: 0, project: 404, projects: 0 });
      expect(await visible(boss.auth)).toMatchObject({ detail: 200, project: 200 });
      expect(await statuses()).toEqual({ [listed.id]: 2, [paused.id]: 0, [pending.id]: 2 });
      expect(await counted()).toBe(0);
      // Approving the held pending listing does not list it while its owner is away.
      const approved = await cached.request({ method: 'POST', url: '/api/admin/listings/property/moderate', payload: { ids: [pending.id], action: 'approve' }, headers: boss.auth });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect((await cached.get('/api/get-property-list', { city })).body.total).toBe(0);

      expect((await setActive(1)).status).toBe(200);
      expect(await visible()).toEqual({ detail: 200, list: 2, map: 2, project: 200, projects: 1 });
      expect(await counted()).toBe(2);
      // Only what deactivation held comes back: the listing the owner paused stays paused.
      expect(await statuses()).toEqual({ [listed.id]: 1, [paused.id]: 0, [pending.id]: 1 });
      const trail = await rows<{ action: string; after: Record<string, unknown> }>(cached.db, sql`select action, after from audit_log where entity = 'user' and entity_id = ${String(owner.user.id)} order by id`);
      expect(trail).toEqual([
        { action: 'user.deactivate', after: { is_active: false, reason: 'Fake listings.', listings_held: { properties: 2, projects: 1 } } },
        { action: 'user.reactivate', after: { is_active: true, reason: 'Fake listings.', listings_restored: { properties: 2, projects: 1 } } },
      ]);
    } finally {
      await cached.close();
    }
  });

  it('makes and removes admins, but never the last active one (409), even when two admins remove each other at once', async () => {
    // Only these two are active admins for this test.
    await t.db.execute(sql`update users set is_active = false where role = 'admin' and id <> ${admin.user.id}`);
    const other = await createUserWithToken(t.db);
    const made = await post(`/api/admin/people/${other.user.id}/role`, { role: 'admin' }, admin.auth);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.role).toBe('admin');
    expect((await t.get('/api/admin/dashboard', {}, other.auth)).status).toBe(200);

    const [one, two] = await Promise.all([post(`/api/admin/people/${other.user.id}/role`, { role: 'user' }, admin.auth), post(`/api/admin/people/${admin.user.id}/role`, { role: 'agent' }, other.auth)]);
    // One wins; the other is refused — 409 when it got past the guard first, 403 when it was no longer an admin by then.
    expect([one.status, two.status].filter((s) => s === 200)).toHaveLength(1);
    expect(await rows(t.db, sql`select count(*)::int as n from users where role = 'admin' and is_active and deleted_at is null`)).toEqual([{ n: 1 }]);
    const [remaining] = await rows<{ id: number }>(t.db, sql`select id from users where role = 'admin' and is_active and deleted_at is null`);
    const lastAuth = remaining.id === admin.user.id ? admin.auth : other.auth;
    for (const payload of [{ role: 'user' }]) {
      const last = await post(`/api/admin/people/${remaining.id}/role`, payload, lastAuth);
      expect(last.status).toBe(409);
      expect(last.body.message).toBe('This is the last active administrator: make someone else an administrator first.');
    }
    // Put things back: the suite's admin stays an admin.
    if (remaining.id !== admin.user.id) await t.db.execute(sql`update users set role = 'admin' where id = ${admin.user.id}`);
    expect(await audits('user', other.user.id).then((a) => a.map((x) => x.action))).toContain('user.make_admin');
  });

  it('resets a verification: the badge goes and the person may apply again', async () => {
    const { agent } = await applicant();
    await post(`/api/admin/verifications/${agent.user.id}/decide`, { status: 'success' }, admin.auth);
    const res = await post(`/api/admin/people/${agent.user.id}/reset-verification`, {}, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.verification_status).toBe('initial');
    expect((await t.get('/api/agent-properties', { slug_id: agent.user.slugId })).body.data.customer_data.is_verified).toBe(false);
    expect(await rows(t.db, sql`select count(*)::int as n from verification_requests where user_id = ${agent.user.id}`)).toEqual([{ n: 0 }]);
    expect((await audits('user', agent.user.id)).map((a) => a.action)).toEqual(['verification.approve', 'user.reset_verification']);
  });

  it('sends a message from the platform, refused (403) to someone who blocks the platform', async () => {
    const person = await createUserWithToken(t.db);
    const res = await post(`/api/admin/people/${person.user.id}/message`, { title: 'About your listing', message: 'Please add the floor plan.' }, admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.get('/api/get_notification_list', {}, person.auth)).body.data[0]).toMatchObject({ title: 'About your listing', message: 'Please add the floor plan.' });
    expect((await post(`/api/admin/people/${person.user.id}/message`, { title: 'Hi', message: 'Hello there' }, admin.auth)).body.message).toBe('Please write a title of at least 3 characters');

    const blocked = await post('/api/block-user', { to_admin: 1, reason: 'No more' }, person.auth);
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    const refused = await post(`/api/admin/people/${person.user.id}/message`, { title: 'Again', message: 'Another message' }, admin.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This person has blocked messages from the platform.');
    expect((await t.get(`/api/admin/people/${person.user.id}`, {}, admin.auth)).body.data.activity.blocks_admin).toBe(true);
  });
});
