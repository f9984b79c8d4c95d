// Security suite, issue 9 findings 7 and 15: uploads stream to disk under limits, and no file
// outlives its row (replaced and deleted pictures, a crash's leftovers).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStore } from '../../src/platform/media.ts';
import { createUserWithToken } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { multipart } from '../multipart.ts';

let t: TestApp;
let workDir: string;
let media: MediaStore;
const uploadsDir = () => path.join(workDir, 'uploads');

beforeAll(async () => {
  // A media folder of this file's own, so what is (not) left in it is this file's doing.
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estate-uploads-'));
  media = new MediaStore(path.join(workDir, 'media'));
  t = await createTestApp({ BODY_LIMIT_MB: '1' }, { media });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

const picture = (colour: string, width = 400) => sharp({ create: { width, height: 300, channels: 3, background: colour } }).jpeg().toBuffer();
const upload = (token: string, ...files: { data: Buffer; name?: string }[]) => {
  const body = multipart({ name: 'Pic Ture' }, ...files.map((f, i) => ({ name: f.name ?? 'profile', filename: `p${i}.jpg`, type: 'image/jpeg', data: f.data })));
  return t.request({ method: 'POST', url: '/api/update_profile', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
};
const filesIn = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).sort();
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');

describe('finding 7: uploads are streamed to disk under limits', () => {
  it('a picture arrives through a temporary file that is gone once answered', async () => {
    const { token } = await createUserWithToken(t.db);
    const res = await upload(token, { data: await picture('#3366aa') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.profile).toMatch(/\/media\/profiles\/.+\.webp$/);
    expect(await filesIn(uploadsDir())).toEqual([]);
  });

  it('refuses a file over the request limit with 413 and keeps nothing of it', async () => {
    const { token } = await createUserWithToken(t.db);
    const before = await filesIn(path.join(workDir, 'media', 'profiles'));
    const res = await upload(token, { data: Buffer.concat([await picture('#aa3366'), Buffer.alloc(1.5 * 1024 * 1024)]) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: true });
    expect(await filesIn(uploadsDir())).toEqual([]);
    expect(await filesIn(path.join(workDir, 'media', 'profiles'))).toEqual(before);
    expect((await t.get('/api/get-user-data', {}, { authorization: `Bearer ${token}` })).body.data.profile).toBeNull();
  });

  it('refuses more files than the route takes', async () => {
    const { token } = await createUserWithToken(t.db);
    const small = await picture('#33aa66', 50);
    const res = await upload(token, { data: small }, { data: small, name: 'profile2' });
    expect(res.status).toBe(413);
    expect(await filesIn(uploadsDir())).toEqual([]);
  });

  it('sweeps uploads an interrupted process left behind', async () => {
    const { sweepUploads } = await import('../../src/platform/uploads.ts');
    const stale = path.join(uploadsDir(), 'left-behind.upload');
    await fs.writeFile(stale, 'x');
    const fresh = path.join(uploadsDir(), 'in-flight.upload');
    await fs.writeFile(fresh, 'x');
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(stale, hourAgo, hourAgo);
    expect(await sweepUploads(uploadsDir(), 3600_000)).toBe(1);
    expect(await filesIn(uploadsDir())).toEqual(['in-flight.upload']);
    await fs.rm(fresh);
  });
});

describe('finding 15: no picture outlives its row', () => {
  it('a replaced picture and a deleted account’s picture are removed at every size', async () => {
    const { token } = await createUserWithToken(t.db);
    const first = await upload(token, { data: await picture('#112233') });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstKey = keyOf(first.body.data.profile);
    const firstBase = path.basename(firstKey).replace(/-w\d+\.webp$/, '');
    const profiles = path.join(workDir, 'media', 'profiles');
    expect((await filesIn(profiles)).filter((n) => n.startsWith(firstBase))).toHaveLength(2);

    const second = await upload(token, { data: await picture('#445566') });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const secondBase = path.basename(keyOf(second.body.data.profile)).replace(/-w\d+\.webp$/, '');
    expect((await filesIn(profiles)).filter((n) => n.startsWith(firstBase))).toEqual([]);
    expect((await filesIn(profiles)).filter((n) => n.startsWith(secondBase))).toHaveLength(2);

    const deleted = await t.request({ method: 'POST', url: '/api/delete_user', headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await filesIn(profiles)).filter((n) => n.startsWith(secondBase))).toEqual([]);
  });

  it('at start-up, removes pictures without a row and half-written files of dead writers, and keeps the rest', async () => {
    const { token } = await createUserWithToken(t.db);
    const kept = keyOf((await upload(token, { data: await picture('#778899') })).body.data.profile);
    const profiles = path.join(workDir, 'media', 'profiles');
    const old = new Date(Date.now() - 3600_000);
    const orphan = path.join(profiles, 'orphan-w160.webp');
    const young = path.join(profiles, 'young-w160.webp');
    const deadTmp = path.join(profiles, `x-w480.webp.999999.${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.tmp`);
    for (const f of [orphan, young, deadTmp]) await fs.writeFile(f, 'x');
    await fs.utimes(orphan, old, old);
    for (const f of await filesIn(profiles)) if (kept.includes(f.replace(/-w\d+\.webp$/, ''))) await fs.utimes(path.join(profiles, f), old, old);

    expect(await t.services.accounts.sweepPictures()).toBe(2);
    const left = await filesIn(profiles);
    expect(left).not.toContain('orphan-w160.webp');
    expect(left.some((n) => n.endsWith('.tmp'))).toBe(false);
    expect(left).toContain('young-w160.webp');
    expect(left.filter((n) => kept.includes(n.replace(/-w\d+\.webp$/, '')))).toHaveLength(2);
  });
});
