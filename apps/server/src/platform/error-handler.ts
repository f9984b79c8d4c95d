import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgError } from '../db/errors.ts';
import { AppError } from './errors.ts';

const INVALID = 'Invalid request. Please check your information and try again.';
const MALFORMED_FORM = 'The form data could not be read. Please send it again.';

/**
 * Unique constraints a person can run into by racing themselves or someone else (two sign-ups
 * with one address at once): the field and message of each. Others get a generic retry message.
 */
const UNIQUE_VIOLATIONS: Record<string, { field: string; message: string }> = {
  users_email_key: { field: 'email', message: 'An account with this e-mail already exists.' },
  users_mobile_key: { field: 'mobile', message: 'An account with this phone number already exists.' },
};
const CHANGED_MEANWHILE = 'This was changed by another request at the same time. Please try again.';


/** busboy's errors for a multipart body it cannot parse: plain Errors, told apart by message. */
function isMalformedMultipart(err: FastifyError, request: FastifyRequest): boolean {
  if (err.statusCode || !/^multipart\//i.test(request.headers['content-type'] ?? '')) return false;
  return /multipart|boundary|needle|unexpected end of form|malformed part/i.test(err.message);
}

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
    return reply.code(err.statusCode).send({ error: true, message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra });
  }
  const unique = pgError(err, '23505');
  if (unique) {
    const known = unique.constraint ? UNIQUE_VIOLATIONS[unique.constraint] : undefined;
    return reply.code(409).send({ error: true, message: known?.message ?? CHANGED_MEANWHILE, ...(known ? { errors: { [known.field]: [known.message] } } : {}) });
  }
  if (isMalformedMultipart(err, request)) {
    return reply.code(400).send({ error: true, message: MALFORMED_FORM, errors: { body: [MALFORMED_FORM] } });
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
