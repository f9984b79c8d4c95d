import { createHash } from 'node:crypto';
import http from 'node:http';

interface StoredObject {
  data: Buffer;
  contentType: string;
  cacheControl?: string;
  modified: Date;
  etag: string;
}

export interface S3StandIn {
  /** The settings that point the app (or an S3MediaStorage) at it. */
  env: { S3_BUCKET: string; S3_REGION: string; S3_ENDPOINT: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string; S3_FORCE_PATH_STYLE: string };
  settings: { bucket: string; region: string; endpoint: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  objects: Map<string, StoredObject>;
  /** Every request as `METHOD path?query`, in order. */
  requests: string[];
  /** Makes `key` look `ms` older, as if written that long ago. */
  age(key: string, ms: number): void;
  /** Requests for which `match` holds are answered `status` with an S3 error, until `failWhen(null)`. */
  failWhen(match: ((method: string, key: string) => boolean) | null, status?: number): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for the S3 HTTP API, path-style (`/bucket/key`), for one bucket: PUT, GET
 * (ranges, If-None-Match, If-Modified-Since), HEAD and DELETE of objects, DeleteObjects, and
 * ListObjectsV2 with prefix, delimiter and continuation in pages of `pageSize`. Requests must be
 * signed with its access key id (the signature itself is not checked).
 */
export async function startS3StandIn(opts: { bucket?: string; pageSize?: number } = {}): Promise<S3StandIn> {
  const bucket = opts.bucket ?? 'estate-media-test';
  const pageSize = opts.pageSize ?? 1000;
  const accessKeyId = 'AKIASTANDIN000000001';
  const secretAccessKey = `stand-in-secret-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 24)}`;
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  let failure: { match: (method: string, key: string) => boolean; status: number } | null = null;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const body = await readBody(req);
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = req.method ?? 'GET';
    const fail = (status: number, code: string, message = code) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><Key>${escapeXml(key)}</Key></Error>`);
    };

    if (!String(req.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`)) return fail(403, 'AccessDenied', 'Unknown access key');
    if (decodeURIComponent(bucketName) !== bucket) return fail(404, 'NoSuchBucket');
    if (failure?.match(method, key)) return fail(failure.status, failure.status === 503 ? 'SlowDown' : 'InternalError', 'Injected failure');

    if (!key) {
      if (method === 'GET' && url.searchParams.get('list-type') === '2') return listObjects(url.searchParams, res);
      if (method === 'POST' && url.searchParams.has('delete')) {
        const text = decode(req, body).toString('utf8');
        const keys = [...text.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unescapeXml(m[1]));
        for (const k of keys) objects.delete(k);
        const quiet = /<Quiet>true<\/Quiet>/i.test(text);
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${quiet ? '' : keys.map((k) => `<Deleted><Key>${escapeXml(k)}</Key></Deleted>`).join('')}</DeleteResult>`);
      }
      return fail(400, 'NotImplemented');
    }

    if (method === 'PUT') {
      const data = decode(req, body);
      const etag = `"${createHash('md5').update(data).digest('hex')}"`;
      objects.set(key, { data, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), cacheControl: req.headers['cache-control'], modified: new Date(), etag });
      res.writeHead(200, { etag });
      return res.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return fail(404, method === 'HEAD' ? 'NotFound' : 'NoSuchKey');
      const headers: Record<string, string | number> = {
        'content-type': object.contentType,
        etag: object.etag,
        'last-modified': object.modified.toUTCString(),
        'accept-ranges': 'bytes',
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      };
      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = req.headers['if-modified-since'];
      const notModified = ifNoneMatch ? ifNoneMatch === object.etag : ifModifiedSince ? Math.floor(object.modified.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000) : false;
      if (notModified) {
        res.writeHead(304, { etag: object.etag, 'last-modified': object.modified.toUTCString() });
        return res.end();
      }
      const range = method === 'GET' ? rangeOf(req.headers.range, object.data.length) : null;
      if (range === 'invalid') return fail(416, 'InvalidRange');
      if (range) {
        const part = object.data.subarray(range.start, range.end + 1);
        res.writeHead(206, { ...headers, 'content-length': part.length, 'content-range': `bytes ${range.start}-${range.end}/${object.data.length}` });
        return res.end(part);
      }
      res.writeHead(200, { ...headers, 'content-length': object.data.length });
      return res.end(method === 'HEAD' ? undefined : object.data);
    }
    return fail(405, 'MethodNotAllowed');
  });

  function listObjects(params: URLSearchParams, res: http.ServerResponse) {
    const prefix = params.get('prefix') ?? '';
    const delimiter = params.get('delimiter') ?? '';
    const after = params.get('continuation-token') ? Buffer.from(params.get('continuation-token')!, 'base64url').toString() : (params.get('start-after') ?? '');
    const max = Math.min(Number(params.get('max-keys') ?? 1000), pageSize);
    const contents: string[] = [];
    const prefixes = new Set<string>();
    let truncated = false;
    let last = '';
    for (const key of [...objects.keys()].sort()) {
      if (!key.startsWith(prefix) || key <= after) continue;
      const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      if (cut >= 0 && prefixes.has(key.slice(0, cut + 1))) continue;
      if (contents.length + prefixes.size >= max) {
        truncated = true;
        break;
      }
      if (cut >= 0) prefixes.add(key.slice(0, cut + 1));
      else {
        const o = objects.get(key)!;
        contents.push(`<Contents><Key>${escapeXml(key)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>${escapeXml(o.etag)}</ETag><Size>${o.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`);
      }
      last = key;
    }
    const token = truncated ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>` : '';
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
        `<KeyCount>${contents.length + prefixes.size}</KeyCount><MaxKeys>${max}</MaxKeys>${delimiter ? `<Delimiter>${escapeXml(delimiter)}</Delimiter>` : ''}<IsTruncated>${truncated}</IsTruncated>` +
        contents.join('') +
        [...prefixes].map((p) => `<CommonPrefixes><Prefix>${escapeXml(p)}</Prefix></CommonPrefixes>`).join('') +
        `${token}</ListBucketResult>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const region = 'us-east-1';
  return {
    env: { S3_BUCKET: bucket, S3_REGION: region, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_FORCE_PATH_STYLE: '1' },
    settings: { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle: true },
    objects,
    requests,
    age(key, ms) {
      const object = objects.get(key);
      if (!object) throw new Error(`no object ${key}`);
      object.modified = new Date(object.modified.getTime() - ms);
    },
    failWhen(match, status = 500) {
      failure = match ? { match, status } : null;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The payload of a request body, taking apart `aws-chunked` encoding (`size;chunk-signature=…\r\ndata\r\n…0\r\ntrailers`) if the SDK used it. */
function decode(req: http.IncomingMessage, body: Buffer): Buffer {
  const chunked = String(req.headers['content-encoding'] ?? '').includes('aws-chunked') || String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
  if (!chunked) return body;
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null;
  if (!match) return null;
  const [start, end] = match[1] === '' ? [Math.max(0, size - Number(match[2])), size - 1] : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  return start > end || start >= size ? 'invalid' : { start, end };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
