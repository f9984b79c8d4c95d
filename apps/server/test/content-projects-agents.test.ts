import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createUserWithToken, grantFeature, holdPackageFor } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT_PER_HOUR: '3' });
});
afterAll(() => t?.close());

describe('get_articles', () => {
  it('lists articles newest first with categories and covers', async () => {
    const res = await t.get('/api/get_articles', { limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.total).toBeGreaterThanOrEqual(15);
    const a = res.body.data[0];
    expect(a.image).toMatch(/\/media\//);
    expect(a.category).toMatchObject({ id: expect.any(Number), category: expect.any(String), slug_id: expect.any(String) });
    const dates = res.body.data.map((x: { created_at: string }) => x.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers one article by slug as data[0] with similar articles', async () => {
    const first = (await t.get('/api/get_articles', { limit: 1 })).body.data[0];
    const res = await t.get('/api/get_articles', { slug_id: first.slug_id });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].description).toContain('<p>');
    expect(res.body.similar_articles.every((a: { id: number }) => a.id !== first.id)).toBe(true);
    expect((await t.get('/api/get_articles', { slug_id: 'no-such-article' })).status).toBe(404);
  });

  it('filters by category', async () => {
    const first = (await t.get('/api/get_articles', { limit: 1 })).body.data[0];
    const res = await t.get('/api/get_articles', { category_id: first.category.id, limit: 50 });
    expect(res.body.data.every((a: { category_id: number }) => a.category_id === first.category.id)).toBe(true);
  });
});

describe('get_article_categories', () => {
  it('lists article categories with their number of published articles', async () => {
    const res = await t.get('/api/get_article_categories');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.data.length);
    const articles = (await t.get('/api/get_articles', { limit: 100 })).body;
    for (const c of res.body.data) {
      const inCategory = articles.data.filter((a: { category_id: number }) => a.category_id === c.id).length;
      expect(c).toEqual({ id: expect.any(Number), category: expect.any(String), slug_id: expect.any(String), articles_count: inCategory });
    }
    expect(res.body.data.reduce((n: number, c: { articles_count: number }) => n + c.articles_count, 0)).toBeGreaterThan(0);
  });
});

describe('faqs and report reasons', () => {
  it('lists FAQs', async () => {
    const res = await t.get('/api/faqs', { limit: 3 });
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), question: expect.any(String), answer: expect.any(String) });
    expect(res.body.total).toBeGreaterThanOrEqual(10);
  });

  it('lists report reasons', async () => {
    const res = await t.get('/api/get_report_reasons');
    expect(res.body.data.length).toBeGreaterThanOrEqual(5);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), reason: expect.any(String) });
  });
});

describe('contct_us', () => {
  const message = { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com', subject: 'Site visit', message: 'Can I visit the Powai flat this weekend?' };

  it('stores the message and queues an e-mail to the operator in one go', async () => {
    const res = await t.request({ method: 'POST', url: '/api/contct_us', payload: message, remoteAddress: '10.0.0.1' });
    expect(res.status).toBe(200);
    expect(res.body.error).toBe(false);
    const stored = (await rows(t.db, sql`select * from contact_messages where email = 'asha@example.com'`));
    expect(stored).toHaveLength(1);
    const mail = (await rows(t.db, sql`select * from outbox where meta->>'kind' = 'contact'`)) as { body: string; subject: string }[];
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toContain('Site visit');
    expect(mail[0].body).toContain('Powai flat');
  });

  it('accepts form-encoded and multipart bodies', async () => {
    const form = new URLSearchParams({ ...message, email: 'form@example.com' }).toString();
    const res = await t.request({ method: 'POST', url: '/api/contct_us', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.0.0.2' });
    expect(res.status).toBe(200);
    const boundary = 'XyZ';
    const multipart = Object.entries({ ...message, email: 'multi@example.com' })
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
    const res2 = await t.request({ method: 'POST', url: '/api/contct_us', payload: multipart, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, remoteAddress: '10.0.0.2' });
    expect(res2.status, JSON.stringify(res2.body)).toBe(200);
  });

  it('names the field that is wrong and stores nothing', async () => {
    const before = (await rows(t.db, sql`select count(*)::int as n from contact_messages`))[0];
    const res = await t.request({ method: 'POST', url: '/api/contct_us', payload: { ...message, email: 'not-an-email' }, remoteAddress: '10.0.0.3' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('email');
    const missing = await t.request({ method: 'POST', url: '/api/contct_us', payload: { ...message, subject: '' }, remoteAddress: '10.0.0.3' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('subject is required');
    expect((await rows(t.db, sql`select count(*)::int as n from contact_messages`))[0]).toEqual(before);
  });

  it('rate-limits one sender', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.request({ method: 'POST', url: '/api/contct_us', payload: message, remoteAddress: '10.9.9.9' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const blocked = await t.request({ method: 'POST', url: '/api/contct_us', payload: message, remoteAddress: '10.9.9.9' });
    expect(blocked.body.error).toBe(true);
  });
});

describe('projects', () => {
  it('get-projects lists approved projects with plans, documents and gallery to a viewer with project access', async () => {
    const viewer = await createUserWithToken(t.db);
    await grantFeature(t.db, viewer.user.id, 'project_access');
    const res = await t.get('/api/get-projects', { limit: 30 }, viewer.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(25);
    const p = res.body.data[0];
    expect(p.gallary_images.length).toBeGreaterThan(0);
    expect(p.plans.length).toBeGreaterThan(0);
    expect(p.plans[0].document).toMatch(/\/media\//);
    expect(p.documents[0].name).toMatch(/\.pdf$/);
    expect(['upcoming', 'under_construction']).toContain(p.type);
    expect(p.customer).toHaveProperty('name');
    expect(p.project_access_locked).toBe(false);
  });

  it('filters projects by city, category and type', async () => {
    const p = (await t.get('/api/get-projects', { limit: 1 })).body.data[0];
    const byCity = await t.get('/api/get-projects', { city: p.city, limit: 50 });
    expect(byCity.body.data.every((x: { city: string }) => x.city === p.city)).toBe(true);
    const byType = await t.get('/api/get-projects', { type: 'upcoming', limit: 50 });
    expect(byType.body.data.every((x: { type: string }) => x.type === 'upcoming')).toBe(true);
    const byCategory = await t.get('/api/get-projects', { category_id: p.category_id, limit: 50 });
    expect(byCategory.body.data.map((x: { id: number }) => x.id)).toContain(p.id);
  });

  it('get-project-detail answers one project with similar ones, and 404 for an unknown slug', async () => {
    const p = (await t.get('/api/get-projects', { limit: 1 })).body.data[0];
    const res = await t.get('/api/get-project-detail', { slug_id: p.slug_id, get_similar: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(p.id);
    expect(res.body.data.customer).toMatchObject({ name: expect.any(String) });
    expect(res.body.similar_projects.every((x: { id: number }) => x.id !== p.id)).toBe(true);
    expect((await t.get('/api/get-project-detail', { slug_id: 'nope-nope' })).status).toBe(404);
    expect((await t.get('/api/get-project-detail')).status).toBe(400);
  });
});

describe('project access (spec §4/§5 project_access)', () => {
  /** A project of the demo with plans, documents, a gallery and a developer with contacts. */
  const richProject = async () => {
    const [row] = await rows<{ id: number; slug_id: string }>(
      t.db,
      sql`select p.id, p.slug_id from projects p where p.status = 1 and p.request_status = 'approved' and p.owner_id is not null
            and exists (select 1 from project_plans where project_id = p.id) and exists (select 1 from project_documents where project_id = p.id)
            and exists (select 1 from project_images where project_id = p.id) order by p.id limit 1`,
    );
    return row;
  };
  const usedOf = async (userId: number) =>
    (
      await rows<{ used: number }>(
        t.db,
        sql`select coalesce(sum(upf.used_limit), 0)::int as used from user_package_features upf join user_packages up on up.id = upf.user_package_id
              join features f on f.id = upf.feature_id where up.user_id = ${userId} and f.name = 'project_access'`,
      )
    )[0].used;
  const expectTeaser = (p: Record<string, unknown> & { customer: Record<string, unknown> }) => {
    expect(p.project_access_locked).toBe(true);
    expect(p).toMatchObject({ gallary_images: [], documents: [], plans: [], video_link: null });
    expect(p.customer).toMatchObject({ email: null, mobile: null, address: null, name: expect.any(String) });
    expect(p.title).toEqual(expect.any(String));
    expect(p.description).toEqual(expect.any(String));
  };

  it('answers a visitor and a user without the feature the teaser, detail and lists alike', async () => {
    const project = await richProject();
    const visitor = await t.get('/api/get-project-detail', { slug_id: project.slug_id });
    expect(visitor.status).toBe(200);
    expectTeaser(visitor.body.data);
    const user = await createUserWithToken(t.db);
    // A package without project_access does not open it.
    await holdPackageFor(t.db, user.user.id, { property_list: 5, mortgage_calculator_detail: null });
    const asUser = await t.get('/api/get-project-detail', { slug_id: project.slug_id }, user.auth);
    expect(asUser.status).toBe(200);
    expectTeaser(asUser.body.data);
    // The other ways to one project answer the teaser too.
    expectTeaser((await t.get('/api/get-projects', { slug_id: project.slug_id }, user.auth)).body.data[0]);
    expectTeaser((await t.get('/api/get-projects', { id: project.id }, user.auth)).body.data[0]);
    for (const p of (await t.get('/api/get-projects', { limit: 20 }, user.auth)).body.data) expectTeaser(p);
    expect((await t.get('/api/check-package-limit', { type: 'project_access' }, user.auth)).body.data).toMatchObject({ package_available: true, feature_available: false });
    expect(await usedOf(user.user.id)).toBe(0);
  });

  it('opens projects in full with the feature and counts each opening on the package, not each list', async () => {
    const project = await richProject();
    const user = await createUserWithToken(t.db);
    await holdPackageFor(t.db, user.user.id, { project_access: null });
    const first = await t.get('/api/get-project-detail', { slug_id: project.slug_id, get_similar: 1 }, user.auth);
    expect(first.status).toBe(200);
    expect(first.body.data.project_access_locked).toBe(false);
    expect(first.body.data.plans.length).toBeGreaterThan(0);
    expect(first.body.data.documents.length).toBeGreaterThan(0);
    expect(first.body.data.gallary_images.length).toBeGreaterThan(0);
    expect(first.body.similar_projects.every((p: { project_access_locked: boolean }) => p.project_access_locked === false)).toBe(true);
    expect(await usedOf(user.user.id)).toBe(1);
    await t.get('/api/get-projects', { slug_id: project.slug_id }, user.auth);
    expect(await usedOf(user.user.id)).toBe(2);
    // Lists and the visitor's answer count nothing.
    await t.get('/api/get-projects', { limit: 5 }, user.auth);
    await t.get('/api/get-project-detail', { slug_id: project.slug_id });
    expect(await usedOf(user.user.id)).toBe(2);
    // The second user, without the feature, still gets the teaser of the same project.
    const other = await createUserWithToken(t.db);
    expectTeaser((await t.get('/api/get-project-detail', { slug_id: project.slug_id }, other.auth)).body.data);
    expect(await usedOf(other.user.id)).toBe(0);
  });

  it('closes again when the package holding the feature has ended', async () => {
    const project = await richProject();
    const user = await createUserWithToken(t.db);
    await holdPackageFor(t.db, user.user.id, { project_access: null }, -1);
    expectTeaser((await t.get('/api/get-project-detail', { slug_id: project.slug_id }, user.auth)).body.data);
  });

  it('shows the owner their own project and an admin any project in full, without counting', async () => {
    const owner = await createUserWithToken(t.db);
    const own = await createProject(t.db, { ownerId: owner.user.id, videoLink: 'https://www.youtube.com/watch?v=ysz5S6PUM-U' });
    const mine = await t.get('/api/get-project-detail', { slug_id: own.slugId }, owner.auth);
    expect(mine.body.data).toMatchObject({ project_access_locked: false, video_link: 'https://www.youtube.com/watch?v=ysz5S6PUM-U' });
    expect((await t.get('/api/get-projects', { userid: owner.user.id }, owner.auth)).body.data[0].project_access_locked).toBe(false);
    // A second user sees the same project as its teaser.
    const other = await createUserWithToken(t.db);
    expectTeaser((await t.get('/api/get-project-detail', { slug_id: own.slugId }, other.auth)).body.data);
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const project = await richProject();
    expect((await t.get('/api/get-project-detail', { slug_id: project.slug_id }, admin.auth)).body.data.project_access_locked).toBe(false);
    expect(await usedOf(admin.user.id)).toBe(0);
  });
});

describe('agents', () => {
  it('agent-list puts the platform first, then agents with counts', async () => {
    const res = await t.get('/api/agent-list', { limit: 30 });
    expect(res.status).toBe(200);
    expect(res.body.data[0].is_admin).toBe(true);
    expect(res.body.data.length).toBeGreaterThanOrEqual(21);
    expect(res.body.data.slice(1).some((a: { is_verified: boolean }) => a.is_verified)).toBe(true);
    expect(res.body.data.slice(1).some((a: { is_verified: boolean }) => !a.is_verified)).toBe(true);
    const second = await t.get('/api/agent-list', { limit: 5, offset: 5 });
    expect(second.body.data.every((a: { is_admin: boolean }) => !a.is_admin)).toBe(true);
    const firstPage = await t.get('/api/agent-list', { limit: 5, offset: 0 });
    const ids = [...firstPage.body.data, ...second.body.data].map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(10);
  });

  it("agent-properties answers an agent's profile and listings", async () => {
    const agents = (await t.get('/api/agent-list', { limit: 30 })).body.data;
    const agent = agents.find((a: { property_count: number; is_admin: boolean }) => !a.is_admin && a.property_count > 0);
    const res = await t.get('/api/agent-properties', { slug_id: agent.slug_id, limit: 50 });
    expect(res.status).toBe(200);
    expect(res.body.data.customer_data.slug_id).toBe(agent.slug_id);
    expect(res.body.total).toBe(agent.property_count);
    expect(res.body.data.properties_data.length).toBe(Math.min(agent.property_count, 50));
    const projects = await t.get('/api/agent-properties', { slug_id: agent.slug_id, is_projects: 1 });
    expect(projects.body.data.properties_data).toEqual([]);
    expect(projects.body.total).toBe(agent.projects_count);
  });

  it("agent-properties with is_admin answers the platform's own listings", async () => {
    const res = await t.get('/api/agent-properties', { is_admin: 1, limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.customer_data.is_admin).toBe(true);
    expect(res.body.total).toBeGreaterThan(0);
    expect((await t.get('/api/agent-properties', { slug_id: 'no-such-agent' })).status).toBe(404);
  });
});

describe('homepage-data', () => {
  it('answers every section, up to 12 items each', async () => {
    const res = await t.get('/api/homepage-data');
    expect(res.status).toBe(200);
    const d = res.body.data;
    for (const key of ['slider_section', 'featured_section', 'most_liked_properties', 'most_viewed_properties', 'project_section', 'project_featured_section', 'categories_section', 'article_section', 'agents_list', 'faq_section']) {
      expect(d[key].length, key).toBeGreaterThan(0);
      expect(d[key].length, key).toBeLessThanOrEqual(12);
    }
    expect(d.featured_section.every((c: { promoted: boolean }) => c.promoted)).toBe(true);
    expect(d.project_featured_section.every((c: { promoted: boolean }) => c.promoted)).toBe(true);
    const views = d.most_viewed_properties.map((c: { total_view: number }) => c.total_view);
    expect(views).toEqual([...views].sort((a: number, b: number) => b - a));
    expect(d.slider_section[0].image).toMatch(/\/media\//);
    expect(d).not.toHaveProperty('nearby_properties');
  });
});
