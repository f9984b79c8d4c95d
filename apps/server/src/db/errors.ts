/**
 * PostgreSQL's error of this SQLSTATE code (`23505` unique_violation, `57014` query_canceled…) as
 * pg and PGlite raise it, found through the causes drizzle wraps it in; null when it is not one.
 */
export function pgError(err: unknown, code: string): { code: string; constraint?: string } | null {
  let e = err as { code?: unknown; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) if (e.code === code) return e as { code: string; constraint?: string };
  return null;
}
