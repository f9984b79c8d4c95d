// Owners' projects (issue 13): post_project (create and update with plans and remove lists),
// delete_project, change-project-status and get-added-projects — gates, ownership with a second
// user, and files all-or-nothing. Runs on PGlite and on PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStore } from '../src/platform/media.ts';
import { createUserWithToken, holdPackageFor } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';
import { multipart, type TestFile } from './multipart.ts';

let t: TestApp;
let mediaRoot: string;
let categoryId: number;

beforeAll(async () => {
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'project-media-'));
  t = await createTestApp({}, { media: new MediaStore(mediaRoot) });
  categoryId = (await rows<{ id: number }>(t.db, sql`select id from categories order by id limit 1`))[0].id;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

const picture = (name: string, colour = '#16a085'): Promise<TestFile> =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((data) => ({ name, filename: `${name}.png`, type: 'image/png', data }));
const pdf = (name: string, filename = 'plan.pdf'): TestFile => ({ name, filename, type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });

async function owner(limit: number | null = null) {
  const made = await createUserWithToken(t.db, { mobile: `+91${Math.floor(7e9 + Math.random() * 1e9)}`, profile: 'profiles/p-w160.webp', address: '2 Test Lane, Pune' });
  return { ...made, userPackageId: await holdPackageFor(t.db, made.user.id, { project_list: limit }) };
}

const fields = (overrides: Record<string, string> = {}) => ({
  title: 'Riverside Residences',
  description: 'Towers by the river.',
  category_id: String(categoryId),
  type: 'under_construction',
  city: 'Pune',
  state: 'Maharashtra',
  country: 'India',
  location: 'Koregaon Park',
  latitude: '18.5362',
  longitude: '73.8940',
  'plans[0][title]': '2 BHK – 1,050 sq ft',
  'plans[1][title]': '3 BHK – 1,480 sq ft',
  ...overrides,
});

async function post(auth: Record<string, string>, f: Record<string, string>, ...files: TestFile[]) {
  const body = multipart(f, ...files);
  return t.request({ method: 'POST', url: '/api/post_project', payload: body.payload, headers: { ...body.headers, ...auth } });
}
const postJson = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload, headers: auth });

async function addProject(o: { auth: Record<string, string> }, overrides: Record<string, string> = {}) {
  const res = await post(o.auth, fields(overrides), await picture('image'), await picture('gallery_images[0]', '#2c3e50'), pdf('documents[0]', 'Brochure.pdf'), pdf('plans[0][document]'), pdf('plans[1][document]'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(path.join(mediaRoot, 'projects'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
const used = async (userPackageId: number) => (await rows<{ used_limit: number }>(t.db, sql`select used_limit from user_package_features where user_package_id = ${userPackageId}`))[0].used_limit;
const keyOf = (url: string) => path.join(mediaRoot, new URL(url).pathname.replace(/^\/media\//, ''));

describe('post_project', () => {
  it('adds a project with its picture, gallery, brochure and plans, pending review, spending a project_list unit', async () => {
    const o = await owner(3);
    const project = await addProject(o);
    expect(project).toMatchObject({ title: 'Riverside Residences', type: 'under_construction', request_status: 'pending', city: 'Pune', reject_reason: null, customer: { id: o.user.id } });
    expect(project.slug_id).toMatch(/^riverside-residences(-\d+)?$/);
    expect(project.gallary_images).toHaveLength(1);
    expect(project.documents).toEqual([expect.objectContaining({ type: 'pdf' })]);
    expect(project.plans.map((p: { title: string }) => p.title)).toEqual(['2 BHK – 1,050 sq ft', '3 BHK – 1,480 sq ft']);
    expect(await used(o.userPackageId)).toBe(1);
    expect((await t.get('/api/get-project-detail', { slug_id: project.slug_id })).status).toBe(404);
    expect((await t.get('/api/get-project-detail', { slug_id: project.slug_id }, o.auth)).status).toBe(200);
  });

  it('refuses an incomplete profile, a missing picture, a new plan without its document and a user without project_list, storing nothing', async () => {
    const before = await storedFiles();
    const incomplete = await createUserWithToken(t.db);
    const res = await post(incomplete.auth, fields(), await picture('image'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('profile_incomplete');

    const o = await owner();
    expect((await post(o.auth, fields(), pdf('plans[0][document]'), pdf('plans[1][document]'))).body.errors).toHaveProperty('image');
    const noPlanFile = await post(o.auth, fields(), await picture('image'), pdf('plans[0][document]'));
    expect(noPlanFile.status).toBe(400);
    expect(noPlanFile.body.errors).toHaveProperty(['plans.1.document']);
    expect((await post(o.auth, { ...fields(), type: 'finished' }, await picture('image'))).status).toBe(400);

    const unpaid = await createUserWithToken(t.db, { mobile: '+919811111111', profile: 'profiles/q-w160.webp', address: 'Here' });
    const gated = await post(unpaid.auth, fields(), await picture('image'), pdf('plans[0][document]'), pdf('plans[1][document]'));
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: 'feature_unavailable', feature: 'project_list' });
    expect(await storedFiles()).toEqual(before);
  });

  it('updates one’s own project: renames a plan, replaces the picture, removes the gallery and a plan, keeps the old slug working', async () => {
    const o = await owner();
    const project = await addProject(o, { title: `Garden Court ${Date.now()}` });
    await t.db.execute(sql`update projects set request_status = 'approved' where id = ${project.id}`);
    const [first, second] = project.plans;
    const oldPicture = keyOf(project.image);
    const res = await post(
      o.auth,
      {
        id: String(project.id),
        title: `Garden Court Phase 2 ${Date.now()}`,
        'plans[0][id]': String(first.id),
        'plans[0][title]': '2 BHK – 1,100 sq ft',
        'remove_plans[0]': String(second.id),
        'remove_gallery_images[0]': String(project.gallary_images[0].id),
      },
      await picture('image', '#e67e22'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body.data;
    expect(updated.plans).toEqual([expect.objectContaining({ id: first.id, title: '2 BHK – 1,100 sq ft' })]);
    expect(updated.gallary_images).toEqual([]);
    expect(updated.request_status).toBe('pending');
    await expect(fs.access(oldPicture)).rejects.toThrow();
    await expect(fs.access(keyOf(second.document))).rejects.toThrow();
    await fs.access(keyOf(updated.image));
    await t.db.execute(sql`update projects set request_status = 'approved' where id = ${project.id}`);
    const byOld = await t.get('/api/get-project-detail', { slug_id: project.slug_id });
    expect(byOld.status).toBe(200);
    expect(byOld.body.data.slug_id).toBe(updated.slug_id);
  });
});

describe('a second user', () => {
  it('can change nothing of another’s project', async () => {
    const o = await owner();
    const intruder = await owner();
    const project = await addProject(o);
    const snapshot = async () => (await rows(t.db, sql`select * from projects where id = ${project.id}`))[0];
    const attempts = async () => [
      await post(intruder.auth, { id: String(project.id), title: 'Mine now' }),
      await postJson('/api/delete_project', intruder.auth, { id: project.id }),
      await postJson('/api/change-project-status', intruder.auth, { project_id: project.id, status: 0 }),
    ];
    for (const res of await attempts()) expect(res.status).toBe(404);
    await t.db.execute(sql`update projects set request_status = 'approved' where id = ${project.id}`);
    const approved = await snapshot();
    for (const res of await attempts()) expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(approved);
    expect((await t.get('/api/get-added-projects', {}, intruder.auth)).body.total).toBe(0);
  });
});

describe('status, listing and deletion', () => {
  it('pauses only an approved project, lists one’s own by state, and deletes with the files, giving back an unapproved unit', async () => {
    const o = await owner(2);
    const pending = await addProject(o);
    const live = await addProject(o);
    await t.db.execute(sql`update projects set request_status = 'approved' where id = ${live.id}`);
    expect((await postJson('/api/change-project-status', o.auth, { project_id: pending.id, status: 0 })).status).toBe(400);
    expect((await postJson('/api/change-project-status', o.auth, { project_id: live.id, status: 0 })).body.data.status).toBe(0);
    expect((await t.get('/api/get-project-detail', { slug_id: live.slug_id })).status).toBe(404);

    const mine = await t.get('/api/get-added-projects', {}, o.auth);
    expect(mine.body.data.map((p: { id: number }) => p.id)).toEqual([live.id, pending.id]);
    expect((await t.get('/api/get-added-projects', { state: 'paused' }, o.auth)).body.data.map((p: { id: number }) => p.id)).toEqual([live.id]);

    expect(await used(o.userPackageId)).toBe(2);
    const files = [pending.image, ...pending.plans.map((p: { document: string }) => p.document)].map(keyOf);
    expect((await postJson('/api/delete_project', o.auth, { id: pending.id })).status).toBe(200);
    for (const file of files) await expect(fs.access(file)).rejects.toThrow();
    expect(await used(o.userPackageId)).toBe(1);
    await postJson('/api/delete_project', o.auth, { id: live.id });
    expect(await used(o.userPackageId)).toBe(1);
    expect((await t.get('/api/get-added-projects', {}, o.auth)).body.total).toBe(0);
  });
});
