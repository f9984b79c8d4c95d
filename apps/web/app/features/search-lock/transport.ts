/**
 * The search lock's calls (spec §7 "Search criteria"): the same-origin `search-criteria`, falling
 * back to `package-search-criteria` (10 s timeout) when it cannot answer, and `user-profile` for
 * the running package. Answers are handed to the core rules as they came: status and body.
 */
import { CRITERIA_FALLBACK_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '@estate/core/rules/constants';
import type { SearchCriteriaTransport, TransportAnswer } from '@estate/core/rules/search-lock';
import { getSession } from '../../lib/session.ts';

type Method = 'GET' | 'POST' | 'DELETE';

async function send(path: string, method: Method, body: unknown, timeoutMs: number): Promise<TransportAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-language': document.documentElement.lang || 'en' };
  const token = getSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(new URL(`/api/${path}`, window.location.origin), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

/** The fallback path is tried when the first gives no answer, a server error, or says the call does not exist. */
const worthFallingBack = (status: number) => status === 0 || status === 404 || status === 405 || status >= 500;

async function withFallback(method: Method, body?: unknown): Promise<TransportAnswer> {
  const first = await send('search-criteria', method, body, REQUEST_TIMEOUT_MS);
  if (!worthFallingBack(first.status)) return first;
  return send('package-search-criteria', method, body, CRITERIA_FALLBACK_TIMEOUT_MS);
}

export const browserTransport: SearchCriteriaTransport = {
  save: (criteria) => withFallback('POST', criteria),
  load: () => withFallback('GET'),
  remove: () => withFallback('DELETE'),
  profile: () => send('user-profile', 'GET', undefined, REQUEST_TIMEOUT_MS),
};
