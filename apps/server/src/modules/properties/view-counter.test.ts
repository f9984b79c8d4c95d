import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { ViewCounter } from './view-counter.ts';

/** A database that takes the writes (what addViews sends is the API tests' business) or refuses them. */
function fakeDb(fail = { now: false }) {
  const db = {
    transaction: async (run: (tx: unknown) => Promise<void>) => {
      if (fail.now) throw new Error('the database is away');
      await run({ execute: async () => undefined });
    },
  } as unknown as Database;
  return { db };
}

describe('ViewCounter', () => {
  it('adds the views counted since a row was read, whether written or not', async () => {
    const { db } = fakeDb();
    const views = new ViewCounter(db, 60_000);
    views.add(7);
    await views.flush();
    const written = views.writtenFor(7);
    expect(written).toBe(1);
    views.add(7);
    views.add(7);
    expect(views.countedSince(7, written)).toBe(2);
    await views.flush();
    expect(views.countedSince(7, written)).toBe(2);
  });

  it('forgets a listing neither viewed nor read for a while once its views are written, and keeps the rest', async () => {
    let now = 1_000_000;
    const fail = { now: false };
    const { db } = fakeDb(fail);
    const views = new ViewCounter(db, 60_000, () => {}, 120_000, () => now);
    for (let id = 1; id <= 1000; id++) views.add(id);
    await views.flush();
    expect(views.size).toBe(1000);
    now += 60_000;
    // Listing 2 is read again (a page of it), 3 viewed again.
    const written = views.writtenFor(2);
    views.add(3);
    now += 61_000;
    views.add(1001);
    await views.flush();
    expect(views.size).toBe(3);
    // The row read a minute ago may still be answered from a cache: its views since are still known.
    views.add(2);
    expect(views.countedSince(2, written)).toBe(1);
    // Views the database refused stay counted and unwritten (reading the row keeps the listing
    // remembered); once written, it is forgotten a while after it was last viewed or read.
    fail.now = true;
    views.add(4);
    await views.flush();
    now += 500_000;
    await views.flush();
    expect(views.writtenFor(4)).toBe(0);
    expect(views.countedSince(4, 0)).toBe(1);
    fail.now = false;
    await views.flush();
    expect(views.writtenFor(4)).toBe(1);
    now += 121_000;
    views.add(6);
    await views.flush();
    expect(views.size).toBe(1);
    expect(views.writtenFor(6)).toBe(1);
  });
});
