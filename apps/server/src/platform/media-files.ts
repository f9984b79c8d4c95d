import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { MediaStore } from './media.ts';
import { isMediaKey, LocalMediaFolder } from './media-storage.ts';

/**
 * The media files, under the scope's prefix (/media): the local folder through @fastify/static,
 * or objects of the bucket streamed through this server with the same long-lived caching,
 * conditional requests and ranges (docs/decisions/0010: why not a redirect to the bucket).
 */
export async function mediaFiles(scope: FastifyInstance, { media }: { media: MediaStore }): Promise<void> {
  const { storage } = media;
  if (storage instanceof LocalMediaFolder) {
    await scope.register(fastifyStatic, { root: storage.root, prefix: '/', decorateReply: false, immutable: true, maxAge: '365d', index: false });
    return;
  }
  const open = storage.open?.bind(storage);
  if (!open) throw new Error('This media storage cannot serve its files');
  scope.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isMediaKey(key)) return reply.callNotFound();
      const file = await open(key, {
        range: firstOf(request.headers.range),
        ifNoneMatch: firstOf(request.headers['if-none-match']),
        ifModifiedSince: firstOf(request.headers['if-modified-since']),
        headOnly: request.method === 'HEAD',
      });
      if (!file) return reply.callNotFound();
      return reply
        .code(file.status)
        .headers(file.headers)
        .send(file.body ?? null);
    },
  });
}

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
