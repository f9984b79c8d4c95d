import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkerStore } from './marker-store.ts';

/** What a join must give: each marker's text with the origin at its place, comma-joined. */
const expected = (markers: Map<number, { json: string; originAt: number }>, slots: number[], origin: string) =>
  slots
    .map((slot) => {
      const { json, originAt } = markers.get(slot)!;
      return originAt < 0 ? json : json.slice(0, originAt) + origin + json.slice(originAt);
    })
    .join(',');

describe('the marker store', () => {
  it('joins the markers last set for the slots asked, with the origin where each needs it, through replacements, deletions and compactions, whichever origin they are kept with', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), slot: fc.nat(63), json: fc.string({ unit: 'grapheme', maxLength: 300 }), cut: fc.double({ min: -0.3, max: 1, noNaN: true }) }),
      fc.record({ kind: fc.constant('delete' as const), slot: fc.nat(63) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), fc.constantFrom('', 'http://localhost:3000', 'https://घर.example'), fc.constantFrom('', 'http://localhost:3000', 'https://घर.example'), (ops, origin, baked) => {
        // A tiny tolerance for replaced bytes, so compactions happen often; the markers kept with
        // `baked`, joined on it or on another origin.
        const store = new MarkerStore(64, baked);
        store.grow(64);
        const model = new Map<number, { json: string; originAt: number }>();
        for (const o of ops) {
          if (o.kind === 'delete') {
            store.delete(o.slot);
            model.delete(o.slot);
            continue;
          }
          // A place between characters (never inside a surrogate pair), or none.
          const chars = [...o.json];
          const originAt = o.cut < 0 ? -1 : chars.slice(0, Math.floor(o.cut * chars.length)).join('').length;
          store.set(o.slot, o.json, originAt);
          model.set(o.slot, { json: o.json, originAt });
        }
        for (let slot = 0; slot < 64; slot++) expect(store.has(slot)).toBe(model.has(slot));
        const slots = [...model.keys()].sort((a, b) => b - a);
        expect(store.join(slots, origin).toString()).toBe(expected(model, slots, origin));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a marker set again with the same bytes where it is, and reclaims the space of replaced ones', () => {
    const store = new MarkerStore(1000);
    store.grow(4);
    store.set(0, '{"a":1}', -1);
    store.set(1, '{"b":"/media/x"}', 6);
    const held = store.bytes;
    for (let i = 0; i < 100; i++) store.set(1, '{"b":"/media/x"}', 6);
    expect(store.bytes).toBe(held);
    for (let i = 0; i < 200; i++) store.set(0, `{"a":${i}}`, -1);
    // Replaced markers beyond the tolerance were compacted away.
    expect(store.bytes).toBeLessThan(held + 1100);
    expect(store.join([1, 0], 'http://o').toString()).toBe('{"b":"http://o/media/x"},{"a":199}');
    // Written between an answer's head and tail; none between an empty head and tail.
    expect(store.join([1, 0], 'http://o', Buffer.from('{"data":['), Buffer.from(']}')).toString()).toBe('{"data":[{"b":"http://o/media/x"},{"a":199}]}');
    expect(store.join([], 'http://o', Buffer.from('['), Buffer.from(']')).toString()).toBe('[]');
  });

  it('follows the slots when they are laid out anew, copying the live markers into that order', () => {
    const store = new MarkerStore();
    store.grow(3);
    store.set(0, 'zero', -1);
    store.set(2, 'two', 0);
    // Replaced, below the tolerance: its old bytes are still held…
    store.set(2, 'TWO', 0);
    expect(store.bytes).toBe(10);
    store.permute(new Int32Array([2, 1, 0]));
    // …and left behind by the copy.
    expect(store.bytes).toBe(7);
    expect(store.has(1)).toBe(false);
    expect(store.join([0, 2], 'o:').toString()).toBe('o:TWO,zero');
  });
});
