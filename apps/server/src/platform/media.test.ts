// The media store's behaviour, the same over both storages: the local folder, and an S3-compatible
// bucket (a stand-in of the S3 HTTP API on a local port, reached through the AWS SDK).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.ts';
import { isMediaUrlOf, MediaStore, mediaUrl, useMediaPublicUrl } from './media.ts';
import { mediaFiles } from './media-files.ts';
import { S3MediaStorage } from './media-s3.ts';

let workDir: string;
let standIn: S3StandIn;
beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estate-media-'));
  // Pages of two keys, so every listing below goes through continuation tokens.
  standIn = await startS3StandIn({ pageSize: 2 });
});
afterAll(async () => {
  await standIn?.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

interface Backend {
  name: string;
  create(): Promise<{ media: MediaStore; staging: string }>;
  /** Makes a stored file look `ms` older. */
  age(media: MediaStore, key: string, ms: number): Promise<void>;
}

const backends: Backend[] = [
  {
    name: 'the local folder',
    async create() {
      const root = path.join(workDir, randomUUID(), 'media');
      return { media: new MediaStore(root), staging: root };
    },
    async age(media, key, ms) {
      const past = new Date(Date.now() - ms);
      await fs.utimes(media.resolve(key), past, past);
    },
  },
  {
    name: 'an S3-compatible bucket',
    async create() {
      standIn.objects.clear();
      const root = path.join(workDir, randomUUID(), 'media');
      const staging = path.join(path.dirname(root), 'media-staging');
      return { media: new MediaStore(root, new S3MediaStorage(standIn.settings, staging)), staging };
    },
    async age(_media, key, ms) {
      standIn.age(key, ms);
    },
  },
];

const photo = (width = 2000, height = 1200) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'GPS here' } } }).toBuffer();
const HOUR = 60 * 60_000;

describe.each(backends)('media on $name', (backend) => {
  let media: MediaStore;
  let staging: string;
  beforeEach(async () => {
    ({ media, staging } = await backend.create());
  });
  afterEach(() => media.close());

  it('stores an image as WebP at every width, answering the default one, without its metadata', async () => {
    const stored = await media.putImage('properties', await photo());
    expect(stored.key).toMatch(/^properties\/[0-9a-f-]{36}-w960\.webp$/);
    expect(stored).toMatchObject({ width: 960, height: 576 });
    for (const width of [480, 960, 1600]) {
      const key = stored.key.replace('-w960', `-w${width}`);
      expect(await media.exists(key)).toBe(true);
      const meta = await sharp((await media.read(key))!).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
    }
    // Never enlarged; with other widths the largest is the answer.
    const small = await media.putImage('profiles', await photo(300, 300), { widths: [160, 480] });
    expect(small).toMatchObject({ width: 300, height: 300 });
    expect(small.key).toMatch(/-w480\.webp$/);
  });

  it('stores a file under a cleaned extension, and tells what exists', async () => {
    const key = await media.putFile('documents', Buffer.from('%PDF-1.4 brochure'), '.P/DF', 'brochure-1');
    expect(key).toBe('documents/brochure-1.pdf');
    expect((await media.read(key))?.toString()).toBe('%PDF-1.4 brochure');
    expect(await media.exists(key)).toBe(true);
    expect(await media.exists('documents/brochure-2.pdf')).toBe(false);
    expect(await media.read('documents/brochure-2.pdf')).toBeNull();
    // Written again under the same name, the new content replaces the old whole.
    await media.putFile('documents', Buffer.from('%PDF-1.4 second'), 'pdf', 'brochure-1');
    expect((await media.read(key))?.toString()).toBe('%PDF-1.4 second');
  });

  it('writes whole or not at all: nothing is seen while a write runs, nothing stays when it fails', async () => {
    let release!: () => void;
    const running = media.storage.write('properties/slow.webp', async (tmp) => {
      await fs.writeFile(tmp, 'half');
      await new Promise<void>((r) => (release = r));
      await fs.appendFile(tmp, ' and the rest');
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(await media.exists('properties/slow.webp')).toBe(false);
    release();
    await running;
    expect((await media.read('properties/slow.webp'))?.toString()).toBe('half and the rest');

    await expect(media.putImage('properties', Buffer.from('not an image'))).rejects.toThrow();
    await expect(
      media.storage.write('properties/broken.webp', async (tmp) => {
        await fs.writeFile(tmp, 'half');
        throw new Error('encoder died');
      }),
    ).rejects.toThrow('encoder died');
    expect(await media.exists('properties/broken.webp')).toBe(false);
    expect(await keysIn(media, 'properties')).toEqual(['properties/slow.webp']);
    // No temporary file is left behind, beside the targets or in the staging folder.
    const left = [...(await fs.readdir(staging, { recursive: true }).catch(() => [] as string[]))].filter((n) => n.endsWith('.tmp'));
    expect(left).toEqual([]);
  });

  it('removes an image with every width it was written at, and only that image', async () => {
    const house = await media.putImage('properties', await photo(), { name: 'house' });
    await media.putImage('properties', await photo(), { name: 'house-wide' });
    await media.putImage('properties', await photo(), { name: 'other', widths: [480] });
    const file = await media.putFile('properties', Buffer.from('x'), 'pdf', 'house');
    await media.remove(house.key);
    expect(await keysIn(media, 'properties')).toEqual([
      'properties/house-wide-w1600.webp',
      'properties/house-wide-w480.webp',
      'properties/house-wide-w960.webp',
      'properties/house.pdf',
      'properties/other-w480.webp',
    ]);
    await media.remove(file);
    expect(await media.exists(file)).toBe(false);
    // Removing what is not there is no error.
    await media.remove('properties/gone-w480.webp');
    await media.remove('properties/gone.pdf');
  });

  it('sweeps images and files no row refers to once they are older than the grace period, and half-written files', async () => {
    const kept = await media.putImage('profiles', await photo(400, 400), { widths: [160, 480] });
    const orphan = await media.putImage('profiles', await photo(400, 400), { widths: [160, 480] });
    const young = await media.putImage('profiles', await photo(400, 400), { widths: [160, 480] });
    const keptFile = await media.putFile('profiles', Buffer.from('kept'), 'pdf');
    const orphanFile = await media.putFile('profiles', Buffer.from('orphan'), 'pdf');
    const nested = await media.putFile('profiles/archive', Buffer.from('elsewhere'), 'pdf');
    for (const key of [kept.key.replace('-w480', '-w160'), kept.key, orphan.key.replace('-w480', '-w160'), orphan.key, keptFile, orphanFile, nested]) await backend.age(media, key, HOUR);
    // A crashed writer's half-written file, where this storage keeps them.
    const deadPid = 2 ** 22 + 1;
    const abandoned = `x.webp.${deadPid}.${randomUUID()}.tmp`;
    const tmpDir = media.storage instanceof S3MediaStorage ? staging : media.resolve('profiles');
    await fs.mkdir(tmpDir, { recursive: true });
    await fs.writeFile(path.join(tmpDir, abandoned), 'half');

    const removed = await media.sweep('profiles', new Set([kept.key, keptFile]));
    expect(removed).toBe(4);
    expect(await keysIn(media, 'profiles')).toEqual([keptFile, kept.key.replace('-w480', '-w160'), kept.key, young.key.replace('-w480', '-w160'), young.key].sort());
    expect(await media.exists(nested)).toBe(true);
    expect(await fs.readdir(tmpDir)).not.toContain(abandoned);
    expect(await media.sweep('profiles', new Set([kept.key, keptFile]))).toBe(0);
  });

  it('refuses keys that leave the media folder', async () => {
    await expect(media.putFile('../outside', Buffer.from('x'), 'txt')).rejects.toThrow(/escapes/);
    await expect(media.remove('../../etc/passwd')).rejects.toThrow(/escapes/);
  });

  describe('served at /media', () => {
    let app: FastifyInstance;
    beforeEach(async () => {
      app = Fastify();
      await app.register(
        async (scope) => {
          await scope.register(cors, { origin: '*' });
          await scope.register(mediaFiles, { media });
        },
        { prefix: '/media' },
      );
      await app.ready();
    });
    afterEach(() => app.close());

    it('answers a stored image with its type, long caching and CORS, conditionally and in ranges', async () => {
      const stored = await media.putImage('properties', await photo());
      const bytes = (await media.read(stored.key))!;
      const res = await app.inject({ method: 'GET', url: `/media/${stored.key}`, headers: { origin: 'https://app.example.com' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(String(res.headers['cache-control'])).toContain('immutable');
      expect(String(res.headers['cache-control'])).toContain('max-age=31536000');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.rawPayload.equals(bytes)).toBe(true);

      const head = await app.inject({ method: 'HEAD', url: `/media/${stored.key}` });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBe(bytes.length);
      expect(head.rawPayload.length).toBe(0);

      const again = await app.inject({ method: 'GET', url: `/media/${stored.key}`, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);

      // Video players seek by ranges.
      const video = await media.putFile('demo/videos', Buffer.from('0123456789'), 'webm', 'walkthrough-1');
      const part = await app.inject({ method: 'GET', url: `/media/${video}`, headers: { range: 'bytes=2-5' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-type']).toBe('video/webm');
      expect(part.headers['content-range']).toBe('bytes 2-5/10');
      expect(part.payload).toBe('2345');
    });

    it('answers 404 for what is not stored or not a media key, and never a file outside', async () => {
      expect((await app.inject({ method: 'GET', url: '/media/properties/missing-w960.webp' })).statusCode).toBe(404);
      for (const url of ['/media/..%2F..%2Fetc%2Fpasswd', '/media/properties/..%2F..%2F..%2Fetc%2Fpasswd', '/media/.hidden', '/media/']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.payload).not.toContain('root:');
      }
    });
  });
});

describe('media in an S3-compatible bucket', () => {
  let media: MediaStore;
  beforeEach(async () => {
    standIn.objects.clear();
    standIn.requests.length = 0;
    media = new MediaStore(path.join(workDir, randomUUID(), 'media'), new S3MediaStorage(standIn.settings, path.join(workDir, randomUUID())));
  });
  afterEach(() => media.close());

  it('stores objects with their type and long caching, lists by pages and deletes in batches', async () => {
    const image = await media.putImage('properties', await photo(), { name: 'a' });
    const pdf = await media.putFile('properties', Buffer.from('%PDF-'), 'pdf', 'b');
    expect(standIn.objects.get(image.key)).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect(standIn.objects.get(pdf)).toMatchObject({ contentType: 'application/pdf' });
    for (const key of standIn.objects.keys()) standIn.age(key, HOUR);
    standIn.requests.length = 0;
    expect(await media.sweep('properties', new Set())).toBe(4);
    expect(standIn.objects.size).toBe(0);
    // Four objects in pages of two: a second page by continuation token, then one DeleteObjects call.
    expect(standIn.requests.filter((r) => r.includes('list-type=2'))).toHaveLength(2);
    expect(standIn.requests.some((r) => r.includes('continuation-token='))).toBe(true);
    expect(standIn.requests.filter((r) => r.startsWith('POST') && r.includes('delete'))).toHaveLength(1);
  });

  it('keeps the secret key out of anything the store shows of itself', async () => {
    // After a call, so the SDK's client (which holds the key) exists.
    await media.exists('properties/none.pdf');
    const shown = [JSON.stringify(media), JSON.stringify(media.storage), inspect(media, { depth: 10, showHidden: true })].join('\n');
    expect(shown).toContain('stagingDir');
    expect(shown).not.toContain(standIn.settings.secretAccessKey);
  });

  it('lets storage failures through as errors, and a missing object as none', async () => {
    standIn.failWhen((method) => method === 'PUT');
    await expect(media.putFile('properties', Buffer.from('x'), 'pdf')).rejects.toThrow();
    standIn.failWhen(null);
    expect(await media.read('properties/none.pdf')).toBeNull();
  });
});

describe('media URLs', () => {
  afterEach(() => useMediaPublicUrl(undefined));

  it('are absolute on the request origin, or on MEDIA_PUBLIC_URL when it is set', () => {
    expect(mediaUrl('https://homes.example.com', 'properties/a-w960.webp')).toBe('https://homes.example.com/media/properties/a-w960.webp');
    expect(mediaUrl('https://homes.example.com', 'https://elsewhere.example/x.png')).toBe('https://elsewhere.example/x.png');
    expect(isMediaUrlOf('https://any.example/media/properties/a-w960.webp', 'properties/a-w960.webp')).toBe(true);
    useMediaPublicUrl('https://cdn.example.com/bucket/');
    expect(mediaUrl('https://homes.example.com', 'properties/a-w960.webp')).toBe('https://cdn.example.com/bucket/properties/a-w960.webp');
    expect(mediaUrl('https://homes.example.com', null)).toBeNull();
    expect(isMediaUrlOf('https://cdn.example.com/bucket/properties/a-w960.webp', 'properties/a-w960.webp')).toBe(true);
    expect(isMediaUrlOf('https://cdn.example.com/bucket/properties/b-w960.webp', 'properties/a-w960.webp')).toBe(false);
  });
});

async function keysIn(media: MediaStore, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of media.storage.list(folder)) if (!file.name.endsWith('.tmp')) keys.push(file.key);
  return keys.sort();
}
