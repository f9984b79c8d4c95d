import { describe, expect, it } from 'vitest';
import { sameFor } from './same-for.ts';

describe('sameFor', () => {
  it('answers the object made the first time for the same inputs, and makes another for any other input', () => {
    const memo = sameFor();
    const answer = { data: [1, 2] };
    let made = 0;
    const make = () => ({ made: ++made });
    const first = memo([answer, 'en', 'https://example.test'], make);
    expect(memo([answer, 'en', 'https://example.test'], make)).toBe(first);
    expect(made).toBe(1);
    expect(memo([{ data: [1, 2] }, 'en', 'https://example.test'], make)).not.toBe(first);
    expect(memo([answer, 'hi', 'https://example.test'], make)).not.toBe(first);
    expect(memo([answer, 'en', 'https://other.test'], make)).not.toBe(first);
    expect(memo([answer, 'en'], make)).not.toBe(first);
    expect(memo([answer, null, 'https://example.test'], make)).not.toBe(memo([answer, undefined, 'https://example.test'], make));
    expect(made).toBe(7);
    expect(memo([answer, 'en', 'https://example.test'], make)).toBe(first);
  });

  it('keeps each memo apart, and keeps at most 256 values a visitor could make up at each input', () => {
    const a = sameFor();
    const b = sameFor();
    const answer = {};
    expect(a([answer], () => 'a')).toBe('a');
    expect(b([answer], () => 'b')).toBe('b');
    const kept = a([answer, '?page=1'], () => ({ page: 1 }));
    for (let i = 0; i < 255; i++) a([answer, `?made-up=${i}`], () => ({}));
    expect(a([answer, '?page=1'], () => ({ page: 1 }))).toBe(kept);
    // The 257th value clears the map: what was made before is made again.
    a([answer, '?made-up=last'], () => ({}));
    expect(a([answer, '?page=1'], () => ({ page: 1 }))).not.toBe(kept);
  });
});
