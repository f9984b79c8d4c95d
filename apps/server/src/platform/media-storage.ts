import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as a listing sees it. */
export interface StoredFile {
  key: string;
  /** The file's name inside its folder. */
  name: string;
  /** When it was last written (ms since the epoch). */
  modifiedMs: number;
}

/** What a conditional or partial GET asks for (the request's own headers). */
export interface ReadConditions {
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** HEAD: headers only. */
  headOnly?: boolean;
}

/** A stored file being answered: the status, the headers, and the body unless there is none (HEAD, 304). */
export interface OpenedFile {
  status: number;
  headers: Record<string, string | number>;
  body?: Readable;
}

/**
 * Where MediaStore keeps its files: the local folder (the default) or an S3-compatible bucket
 * (media-s3.ts). Keys are relative paths like `properties/2f…-w960.webp`; folders are the part
 * before the last `/`. Every write is whole or nothing for readers.
 */
export interface MediaStorage {
  /**
   * Stores `key` from the local file `fill` writes at the path it is handed (a temporary file of
   * the storage's choosing); a reader never sees part of it, and a failed `fill` stores nothing.
   */
  write<T>(key: string, fill: (file: string) => Promise<T>): Promise<T>;
  /** Stores `data` under `key`, whole or not at all. */
  writeBytes(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** The files directly in `folder` (not its sub-folders') whose names start with `namePrefix`. */
  list(folder: string, namePrefix?: string): AsyncIterable<StoredFile>;
  /** Removes these files; a missing one is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Half-written temporary files whose writer is gone (crashed) or that are over an hour old, in
   * the places this storage keeps them outside `list` (none for the local folder: its temporary
   * files sit beside their targets and the sweep sees them there). Answers how many went.
   */
  sweepStaging(): Promise<number>;
  /** A file for /media to answer, or null when there is none (the local folder is served by @fastify/static instead). */
  open?(key: string, conditions: ReadConditions): Promise<OpenedFile | null>;
  /** Lets go of connections, when it holds any. */
  close?(): Promise<void>;
}

/** A key we store: segments of letters, digits, `_`, `-` and `.` that never start with a dot (so no `..`). */
const KEY = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

/** Whether `key` is one we could have stored: nothing that leaves the media root or the bucket's folders. */
export const isMediaKey = (key: string): boolean => KEY.test(key);

/** Refuses keys that could leave the media root or the bucket's folders. */
export function checkKey(key: string): string {
  if (!isMediaKey(key)) throw new Error('Media key escapes the media root');
  return key;
}

/** A temporary file's name: `<target name>.<writer's pid>.<uuid>.tmp`, so a sweep can tell whether its writer still runs. */
export const tempNameFor = (name: string) => `${name}.${process.pid}.${randomUUID()}.tmp`;
const TEMP = /\.(\d+)\.[0-9a-f-]{36}\.tmp$/;
export const isTempName = (name: string) => TEMP.test(name);

/** A temporary file no one will finish: its writer is gone, or it has been there over an hour. */
export function isAbandonedTemp(name: string, ageMs: number): boolean {
  const match = TEMP.exec(name);
  return !!match && (!isAlive(Number(match[1])) || ageMs > 60 * 60_000);
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The local media folder: each write goes to a temporary file beside its target, then is renamed over it. */
export class LocalMediaFolder implements MediaStorage {
  constructor(readonly root: string) {}

  async write<T>(key: string, fill: (file: string) => Promise<T>): Promise<T> {
    const target = this.resolve(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(path.dirname(target), tempNameFor(path.basename(target)));
    try {
      const out = await fill(tmp);
      await fs.rename(tmp, target);
      return out;
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async writeBytes(key: string, data: Buffer): Promise<void> {
    await this.write(key, (tmp) => fs.writeFile(tmp, data));
  }

  read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.resolve(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  }

  exists(key: string): Promise<boolean> {
    return fs.access(this.resolve(key)).then(
      () => true,
      () => false,
    );
  }

  async *list(folder: string, namePrefix = ''): AsyncIterable<StoredFile> {
    const dir = this.resolve(folder);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.startsWith(namePrefix)) continue;
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat?.isFile()) yield { key: `${folder}/${name}`, name, modifiedMs: stat.mtimeMs };
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.resolve(key), { force: true })));
  }

  async sweepStaging(): Promise<number> {
    return 0;
  }

  /** The file's path on this machine. */
  resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Media key escapes the media root');
    return full;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  webm: 'video/webm',
  mp4: 'video/mp4',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The type a stored file is served with, from its extension (we choose every stored key's extension). */
export const contentTypeOf = (key: string): string => CONTENT_TYPES[/\.([a-z0-9]+)$/i.exec(key)?.[1].toLowerCase() ?? ''] ?? 'application/octet-stream';
