/**
 * Drawing the demo's pictures and videos is what makes a first seed slow; this keeps what was drawn
 * (by content, under node_modules/.cache) so the next fresh seed copies it, and draws side by side.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_WIDTH, IMAGE_WIDTHS, type MediaStore } from '../platform/media.ts';

/** Pictures rendered side by side: sharp encodes on libuv's pool, one picture a core. */
export const RENDERERS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * Drawn pictures kept between seeds (the tests seed a fresh market on every run; encoding is what
 * takes the time), keyed by the drawing itself. `DEMO_PICTURE_CACHE=off` draws every time.
 */
const cacheDir = () => process.env.DEMO_PICTURE_CACHE ?? path.resolve(import.meta.dirname, '../../../../node_modules/.cache/estate-demo-pictures');
// Bump when the encoder's settings change, so old files are not taken for new ones.
const ENCODING = 'webp-q78-e2-v1';

/** Stores a drawing like an upload (WebP at `widths`), from the cache when it was drawn before; answers its key. */
export async function putDrawing(media: MediaStore, folder: string, svg: string, opts: { name: string; widths?: readonly number[] }): Promise<string> {
  const widths = opts.widths ?? IMAGE_WIDTHS;
  const key = (width: number) => `${folder}/${opts.name}-w${width}.webp`;
  const chosen = key(widths.includes(DEFAULT_WIDTH) ? DEFAULT_WIDTH : widths[widths.length - 1]);
  if (cacheDir() === 'off') return (await media.putImage(folder, svg, opts)).key;
  const id = createHash('sha256').update(`${ENCODING}\n${widths.join(',')}\n${svg}`).digest('hex').slice(0, 40);
  const cached = (width: number) => `${id.slice(0, 2)}/${id}-w${width}.webp`;
  const hits = await Promise.all(widths.map((w) => readCached(cached(w))));
  if (hits.every((h) => h !== null)) {
    for (const [i, width] of widths.entries()) await media.putFile(folder, hits[i]!, 'webp', `${opts.name}-w${width}`);
    return chosen;
  }
  await media.putImage(folder, svg, opts);
  for (const width of widths) {
    const encoded = await media.read(key(width));
    if (encoded) await writeCached(cached(width), encoded);
  }
  return chosen;
}

const cacheFile = (name: string) => path.join(cacheDir(), name);
const readCached = (name: string) => fs.readFile(cacheFile(name)).catch(() => null);

/** Keeps `data` under `name`, written whole or not at all; a full disk or a read-only tree only costs the next seed time. */
async function writeCached(name: string, data: Buffer): Promise<void> {
  const tmp = `${cacheFile(name)}.${process.pid}.tmp`;
  await fs
    .mkdir(path.dirname(tmp), { recursive: true })
    .then(() => fs.writeFile(tmp, data))
    .then(() => fs.rename(tmp, cacheFile(name)))
    .catch(() => fs.rm(tmp, { force: true }));
}

let drawingCode: string | undefined;
/** A fingerprint of the code that draws the demo (this folder), for cached files made by code rather than from a drawing. */
async function drawingCodeHash(): Promise<string> {
  if (drawingCode) return drawingCode;
  const hash = createHash('sha256');
  for (const dir of [import.meta.dirname, path.join(import.meta.dirname, 'assets')]) {
    for (const name of (await fs.readdir(dir)).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).sort()) hash.update(await fs.readFile(path.join(dir, name)));
  }
  return (drawingCode = hash.digest('hex').slice(0, 16));
}

/** Stores a file `render` makes (a walkthrough video, say), from the cache when this code made it before; answers its key. */
export async function putMadeFile(media: MediaStore, folder: string, name: string, ext: string, render: () => Promise<Buffer>): Promise<string> {
  if (cacheDir() === 'off') return media.putFile(folder, await render(), ext, name);
  const cached = `made/${await drawingCodeHash()}-${folder.replace(/\W+/g, '-')}-${name}.${ext}`;
  const hit = await readCached(cached);
  if (hit) return media.putFile(folder, hit, ext, name);
  const data = await render();
  await writeCached(cached, data);
  return media.putFile(folder, data, ext, name);
}

/** `fn` over `items`, at most `limit` at a time, answers in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
