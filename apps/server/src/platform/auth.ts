import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { sessionStore, type Viewer } from '../modules/accounts/repository.ts';
import { sha256 } from './crypto.ts';
import { Unauthorized } from './errors.ts';

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
