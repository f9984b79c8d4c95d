import zlib from 'node:zlib';

/**
 * Brotli for answers compressed as they are sent (API answers not cached yet, pages rendered for
 * one request). Quality 4 as before; a 256 KB window instead of the 4 MB default: the encoder's
 * tables are set up for every answer, and with the default window that cost more than the
 * compressing itself. Answers are 4-160 KB (twelve cards, 2,000 map markers, a page), so sizes
 * hardly move (the same to the byte in the measurement). Measured on the embedded demo, 16
 * connections, every call new, `br, gzip` accepted: a list page 728 → 880 req/s, a map answer
 * (2,000 markers) 241 → 506 req/s, a listing page rendered every request 150 → 183 req/s.
 */
export const streamedBrotliParams = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * The API's compression (@fastify/compress): answers from 1 KB, brotli or gzip, compressed in one
 * call up to 128 KB (the plugin's default on two cores is 8 KB, and every page of cards went
 * through a stream).
 */
export const apiCompression = { threshold: 1024, syncThreshold: 128 * 1024, encodings: ['br', 'gzip'] as ('br' | 'gzip')[], brotliOptions: { params: streamedBrotliParams } };

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
