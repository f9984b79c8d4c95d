import { describe, expect, it } from 'vitest';
import { isUsableKey, keyBytes } from './push.ts';

describe('push keys', () => {
  it('skips a missing key or one shorter than 10 characters (spec §5)', () => {
    expect(isUsableKey(undefined)).toBe(false);
    expect(isUsableKey('')).toBe(false);
    expect(isUsableKey('abc123')).toBe(false);
    expect(isUsableKey('not a key with spaces')).toBe(false);
  });

  it('reads a P-256 public key and refuses anything else (spec §8: an invalid key disables push)', () => {
    const point = new Uint8Array(65);
    point[0] = 4;
    const key = Buffer.from(point).toString('base64url');
    expect(isUsableKey(key)).toBe(true);
    expect(keyBytes(key)?.length).toBe(65);
    expect(keyBytes(Buffer.from(new Uint8Array(65)).toString('base64url'))).toBeNull();
    expect(keyBytes('AAAAAAAAAAAA')).toBeNull();
  });
});
