import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from './response-cache.ts';

/**
 * Brotli for pages rendered for one request (a member's pages, pages the page cache does not
 * keep), compressed as they stream. Quality 1, as the API's answers made for one request (below):
 * measured on the home page and a results page at 1M listings (75 / 81 KB of HTML), whole,
 * quality 4 took 1.05 / 1.17 ms for 11.3 / 12.3 KB, quality 1 0.18 / 0.27 ms for 13.3 / 14.4 KB.
 * A page the page cache keeps is compressed once at quality 5 (`page-cache.ts`). A 256 KB window
 * instead of the 4 MB default: the encoder's tables are set up for every answer, and with the
 * default window that cost more than the compressing itself (a listing page rendered every request
 * 150 → 183 req/s).
 */
export const streamedBrotliParams = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * The API's compression (@fastify/compress): answers from 1 KB, brotli or gzip, compressed in one
 * call up to 128 KB (the plugin's default on two cores is 8 KB, and every page of cards went
 * through a stream).
 *
 * What the plugin compresses is an answer made for one request (a distinct search, a signed-in
 * user's page); an answer the public cache keeps is compressed again, well, when it is first
 * served from there (`response-cache.ts`, brotli quality 4). So the plugin compresses fast: brotli
 * at quality 1, gzip at level 1 (what the apps' HTTP clients ask for). Measured on 100 distinct
 * list answers at 1M listings (32-39 KB of JSON each): brotli 0.30 → 0.09 ms for 2,396 → 2,849
 * bytes, gzip 0.28 → 0.13 ms for 2,560 → 3,106 bytes — a fifth of a millisecond of the main
 * thread per search (about a tenth of it) for some 450 bytes on the wire.
 */
export const apiCompression = {
  threshold: 1024,
  syncThreshold: 128 * 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: streamedBrotliParams },
  zlibOptions: { level: 1 },
};

/**
 * The map's markers (up to 2,000, some 700 KB of JSON): brotli at quality 1 with its default
 * window. A route's own options replace the plugin's, so these are the API's with that change.
 * Measured on a 2,000-marker answer: 5.4 ms at quality 4 (103 KB), 1.8 ms at quality 1 (116 KB) —
 * a third of the time for 13 % more bytes, on the answer that costs the server most.
 */
export const mapCompression = {
  ...apiCompression,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 20 } },
};

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A whole answer compressed in one call on libuv's threads, with the API's settings unless told
 * otherwise (brotli quality 1 with a 256 KB window, gzip level 1: what is made for one request);
 * its output in pieces of a quarter of the input, so that it comes back in one or two.
 */
export function compressedWhole(body: Buffer, encoding: 'br' | 'gzip', options: { brotliOptions: zlib.BrotliOptions; zlibOptions: zlib.ZlibOptions } = apiCompression): Promise<Buffer> {
  const chunkSize = Math.max(zlib.constants.Z_DEFAULT_CHUNK, body.length >> 2);
  return encoding === 'br' ? brotliCompress(body, { ...options.brotliOptions, chunkSize }) : gzip(body, { ...options.zlibOptions, chunkSize });
}

/**
 * A route's onSend hook, given the route's compression options, for a route whose answers are
 * large (the map's, some 700 KB): an answer the plugin would stream (from its `syncThreshold`) is
 * compressed whole in one call, on libuv's threads, its output in pieces of a quarter of the input.
 * @fastify/compress streams such an answer through a Readable and the compressor in 16 KB pieces,
 * and on the main thread those pieces' stream work cost about as much as making the answer. The
 * plugin's own hook runs after this one and leaves an answer with a Content-Encoding as it is.
 * The public cache's hook runs before it: the copy made here is kept with the entry it stored.
 */
export function compressWhole(options: { syncThreshold: number; brotliOptions: zlib.BrotliOptions; zlibOptions: zlib.ZlibOptions }) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!Buffer.isBuffer(payload) || payload.length < options.syncThreshold || reply.getHeader('content-encoding') !== undefined || request.headers['x-no-compression'] !== undefined) return payload;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compressedWhole(payload, encoding, options);
    // Kept with the public cache's entry for this answer: its hits send this copy rather than
    // compress 0.7 MB again on the main thread.
    const kept = request.cachedAnswer;
    if (kept?.body === payload) (kept.encoded ??= {})[encoding] ??= body;
    const vary = reply.getHeader('vary');
    reply.header('content-encoding', encoding).header('content-length', body.length).header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    return body;
  };
}
