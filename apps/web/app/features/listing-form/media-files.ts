/**
 * What a chosen file may be, checked before anything is sent: the server decides by content, this
 * only spares an upload it would refuse (type by the browser's guess, size by the shared limits).
 */
import { MAX_DOCUMENT_MB, MAX_IMAGE_MB } from '@estate/core';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const DOCUMENT_TYPES = ['application/pdf', ...IMAGE_TYPES] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.join(',');

export type FileKind = 'image' | 'document';
export type FileProblem = 'type' | 'size';

const MB = 1024 * 1024;

export function maxMegabytes(kind: FileKind): number {
  return kind === 'image' ? MAX_IMAGE_MB : MAX_DOCUMENT_MB;
}

/** Why this file cannot be sent as `kind`, or null when it can. */
export function fileProblem(file: Pick<File, 'type' | 'size' | 'name'>, kind: FileKind): FileProblem | null {
  const types: readonly string[] = kind === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES;
  // Some systems give no type: the name's ending stands in.
  const guessed = file.type || (/\.pdf$/i.test(file.name) ? 'application/pdf' : /\.(jpe?g|png|webp|gif|avif)$/i.test(file.name) ? 'image/jpeg' : '');
  if (!types.includes(guessed)) return 'type';
  if (file.size > maxMegabytes(kind) * MB) return 'size';
  return null;
}

/** "1.4 MB", "320 KB" */
export function fileSize(bytes: number, lang = 'en'): string {
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, numberingSystem: 'latn' });
  return bytes >= MB ? `${format.format(bytes / MB)} MB` : `${format.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** Moves the item at `from` to `to` (a new array). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
