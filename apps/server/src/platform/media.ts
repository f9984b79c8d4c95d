import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/** Widths every uploaded image is re-encoded to; the API answers the `DEFAULT_WIDTH` one. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export const DEFAULT_WIDTH = 960;

export interface StoredImage {
  /** Key of the default variant, e.g. `properties/2f…-w960.webp`. */
  key: string;
  width: number;
  height: number;
}

/**
 * Local media folder served at /media. Images are re-encoded to WebP at a few widths with
 * metadata stripped (sharp drops EXIF unless asked to keep it); originals are never kept.
 */
export class MediaStore {
  constructor(readonly root: string) {}

  /** `input`: the image's bytes, SVG text, or an upload already on disk (read from there, not memory). */
  async putImage(folder: string, input: Buffer | string | { path: string }, opts: { name?: string; widths?: readonly number[] } = {}): Promise<StoredImage> {
    const base: string = opts.name ?? randomUUID();
    const widths = opts.widths ?? IMAGE_WIDTHS;
    const drawn = typeof input === 'string';
    const source = drawn ? await rasterise(input) : sharp(Buffer.isBuffer(input) ? input : input.path, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error('Not an image');
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    let result: StoredImage | undefined;
    const chosenDefault = widths.includes(DEFAULT_WIDTH) ? DEFAULT_WIDTH : widths[widths.length - 1];
    for (const width of widths) {
      const key = `${folder}/${base}-w${width}.webp`;
      const info = await this.writeAtomically(key, (tmp) =>
        // Our drawings are flat colour: a lighter effort costs them nothing visible and halves the time.
        source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78, effort: drawn ? 2 : 4 }).toFile(tmp),
      );
      if (width === chosenDefault) result = { key, width: info.width, height: info.height };
    }
    return result!;
  }

  async putFile(folder: string, data: Buffer, ext: string, name: string = randomUUID()): Promise<string> {
    const key = `${folder}/${name}.${ext.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
    await fs.mkdir(path.join(this.root, folder), { recursive: true });
    await this.writeAtomically(key, (tmp) => fs.writeFile(tmp, data));
    return key;
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.resolve(key)).then(
      () => true,
      () => false,
    );
  }

  /** Removes a stored image with every width variant it was written at, or a plain file. */
  async remove(key: string): Promise<void> {
    const target = this.resolve(key);
    const match = /^(.*)-w\d+\.webp$/.exec(path.basename(target));
    if (!match) return fs.rm(target, { force: true });
    const dir = path.dirname(target);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(`${match[1]}-w`) && VARIANT.test(n.slice(match[1].length))).map((n) => fs.rm(path.join(dir, n), { force: true })));
  }

  /**
   * After a crash: removes half-written files (`.tmp`) whose writer is gone or that are older than
   * an hour, and in `folder`, images no row refers to (`referenced` holds the keys rows store),
   * older than `graceMs` so an upload whose row is being written is left alone. Answers how many
   * files went.
   */
  async sweep(folder: string, referenced: Set<string>, graceMs = 10 * 60_000): Promise<number> {
    const dir = this.resolve(folder);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const bases = new Set([...referenced].map((key) => /^(.*)-w\d+\.webp$/.exec(key)?.[1] ?? key));
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      const age = Date.now() - stat.mtimeMs;
      const tmp = /\.(\d+)\.[0-9a-f-]{36}\.tmp$/.exec(name);
      const orphan = tmp ? !isAlive(Number(tmp[1])) || age > 60 * 60_000 : age > graceMs && !bases.has(`${folder}/${name.replace(VARIANT, '')}`) && !bases.has(`${folder}/${name}`);
      if (orphan) {
        await fs.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Media key escapes the media root');
    return full;
  }

  private async writeAtomically<T>(key: string, write: (tmp: string) => Promise<T>): Promise<T> {
    const target = this.resolve(key);
    const tmp = `${target}.${process.pid}.${randomUUID()}.tmp`;
    try {
      const out = await write(tmp);
      await fs.rename(tmp, target);
      return out;
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }
}

const VARIANT = /-w\d+\.webp$/;
/** Larger pictures are refused before they are decoded (about 50 megapixels: any camera's, not a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Builds absolute media URLs (api-contract: "Media fields are absolute URLs"). */
export const mediaUrl = (origin: string, key: string | null | undefined): string | null =>
  key ? (/^https?:\/\//.test(key) ? key : `${origin}/media/${key}`) : null;

/** A stored key such as `demo/videos/walkthrough-1.webm`: a dot-free folder, no scheme, host or query. */
const STORED_KEY = /^[a-z0-9_-]+(?:\/[\w-][\w.-]*)+$/i;

/**
 * A listing's or project's `video_link`: a link to a video site stays as it was entered; a video
 * file in our media store is answered as its absolute URL, like the pictures.
 */
export const videoLinkUrl = (origin: string, link: string | null | undefined): string | null =>
  !link ? null : STORED_KEY.test(link) && !link.includes('..') ? mediaUrl(origin, link) : link;

/**
 * Our own drawings (SVG text, never an upload): drawn once into pixels, so each width resizes
 * those instead of drawing the SVG again.
 */
async function rasterise(svg: string): Promise<Sharp> {
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: MAX_INPUT_PIXELS }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let isOpaque = true;
  for (let i = 3; i < data.length && isOpaque; i += 4) isOpaque = data[i] === 255;
  const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  // An opaque picture without its alpha channel encodes faster and smaller.
  return isOpaque ? sharp(await pixels.removeAlpha().raw().toBuffer(), { raw: { width: info.width, height: info.height, channels: 3 } }) : pixels;
}
