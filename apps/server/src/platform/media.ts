import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { isAbandonedTemp, isTempName, LocalMediaFolder, type MediaStorage } from './media-storage.ts';

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
 * The media served at /media, kept in a `MediaStorage`: the local folder `root` by default, or an
 * S3-compatible bucket. Images are re-encoded here (sharp) to WebP at a few widths with metadata
 * stripped (sharp drops EXIF unless asked to keep it); originals are never kept.
 */
export class MediaStore {
  readonly storage: MediaStorage;

  /** `root`: the local media folder (with S3, still the data folder's `media`, where uploads stage). */
  constructor(
    readonly root: string,
    storage?: MediaStorage,
  ) {
    this.storage = storage ?? new LocalMediaFolder(root);
  }

  /** `input`: the image's bytes, SVG text, or an upload already on disk (read from there, not memory). */
  async putImage(folder: string, input: Buffer | string | { path: string }, opts: { name?: string; widths?: readonly number[] } = {}): Promise<StoredImage> {
    const base: string = opts.name ?? randomUUID();
    const widths = opts.widths ?? IMAGE_WIDTHS;
    const drawn = typeof input === 'string';
    const source = drawn ? await rasterise(input) : sharp(Buffer.isBuffer(input) ? input : input.path, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error('Not an image');
    let result: StoredImage | undefined;
    const chosenDefault = widths.includes(DEFAULT_WIDTH) ? DEFAULT_WIDTH : widths[widths.length - 1];
    for (const width of widths) {
      const key = `${folder}/${base}-w${width}.webp`;
      const info = await this.storage.write(key, (tmp) =>
        // Our drawings are flat colour: a lighter effort costs them nothing visible and halves the time.
        source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78, effort: drawn ? 2 : 4 }).toFile(tmp),
      );
      if (width === chosenDefault) result = { key, width: info.width, height: info.height };
    }
    return result!;
  }

  async putFile(folder: string, data: Buffer, ext: string, name: string = randomUUID()): Promise<string> {
    const key = `${folder}/${name}.${ext.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
    await this.storage.writeBytes(key, data);
    return key;
  }

  exists(key: string): Promise<boolean> {
    return this.storage.exists(key);
  }

  /** The stored file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null> {
    return this.storage.read(key);
  }

  /** Removes a stored image with every width variant it was written at, or a plain file. */
  async remove(key: string): Promise<void> {
    const slash = key.lastIndexOf('/');
    const folder = key.slice(0, slash);
    const match = /^(.*)-w\d+\.webp$/.exec(key.slice(slash + 1));
    if (!match || slash < 0) return this.storage.delete([key]);
    const variants: string[] = [];
    for await (const file of this.storage.list(folder, `${match[1]}-w`)) if (WIDTH_SUFFIX.test(file.name.slice(match[1].length))) variants.push(file.key);
    await this.storage.delete(variants);
  }

  /**
   * After a crash: removes half-written files (`.tmp`) whose writer is gone or that are older than
   * an hour, and in `folder`, images no row refers to (`referenced` holds the keys rows store),
   * older than `graceMs` so an upload whose row is being written is left alone. Answers how many
   * files went.
   */
  async sweep(folder: string, referenced: Set<string>, graceMs = 10 * 60_000): Promise<number> {
    const bases = new Set([...referenced].map((key) => /^(.*)-w\d+\.webp$/.exec(key)?.[1] ?? key));
    let removed = await this.storage.sweepStaging();
    let orphans: string[] = [];
    const flush = async () => {
      await this.storage.delete(orphans);
      removed += orphans.length;
      orphans = [];
    };
    for await (const { key, name, modifiedMs } of this.storage.list(folder)) {
      const age = Date.now() - modifiedMs;
      const orphan = isTempName(name) ? isAbandonedTemp(name, age) : age > graceMs && !bases.has(`${folder}/${name.replace(VARIANT, '')}`) && !bases.has(key);
      if (orphan) orphans.push(key);
      if (orphans.length >= SWEEP_BATCH) await flush();
    }
    await flush();
    return removed;
  }

  /** The path of `key` in the local folder (only when media is kept there). */
  resolve(key: string): string {
    if (!(this.storage instanceof LocalMediaFolder)) throw new Error('Media is not in a local folder: read it with read()');
    return this.storage.resolve(key);
  }

  close(): Promise<void> {
    return this.storage.close?.() ?? Promise.resolve();
  }
}

const VARIANT = /-w\d+\.webp$/;
/** All that follows an image's base name in a variant's name (so `house-wide-w480.webp` is no variant of `house`). */
const WIDTH_SUFFIX = /^-w\d+\.webp$/;
/** Orphans removed at a time while sweeping (S3's DeleteObjects takes at most 1000). */
const SWEEP_BATCH = 1000;
/** Larger pictures are refused before they are decoded (about 50 megapixels: any camera's, not a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * MEDIA_PUBLIC_URL without its trailing slash, or null. One per process, set at start-up
 * (`useMediaPublicUrl`): the presenters of every module build URLs from an origin and a key alone,
 * and this is a setting of the deployment, not of a request.
 */
let mediaPublicUrl: string | null = null;

/** Media URLs in answers are built on `url` (a CDN or the bucket's own URL) instead of this site's `/media`; undefined puts them back. */
export function useMediaPublicUrl(url: string | undefined): void {
  mediaPublicUrl = url ? url.replace(/\/+$/, '') : null;
}

/** Builds absolute media URLs (api-contract: "Media fields are absolute URLs"): `<origin>/media/<key>`, or `<MEDIA_PUBLIC_URL>/<key>`. */
export const mediaUrl = (origin: string, key: string | null | undefined): string | null =>
  key ? (/^https?:\/\//.test(key) ? key : mediaPublicUrl ? `${mediaPublicUrl}/${key}` : `${origin}/media/${key}`) : null;

/** Whether `url` is the URL of the stored file `key`: `/media/<key>` on any origin, or its MEDIA_PUBLIC_URL one. */
export function isMediaUrlOf(url: string, key: string | null): boolean {
  if (!key) return false;
  if (mediaPublicUrl && url === `${mediaPublicUrl}/${key}`) return true;
  try {
    return new URL(url, 'http://x').pathname === `/media/${key}`;
  } catch {
    return false;
  }
}

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
