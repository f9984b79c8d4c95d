import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const INVALID = 'Invalid request. Please check your information and try again.';

/** Maps every failure to the contract's `{error, message, errors?}` with the right status. */
export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string[]> = {};
    for (const issue of err.validation) {
      const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'request';
      (errors[field] ??= []).push(issue.message ?? INVALID);
    }
    const first = Object.values(errors)[0]?.[0] ?? INVALID;
    return reply.code(400).send({ error: true, message: first, errors });
  }
  if (err instanceof AppError) {
    return reply.code(err.statusCode).send({ error: true, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
  }
  const status = err.statusCode ?? 500;
  if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
    return reply.code(413).send({ error: true, message: 'The request is too large.' });
  }
  if (status === 429) {
    return reply.code(429).send({ error: true, message: 'Too many requests. Please try again later.' });
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, bad content type, invalid multipart and the like: the client's fault.
    return reply.code(status).send({ error: true, message: status === 415 ? 'Unsupported content type.' : err.message || INVALID });
  }
  request.log.error({ err }, 'request failed');
  return reply.code(500).send({ error: true, message: 'Server error. Please try again later.' });
}
