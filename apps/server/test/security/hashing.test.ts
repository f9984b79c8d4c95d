// Security suite, issue 9 finding 11: a burst of password hashing leaves libuv's thread pool free
// for compression and files.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/platform/password.ts';

const gzip = promisify(zlib.gzip);

describe('finding 11: password hashing never holds the whole thread pool', () => {
  it('compression finishes while four hashes are still running', async () => {
    const order: string[] = [];
    const hashes = Array.from({ length: 4 }, (_, i) => hashPassword(`password-${i}`).then(() => order.push(`hash ${i}`)));
    // Give the hashes time to take their threads first.
    await new Promise((r) => setTimeout(r, 20));
    const compressed = gzip(Buffer.alloc(64 * 1024, 'a')).then(() => order.push('gzip'));
    await Promise.all([...hashes, compressed]);
    expect(order[0]).toBe('gzip');
  });
});
