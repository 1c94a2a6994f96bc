import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@nivesh/shared';

/**
 * The built web app (when `webDist` holds one) with the SPA's history fallback, and the JSON 404
 * for everything else: an unknown /api path, a method other than GET or HEAD, or any path when
 * there is no web build.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    const { webDist } = options;
    const hasWeb = existsSync(path.join(webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
          // File names under assets/ carry a content hash, so they never change; anything else
          // (index.html, icons) is revalidated.
          const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (pathname === '/api' || pathname.startsWith('/api/') || !hasWeb || !read) {
        return reply.status(404).send({
          success: false,
          code: ERROR_CODES.notFound,
          message: `Route ${request.method} ${pathname} not found`,
        });
      }
      // History fallback: every other GET is a client-side route of the SPA. HEAD answers the same
      // (Fastify sends its headers without the body), so monitors that use HEAD see the app up.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'nivesh-spa' },
);
