import type { FastifyInstance } from 'fastify';

/** The microphone stays available to the app itself (voice input later); camera and location never. */
export const PERMISSIONS_POLICY = 'microphone=(self), camera=(), geolocation=()';

/**
 * Headers helmet does not set. API answers carry balances, orders, tokens and personal data, so
 * no browser or proxy may keep them: `no-store` unless a route chose its own caching.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const pathname = request.url.split('?')[0] ?? '';
    if ((pathname === '/api' || pathname.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
