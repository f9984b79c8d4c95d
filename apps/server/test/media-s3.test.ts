// The app with its media in an S3-compatible bucket (a local stand-in of the S3 HTTP API): uploads
// land in the bucket, /media streams them with the headers the local folder gets, and the secret
// key reaches neither the log nor an answer.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUserWithToken } from './factories.ts';
import { createTestApp, type ApiResponse, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.ts';

let standIn: S3StandIn;
beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(() => standIn?.close());

const picture = (colour: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();

async function uploadPicture(t: TestApp, token: string, data: Buffer | null, fields: Record<string, string> = {}): Promise<ApiResponse> {
  const body = multipart(fields, data ? { name: 'profile', filename: 'me.jpg', type: 'image/jpeg', data } : undefined);
  return t.request({ method: 'POST', url: '/api/update_profile', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
}

const keyOf = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');

describe('media in an S3-compatible bucket', () => {
  let t: TestApp;
  const lines: string[] = [];
  const answers: string[] = [];
  const request = async (opts: Parameters<TestApp['request']>[0]) => {
    const res = await t.request(opts);
    answers.push(JSON.stringify(res.raw.headers), res.raw.body);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ ...standIn.env, LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t?.close());

  it('stores an uploaded picture in the bucket and serves it at /media on this origin', async () => {
    const { token } = await createUserWithToken(t.db);
    const res = await uploadPicture(t, token, await picture('#c0ffee'));
    answers.push(JSON.stringify(res.body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.data.profile;
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/media\/profiles\/[0-9a-f-]{36}-w480\.webp$/);
    const key = keyOf(url);
    expect([...standIn.objects.keys()].filter((k) => k.startsWith(key.replace('-w480.webp', '')))).toEqual([key.replace('-w480', '-w160'), key]);
    // Nothing of it in the local media folder.
    await expect(fs.access(path.join(inject('mediaDir'), key))).rejects.toThrow();

    const served = await request({ method: 'GET', url: new URL(url).pathname, headers: { origin: 'https://app.example.com' } });
    expect(served.status).toBe(200);
    expect(served.raw.headers['content-type']).toBe('image/webp');
    expect(served.raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The same cross-origin headers as the local folder's files get.
    expect(served.raw.headers['access-control-allow-origin']).toBe('*');
    expect(served.raw.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.raw.rawPayload.equals(standIn.objects.get(key)!.data)).toBe(true);
    expect((await sharp(served.raw.rawPayload).metadata()).width).toBe(480);

    // A new picture replaces the old one in the bucket, every width of it.
    const again = await uploadPicture(t, token, await picture('#ffeeaa'));
    expect(again.status).toBe(200);
    const next = keyOf(again.body.data.profile);
    expect(next).not.toBe(key);
    expect(standIn.objects.has(key)).toBe(false);
    expect(standIn.objects.has(key.replace('-w480', '-w160'))).toBe(false);
    expect(standIn.objects.has(next)).toBe(true);
    expect((await request({ method: 'GET', url: `/media/${key}` })).status).toBe(404);
  });

  it("sweeps the bucket's pictures no account refers to, keeping the ones that do", async () => {
    const { token } = await createUserWithToken(t.db);
    const kept = keyOf((await uploadPicture(t, token, await picture('#aabbcc'))).body.data.profile);
    const orphan = await t.services.media.putImage('profiles', await picture('#ccbbaa'), { widths: [160, 480] });
    for (const key of [kept, orphan.key]) {
      standIn.age(key, 60 * 60_000);
      standIn.age(key.replace('-w480', '-w160'), 60 * 60_000);
    }
    expect(await t.services.accounts.sweepPictures()).toBeGreaterThanOrEqual(2);
    expect(standIn.objects.has(orphan.key)).toBe(false);
    expect(standIn.objects.has(kept)).toBe(true);
  });

  it('answers a failing bucket with a 500 that names nothing, and logs it without the secret key', async () => {
    const { token } = await createUserWithToken(t.db);
    const key = keyOf((await uploadPicture(t, token, await picture('#123456'))).body.data.profile);
    standIn.failWhen((method, k) => method === 'GET' && k === key);
    const res = await request({ method: 'GET', url: `/media/${key}` });
    standIn.failWhen(null);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/InternalError|Injected|127\.0\.0\.1|amazonaws|S3/);

    const log = lines.join('');
    // The failure is in the log, so the test reads the right lines…
    expect(log).toContain('Injected failure');
    // …and neither it nor any answer holds the secret.
    expect(log).not.toContain(standIn.settings.secretAccessKey);
    expect(answers.join('\n')).not.toContain(standIn.settings.secretAccessKey);
  });
});

describe('media on a public URL (MEDIA_PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...standIn.env, MEDIA_PUBLIC_URL: 'https://cdn.example.com/estate/' });
  });
  afterAll(() => t?.close());

  it('answers media URLs on it, lets pages load from it, and takes them back as the same file', async () => {
    const { token } = await createUserWithToken(t.db);
    const res = await uploadPicture(t, token, await picture('#c0ffee'));
    const url: string = res.body.data.profile;
    expect(url).toMatch(/^https:\/\/cdn\.example\.com\/estate\/profiles\/[0-9a-f-]{36}-w480\.webp$/);
    expect(standIn.objects.has(url.slice('https://cdn.example.com/estate/'.length))).toBe(true);

    const csp = String((await t.request({ method: 'GET', url: '/healthz' })).raw.headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) expect(csp).toMatch(new RegExp(`${directive} [^;]*https://cdn\\.example\\.com`));

    // A client sending back the picture's URL keeps the picture.
    const unchanged = await uploadPicture(t, token, null, { profile: url, name: 'Same Picture' });
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
    expect(unchanged.body.data.profile).toBe(url);
  });
});
