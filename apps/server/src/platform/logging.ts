import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The server's log settings, with secrets kept out by rule rather than by care at each call:
 * - any property whose name says it holds a secret (password, token, code, hash…) is replaced,
 *   however deep it sits in a logged object, and so is such a parameter in a logged URL;
 * - a failed query's parameters never reach the log: drizzle puts them in the error's message
 *   ("Failed query: … params: …", and so in its stack) and PGlite and pg in `params`, `query` and
 *   `detail` ("Failing row contains (…)" lists every column, the password hash included).
 */

const REDACTED = '[redacted]';

/** Property and query-parameter names whose values are never logged. */
export const SECRET_NAME = /pass(word|wd)|token|secret|otp|auth_?id|authorization|cookie|api_?key|(^|_)code$|hash$/i;

/** Properties of errors and driver results that carry a query's values. */
const QUERY_VALUE_KEYS = new Set(['params', 'query', 'detail', 'queryOptions', 'parameters']);

/** What is left of a logged text once query parameters and secret URL parameters are taken out. */
export function scrubText(text: string, knownMessages: ReadonlyMap<string, string> = new Map()): string {
  let out = text;
  for (const [message, safe] of knownMessages) out = out.split(message).join(safe);
  return (
    out
      // drizzle's "\nparams: a,b,c" to the end of its line (exact messages are replaced above).
      .replace(/(\bparams: )[^\n]*/g, `$1${REDACTED}`)
      .replace(/([?&;]([\w.[\]-]+)=)([^&#\s"']*)/g, (whole, head: string, name: string) => (SECRET_NAME.test(name) ? `${head}${REDACTED}` : whole))
  );
}

/**
 * Drizzle's exact failed-query messages in an error and its causes, each with its parameters
 * taken out; exact replacement also covers parameters that hold line breaks.
 */
function failedQueryMessages(err: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const withQuery = current as Error & { query?: unknown; params?: unknown };
    if (withQuery.params !== undefined && current.message) {
      const index = current.message.indexOf('\nparams: ');
      if (index >= 0) found.set(current.message, `${current.message.slice(0, index)}\nparams: ${REDACTED}`);
    }
    current = (current as Error & { cause?: unknown }).cause;
  }
  return found;
}

/** A copy of `value` with secret-named properties replaced and strings scrubbed. */
function scrubValue(value: unknown, known: ReadonlyMap<string, string>, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value, known);
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  if (seen.has(value) || depth > 8) return '[…]';
  seen.add(value);
  if (value instanceof Error) return serializeError(value, depth + 1, seen);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, known, depth + 1, seen));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (QUERY_VALUE_KEYS.has(key)) continue;
    out[key] = SECRET_NAME.test(key) && v !== undefined && v !== null ? REDACTED : scrubValue(v, known, depth + 1, seen);
  }
  return out;
}

/** pino's error shape (type, message, stack, own properties, cause chain), scrubbed. */
export function serializeError(err: unknown, depth = 0, seen = new WeakSet<object>()): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: scrubText(String(err)) };
  seen.add(err);
  const known = failedQueryMessages(err);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message: scrubText(err.message, known), stack: scrubText(err.stack ?? '', known) };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause' || QUERY_VALUE_KEYS.has(key)) continue;
    // An error's own `code` is the kind of failure ('23505', 'FST_…'), not a secret.
    if (key === 'code' && (typeof value === 'string' || typeof value === 'number')) out.code = value;
    else out[key] = SECRET_NAME.test(key) && value != null ? REDACTED : scrubValue(value, known, depth + 1, seen);
  }
  const cause = (err as Error & { cause?: unknown }).cause;
  if (cause !== undefined && depth < 5) out.cause = cause instanceof Error ? (seen.has(cause) ? '[circular]' : serializeError(cause, depth + 1, seen)) : scrubValue(cause, known, depth + 1, seen);
  return out;
}

/** Every argument of a log call, scrubbed: merge objects, messages and format arguments. */
function scrubLogArguments(args: unknown[]): unknown[] {
  const errorOf = (v: unknown) => (v instanceof Error ? v : v && typeof v === 'object' ? (v as { err?: unknown }).err : undefined);
  const known = failedQueryMessages(errorOf(args[0]));
  const out = args.map((arg) => {
    if (typeof arg === 'string') return scrubText(arg, known);
    // Errors stay errors so the `err` serializer (and pino's message fallback) still see them.
    if (arg instanceof Error || !arg || typeof arg !== 'object') return arg;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(arg)) {
      if (key === 'err' || key === 'error' || key === 'req' || key === 'res') copy[key] = value;
      else copy[key] = SECRET_NAME.test(key) && value != null ? REDACTED : scrubValue(value, known);
    }
    return copy;
  });
  // pino would use the error's own message as the log message; give it the scrubbed one.
  if (args[0] instanceof Error && typeof args[1] !== 'string') out.splice(1, 0, scrubText(args[0].message, known));
  else if (args[0] && typeof args[0] === 'object' && typeof args[1] !== 'string' && errorOf(args[0]) instanceof Error) out.splice(1, 0, scrubText((errorOf(args[0]) as Error).message, known));
  return out;
}

/** fastify's request shape, with secret query parameters of the URL taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: scrubText(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export type LoggerSettings = Exclude<FastifyServerOptions['logger'], boolean | undefined> | false;

/** Where log lines go instead of stdout: tests pass one to read them. */
export interface LogStream {
  write(line: string): void;
}

/** The Fastify `logger` option: off when silent (unless a test passes a stream to read). */
export function loggerOptions(level: string, stream?: LogStream): LoggerSettings {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
      ],
      censor: REDACTED,
    },
    // Typed loosely by pino ({[key]: SerializerFn}) and narrowly by fastify; these fit both at run time.
    serializers: { req: serializeRequest, err: serializeError, error: serializeError } as unknown as FastifyLoggerOptions['serializers'],
    hooks: {
      logMethod(args, method) {
        return method.apply(this, scrubLogArguments(args) as Parameters<typeof method>);
      },
    },
  };
}
