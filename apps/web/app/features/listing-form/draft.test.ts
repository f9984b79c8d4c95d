import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MAX_AGE_MS, DraftWriter, clearDraft, draftKey, loadDraft, saveDraft } from './draft.ts';
import { emptyValues } from './values.ts';

/** Local storage's shape, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the listing draft', () => {
  it('has one key per user and listing', () => {
    expect(draftKey(7)).toBe('listing_draft:7:new');
    expect(draftKey(7, 42)).toBe('listing_draft:7:edit-42');
    expect(draftKey(8)).not.toBe(draftKey(7));
  });

  it('gives back what was typed, with the step the owner was on', () => {
    const storage = memoryStorage();
    const values = { ...emptyValues(), title: 'Sea-view flat', price: '5500000', property_type: '1' as const, rentduration: 'Yearly' as const, is_premium: true, parameters: { '3': '2', '5': ['Gym', 'Pool'] }, facilities: { '2': '1.5' } };
    saveDraft(storage, 'k', values, 'details', 1_000);
    expect(loadDraft(storage, 'k', 2_000)).toEqual({ values, step: 'details', savedAt: 1_000 });
  });

  it('is gone once cleared (after a submit)', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'k', emptyValues(), 'basics');
    clearDraft(storage, 'k');
    expect(loadDraft(storage, 'k')).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('forgets a stale draft', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'k', { ...emptyValues(), title: 'Old' }, 'basics', 0);
    expect(loadDraft(storage, 'k', DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.items.has('k')).toBe(false);
  });

  it('reads only what the form can hold from a damaged or tampered draft', () => {
    const storage = memoryStorage();
    storage.setItem('broken', '{not json');
    expect(loadDraft(storage, 'broken')).toBeNull();
    storage.setItem(
      'odd',
      JSON.stringify({
        savedAt: Date.now(),
        step: 'nowhere',
        values: {
          title: 42,
          description: 'Fine',
          property_type: 'sold',
          rentduration: 'Weekly',
          is_premium: 'yes',
          parameters: { '3': '2', x: 'bad key', '4': { nested: true }, '5': ['a', 1] },
          facilities: { '2': '1', '__proto__': '9', '3': 5 },
          unknown: 'dropped',
        },
      }),
    );
    const draft = loadDraft(storage, 'odd');
    expect(draft?.step).toBe('basics');
    expect(draft?.values).toEqual({ ...emptyValues(), description: 'Fine', parameters: { '3': '2' }, facilities: { '2': '1' } });
  });

  it('keeps the form working when storage refuses to write', () => {
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => {} };
    expect(() => saveDraft(full, 'k', emptyValues(), 'basics')).not.toThrow();
  });

  describe('written after a pause', () => {
    afterEach(() => void vi.useRealTimers());
    /** A writer with a 300 ms pause on fake timers, over storage in memory. */
    const setUp = () => {
      vi.useFakeTimers();
      const storage = memoryStorage();
      return { storage, writer: new DraftWriter(storage, 300), initial: emptyValues() };
    };

    it('keeps the last values once typing pauses, and none for a form left as it opened', () => {
      const { storage, writer, initial } = setUp();
      writer.later('k', { ...initial, title: 'Sea' }, 'basics', initial);
      vi.advanceTimersByTime(200);
      writer.later('k', { ...initial, title: 'Sea-view flat' }, 'basics', initial);
      vi.advanceTimersByTime(200);
      expect(storage.items.has('k')).toBe(false);
      vi.advanceTimersByTime(100);
      expect(loadDraft(storage, 'k')?.values.title).toBe('Sea-view flat');
      writer.later('k', initial, 'basics', initial);
      vi.advanceTimersByTime(300);
      expect(storage.items.has('k')).toBe(false);
    });

    it('writes nothing after the listing is sent, not even a write that was waiting (the journey saw the draft come back)', () => {
      const { storage, writer, initial } = setUp();
      writer.later('k', { ...initial, title: 'Sea-view flat' }, 'review', initial);
      // The answer came before the pause ended.
      vi.advanceTimersByTime(100);
      writer.finish('k');
      vi.advanceTimersByTime(1_000);
      expect(storage.items.has('k')).toBe(false);
      writer.later('k', { ...initial, title: 'Changed after sending' }, 'review', initial);
      vi.advanceTimersByTime(1_000);
      expect(storage.items.has('k')).toBe(false);
    });
  });
});
