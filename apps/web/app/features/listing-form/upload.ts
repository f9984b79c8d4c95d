/**
 * A multipart POST with upload progress. `fetch` cannot report how much of a body has gone, so
 * listing writes (pictures, documents) go through XMLHttpRequest's upload events; the answer is
 * handled like every other call (lib/client.ts: the bearer token, spec §8's refusals).
 */
import { ERROR_MESSAGES } from '@estate/core';
import { type Parser, RequestError, refusalOf } from '../../lib/client.ts';
import { getSession } from '../../lib/session.ts';

/** Sending many pictures on a slow line takes a while; the answer after it should not. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export type Progress = (sent: number, total: number) => void;

export function postWithProgress<T>(path: string, body: FormData, schema: Parser<T>, onProgress: Progress, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${path}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-language', document.documentElement.lang || 'en');
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.upload.addEventListener('load', () => onProgress(1, 1));
    const failed = () => reject(new RequestError(0, ERROR_MESSAGES.network));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('timeout', failed);
    xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    xhr.addEventListener('load', () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status decides.
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(refusalOf(xhr.status, answer as Parameters<typeof refusalOf>[1], !!token));
      const parsed = schema.safeParse(answer);
      if (!parsed.success) return reject(new RequestError(502, ERROR_MESSAGES.server));
      resolve(parsed.data);
    });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
