import type { FastifyRequest } from 'fastify';
import { Invalid } from './errors.ts';

/**
 * The path ("address", "items.2.name") of the first string or key in `value` holding a NUL
 * character, or null. Buffers (uploaded files) are data, not text, and are not looked into.
 */
export function findNulByte(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request' : null;
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return path || 'request';
    const found = findNulByte(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL refuses NUL in text, so a NUL anywhere in the path parameters, query or body is
 * refused here, for every route at once and naming the field, instead of failing in the database.
 */
export async function refuseNulBytes(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const field = findNulByte(part);
    if (field) throw new Invalid(field, `${field} contains a character that is not allowed (NUL).`);
  }
}
