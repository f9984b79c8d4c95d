/**
 * The form's draft in local storage: what was typed survives a reload and is cleared once the
 * listing is sent. Files are not kept (a browser cannot store a chosen file for later). One draft
 * per user and listing: a new listing, or the edit of one.
 */
import { RENT_DURATIONS } from '@estate/core';
import { STEPS, type Step } from './steps.ts';
import { emptyValues, type ListingValues, type RentDuration } from './values.ts';

export const DRAFT_PREFIX = 'listing_draft';
/** A draft left this long is stale: the owner has moved on. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3_600_000;

export type Draft = { values: ListingValues; step: Step; savedAt: number };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function draftKey(userId: number, listingId?: number): string {
  return `${DRAFT_PREFIX}:${userId}:${listingId === undefined ? 'new' : `edit-${listingId}`}`;
}

export function saveDraft(storage: StorageLike, key: string, values: ListingValues, step: Step, now = Date.now()): void {
  try {
    storage.setItem(key, JSON.stringify({ values, step, savedAt: now } satisfies Draft));
  } catch {
    // Storage full or refused (private mode): the form still works, without a draft.
  }
}

export function clearDraft(storage: StorageLike, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** Values are plain data (strings, lists, maps): equal when they serialise the same. */
export const sameValues = (a: ListingValues, b: ListingValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the draft a moment after typing pauses. Once the listing is sent the draft is removed and
 * stays removed: a write still waiting when the answer came is dropped, not written after it.
 */
export class DraftWriter {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sent = false;

  constructor(
    private readonly storage: StorageLike,
    private readonly delayMs: number,
  ) {}

  /** Keep `values` under `key` after the pause; a form left as it opened keeps no draft. */
  later(key: string, values: ListingValues, step: Step, initial: ListingValues): void {
    if (this.sent) return;
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (sameValues(values, initial)) clearDraft(this.storage, key);
      else saveDraft(this.storage, key, values, step);
    }, this.delayMs);
  }

  /** Drop the write that is waiting, if any. */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The listing was sent: remove its draft, and write no other. */
  finish(key: string): void {
    this.sent = true;
    this.cancel();
    clearDraft(this.storage, key);
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 20_000;
const isId = (k: string) => /^\d{1,10}$/.test(k);

/** Only what the form can hold: strings where strings go, known choices, id-keyed maps. */
function readValues(raw: unknown): ListingValues | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const input = raw as Record<string, unknown>;
  const values = emptyValues();
  for (const key of Object.keys(values) as (keyof ListingValues)[]) {
    const v = input[key];
    if (key === 'is_premium') values.is_premium = v === true;
    else if (key === 'property_type') values.property_type = v === '1' ? '1' : '0';
    else if (key === 'rentduration') values.rentduration = RENT_DURATIONS.includes(v as RentDuration) ? (v as RentDuration) : 'Monthly';
    else if (key === 'parameters') {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        for (const [id, value] of Object.entries(v)) {
          if (!isId(id)) continue;
          if (isText(value)) values.parameters[id] = value;
          else if (Array.isArray(value) && value.every(isText)) values.parameters[id] = value.slice(0, 100);
        }
      }
    } else if (key === 'facilities') {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        for (const [id, value] of Object.entries(v)) if (isId(id) && isText(value)) values.facilities[id] = value;
      }
    } else if (isText(v)) (values[key] as string) = v;
  }
  return values;
}

/** The draft under `key`, or null when there is none, it cannot be read, or it is stale. */
export function loadDraft(storage: StorageLike, key: string, now = Date.now()): Draft | null {
  let parsed: unknown;
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const draft = parsed as Partial<Record<keyof Draft, unknown>> | null;
  if (!draft || typeof draft !== 'object') return null;
  const savedAt = typeof draft.savedAt === 'number' ? draft.savedAt : 0;
  if (now - savedAt > DRAFT_MAX_AGE_MS) {
    clearDraft(storage, key);
    return null;
  }
  const values = readValues(draft.values);
  if (!values) return null;
  const step = STEPS.includes(draft.step as Step) ? (draft.step as Step) : 'basics';
  return { values, step, savedAt };
}
