import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@nivesh/shared';

/** Where the web build puts its prerendered public pages (apps/web/scripts/prerender.mjs). */
const PRERENDERED = 'prerendered';

/** The prerendered pages of the build, by path: index.html is `/`, login.html is `/login`. */
function prerenderedPages(webDist: string): Map<string, string> {
  const dir = path.join(webDist, PRERENDERED);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, `${PRERENDERED}/${file}`);
  }
  return pages;
}

/**
 * The built web app (when `webDist` holds one): its prerendered public pages at their paths, the
 * SPA's history fallback for every other page, and the JSON 404 for everything else: an unknown
 * /api path, a method other than GET or HEAD, or any path when there is no web build.
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
    // GET routes answer HEAD too. The page decides in the browser whether a stored session sends
    // the visitor on (as the SPA's guards do), so one cached file serves everyone.
    for (const [page, file] of hasWeb ? prerenderedPages(webDist) : []) {
      app.get(page, async (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(file));
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
