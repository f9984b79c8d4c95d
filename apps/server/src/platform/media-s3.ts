import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { checkKey, contentTypeOf, isAbandonedTemp, isTempName, tempNameFor, type MediaStorage, type OpenedFile, type ReadConditions, type StoredFile } from './media-storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, Spaces, B2…); unset, AWS's own for the region. */
  endpoint?: string;
  /** Unset, the SDK's usual chain (AWS_* variables, shared files, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket.host/key` is the default; most self-hosted services want `host/bucket/key`. */
  forcePathStyle: boolean;
}

type Sdk = typeof S3Sdk;

/** Connections to the bucket at once. */
const MAX_SOCKETS = 256;
/** Most keys one DeleteObjects call takes. */
const DELETE_BATCH = 1000;
/** How long a stored file may be cached anywhere: keys are never reused for other content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Media in an S3-compatible bucket through the official AWS SDK. A PUT is atomic (an object
 * appears whole or not at all), so an image's variants are encoded into a local staging folder and
 * uploaded from there; a crash leaves only staging files, which `sweepStaging` clears.
 */
export class S3MediaStorage implements MediaStorage {
  // Private fields, so the secret cannot reach a log or an answer even if the store is serialised.
  readonly #settings: S3Settings;
  #client: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | undefined;

  constructor(
    settings: S3Settings,
    /** A local folder for files being encoded before upload. */
    readonly stagingDir: string,
  ) {
    this.#settings = { ...settings };
  }

  get bucket(): string {
    return this.#settings.bucket;
  }

  async write<T>(key: string, fill: (file: string) => Promise<T>): Promise<T> {
    checkKey(key);
    await fs.mkdir(this.stagingDir, { recursive: true });
    const tmp = path.join(this.stagingDir, tempNameFor(path.basename(key)));
    try {
      const out = await fill(tmp);
      // From memory, not a stream: a failed attempt can then be retried by the SDK and the payload signed.
      await this.put(key, await fs.readFile(tmp));
      return out;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  writeBytes(key: string, data: Buffer): Promise<void> {
    return this.put(checkKey(key), data);
  }

  async read(key: string): Promise<Buffer | null> {
    const { sdk, client } = await this.client();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.client();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  async *list(folder: string, namePrefix = ''): AsyncIterable<StoredFile> {
    const { sdk, client } = await this.client();
    const prefix = `${checkKey(folder)}/${namePrefix}`;
    let token: string | undefined;
    do {
      // The delimiter keeps sub-folders' files out, as a directory listing would.
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key, name: object.Key.slice(folder.length + 1), modifiedMs: object.LastModified?.getTime() ?? Date.now() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const { sdk, client } = await this.client();
    // One key alone goes by DeleteObject, which every S3-compatible service has (not all have DeleteObjects).
    if (keys.length === 1) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(keys[0]) }));
      return;
    }
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: checkKey(key) }));
      const out = await client.send(new sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }));
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 refused to delete ${failed.length} object(s): ${failed[0].Key} (${failed[0].Code})`);
    }
  }

  async sweepStaging(): Promise<number> {
    const names = await fs.readdir(this.stagingDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!isTempName(name)) continue;
      const file = path.join(this.stagingDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isFile() && isAbandonedTemp(name, Date.now() - stat.mtimeMs)) {
        await fs.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async open(key: string, conditions: ReadConditions): Promise<OpenedFile | null> {
    const { sdk, client } = await this.client();
    const input = { Bucket: this.bucket, Key: checkKey(key), IfNoneMatch: conditions.ifNoneMatch, IfModifiedSince: dateOf(conditions.ifModifiedSince) };
    try {
      const out = conditions.headOnly
        ? await client.send(new sdk.HeadObjectCommand(input))
        : await client.send(new sdk.GetObjectCommand({ ...input, Range: conditions.range }));
      const headers: Record<string, string | number> = {
        'content-type': out.ContentType && out.ContentType !== 'application/octet-stream' ? out.ContentType : contentTypeOf(key),
        'cache-control': IMMUTABLE,
        'accept-ranges': 'bytes',
      };
      if (out.ContentLength !== undefined) headers['content-length'] = out.ContentLength;
      if (out.ETag) headers.etag = out.ETag;
      if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
      const range = 'ContentRange' in out ? out.ContentRange : undefined;
      if (range) headers['content-range'] = range;
      const body = 'Body' in out ? (out.Body as Readable | undefined) : undefined;
      return { status: range ? 206 : 200, headers, body };
    } catch (err) {
      const status = statusOf(err);
      if (status === 404) return null;
      if (status === 304) return { status: 304, headers: { 'cache-control': IMMUTABLE, ...(conditions.ifNoneMatch ? { etag: conditions.ifNoneMatch } : {}) } };
      if (status === 416) return { status: 416, headers: {} };
      throw err;
    }
  }

  private async put(key: string, body: Buffer): Promise<void> {
    const { sdk, client } = await this.client();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentTypeOf(key), CacheControl: IMMUTABLE }));
  }

  /** The SDK is loaded on first use, so a server on the local folder never pays for it. */
  private client(): Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> {
    this.#client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const s = this.#settings;
      const client = new sdk.S3Client({
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: s.forcePathStyle,
        credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
        // Checksums only where S3 requires them (DeleteObjects): several S3-compatible services
        // refuse the SDK's newer default of a checksum on every upload.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // /media holds a connection to the bucket for as long as a client takes to read the file
        // (a slow phone on a video): the SDK's default of 50 would let a few viewers stall the rest.
        requestHandler: { httpAgent: { maxSockets: MAX_SOCKETS, keepAlive: true }, httpsAgent: { maxSockets: MAX_SOCKETS, keepAlive: true } },
      });
      return { sdk, client };
    });
    return this.#client;
  }

  /** Closes the SDK's connections. */
  async close(): Promise<void> {
    if (this.#client) (await this.#client).client.destroy();
  }
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The bucket's settings from the environment, or null when media stay in the local folder. */
export function s3SettingsOf(config: Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
