import { open } from 'node:fs/promises';
import { ADMIN_ICON_MAX_BYTES, ADMIN_IMAGE_MAX_MB } from '@estate/core';
import type { Executor } from '../../db/client.ts';
import { AppError, Invalid } from '../../platform/errors.ts';
import { MediaBatch } from '../../platform/media-batch.ts';
import type { MediaStore } from '../../platform/media.ts';
import { looksLikeSvg, sanitizeSvg } from '../../platform/sanitize.ts';
import { UploadedFile } from '../../platform/uploads.ts';
import { adminMediaRepository } from './media-repository.ts';

/** Where the console's uploads are kept: only keys under it are ever deleted by the console. */
export const ADMIN_MEDIA = 'admin';

export const adminBatch = (media: MediaStore) => new MediaBatch(media, ADMIN_MEDIA, { imageBytes: ADMIN_IMAGE_MAX_MB * 1024 * 1024, documentBytes: 0 });

/** What a write does to a row's picture: a new file, `remove_image`, or nothing (kept). */
export interface ImageInput {
  image?: unknown;
  remove_image?: boolean;
}

/**
 * The picture key a row has after this write: a new upload (a photo re-encoded, or for an icon
 * also a sanitised SVG), null when removed, else the current one. The replaced file is deleted
 * only after the transaction commits.
 */
export async function nextImage(batch: MediaBatch, field: string, value: unknown, remove: boolean | undefined, current: string | null, kind: 'photo' | 'icon'): Promise<string | null> {
  if (value !== undefined) {
    const key = kind === 'icon' ? await storeIcon(batch, field, value) : await batch.image(field, value);
    batch.removeAfterCommit(current);
    return key;
  }
  if (remove) {
    batch.removeAfterCommit(current);
    return null;
  }
  return current;
}

/** An icon: an SVG cleaned of scripts, handlers and outside references, or a picture. */
async function storeIcon(batch: MediaBatch, field: string, value: unknown): Promise<string> {
  if (!(value instanceof UploadedFile)) throw new Invalid(field, `${field} must be a file`);
  const head = await readStart(value.path, Math.min(value.size, ADMIN_ICON_MAX_BYTES + 1));
  if (!looksLikeSvg(head)) return batch.image(field, value, { widths: [480] });
  if (value.size > ADMIN_ICON_MAX_BYTES) throw new AppError(413, `The file ${field} is larger than ${ADMIN_ICON_MAX_BYTES / 1024} KB. Please send a smaller one.`, { [field]: [`An SVG icon may be at most ${ADMIN_ICON_MAX_BYTES / 1024} KB.`] });
  const svg = sanitizeSvg(head.toString('utf8'));
  if (!svg) throw new Invalid(field, `${field} must be an SVG drawing or a picture`);
  return batch.file(`${ADMIN_MEDIA}/icons`, Buffer.from(svg, 'utf8'), 'svg');
}

async function readStart(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * At start-up: files under the console's folders that no row points at (a crash between storing a
 * picture and committing its row), older than `graceMs`. Answers how many went.
 */
export async function sweepAdminMedia(db: Executor, media: MediaStore, graceMs?: number): Promise<number> {
  const referenced = await adminMediaRepository.referencedKeys(db, ADMIN_MEDIA);
  let removed = 0;
  for (const folder of [ADMIN_MEDIA, `${ADMIN_MEDIA}/icons`]) removed += await media.sweep(folder, referenced, graceMs);
  return removed;
}
