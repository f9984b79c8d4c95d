import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { sessionStore, type Viewer } from '../modules/accounts/repository.ts';
import { sha256 } from './crypto.ts';
import { Forbidden, Unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor (missing, malformed or unknown token). */
    viewer: Viewer | null;
  }
}

const bearer = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,200})$/;

/**
 * Reads the bearer token on every API request. Optional-auth (A*) calls simply read
 * `request.viewer`; (A) calls add `onRequest: requireViewer`. Clients send `Bearer undefined`,
 * which is treated as a visitor (api-contract "Conventions").
 */
export const authPlugin = fp<{ db: Database }>(async (app, { db }) => {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const match = bearer.exec(request.headers.authorization ?? '');
    if (!match) return;
    request.viewer = await sessionStore.findViewer(db, sha256(match[1]));
  });
});

export async function requireViewer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.viewer) throw new Unauthorized();
}

/**
 * The admin console's guard (`/api/admin/*`): a visitor gets 401, any other user 403 — before a
 * body is read. The role is read with the session on every request, so a removed admin loses the
 * console at once.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.viewer) throw new Unauthorized();
  if (request.viewer.role !== 'admin') throw new Forbidden('Only administrators can do this.');
}
