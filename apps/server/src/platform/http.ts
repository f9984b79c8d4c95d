import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Viewer } from '../modules/accounts/repository.ts';
import { unflattenForm } from '@estate/core';
import { Unauthorized } from './errors.ts';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What a service needs to know about the caller: who it is, where media URLs point, which language it reads. */
export interface RequestContext {
  origin: string;
  viewer: Viewer | null;
  /** The language asked for (`Content-Language`, as the original clients send it, else `Accept-Language`); none means the site's default. */
  lang?: string;
}

export const contextOf = (request: FastifyRequest): RequestContext => ({ origin: request.origin, viewer: request.viewer, lang: languageOf(request) });

/** The caller's user id, for services whose calls are (A): a visitor gets 401. */
export function viewerIdOf(ctx: RequestContext): number {
  if (!ctx.viewer) throw new Unauthorized();
  return ctx.viewer.id;
}

/** The primary language tag a request asks for, e.g. `hi` for `hi-IN`; undefined when it names none. */
export function languageOf(request: FastifyRequest): string | undefined {
  for (const header of [request.headers['content-language'], request.headers['accept-language']]) {
    const tag = /^\s*([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*\s*(?:[;,]|$)/i.exec(String(header ?? ''));
    if (tag) return tag[1].toLowerCase();
  }
  return undefined;
}

export const ok = <T, E extends Record<string, unknown> = Record<never, never>>(data: T, message = 'Data fetched successfully', extra?: E) => ({
  error: false as const,
  message,
  data,
  ...(extra ?? ({} as E)),
});

/** A preValidation hook: bracketed form keys (`parameters[0][value]`) become the nested values the schemas read. */
export async function nestFormKeys(request: FastifyRequest): Promise<void> {
  request.body = unflattenForm(request.body);
}

/** Drops empty values: "Empty values count as absent" (api-contract "Conventions"). */
export function dropEmptyValues(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input) || Buffer.isBuffer(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === '' || value === null || value === undefined) continue;
    if (typeof value === 'string' && (value === 'undefined' || value === 'null')) continue;
    if (Array.isArray(value)) {
      const kept = value.filter((v) => v !== '' && v !== null && v !== undefined);
      if (kept.length) out[key] = kept;
      continue;
    }
    out[key] = value;
  }
  return out;
}
