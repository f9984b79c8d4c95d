import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { flushOncePerTurn } from '../src/platform/web.ts';

/** A response as far as flushing goes: React Router calls `flush` after every chunk it writes. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), { writableEnded: false, flushes: 0, flush() {} });
  res.flush = function (this: typeof res) {
    this.flushes++;
  };
  return res;
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('flushOncePerTurn', () => {
  it('flushes once for all the chunks written in one turn, and again for what streams later', async () => {
    const res = fakeResponse();
    flushOncePerTurn(res as never);
    for (let i = 0; i < 20; i++) res.flush();
    expect(res.flushes).toBe(0);
    await nextTurn();
    expect(res.flushes).toBe(1);
    res.flush();
    res.flush();
    await nextTurn();
    expect(res.flushes).toBe(2);
  });

  it('does not flush an ended or closed answer', async () => {
    const ended = fakeResponse();
    flushOncePerTurn(ended as never);
    ended.flush();
    ended.writableEnded = true;
    await nextTurn();
    expect(ended.flushes).toBe(0);

    const closed = fakeResponse();
    flushOncePerTurn(closed as never);
    closed.flush();
    closed.emit('close');
    await nextTurn();
    expect(closed.flushes).toBe(0);
  });

  it('leaves an answer that cannot be flushed (not compressed) as it is', () => {
    const res = new EventEmitter() as EventEmitter & { flush?: () => void };
    flushOncePerTurn(res as never);
    expect(res.flush).toBeUndefined();
  });
});
