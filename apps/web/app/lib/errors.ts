/** Failed calls and the messages of spec §8, shared by the loaders' client and the browser's. */
import { ERROR_MESSAGES } from '@estate/core';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's own message, when it sent one (e.g. a validation error). */
    readonly detail?: string,
    /** Per-field messages of a 400 answer. */
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The spec's message for an HTTP status (0 means the network call itself failed). */
export function messageForStatus(status: number): string {
  if (status === 0) return ERROR_MESSAGES.network;
  if (status === 400) return ERROR_MESSAGES.badRequest;
  if (status === 401) return ERROR_MESSAGES.unauthorized;
  if (status === 403) return ERROR_MESSAGES.forbidden;
  if (status === 404) return ERROR_MESSAGES.notFound;
  if (status >= 500) return ERROR_MESSAGES.server;
  return ERROR_MESSAGES.fallback;
}
