import { call, type CallOptions, type Parser } from '../../lib/client.ts';

/**
 * `/api/admin/{path}`: the console's calls, with the session's token and JSON bodies. Refusals
 * come back as `RequestError`s with the field messages, like every other call.
 */
export function adminCall<T = { message: string }>(path: string, schema: Parser<T> | null, options: Omit<CallOptions, 'anonymous'> = {}): Promise<T> {
  return call(`admin/${path}`, schema, options);
}
