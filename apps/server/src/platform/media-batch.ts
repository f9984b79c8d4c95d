import { open } from 'node:fs/promises';
import sharp from 'sharp';
import { AppError, Invalid } from './errors.ts';
import type { MediaStore } from './media.ts';
import { UploadedFile } from './uploads.ts';

/** Photo formats an owner may upload, as sharp reads them from the bytes (never the name or header). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface StoredDocument {
  key: string;
  /** `pdf` or `image`. */
  type: 'pdf' | 'image';
  /** The uploaded file's own name, cleaned for showing and downloading. */
  fileName: string;
}

/**
 * The files one write stores, kept so the write is all-or-nothing with its rows: new files are
 * written before the transaction and removed again if anything fails (`discard`); files the
 * write replaces or deletes are removed only once the transaction has committed (`commit`). A
 * crash between the two leaves files no row points at, which the start-up sweep removes.
 */
export class MediaBatch {
  private readonly written: string[] = [];
  private readonly replaced: string[] = [];

  constructor(
    private readonly media: MediaStore,
    private readonly folder: string,
    private readonly limits: { imageBytes: number; documentBytes: number },
  ) {}

  /** A photo: decided by its content, re-encoded to WebP at the web app's widths, EXIF gone, orientation applied. */
  async image(field: string, value: unknown, opts: { widths?: readonly number[] } = {}): Promise<string> {
    const file = this.fileOf(field, value);
    if (file.size > this.limits.imageBytes) throw tooLarge(field, this.limits.imageBytes);
    const format = await sharp(file.path, { failOn: 'error' })
      .metadata()
      .then((m) => m.format as string | undefined)
      .catch(() => undefined);
    if (!format || !PHOTO_FORMATS.has(format)) throw new Invalid(field, `${field} must be a photo (JPEG, PNG, WebP, GIF, AVIF or HEIC)`);
    const stored = await this.media.putImage(this.folder, file, opts).catch(() => {
      throw new Invalid(field, `${field} could not be read as a photo; please send another`);
    });
    this.written.push(stored.key);
    return stored.key;
  }

  /** A document: a PDF kept as sent (checked by its signature), or an image re-encoded like a photo. */
  async document(field: string, value: unknown): Promise<StoredDocument> {
    const file = this.fileOf(field, value);
    if (file.size > this.limits.documentBytes) throw tooLarge(field, this.limits.documentBytes);
    const fileName = cleanFileName(file.filename);
    if (await isPdf(file.path)) {
      const key = await this.media.putFile(`${this.folder}/documents`, await readAll(file.path), 'pdf');
      this.written.push(key);
      return { key, type: 'pdf', fileName: fileName.replace(/(\.[^.]*)?$/, '.pdf') };
    }
    try {
      const key = await this.image(field, value, { widths: [1600] });
      return { key, type: 'image', fileName: fileName.replace(/(\.[^.]*)?$/, '.webp') };
    } catch (err) {
      if (err instanceof Invalid) throw new Invalid(field, `${field} must be a PDF or a picture`);
      throw err;
    }
  }

  /** A file kept as sent (its type already checked by the caller), in `folder`. */
  async file(folder: string, data: Buffer, ext: string): Promise<string> {
    const key = await this.media.putFile(folder, data, ext);
    this.written.push(key);
    return key;
  }

  /** A stored file this write replaces or deletes: removed after the transaction commits. */
  removeAfterCommit(...keys: (string | null | undefined)[]): void {
    for (const key of keys) if (key && isOwnKey(key, this.folder)) this.replaced.push(key);
  }

  /** The write failed: every file it stored goes. */
  async discard(): Promise<void> {
    await Promise.all(this.written.splice(0).map((key) => this.media.remove(key).catch(() => undefined)));
  }

  /** The write committed: the files it replaced go. */
  async commit(): Promise<void> {
    this.written.length = 0;
    await Promise.all(this.replaced.splice(0).map((key) => this.media.remove(key).catch(() => undefined)));
  }

  /** Runs `write` (which stores files and then commits rows); on any failure the stored files are removed. */
  async run<T>(write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (err) {
      await this.discard();
      throw err;
    }
    await this.commit();
    return result;
  }

  private fileOf(field: string, value: unknown): UploadedFile {
    if (value instanceof UploadedFile) return value;
    throw new Invalid(field, `${field} must be a file`);
  }
}

/** Keys only this kind of write stores (owners' uploads), so demo or shared pictures are never deleted by it. */
function isOwnKey(key: string, folder: string): boolean {
  return key.startsWith(`${folder}/`);
}

function tooLarge(field: string, bytes: number) {
  return new AppError(413, `The file ${field} is larger than ${Math.round(bytes / (1024 * 1024))} MB. Please send a smaller one.`, {
    [field]: [`The file is larger than ${Math.round(bytes / (1024 * 1024))} MB.`],
  });
}

async function isPdf(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    return head.toString('latin1') === '%PDF-';
  } finally {
    await handle.close();
  }
}

async function readAll(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A name fit to show and to offer on download: no folders, no control or odd characters, not too long. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(-120);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : 'document';
}
