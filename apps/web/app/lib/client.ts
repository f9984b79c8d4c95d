/**
 * The browser's side of the typed client: calls the API with the session's bearer token and owns
 * the error catalogue of spec §8. A 401 shows no toast: the session is cleared, the current path
 * is saved under `redirectAfterLogin` (unless it is a login, sign-up or password page) and the
 * user is sent to /login.
 */
import { ERROR_MESSAGES, STORAGE_KEYS, shouldSaveRedirect } from '@estate/core';
import { ApiError, messageForStatus } from './errors.ts';
import { clearSession, getSession } from './session.ts';

/** What checks an answer: a zod schema (lib/answers.ts) — kept structural so zod stays out of every page's bundle. */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * An answer the API refused, with its field messages (`errors: {field: [message]}`) when it sent
 * them, and on a 403 the gate that refused (`code`: profile_incomplete, verification_pending,
 * feature_unavailable… and the `feature` concerned).
 */
export class RequestError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly code?: string,
    readonly feature?: string,
  ) {
    super(status, message, message);
    this.name = 'RequestError';
  }
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** root.tsx hands over React Router's navigate so a 401 moves without a full reload. */
export function setNavigator(navigate: Navigate) {
  navigateTo = navigate;
}

/** Spec §8, 401: log out, remember where the user was, go to /login (unless already on an auth page). */
export function handleUnauthorized() {
  clearSession();
  const here = `${window.location.pathname}${window.location.search}`;
  if (!shouldSaveRedirect(here)) return;
  localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, here);
  navigateTo('/login');
}

/** Where to go after logging in: the saved path (used once), else `fallback`. */
export function takeRedirectAfterLogin(fallback = '/'): string {
  const saved = localStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  // Only paths of this site: never an absolute or protocol-relative URL.
  return saved && saved.startsWith('/') && !saved.startsWith('//') && shouldSaveRedirect(saved) ? saved : fallback;
}

type Body = Record<string, string | number | undefined> | FormData;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: Body;
  /** A JSON body of any shape (the admin console's calls take lists and nested objects). */
  json?: unknown;
  /** Send no token even when logged in. */
  anonymous?: boolean;
}

const REQUEST_TIMEOUT_MS = 10_000; // spec §9

function firstFieldMessages(errors: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return fields;
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') fields[field] = first;
  }
  return fields;
}

type RefusalBody = { message?: unknown; errors?: unknown; code?: unknown; feature?: unknown } | null;

/**
 * The error for a refused answer (also for calls made without `call`, such as uploads with
 * progress): a 401 with a token logs out (spec §8); refusals of what the user sent carry the
 * server's words (the first field message first), the rest the catalogue's.
 */
export function refusalOf(status: number, answer: RefusalBody, hadToken: boolean): RequestError {
  if (status === 401 && hadToken) handleUnauthorized();
  const fields = firstFieldMessages(answer?.errors);
  const serverMessage = typeof answer?.message === 'string' && answer.message !== '' ? answer.message : undefined;
  const explained = [400, 403, 409, 413, 429].includes(status) || (status === 401 && !hadToken);
  const message = explained ? (Object.values(fields)[0] ?? serverMessage ?? messageForStatus(status)) : messageForStatus(status);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return new RequestError(status, message, fields, text(answer?.code), text(answer?.feature));
}

/** Calls `/api/{path}` from the browser and parses the answer with `schema` (null: only its message is read). */
export async function call<T = { message: string }>(path: string, schema: Parser<T> | null, options: CallOptions = {}): Promise<T> {
  const url = new URL(`/api/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  // Data comes in the page's language, not the browser's (Accept-Language).
  const headers: Record<string, string> = { accept: 'application/json', 'content-language': document.documentElement.lang || 'en' };
  const token = options.anonymous ? undefined : getSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(Object.fromEntries(Object.entries(options.body).filter(([, v]) => v !== undefined && v !== '')));
  }
  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new RequestError(0, ERROR_MESSAGES.network);
  }
  const answer = (await response.json().catch(() => null)) as RefusalBody;
  if (!response.ok) throw refusalOf(response.status, answer, !!token);
  if (!schema) return { message: typeof answer?.message === 'string' ? answer.message : '' } as T;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new RequestError(502, ERROR_MESSAGES.server);
  return parsed.data;
}
