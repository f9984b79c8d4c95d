import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

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

  async putImage(folder: string, input: Buffer | string, opts: { name?: string; widths?: readonly number[] } = {}): Promise<StoredImage> {
    const base: string = opts.name ?? randomUUID();
    const widths = opts.widths ?? IMAGE_WIDTHS;
    const source = sharp(typeof input === 'string' ? Buffer.from(input) : input, { failOn: 'error' }).rotate();
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error('Not an image');
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    let result: StoredImage | undefined;
    const chosenDefault = widths.includes(DEFAULT_WIDTH) ? DEFAULT_WIDTH : widths[widths.length - 1];
    for (const width of widths) {
      const key = `${folder}/${base}-w${width}.webp`;
      const info = await this.writeAtomically(key, (tmp) =>
        source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(tmp),
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

  /** Removes a stored image with all its width variants, or a plain file. */
  async remove(key: string): Promise<void> {
    const match = /^(.*)-w\d+\.webp$/.exec(key);
    const keys = match ? IMAGE_WIDTHS.map((w) => `${match[1]}-w${w}.webp`) : [key];
    await Promise.all(keys.map((k) => fs.rm(this.resolve(k), { force: true })));
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

/** Builds absolute media URLs (api-contract: "Media fields are absolute URLs"). */
export const mediaUrl = (origin: string, key: string | null | undefined): string | null =>
  key ? (/^https?:\/\//.test(key) ? key : `${origin}/media/${key}`) : null;
