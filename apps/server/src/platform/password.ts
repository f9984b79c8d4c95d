import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from './errors.ts';

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * compression, file and DNS work share: a burst of log-ins must never hold all of it, so at most
 * half the pool hashes at once and the rest queue here. Past a long queue, log-ins are refused
 * rather than left to wait.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));
const MAX_QUEUED_HASHES = 200;
let hashing = 0;
const queue: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= MAX_CONCURRENT_HASHES) {
    if (queue.length >= MAX_QUEUED_HASHES) throw new AppError(503, 'The server is busy. Please try again in a moment.');
    await new Promise<void>((resolve) => queue.push(resolve));
  } else {
    hashing++;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or frees.
    const next = queue.shift();
    if (next) next();
    else hashing--;
  }
}

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  withHashSlot(() => new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)))));

// OWASP's scrypt floor: N=2^17, r=8, p=1 (128 MiB of work memory per hash).
const PARAMS = { N: 131072, r: 8, p: 1 };
const KEYLEN = 32;

/** `scrypt$N$r$p$salt$hash`, all parameters stored so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...PARAMS, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  const expected = Buffer.from(hashText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}
