import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** A file of a multipart request, already on disk in the uploads folder; removed when the answer has gone. */
export class UploadedFile {
  constructor(
    readonly path: string,
    readonly filename: string,
    readonly mimetype: string,
    readonly size: number,
  ) {}
}

export interface UploadLimits {
  /** Largest single file. */
  maxFileBytes: number;
  /** Most files in one request. */
  maxFiles: number;
  /** Most bytes of files in one request, all together (BODY_LIMIT_MB). */
  maxRequestBytes: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Temporary files this request's uploads were written to. */
    uploadPaths?: string[];
    uploadBytes?: number;
  }
}

const tooLarge = (what: string) => new AppError(413, `${what} Please send a smaller one.`);

/** Files an interrupted process left behind are swept when they are older than this. */
const STALE_MS = 60 * 60_000;

/**
 * Multipart bodies for every route of the scope: each file streams to disk as it arrives — never
 * into memory — under a per-file, per-request and file-count limit, and is deleted once the answer
 * is sent (or the client goes away). Parsing happens in preValidation, after the routes'
 * onRequest checks, so a visitor is refused before any of the body is read. A route may lower the
 * limits with `config.multipartOptions = { limits: { files, fileSize } }`.
 */
export const uploads = fp<{ dir: string; limits: UploadLimits }>(async (app, { dir, limits }) => {
  await fs.mkdir(dir, { recursive: true });
  await sweepUploads(dir, STALE_MS);

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 200, fieldSize: 1024 * 1024, parts: 400 },
    async onFile(this: FastifyRequest, part: MultipartFile) {
      const target = path.join(dir, `${randomUUID()}.upload`);
      (this.uploadPaths ??= []).push(target);
      let size = 0;
      const count = new Transform({
        transform: (chunk: Buffer, _encoding, done) => {
          size += chunk.length;
          this.uploadBytes = (this.uploadBytes ?? 0) + chunk.length;
          if (this.uploadBytes > limits.maxRequestBytes) done(tooLarge('The files are too large together.'));
          else done(null, chunk);
        },
      });
      await pipeline(part.file, count, createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(`The file ${part.fieldname} is too large.`);
      (part as MultipartFile & { value?: UploadedFile }).value = new UploadedFile(target, part.filename, part.mimetype, size);
    },
  });

  const removeUploads = async (request: FastifyRequest) => {
    const paths = request.uploadPaths;
    if (!paths?.length) return;
    request.uploadPaths = [];
    await Promise.all(paths.map((p) => fs.rm(p, { force: true })));
  };
  // The handler is done with its files once the answer is on its way (or the client has left).
  app.addHook('onSend', async (request, _reply, payload) => {
    await removeUploads(request);
    return payload;
  });
  app.addHook('onRequestAbort', removeUploads);
});

/** Deletes uploads older than `olderThanMs` (a crash's leftovers), answering how many went. */
export async function sweepUploads(dir: string, olderThanMs: number): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && Date.now() - stat.mtimeMs >= olderThanMs) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
