/**
 * What a visitor asked for before being sent to log in (spec §8's 401 flow): a heart or "I'm
 * interested" on a listing. It is kept in the persisted state (`root`) beside the session, so it
 * survives the log-in page, a Google round trip or a sign-up, and is done once back on the page
 * with a session. Only the visitor's own click writes it; it expires after half an hour.
 */
import { ROOT_KEY } from './session.ts';

export type PendingAction = { kind: 'favourite' | 'interest'; propertyId: number };

const SLICE = 'pendingAction';
const MAX_AGE_MS = 30 * 60 * 1000;

function readRoot(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ROOT_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function rememberAction(action: PendingAction) {
  try {
    localStorage.setItem(ROOT_KEY, JSON.stringify({ ...readRoot(), [SLICE]: { ...action, at: Date.now() } }));
  } catch {
    // Storage may be unavailable (private mode): the log-in still happens, the click is lost.
  }
}

/** The remembered action if it is `kind` on `propertyId` and fresh; it is forgotten either way once matched. */
export function takeAction(kind: PendingAction['kind'], propertyId: number): boolean {
  if (typeof localStorage === 'undefined') return false;
  const root = readRoot();
  const saved = root[SLICE] as (PendingAction & { at: number }) | undefined;
  if (!saved || saved.kind !== kind || saved.propertyId !== propertyId) return false;
  const rest = { ...root };
  delete rest[SLICE];
  localStorage.setItem(ROOT_KEY, JSON.stringify(rest));
  return typeof saved.at === 'number' && Date.now() - saved.at < MAX_AGE_MS;
}
