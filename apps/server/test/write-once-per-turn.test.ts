import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { writeOncePerTurn } from '../src/platform/web.ts';

/** A response as far as React Router's writer goes: chunks, a flush after each, an end; `full` makes writes ask to wait. */
function fakeResponse(opts: { flushable?: boolean } = {}) {
  const log: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    writableEnded: false,
    destroyed: false,
    full: false,
    write(chunk: Uint8Array) {
      log.push(`write ${Buffer.from(chunk).toString()}`);
      return !res.full;
    },
    end(chunk?: Uint8Array) {
      log.push(chunk ? `end ${Buffer.from(chunk).toString()}` : 'end');
      res.writableEnded = true;
      res.emit('finish');
    },
    ...(opts.flushable === false
      ? {}
      : {
          flush() {
            log.push('flush');
          },
        }),
  });
  return { res: res as typeof res & { flush?: () => void }, log };
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const bytes = (s: string) => new TextEncoder().encode(s);

describe('writeOncePerTurn', () => {
  it('writes the chunks of one turn as one and flushes once, then again for what streams later', async () => {
    const { res, log } = fakeResponse();
    writeOncePerTurn(res as never);
    for (let i = 0; i < 20; i++) {
      expect(res.write(bytes(String(i % 10)))).toBe(true);
      res.flush!();
    }
    expect(log).toEqual([]);
    await nextTurn();
    expect(log).toEqual(['write 01234567890123456789', 'flush']);
    res.write('later' as never);
    res.flush!();
    await nextTurn();
    expect(log.slice(2)).toEqual(['write later', 'flush']);
  });

  it('ends with what the turn still holds, and writes nothing after', async () => {
    const { res, log } = fakeResponse();
    writeOncePerTurn(res as never);
    res.write(bytes('<html>'));
    res.flush!();
    let finished = false;
    (res.end as (chunk: Uint8Array, done: () => void) => void)(bytes('</html>'), () => (finished = true));
    await nextTurn();
    expect(log).toEqual(['end <html></html>']);
    expect(finished).toBe(true);
  });

  it('ends through an end that writes its last chunk with `this.write` (as test doubles of a response do)', async () => {
    const { res, log } = fakeResponse();
    const plainWrite = res.write;
    res.end = function (this: typeof res, chunk?: Uint8Array) {
      if (chunk) this.write(chunk);
      log.push('end');
      this.writableEnded = true;
    };
    res.write = plainWrite;
    writeOncePerTurn(res as never);
    res.write(bytes('<p>'));
    res.end(bytes('</p>'));
    await nextTurn();
    expect(log).toEqual(['write <p></p>', 'end']);
  });

  it('answers false while the stream underneath asks to wait, until it drains', async () => {
    const { res, log } = fakeResponse();
    writeOncePerTurn(res as never);
    res.full = true;
    expect(res.write(bytes('a'))).toBe(true);
    await nextTurn();
    expect(res.write(bytes('b'))).toBe(false);
    res.full = false;
    res.emit('drain');
    expect(res.write(bytes('c'))).toBe(true);
    await nextTurn();
    expect(log).toEqual(['write a', 'write bc']);
  });

  it('writes nothing to an answer closed meanwhile, and coalesces writes of an answer that cannot be flushed (not compressed)', async () => {
    const closed = fakeResponse();
    writeOncePerTurn(closed.res as never);
    closed.res.write(bytes('x'));
    closed.res.emit('close');
    await nextTurn();
    expect(closed.log).toEqual([]);

    const plain = fakeResponse({ flushable: false });
    writeOncePerTurn(plain.res as never);
    expect(plain.res.flush).toBeUndefined();
    plain.res.write(bytes('a'));
    plain.res.write(bytes('b'));
    await nextTurn();
    expect(plain.log).toEqual(['write ab']);
  });
});
